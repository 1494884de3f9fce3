import { unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToastInput } from "../../components/ui/toast-store";
import {
  type DocumentEffects,
  downloadSelectedDocuments,
  NO_DOCUMENTS_SELECTED_MESSAGE,
  POPUP_BLOCKED_MESSAGE,
  prepareEmailPackage,
} from "./document-actions";

const QUOTE = { id: "q-1", reference: "DCPI-000042", proposerName: 'Acme: "Design/Build" Ltd' };
const PDF_BYTES = new TextEncoder().encode("%PDF-1.7 test document");

function pdf(fileName?: string) {
  return new Response(PDF_BYTES, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      ...(fileName ? { "Content-Disposition": `attachment; filename="${fileName}"` } : {}),
    },
  });
}

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function serve(routes: Record<string, Route>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      for (const [suffix, route] of Object.entries(routes)) if (url.endsWith(suffix)) return route(url, init);
      return new Response("not found", { status: 404, statusText: "Not Found" });
    }),
  );
}

function recordingEffects(overrides: Partial<DocumentEffects> = {}) {
  const toasts: ToastInput[] = [];
  const saved: { blob: Blob; fileName: string }[] = [];
  const mails: string[] = [];
  const effects: DocumentEffects = {
    notify: (toast) => toasts.push(toast),
    saveFile: (blob, fileName) => saved.push({ blob, fileName }),
    openWindow: () => ({}) as Window,
    openMail: (href) => mails.push(href),
    ...overrides,
  };
  return { effects, toasts, saved, mails };
}

const ALL = { statementOfFact: true, policySchedule: true, dcPolicyWording: true };
const WORDING_ONLY = { statementOfFact: false, policySchedule: false, dcPolicyWording: true };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Download Selected", () => {
  it("refuses an empty selection with docs/product/errors.md's message", async () => {
    const { effects, toasts } = recordingEffects();
    const saved = await downloadSelectedDocuments(
      QUOTE,
      { statementOfFact: false, policySchedule: false, dcPolicyWording: false },
      effects,
    );
    expect(saved).toBe(0);
    expect(toasts).toEqual([{ title: "Error", description: NO_DOCUMENTS_SELECTED_MESSAGE, variant: "destructive" }]);
  });

  it("saves each ticked document under the server's file name and counts them", async () => {
    serve({
      "/statement-of-fact": () => pdf("DCPI-000042-statement-of-fact.pdf"),
      "/policy-schedule": () => pdf("DCPI-000042-policy-schedule.pdf"),
      "/dc-wording?download=true": () => pdf(),
    });
    const { effects, toasts, saved } = recordingEffects();
    expect(await downloadSelectedDocuments(QUOTE, ALL, effects)).toBe(3);
    expect(saved.map((file) => file.fileName)).toEqual([
      "DCPI-000042-statement-of-fact.pdf",
      "DCPI-000042-policy-schedule.pdf",
      "First_Underwriting_D&C_PI_Wording.pdf",
    ]);
    expect(toasts.at(-1)?.description).toBe("3 document(s) downloaded successfully");
  });

  it("says 'D&C Wording Downloaded' when only the wording was asked for", async () => {
    serve({ "/dc-wording?download=true": () => pdf() });
    const { effects, toasts } = recordingEffects();
    await downloadSelectedDocuments(QUOTE, WORDING_ONLY, effects);
    expect(toasts.at(-1)?.title).toBe("D&C Wording Downloaded");
  });

  it.each([
    [
      "a failed request",
      () => new Response("boom", { status: 500, statusText: "Internal Server Error" }),
      "Failed to download D&C wording: 500 Internal Server Error",
    ],
    [
      "a non-PDF content type",
      () => new Response("<html></html>", { headers: { "Content-Type": "text/html" } }),
      "Invalid file format: expected PDF",
    ],
    [
      "an empty body",
      () => new Response(new Uint8Array(), { headers: { "Content-Type": "application/pdf" } }),
      "Downloaded file is empty",
    ],
  ])("rejects the wording on %s with the product's text", async (_case, route, message) => {
    serve({ "/dc-wording?download=true": route });
    const { effects, toasts, saved } = recordingEffects();
    expect(await downloadSelectedDocuments(QUOTE, WORDING_ONLY, effects)).toBe(0);
    expect(saved).toEqual([]);
    expect(toasts.at(-1)).toEqual({ title: "Error", description: message, variant: "destructive" });
  });

  it("rejects a wording whose blob is not typed as PDF", async () => {
    // The header says PDF but the body arrives untyped (a proxy rewrote it): the blob check catches it.
    serve({
      "/dc-wording?download=true": () => {
        const response = pdf();
        Object.defineProperty(response, "blob", { value: async () => new Blob([PDF_BYTES], { type: "text/plain" }) });
        return response;
      },
    });
    const { effects, toasts } = recordingEffects();
    await downloadSelectedDocuments(QUOTE, WORDING_ONLY, effects);
    expect(toasts.at(-1)?.description).toBe("Invalid blob type: expected PDF");
  });

  it("names the statement of fact and the schedule when the server cannot make them", async () => {
    serve({
      "/statement-of-fact": () => new Response('{"error":"Missing: turnover"}', { status: 409 }),
      "/policy-schedule": () => pdf("DCPI-000042-policy-schedule.pdf"),
    });
    const { effects, toasts, saved } = recordingEffects();
    const result = await downloadSelectedDocuments(
      QUOTE,
      { statementOfFact: true, policySchedule: true, dcPolicyWording: false },
      effects,
    );
    expect(result).toBe(1);
    expect(saved).toHaveLength(1);
    expect(toasts.at(-1)).toEqual({
      title: "Error",
      description: "Failed to generate statement of fact",
      variant: "destructive",
    });
  });

  it("opens the wording in a window when the browser will not save it, and says so when pop-ups are blocked", async () => {
    serve({ "/dc-wording?download=true": () => pdf() });
    const refuse = () => {
      throw new Error("download blocked");
    };
    const opened: string[] = [];
    const fallback = recordingEffects({
      saveFile: refuse,
      openWindow: (url) => {
        opened.push(url);
        return {} as Window;
      },
    });
    expect(await downloadSelectedDocuments(QUOTE, WORDING_ONLY, fallback.effects)).toBe(1);
    expect(opened).toEqual(["/api/documents/dc-wording"]);

    const blocked = recordingEffects({ saveFile: refuse, openWindow: () => null });
    expect(await downloadSelectedDocuments(QUOTE, WORDING_ONLY, blocked.effects)).toBe(0);
    expect(blocked.toasts.at(-1)?.description).toBe(POPUP_BLOCKED_MESSAGE);
  });
});

