import { afterEach, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE } from "../../src/domain/constants";
import { todayInLondon } from "../../src/domain/format/dates";
import type { Quote } from "../../src/domain/quote/quote";
import { addDays, policyExpiryDate } from "../../src/domain/quote/renewal";
import type { RenewalsDueResponse } from "../../src/domain/quote/renewal-schema";
import { quotes } from "../../src/server/db/schema";
import { auditEntries } from "../support/audit";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase, type TestContext } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { sampleQuoteForDocuments, storedQuoteRow } from "../support/sample-quote";
import { issuedPolicy, setToday } from "./policies-fixtures";
import { CLEAN_DECLARATION, call, createCompleteQuote, patchQuote } from "./quotes-fixtures";

async function dueList(ctx: TestContext, cookie: string, query = "") {
  const listed = await call<RenewalsDueResponse>(ctx.app, cookie, "GET", `/api/quotes/renewals-due${query}`);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body;
}

/** More than one page of due policies (25 a page unless asked), an odd number so the last page is partly full. */
const PAGED_POLICIES = 33;

/**
 * PAGED_POLICIES issued policies written straight into the database (issuing each through the API would take
 * seconds), all due on London day `today`: two or so per inception date, alternating between two brokers, and
 * inserted latest expiry first, so the list's order is not the order of insertion.
 */
async function insertDuePolicies(ctx: TestContext, today: string, brokerIds: readonly [string, string]) {
  const rows = Array.from({ length: PAGED_POLICIES }, (_, index) => {
    // Last days of cover from about 26 days before `today` to about 54 days after it: inside the due window.
    const inceptionDate = addDays(today, -310 - Math.floor(index / 2) * 5);
    return storedQuoteRow(sampleQuoteForDocuments(), brokerIds[index % 2] ?? "", {
      proposerName: `Paged Renewal ${index} Ltd`,
      inceptionDate,
      status: "ISSUED",
      policyNumber: `DCPI/POL/PAGED${String(index).padStart(3, "0")}`,
      issuedAt: new Date(`${addDays(inceptionDate, -1)}T10:00:00Z`),
    });
  });
  const inserted = await ctx.db.insert(quotes).values(rows).returning({
    id: quotes.id,
    reference: quotes.reference,
    inceptionDate: quotes.inceptionDate,
    brokerId: quotes.brokerId,
  });
  // Soonest expiry first, then by reference: the order every page must follow.
  return inserted.sort(
    (a, b) => a.inceptionDate.localeCompare(b.inceptionDate) || a.reference.localeCompare(b.reference),
  );
}

const SECTIONS = [
  "financialOverview",
  "designLiability",
  "activitySplit",
  "contracts",
  "declaration",
  "risk",
  "turnoverBand",
  "productCode",
  "proposerName",
  "tradingName",
  "businessAddress",
  "incorporationDate",
  "isSoleTrader",
  "numberOfDirectors",
  "numberOfQualifiedStaff",
  "hasFinancialInterest",
  "contactEmail",
] as const satisfies readonly (keyof Quote)[];

