import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY_FIELDS, DECLARATION_GROUPS } from "../../src/domain/quote/catalogue";
import { periodOfInsurance } from "../../src/domain/quote/policy-period";
import type { Database } from "../../src/server/db/client";
import { type NewQuoteRow, quotes, ratingVersions, users } from "../../src/server/db/schema";
import { renderDcWording } from "../../src/server/features/documents/dc-wording";
import { renderPolicySchedule } from "../../src/server/features/documents/policy-schedule";
import { renderStatementOfFact } from "../../src/server/features/documents/statement-of-fact";
import { contentDisposition } from "../../src/server/http/content-disposition";
import { createTestUser, signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { sampleQuoteForDocuments, storedQuoteRow } from "../support/sample-quote";
import { createCompleteQuote } from "./quotes-fixtures";

const workDir = mkdtempSync(join(tmpdir(), "pqe-documents-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
let fileCount = 0;

function saved(pdf: Buffer): string {
  fileCount += 1;
  const path = join(workDir, `document-${fileCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

/**
 * The text a reader would copy out of the PDF (poppler's pdftotext), in drawing order (-raw, so the
 * diagonal QUOTATION marking cannot interleave with the rows it crosses), line breaks flattened.
 */
function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", saved(pdf), "-"], { encoding: "utf8" }).replace(
    /\s+/g,
    " ",
  );
}

/** qpdf's structural check: throws (non-zero exit) on a damaged file. */
function qpdfCheck(pdf: Buffer): string {
  return execFileSync("qpdf", ["--check", saved(pdf)], { encoding: "utf8" });
}

function pageCount(pdf: Buffer): number {
  const info = execFileSync("pdfinfo", [saved(pdf)], { encoding: "utf8" });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

function embeddedFonts(pdf: Buffer): string {
  return execFileSync("pdffonts", [saved(pdf)], { encoding: "utf8" });
}

const GENERATED_AT = new Date("2026-11-22T09:30:00Z");

describe("statement of fact PDF", () => {
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    pdf = await renderStatementOfFact({ quote: sampleQuoteForDocuments(), generatedAt: GENERATED_AT });
    text = pdfText(pdf);
  });

  it("is a well-formed PDF", () => {
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
  });

  it("prints names outside Latin-1 exactly, with an embedded font", () => {
    expect(text).toContain("Łódź Joinery Ltd");
    expect(text).toContain("Ó Briain & Łódź Joinery");
    expect(text).toContain("Dvořák Timber Supplies Ltd");
    expect(embeddedFonts(pdf)).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(embeddedFonts(pdf)).not.toMatch(/Helvetica/);
  });

  it("carries the reference, the date and the broker", () => {
    expect(text).toContain("DCPI-000042");
    expect(text).toContain("22/11/2026");
    expect(text).toContain("Ben Broker (broker@example.com)");
  });

  it("records the answers of every step", () => {
    for (const expected of [
      "1. Insured's details",
      "Design and Build Contractor",
      "Unit 4, Canal Side, Bradford, BD1 4AB",
      "19/05/2014",
      "01/12/2026",
      "2. Financial overview",
      "£1,250,000",
      "£350,000",
      "3. Design liability",
      "In-house design 60%",
      "£85,000",
      "Measured surveys for residential extensions.",
      "4. Activity split",
      "Bespoke staircases and joinery.",
      "5. Contracts",
      "Pennine Housing Association",
      "£2,400,000",
      "Domestic private dwellings 55%",
      "6. Declaration questions",
      "Collateral warranties to funders on two housing schemes",
      "7. Cover requested",
      "£1m – £1.5m",
      "£3,000 each and every claim (Excess (2x))",
      "Directors' & Officers' Insurance Yes, limit £250,000",
    ]) {
      expect(text).toContain(expected);
    }
    for (const field of ACTIVITY_FIELDS) expect(text).toContain(field.label);
    for (const group of DECLARATION_GROUPS) {
      for (const question of group.questions) expect(text).toContain(question.label);
    }
  });

  it("ends with the declaration to be signed", () => {
    expect(text).toContain("fair presentation of the risk as required by the Insurance Act 2015");
    expect(text).toMatch(/Signed .*Name .*Position .*Date/);
    expect(text).toMatch(/Page 1 of \d/);
  });

  it("says a section was not completed rather than leaving it out", async () => {
    const partial = await renderStatementOfFact({
      quote: sampleQuoteForDocuments({ activitySplit: null }),
      generatedAt: GENERATED_AT,
    });
    expect(pdfText(partial)).toMatch(/4\. Activity split Not completed\./);
  });
});

describe("policy schedule PDF", () => {
  const ratingVersion = { name: "D/C-PI 2026.1", version: "2026.1" };

  it("is marked as a quotation until issued, with its validity", async () => {
    const pdf = await renderPolicySchedule({
      quote: sampleQuoteForDocuments(),
      generatedAt: GENERATED_AT,
      ratingVersion,
    });
    qpdfCheck(pdf);
    const text = pdfText(pdf);
    expect(text).toContain("Policy Schedule - Quotation");
    expect(text).toContain("QUOTATION - NOT EVIDENCE OF COVER");
    // 30 days from rating on 20/11/2026.
    expect(text).toContain("This quotation is valid until 20/12/2026");
    expect(text).toContain("Allocated when the policy is issued");
  });

  it("sets out insured, period, limit, excess, covers and the premium with IPT", async () => {
    const text = pdfText(
      await renderPolicySchedule({ quote: sampleQuoteForDocuments(), generatedAt: GENERATED_AT, ratingVersion }),
    );
    for (const expected of [
      "Łódź Joinery Ltd",
      "Unit 4, Canal Side, Bradford, BD1 4AB",
      "From 01/12/2026 to 30/11/2027, both days inclusive (12 months)",
      "£1,000,000 in the aggregate, including defence costs",
      "£3,000 each and every claim",
      "Directors' & Officers' Insurance £250,000",
      "Contents Insurance £25,000",
      "Base premium £1,785.00",
      "Policy fee £35.00",
      "Subtotal (before taxes) £2,335.00",
      "Insurance Premium Tax (IPT) at 12% £280.20",
      "Total premium payable (inclusive of IPT) £2,615.20",
      "D/C-PI 2026.1",
      "DCPI-W 01/2026",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("names the rating version by its name and version number, never by its id", async () => {
    const named = pdfText(
      await renderPolicySchedule({ quote: sampleQuoteForDocuments(), generatedAt: GENERATED_AT, ratingVersion }),
    );
    expect(named).toMatch(/Rating version D\/C-PI 2026\.1\s/);
    const unnumbered = pdfText(
      await renderPolicySchedule({
        quote: sampleQuoteForDocuments(),
        generatedAt: GENERATED_AT,
        ratingVersion: { name: "Spring rates", version: "1.1.0" },
      }),
    );
    expect(unnumbered).toContain("Rating version Spring rates, version 1.1.0");
    const unknown = pdfText(
      await renderPolicySchedule({ quote: sampleQuoteForDocuments(), generatedAt: GENERATED_AT }),
    );
    expect(unknown).toContain("Rating version Not recorded");
    expect(unknown).not.toContain(sampleQuoteForDocuments().ratingVersionId ?? "no id");
  });

  it("carries the policy number and no quotation marking once issued", async () => {
    const text = pdfText(
      await renderPolicySchedule({
        quote: sampleQuoteForDocuments({
          status: "ISSUED",
          policyNumber: "FU-DCPI-000042",
          issuedAt: "2026-11-23T10:00:00.000Z",
        }),
        generatedAt: GENERATED_AT,
        ratingVersion,
      }),
    );
    expect(text).toContain("Policy number FU-DCPI-000042");
    expect(text).not.toContain("QUOTATION");
    expect(text).toContain("Issued on 23/11/2026");
  });

  it("shows that an unrated quote has no premium yet", async () => {
    const text = pdfText(
      await renderPolicySchedule({
        quote: sampleQuoteForDocuments({
          status: "DRAFT",
          basePremium: null,
          taxes: null,
          totalPremium: null,
          fees: [],
        }),
        generatedAt: GENERATED_AT,
      }),
    );
    expect(text).toContain("This quote has not been rated yet");
    expect(text).not.toContain("Total premium payable");
  });

  it("names the referral reasons of a quote awaiting an underwriter", async () => {
    const text = pdfText(
      await renderPolicySchedule({
        quote: sampleQuoteForDocuments({ status: "REFERRED", referralReason: "Previous claims declared" }),
        generatedAt: GENERATED_AT,
      }),
    );
    expect(text).toContain("Subject to underwriter review. Referral reasons: Previous claims declared.");
  });
});

describe("D&C policy wording PDF", () => {
  it("is a complete wording of several pages, the same bytes every time", async () => {
    const pdf = await renderDcWording();
    qpdfCheck(pdf);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(4);
    const text = pdfText(pdf);
    for (const part of [
      "Part 1. Definitions",
      "Part 2. Insuring clauses",
      "Part 3. Limit of indemnity, excess and allocation",
      "Part 4. Exclusions",
      "Part 5. Claims conditions",
      "Part 6. General conditions",
      "Part 7. Complaints and your information",
      "First Underwriting",
    ]) {
      expect(text).toContain(part);
    }
    expect((await renderDcWording()).equals(pdf)).toBe(true);
  });

  it("leaves the limit's basis and defence costs to the schedule, which states the ones each policy bought", async () => {
    // pdftotext breaks lines where the page does: the clauses are read as one run of words.
    const text = pdfText(await renderDcWording()).replace(/\s+/g, " ");
    expect(text).toContain("either to each and every Claim, or in the aggregate to all Claims first made");
    expect(text).toContain("unless the Schedule states that they are payable in addition to it");
    expect(text).toContain(
      "where it applies to each and every Claim, the Insurer's liability for each Claim shall not exceed it",
    );
    expect(text).not.toContain("are not payable in addition to, the Limit of Indemnity");
    expect(text).not.toContain("inclusive of Defence Costs");
  });
});

describe("document helpers", () => {
  it("ends the period of insurance the day before the anniversary", () => {
    expect(periodOfInsurance("2026-12-01")).toEqual({ from: "2026-12-01", to: "2027-11-30" });
    expect(periodOfInsurance("2027-01-01")).toEqual({ from: "2027-01-01", to: "2027-12-31" });
    expect(periodOfInsurance("2028-02-29")).toEqual({ from: "2028-02-29", to: "2029-02-28" });
    expect(periodOfInsurance("2027-03-01")).toEqual({ from: "2027-03-01", to: "2028-02-29" });
  });

  it("names files in Content-Disposition for old and new clients (RFC 6266 / RFC 5987)", () => {
    expect(contentDisposition("attachment", "DCPI-000042-statement-of-fact.pdf")).toBe(
      `attachment; filename="DCPI-000042-statement-of-fact.pdf"; filename*=UTF-8''DCPI-000042-statement-of-fact.pdf`,
    );
    expect(contentDisposition("inline", "First_Underwriting_D&C_PI_Wording.pdf")).toBe(
      `inline; filename="First_Underwriting_D&C_PI_Wording.pdf"; filename*=UTF-8''First_Underwriting_D%26C_PI_Wording.pdf`,
    );
    expect(contentDisposition("attachment", 'Łódź "A".pdf')).toBe(
      `attachment; filename="__d_ _A_.pdf"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA%20%22A%22.pdf`,
    );
  });
});

/** A stored quote built from the sample quote's sections, owned by `brokerId`. */
function quoteRow(brokerId: string, overrides: Partial<NewQuoteRow> = {}): NewQuoteRow {
  return storedQuoteRow(sampleQuoteForDocuments(), brokerId, overrides);
}

async function insertQuote(db: Database, row: NewQuoteRow): Promise<{ id: string; reference: string }> {
  const [inserted] = await db.insert(quotes).values(row).returning({ id: quotes.id, reference: quotes.reference });
  if (!inserted) throw new Error("Quote insert returned no row");
  return inserted;
}

describeEachDatabase("document routes", (ctx) => {
  let brokerId: string;
  let quote: { id: string; reference: string };
  let ratingVersionId: string;

  beforeAll(async () => {
    const [broker] = await ctx.db.select().from(users).where(eq(users.email, "broker@example.com"));
    if (!broker) throw new Error("The demo broker is missing");
    brokerId = broker.id;
    const [version] = await ctx.db
      .select({ id: ratingVersions.id })
      .from(ratingVersions)
      .where(eq(ratingVersions.productCode, "D/C-PI"))
      .limit(1);
    ratingVersionId = version?.id ?? "";
    quote = await insertQuote(ctx.db, quoteRow(brokerId, { ratingVersionId: version?.id ?? null }));
  });

  it("needs a signed-in user for a quote document", async () => {
    const response = await ctx.app.inject({ method: "POST", url: `/api/quotes/${quote.id}/statement-of-fact` });
    expect(response.statusCode).toBe(401);
  });

  it("gives the owning broker the statement of fact as a named PDF attachment", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/statement-of-fact`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="${quote.reference}-statement-of-fact.pdf"; filename*=UTF-8''${quote.reference}-statement-of-fact.pdf`,
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const text = pdfText(response.rawPayload);
    expect(text).toContain(quote.reference);
    expect(text).toContain("Łódź Joinery Ltd");
  });

  it("gives underwriters and admins the policy schedule of any broker's quote, naming the rating version", async () => {
    for (const role of ["UNDERWRITER", "ADMIN"] as const) {
      const cookie = await signIn(ctx.app, role);
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/quotes/${quote.id}/policy-schedule`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toContain(`filename="${quote.reference}-policy-schedule.pdf"`);
      const text = pdfText(response.rawPayload);
      expect(text).toContain("Total premium payable (inclusive of IPT) £2,038.40");
      expect(text).toMatch(/Rating version D\/C-PI 1\.0\.0\s/);
      expect(text).not.toContain(ratingVersionId);
    }
  });

  it("refuses another broker's quote (403) and an unknown quote (404)", async () => {
    const other = await createTestUser(ctx.db, { role: "BROKER" });
    const cookie = await signIn(ctx.app, other.credentials);
    const forbidden = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/policy-schedule`,
      headers: { cookie },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe("Insufficient permissions");
    const missing = await ctx.app.inject({
      method: "POST",
      url: "/api/quotes/00000000-0000-4000-8000-000000000000/statement-of-fact",
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("answers 409 naming what an incomplete quote lacks", async () => {
    const incomplete = await insertQuote(
      ctx.db,
      quoteRow(brokerId, {
        businessAddress: null,
        // Written by hand: the API never stores a step 1 this incomplete.
        insuredsDetails: { proposerName: "Half Done Ltd" } as NewQuoteRow["insuredsDetails"],
        financialOverview: null,
        declaration: null,
      }),
    );
    const cookie = await signIn(ctx.app, "BROKER");
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${incomplete.id}/statement-of-fact`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error:
        "The statement of fact cannot be produced until the quote is complete. Missing: business address, turnover, largest single project value and declaration.",
      code: "QUOTE_INCOMPLETE",
    });
  });

  it("prints an issued quote's schedule as a policy schedule with its policy number", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const fresh = await insertQuote(ctx.db, quoteRow(brokerId, { ratedAt: ctx.clock.now(), ratingVersionId }));
    const issued = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${fresh.id}/issue`,
      headers: { cookie },
      payload: {},
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const policyNumber = `DCPI/POL/${fresh.reference.slice(5)}`;
    expect(issued.json().data.policyNumber).toBe(policyNumber);
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${fresh.id}/policy-schedule`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Policy number ${policyNumber}`);
    expect(text).toContain("Policy Schedule");
    expect(text).not.toContain("Quotation");
    expect(text).not.toContain("QUOTATION");
  });

  it("produces a sole trader's documents without an incorporation date, naming them a sole trader", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const soleTrader = await createCompleteQuote(ctx.app, cookie, {
      stepOne: {
        proposerName: "Jo Bloggs",
        tradingName: "Bloggs Joinery",
        incorporationDate: null,
        isSoleTrader: true,
        tradingSince: "2015-06-01",
      },
    });
    expect(soleTrader).toMatchObject({ isSoleTrader: true, incorporationDate: null });
    const statement = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${soleTrader.id}/statement-of-fact`,
      headers: { cookie },
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const statementText = pdfText(statement.rawPayload);
    expect(statementText).toContain("Name of the sole trader Jo Bloggs");
    expect(statementText).toContain("Legal status Sole trader (not incorporated)");
    expect(statementText).toContain("Trading name Bloggs Joinery");
    expect(statementText).toContain("Trading since 01/06/2015");
    expect(statementText).not.toContain("Company name");
    expect(statementText).not.toContain("Date of incorporation");

    const schedule = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${soleTrader.id}/policy-schedule`,
      headers: { cookie },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const scheduleText = pdfText(schedule.rawPayload);
    expect(scheduleText).toContain("Insured Jo Bloggs, a sole trader");
    expect(scheduleText).toContain("Trading as Bloggs Joinery");
    expect(scheduleText).toContain("Trading since 01/06/2015");
  });

  it("serves the wording to anyone: an attachment with download=true, inline otherwise", async () => {
    const download = await ctx.app.inject({ method: "GET", url: "/api/documents/dc-wording?download=true" });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="First_Underwriting_D&C_PI_Wording.pdf"; filename*=UTF-8''First_Underwriting_D%26C_PI_Wording.pdf`,
    );
    expect(Number(download.headers["content-length"])).toBe(download.rawPayload.length);
    expect(download.rawPayload.length).toBeGreaterThan(10_000);
    const inline = await ctx.app.inject({ method: "GET", url: "/api/documents/dc-wording" });
    expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="First_Underwriting_D&C_PI_Wording.pdf"/);
    expect(inline.rawPayload.equals(download.rawPayload)).toBe(true);
  });
});