describe("e-mail package", () => {
  it("zips the three documents at a safe name and drafts the e-mail to the mailbox", async () => {
    serve({
      "/statement-of-fact": () => pdf("DCPI-000042-statement-of-fact.pdf"),
      "/policy-schedule": () => pdf("DCPI-000042-policy-schedule.pdf"),
      "/dc-wording?download=true": () => pdf(),
    });
    const { effects, toasts, saved, mails } = recordingEffects();
    const result = await prepareEmailPackage(QUOTE, "uw@example.co.uk", effects);
    expect(result?.failed).toEqual([]);
    expect(toasts[0]?.title).toBe("Preparing Email");
    expect(toasts.at(-1)?.title).toBe("Email Ready");
    expect(toasts.at(-1)?.variant).toBeUndefined();

    const [zip] = saved;
    expect(zip?.fileName).toBe("Acme- -Design-Build- Ltd Insurance Quote Documents.zip");
    const entries = unzipSync(new Uint8Array(await (zip as { blob: Blob }).blob.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      "DCPI-000042-policy-schedule.pdf",
      "DCPI-000042-statement-of-fact.pdf",
      "First_Underwriting_D&C_PI_Wording.pdf",
    ]);
    expect(new TextDecoder().decode(entries["DCPI-000042-policy-schedule.pdf"])).toBe("%PDF-1.7 test document");

    const mail = new URL(mails[0] ?? "");
    expect(mail.protocol).toBe("mailto:");
    expect(mail.pathname).toBe("uw@example.co.uk");
    expect(mail.searchParams.get("subject")).toBe(
      'Professional Indemnity Quote - Acme: "Design/Build" Ltd (DCPI-000042)',
    );
  });

  it("reports a partial package in the error variant and lists what is missing in the e-mail", async () => {
    serve({
      "/statement-of-fact": () => pdf("DCPI-000042-statement-of-fact.pdf"),
      "/policy-schedule": () => new Response("", { status: 500 }),
      "/dc-wording?download=true": () => pdf(),
    });
    const { effects, toasts, mails } = recordingEffects();
    const result = await prepareEmailPackage(QUOTE, "uw@example.co.uk", effects);
    expect(result?.failed).toEqual(["policySchedule"]);
    expect(toasts.at(-1)).toEqual({
      title: "Email Ready",
      description: "Document package created with 2 of 3 documents. Some documents failed to download.",
      variant: "destructive",
    });
    const body = new URL(mails[0] ?? "").searchParams.get("body") ?? "";
    expect(body).toContain("could not be included");
    expect(body).toContain("Policy Schedule");
  });

  it("creates nothing and says so when every document fails", async () => {
    serve({});
    const { effects, toasts, saved, mails } = recordingEffects();
    expect(await prepareEmailPackage(QUOTE, "uw@example.co.uk", effects)).toBeUndefined();
    expect(saved).toEqual([]);
    expect(mails).toEqual([]);
    expect(toasts.at(-1)).toEqual({
      title: "Error",
      description: "No documents could be downloaded successfully",
      variant: "destructive",
    });
  });
});