describeEachDatabase("renewals", (ctx) => {
  afterEach(() => ctx.clock.reset());

  it("copies every section to a rated DRAFT from the anniversary, owned by the policy's broker", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const renewed = await call(ctx.app, underwriter, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    const renewal = renewed.body.data;

    const anniversary = addDays(policyExpiryDate(policy.inceptionDate), 1);
    expect(anniversary.slice(5)).toBe(policy.inceptionDate.slice(5));
    expect(renewal).toMatchObject({
      status: "DRAFT",
      brokerId: broker.user.id,
      broker: { email: broker.user.email },
      inceptionDate: anniversary,
      insuredsDetails: { ...policy.insuredsDetails, inceptionDate: anniversary },
      policyNumber: null,
      issuedAt: null,
      renewalOfId: policy.id,
      renewalOf: {
        id: policy.id,
        reference: policy.reference,
        policyNumber: policy.policyNumber,
        totalPremium: "1173.20",
      },
      declarationConfirmed: false,
      // Rated with the version effective on the anniversary: the seeded one, so the same premium.
      basePremium: "1012.50",
      totalPremium: "1173.20",
      referralHits: [],
    });
    expect(renewal.reference).not.toBe(policy.reference);
    expect(renewal.ratingVersionId).toBe(policy.ratingVersionId);
    expect(renewal.ratedAt).not.toBeNull();
    for (const section of SECTIONS) expect(renewal[section], section).toEqual(policy[section]);

    // The renewal reads back the same, and the broker may open it.
    const read = await call(ctx.app, broker.cookie, "GET", `/api/quotes/${renewal.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ renewalOf: renewal.renewalOf, declarationConfirmed: false });

    // The trail names the renewed policy on the renewal, and the renewal on the policy.
    const [created] = await auditEntries(ctx.db, { action: "created", entityId: renewal.id });
    expect(created?.details).toMatchObject({ reference: renewal.reference, renewalOf: policy.policyNumber });
    const [renewedEntry] = await auditEntries(ctx.db, { action: "renewed", entityId: policy.id });
    expect(renewedEntry?.details).toMatchObject({ policyNumber: policy.policyNumber, renewal: renewal.reference });
    // The expiring policy itself is unchanged.
    const after = await call(ctx.app, broker.cookie, "GET", `/api/quotes/${policy.id}`);
    expect(after.body.data).toMatchObject({ status: "ISSUED", version: policy.version });
  });

  it("refuses completion until the declaration is saved again, then completes", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const renewed = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status).toBe(201);
    const renewal = renewed.body.data;
    const refused = await call(ctx.app, broker.cookie, "PATCH", `/api/quotes/${renewal.id}`, { status: "QUOTED" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: "Confirm the declaration copied from the policy: review step 6 and save it",
    });
    // Saving step 6 unchanged still answers it.
    const saved = await patchQuote(ctx.app, broker.cookie, renewal.id, { declaration: CLEAN_DECLARATION });
    expect(saved).toMatchObject({ declarationConfirmed: true, declaration: renewal.declaration });
    const completed = await patchQuote(ctx.app, broker.cookie, renewal.id, { status: "QUOTED" });
    expect(completed).toMatchObject({ status: "QUOTED", totalPremium: "1173.20", declarationConfirmed: true });
  });

  it("renews only an issued policy, once, and only for its broker or an underwriter", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const stranger = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const admin = await signIn(ctx.app, "ADMIN");
    for (const cookie of [stranger.cookie, admin]) {
      const forbidden = await call(ctx.app, cookie, "POST", `/api/quotes/${policy.id}/renew`);
      expect(forbidden.status).toBe(403);
    }
    const draft = await createCompleteQuote(ctx.app, broker.cookie);
    const notIssued = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${draft.id}/renew`);
    expect(notIssued.status).toBe(409);
    expect(notIssued.body).toMatchObject({ error: "Only an issued policy can be renewed" });
    const unknown = await call(
      ctx.app,
      broker.cookie,
      "POST",
      "/api/quotes/00000000-0000-4000-8000-000000000000/renew",
    );
    expect(unknown.status).toBe(404);

    const first = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`);
    expect(first.status).toBe(201);
    const again = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: `This policy has already been renewed as ${first.body.data.reference}`,
    });
    // A renewal is not itself issued, so it cannot be renewed either.
    const ofRenewal = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${first.body.data.id}/renew`);
    expect(ofRenewal.status).toBe(409);
  });

  it("makes one renewal from two requests sent together", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const both = await Promise.all([
      call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`),
      call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const made = both.find((answer) => answer.status === 201)?.body.data;
    expect(both.find((answer) => answer.status === 409)?.body).toMatchObject({
      error: `This policy has already been renewed as ${made?.reference}`,
    });
    expect(await auditEntries(ctx.db, { action: "renewed", entityId: policy.id })).toHaveLength(1);
  });

  it("lists a policy from 60 days before its last day to 30 days after it, to its broker and underwriters", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const expiry = policyExpiryDate(policy.inceptionDate);
    const listedOn = async (today: string, cookieOf: () => Promise<string>) => {
      setToday(ctx, today);
      const list = await dueList(ctx, await cookieOf());
      return list.data.find((row) => row.id === policy.id);
    };
    // Sessions end as the clock moves a year: sign in again on each day.
    const asBroker = () => signIn(ctx.app, broker.credentials);
    const asUnderwriter = () => signIn(ctx.app, "UNDERWRITER");

    expect(await listedOn(addDays(expiry, -61), asBroker)).toBeUndefined();
    expect(await listedOn(addDays(expiry, -60), asBroker)).toEqual({
      id: policy.id,
      reference: policy.reference,
      policyNumber: policy.policyNumber,
      proposerName: policy.proposerName,
      inceptionDate: policy.inceptionDate,
      expiryDate: expiry,
      totalPremium: "1173.20",
      broker: { name: broker.user.name, email: broker.user.email },
      renewal: null,
    });
    expect(await listedOn(addDays(expiry, -60), asUnderwriter)).toMatchObject({ id: policy.id });
    expect(await listedOn(addDays(expiry, 30), asBroker)).toMatchObject({ id: policy.id });
    expect(await listedOn(addDays(expiry, 31), asBroker)).toBeUndefined();

    // Another broker never sees it; administrators have no renewals list.
    setToday(ctx, addDays(expiry, -10));
    const stranger = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await dueList(ctx, stranger.cookie)).data.find((row) => row.id === policy.id)).toBeUndefined();
    const admin = await call(ctx.app, await signIn(ctx.app, "ADMIN"), "GET", "/api/quotes/renewals-due");
    expect(admin.status).toBe(403);

    // Once renewed, the row names the renewal instead of offering another.
    const cookie = await asBroker();
    const renewed = await call(ctx.app, cookie, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status).toBe(201);
    const list = await dueList(ctx, cookie);
    expect(list.data.find((row) => row.id === policy.id)?.renewal).toEqual({
      id: renewed.body.data.id,
      reference: renewed.body.data.reference,
      status: "DRAFT",
    });
    expect(list.meta.total).toBeGreaterThanOrEqual(1);
  });

  it("pages through every due policy once, soonest expiry first, and a broker's pages hold only their own", async () => {
    // Five years on, when none of the other tests' policies is due: this test's policies are the whole list.
    const today = addDays(todayInLondon(ctx.clock.now()), 5 * 365);
    setToday(ctx, today);
    const first = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const second = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const due = await insertDuePolicies(ctx, today, [first.user.id, second.user.id]);
    const underwriter = await signIn(ctx.app, "UNDERWRITER");

    const pageOne = await dueList(ctx, underwriter);
    expect(pageOne.meta).toEqual({ total: PAGED_POLICIES, page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(pageOne.data).toHaveLength(DEFAULT_PAGE_SIZE);
    const pageTwo = await dueList(ctx, underwriter, "?page=2");
    expect(pageTwo.meta).toEqual({ total: PAGED_POLICIES, page: 2, pageSize: DEFAULT_PAGE_SIZE });
    expect(pageTwo.data).toHaveLength(PAGED_POLICIES - DEFAULT_PAGE_SIZE);
    // Together, every due policy exactly once, in the list's order.
    expect([...pageOne.data, ...pageTwo.data].map((row) => row.id)).toEqual(due.map((row) => row.id));
    const expiries = [...pageOne.data, ...pageTwo.data].map((row) => row.expiryDate);
    expect(expiries).toEqual([...expiries].sort());
    // Beyond the last page: no rows, and still the true total, as the dashboard's list answers.
    expect(await dueList(ctx, underwriter, "?page=3")).toEqual({
      data: [],
      meta: { total: PAGED_POLICIES, page: 3, pageSize: DEFAULT_PAGE_SIZE },
    });

    // A broker pages through their own policies only, in the same order.
    for (const broker of [first, second]) {
      const own = due.filter((row) => row.brokerId === broker.user.id);
      const pages = [];
      for (let page = 1; page <= Math.ceil(own.length / 6); page++) {
        const list = await dueList(ctx, broker.cookie, `?page=${page}&pageSize=6`);
        expect(list.meta).toEqual({ total: own.length, page, pageSize: 6 });
        pages.push(...list.data);
      }
      expect(pages.map((row) => row.id)).toEqual(own.map((row) => row.id));
      expect(new Set(pages.map((row) => row.broker?.email))).toEqual(new Set([broker.user.email]));
    }
  });

  it("refuses a page that is not a whole number from 1, saying so", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const cases = [
      ["0", "page starts at 1"],
      ["-1", "page starts at 1"],
      ["x", "page must be a whole number"],
      ["1.5", "page must be a whole number"],
    ] as const;
    for (const [page, message] of cases) {
      const refused = await call(ctx.app, broker, "GET", `/api/quotes/renewals-due?page=${page}`);
      expect(refused.status, page).toBe(400);
      expect(refused.body, page).toEqual({
        error: message,
        code: "VALIDATION_FAILED",
        issues: [{ path: "page", message }],
      });
    }
    const tooLarge = await call(ctx.app, broker, "GET", "/api/quotes/renewals-due?pageSize=101");
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ error: "pageSize must be at most 100" });
  });

  it("prints 'Renewal of' the policy number near the top of the statement of fact and the schedule", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const renewed = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status).toBe(201);
    for (const document of ["statement-of-fact", "policy-schedule"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/quotes/${renewed.body.data.id}/${document}`,
        headers: { cookie: broker.cookie },
      });
      expect(response.statusCode, document).toBe(200);
      const text = pdfText(response.rawPayload);
      expect(text.indexOf(`Renewal of ${policy.policyNumber}`), document).toBeGreaterThan(-1);
      // Near the top: in the title band, before the first section.
      expect(text.indexOf(`Renewal of ${policy.policyNumber}`), document).toBeLessThan(400);
    }
    // The expiring policy's own documents say nothing of a renewal.
    const original = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${policy.id}/policy-schedule`,
      headers: { cookie: broker.cookie },
    });
    expect(pdfText(original.rawPayload)).not.toContain("Renewal of");
  });
});
