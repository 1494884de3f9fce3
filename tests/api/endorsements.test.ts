/**
 * The endorsement library (GET/POST/PUT /api/endorsements), terms on a decision, subjectivities holding Issue
 * Policy (POST /api/quotes/{id}/subjectivities/{sid}) and the overdue post-bind list.
 */
import { expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import type { Quote } from "../../src/domain/quote/quote";
import { addDays } from "../../src/domain/quote/renewal";
import type { QuoteTerms } from "../../src/domain/underwriting/terms";
import { auditEntries } from "../support/audit";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { setToday } from "./policies-fixtures";
import {
  call,
  createCompleteQuote,
  FINANCIAL_OVERVIEW,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
} from "./quotes-fixtures";

/** The answers read here differ in shape route by route; each test reads the fields it checks. */
interface Answer {
  // biome-ignore lint/suspicious/noExplicitAny: the answer's data is read field by field, route by route
  data: any;
  error?: string;
  code?: string;
  issues?: { path: string; message: string }[];
}
const api = (...args: Parameters<typeof call>) => call<Answer>(...args);

/** A quote document as its reader downloads it, read back as text. */
async function documentText(
  app: Parameters<typeof call>[0],
  cookie: string,
  quoteId: string,
  document: "statement-of-fact" | "policy-schedule",
): Promise<string> {
  const response = await app.inject({ method: "POST", url: `/api/quotes/${quoteId}/${document}`, headers: { cookie } });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return pdfText(response.rawPayload);
}

const PRE_BIND = "A signed asbestos management survey for each site";

describeEachDatabase("endorsement library", (ctx) => {
  it("lists the seeded clauses to underwriters and administrators, not brokers", async () => {
    const listed = await api(ctx.app, await signIn(ctx.app, "UNDERWRITER"), "GET", "/api/endorsements");
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c: { code: string }) => c.code)).toEqual([
      "ASB-EXCL",
      "FFP-EXCL",
      "NET-CONT",
      "POL-AGG",
    ]);
    expect(listed.body.data[0]).toMatchObject({ version: 1, title: "Asbestos exclusion" });
    expect((await api(ctx.app, await signIn(ctx.app, "ADMIN"), "GET", "/api/endorsements")).status).toBe(200);
    expect((await api(ctx.app, await signIn(ctx.app, "BROKER"), "GET", "/api/endorsements")).status).toBe(403);
  });

  it("lets only an administrator add a clause; a taken code is 409 and bad input 400 with the domain's words", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const clause = { code: "CYB-EXCL", title: "Cyber exclusion", wording: "No cover for cyber loss." };
    expect((await api(ctx.app, await signIn(ctx.app, "UNDERWRITER"), "POST", "/api/endorsements", clause)).status).toBe(
      403,
    );
    const created = await api(ctx.app, admin, "POST", "/api/endorsements", clause);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: "CYB-EXCL", version: 1 });
    const taken = await api(ctx.app, admin, "POST", "/api/endorsements", clause);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("A clause with the code CYB-EXCL already exists; edit it to make a new version");
    const bad = await api(ctx.app, admin, "POST", "/api/endorsements", { ...clause, code: "cyber excl", title: " " });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual(
      expect.arrayContaining([
        {
          path: "code",
          message: "A clause code is capital letters and digits in groups joined by hyphens, for example ASB-EXCL",
        },
        { path: "title", message: "Enter the clause's title" },
      ]),
    );
    const audited = await auditEntries(ctx.db, { entityType: "endorsement", action: "created" });
    expect(audited.at(-1)?.details).toMatchObject({ code: "CYB-EXCL", version: 1 });
  });

  it("makes an edit the clause's next version; a decision keeps the version it was given", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const broker = await signIn(ctx.app, "BROKER");
    await api(ctx.app, admin, "POST", "/api/endorsements", {
      code: "VER-TEST",
      title: "First",
      wording: "Wording one.",
    });
    const quote = await referred(broker);
    const decided = await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
      endorsements: ["VER-TEST"],
    });
    expect(decided.status).toBe(200);

    expect(
      (await api(ctx.app, underwriter, "PUT", "/api/endorsements/VER-TEST", { title: "Second", wording: "Two." }))
        .status,
    ).toBe(403);
    const edited = await api(ctx.app, admin, "PUT", "/api/endorsements/VER-TEST", {
      title: "Second",
      wording: "Wording two.",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ code: "VER-TEST", version: 2, title: "Second" });
    expect((await api(ctx.app, admin, "PUT", "/api/endorsements/NO-SUCH", { title: "x", wording: "y" })).status).toBe(
      404,
    );
    const library = await api(ctx.app, admin, "GET", "/api/endorsements");
    expect(library.body.data.find((c: { code: string }) => c.code === "VER-TEST")).toMatchObject({ version: 2 });
    expect(
      (await auditEntries(ctx.db, { entityType: "endorsement", action: "updated" })).at(-1)?.details,
    ).toMatchObject({
      code: "VER-TEST",
      version: 2,
    });

    const terms = await termsOf(broker, quote.id);
    expect(terms.endorsements).toEqual([
      expect.objectContaining({ code: "VER-TEST", version: 1, wording: "Wording one." }),
    ]);
    // The documents print the version the decision was given, not the library's newer one.
    for (const document of ["statement-of-fact", "policy-schedule"] as const) {
      const text = await documentText(ctx.app, broker, quote.id, document);
      expect(text, document).toContain("Endorsements VER-TEST - First Wording one.");
      expect(text, document).not.toContain("Wording two.");
    }
  });

  async function referred(broker: string): Promise<Quote> {
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    const response = await api(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {});
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function termsOf(cookie: string, id: string): Promise<QuoteTerms> {
    const read = await api(ctx.app, cookie, "GET", `/api/quotes/${id}/terms`);
    expect(read.status).toBe(200);
    return read.body.data;
  }
});

describeEachDatabase("terms on a decision and subjectivities holding the bind", (ctx) => {
  async function referred(broker: string, daysAhead = 10): Promise<Quote> {
    const inceptionDate = addDays(todayInLondon(ctx.clock.now()), daysAhead);
    const quote = await createCompleteQuote(ctx.app, broker, {
      declaration: MATERIAL_FACT_DECLARATION,
      stepOne: { inceptionDate },
    });
    const response = await api(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {});
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function terms(cookie: string, id: string): Promise<QuoteTerms> {
    return (await api(ctx.app, cookie, "GET", `/api/quotes/${id}/terms`)).body.data;
  }

  it("attaches clauses and subjectivities to a counter offer; a later decision replaces them", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const due = addDays(todayInLondon(ctx.clock.now()), 30);
    const countered = await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
      endorsements: ["NET-CONT", "ASB-EXCL"],
      subjectivities: [{ text: "Copy of the latest CDM risk register", timing: "POST_BIND", dueDate: due }],
    });
    expect(countered.status).toBe(200);
    const first = await terms(broker, quote.id);
    expect(first.endorsements.map((c) => c.code)).toEqual(["NET-CONT", "ASB-EXCL"]);
    expect(first.subjectivities).toEqual([
      expect.objectContaining({
        text: "Copy of the latest CDM risk register",
        timing: "POST_BIND",
        status: "OPEN",
        dueDate: due,
        overdue: false,
      }),
    ]);
    expect(first.openPreBind).toEqual([]);
    for (const document of ["statement-of-fact", "policy-schedule"] as const) {
      const text = await documentText(ctx.app, broker, quote.id, document);
      expect(text, document).toContain(
        "Endorsements NET-CONT - Net contribution clause Where the Insured is jointly liable",
      );
      expect(text, document).toContain("ASB-EXCL - Asbestos exclusion This policy does not indemnify");
      expect(text, document).toContain(
        `Subjectivities 1. Copy of the latest CDM risk register After binding, due ${due.split("-").reverse().join("/")}: Open`,
      );
    }

    // A change that re-prices withdraws the decision and its terms; the next decision brings its own.
    const reopened = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 1_200_000 },
    });
    expect(reopened).toMatchObject({ status: "DRAFT", decision: null });
    expect(await terms(broker, quote.id)).toEqual({ endorsements: [], subjectivities: [], openPreBind: [] });
    expect((await api(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
    await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
      endorsements: ["FFP-EXCL"],
    });
    const second = await terms(broker, quote.id);
    expect(second.endorsements.map((c) => c.code)).toEqual(["FFP-EXCL"]);
    expect(second.subjectivities).toEqual([]);
  });

  it("refuses an unknown clause (400, nothing stored) and terms on a decline", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const unknown = await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
      endorsements: ["ASB-EXCL", "NO-SUCH"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([
      { path: "endorsements.1", message: "There is no clause with the code NO-SUCH in the endorsement library" },
    ]);
    expect((await api(ctx.app, broker, "GET", `/api/quotes/${quote.id}`)).body.data.status).toBe("REFERRED");
    const declined = await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "DECLINED",
      uwNote: "Outside our appetite",
      endorsements: ["ASB-EXCL"],
    });
    expect(declined.status).toBe(400);
    expect(declined.body.issues).toEqual([
      {
        path: "endorsements",
        message: "Clauses and subjectivities go with an approval or a counter offer, not a decline",
      },
    ]);
    const badRow = await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
      subjectivities: [{ text: "", timing: "SOMETIME", dueDate: "tomorrow" }],
    });
    expect(badRow.status).toBe(400);
    expect((badRow.body.issues ?? []).map((i: { path: string }) => i.path).sort()).toEqual([
      "subjectivities.0.dueDate",
      "subjectivities.0.text",
      "subjectivities.0.timing",
    ]);
  });

  it("holds Issue Policy while a pre-bind subjectivity is open; only an underwriter marks it; then it issues", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const today = todayInLondon(ctx.clock.now());
    await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
      endorsements: ["ASB-EXCL"],
      subjectivities: [
        { text: PRE_BIND, timing: "PRE_BIND", dueDate: today },
        { text: "Waiver of the subrogation letter", timing: "PRE_BIND", dueDate: today },
        { text: "Audited accounts for the last year", timing: "POST_BIND", dueDate: addDays(today, 5) },
      ],
    });
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    const held = await api(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({
      code: "QUOTE_STATE_CONFLICT",
      error: `The policy cannot be issued until the underwriter marks these subjectivities satisfied or waived: ${PRE_BIND}; Waiver of the subrogation letter`,
    });

    const [first, second, post] = (await terms(broker, quote.id)).subjectivities;
    const url = (sid: string | undefined) => `/api/quotes/${quote.id}/subjectivities/${sid}`;
    expect((await api(ctx.app, broker, "POST", url(first?.id), { status: "SATISFIED" })).status).toBe(403);
    expect(
      (await api(ctx.app, await signIn(ctx.app, "ADMIN"), "POST", url(first?.id), { status: "SATISFIED" })).status,
    ).toBe(403);
    expect((await api(ctx.app, underwriter, "POST", url(first?.id), { status: "OPEN" })).status).toBe(400);
    const marked = await api(ctx.app, underwriter, "POST", url(first?.id), { status: "SATISFIED" });
    expect(marked.status).toBe(200);
    expect(marked.body.data.subjectivities[0]).toMatchObject({
      status: "SATISFIED",
      resolvedBy: { email: "underwriter@example.com" },
      resolvedAt: expect.any(String),
    });
    expect((await api(ctx.app, underwriter, "POST", url(first?.id), { status: "WAIVED" })).status).toBe(409);
    const stillHeld = await api(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(stillHeld.status).toBe(409);
    expect(stillHeld.body.error).toMatch(/: Waiver of the subrogation letter$/);

    expect((await api(ctx.app, underwriter, "POST", url(second?.id), { status: "WAIVED" })).status).toBe(200);
    const issued = await api(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status).toBe(200);
    expect(post?.status).toBe("OPEN");
    const schedule = await documentText(ctx.app, broker, quote.id, "policy-schedule");
    expect(schedule).toContain(`1. ${PRE_BIND} Before binding, due ${today.split("-").reverse().join("/")}: Satisfied`);
    expect(schedule).toContain("2. Waiver of the subrogation letter Before binding");
    expect(schedule).toMatch(/3\. Audited accounts for the last year After binding, due [0-9/]+: Open/);

    const audited = await auditEntries(ctx.db, { entityId: quote.id, action: "subjectivity_marked" });
    expect(audited.map((e) => [e.actorId !== null, (e.details as { marked: string }).marked])).toEqual([
      [true, "SATISFIED"],
      [true, "WAIVED"],
    ]);
  });

  it("lists open post-bind subjectivities of issued policies once their due date has passed", async () => {
    setToday(ctx, "2027-03-01");
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    await api(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
      subjectivities: [
        { text: "Signed proposal form", timing: "POST_BIND", dueDate: "2027-03-05" },
        { text: "Bank reference", timing: "POST_BIND", dueDate: "2027-03-20" },
      ],
    });
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    expect((await api(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {})).status).toBe(200);

    const overdue = async () =>
      (await api(ctx.app, await signIn(ctx.app, "UNDERWRITER"), "GET", "/api/uw/subjectivities/overdue")).body.data;
    expect((await overdue()).filter((o: { quoteId: string }) => o.quoteId === quote.id)).toEqual([]);
    setToday(ctx, "2027-03-06");
    const listed = (await overdue()).filter((o: { quoteId: string }) => o.quoteId === quote.id);
    expect(listed).toEqual([expect.objectContaining({ text: "Signed proposal form", dueDate: "2027-03-05" })]);
    const brokerNow = await signIn(ctx.app, "BROKER");
    expect((await terms(brokerNow, quote.id)).subjectivities.map((s) => s.overdue)).toEqual([true, false]);
    expect((await api(ctx.app, brokerNow, "GET", "/api/uw/subjectivities/overdue")).status).toBe(403);

    await call(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "POST",
      `/api/quotes/${quote.id}/subjectivities/${listed[0].subjectivityId}`,
      {
        status: "SATISFIED",
      },
    );
    expect((await overdue()).filter((o: { quoteId: string }) => o.quoteId === quote.id)).toEqual([]);
    ctx.clock.reset();
  });
});
