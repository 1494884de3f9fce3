/**
 * POST /api/quotes, GET /api/quotes/{id}, PATCH /api/quotes/{id}: success, docs/product/errors.md messages, 401, 403 by
 * role and by ownership, 404, 409 (stale version, read-only states), "unchanged is not a change".
 */
import { expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { PLAUSIBLE_DATE_MESSAGES, shiftYears } from "../../src/domain/quote/plausible-dates";
import { PATCH_EXACTLY_ONE_MESSAGE } from "../../src/domain/quote/requests";
import { auditEntries } from "../support/audit";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  ACTIVITY_SPLIT,
  CONTRACTS,
  call,
  createCompleteQuote,
  createQuote,
  DESIGN_LIABILITY,
  FINANCIAL_OVERVIEW,
  patchQuote,
  rateQuote,
  STEP_ONE,
} from "./quotes-fixtures";

describeEachDatabase("quotes: create and read", (ctx) => {
  it("creates a DRAFT with a DCPI- reference, the broker's e-mail as contact and the step-1 answers", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const created = await call(ctx.app, broker, "POST", "/api/quotes", STEP_ONE);
    expect(created.status).toBe(201);
    const quote = created.body.data;
    expect(quote.reference).toMatch(/^DCPI-\d{6}$/);
    expect(quote).toMatchObject({
      status: "DRAFT",
      version: 1,
      productCode: "D/C-PI",
      productType: "Design and Construct Professional Indemnity",
      contactEmail: "broker@example.com",
      broker: { name: "Ben Broker", email: "broker@example.com" },
      proposerName: "Acme Design & Build Ltd",
      tradingName: "Acme",
      businessAddress: "1 High Street, Leeds LS1 1AA",
      inceptionDate: "2026-12-01",
      incorporationDate: "2001-04-03",
      numberOfDirectors: 2,
      numberOfQualifiedStaff: 5,
      hasFinancialInterest: false,
      insuredsDetails: expect.objectContaining({ businessActivity: "Design and Build Contractor" }),
      policyNumber: null,
    });
    // The money and rating version a legacy client sends are ignored (docs/product/permissions.md).
    expect(quote).toMatchObject({ basePremium: null, totalPremium: null, ratingVersionId: null, fees: [] });
    const [entry] = await auditEntries(ctx.db, { entityType: "quote", action: "created", entityId: quote.id });
    expect(entry?.details).toMatchObject({ reference: quote.reference, proposerName: "Acme Design & Build Ltd" });
  });

  it("numbers references from one sequence", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const first = await createQuote(ctx.app, broker);
    const second = await createQuote(ctx.app, broker);
    const number = (reference: string) => Number(reference.slice("DCPI-".length));
    expect(number(second.reference)).toBeGreaterThan(number(first.reference));
  });

  it("defaults the product code to PI001", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const { productCode: _omitted, ...withoutProduct } = STEP_ONE;
    const created = await call(ctx.app, broker, "POST", "/api/quotes", withoutProduct);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ productCode: "PI001", productType: "Professional Indemnity" });
  });

  it("refuses a step 1 with docs/product/errors.md's messages and paths", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const created = await call(ctx.app, broker, "POST", "/api/quotes", {
      productCode: "D/C-PI",
      proposerName: "",
      businessAddress: " ",
      inceptionDate: "",
      numberOfDirectors: 0,
      numberOfQualifiedStaff: -1,
      hasFinancialInterest: true,
      insuredsDetails: { businessActivity: "" },
    });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((created.body as unknown as { issues: unknown[] }).issues).toEqual(
      expect.arrayContaining([
        { path: "proposerName", message: "Company name is required" },
        { path: "insuredsDetails.businessActivity", message: "Business activity is required" },
        { path: "businessAddress", message: "Business address is required" },
        { path: "inceptionDate", message: "Inception date is required" },
        { path: "numberOfDirectors", message: "Number of directors/partners/principals is required" },
        { path: "numberOfQualifiedStaff", message: "Number of qualified staff must be 0 or greater" },
        {
          path: "financialInterestDetails",
          message: "Please provide details about the other company/organisation",
        },
      ]),
    );
  });

  it("refuses implausible dates on the app's today, and accepts the edges", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const today = todayInLondon(ctx.clock.now());
    const refusedWith = async (body: Record<string, unknown>, path: string, message: string) => {
      const response = await call(ctx.app, broker, "POST", "/api/quotes", { ...STEP_ONE, ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect((response.body as unknown as { issues: unknown[] }).issues).toContainEqual({ path, message });
    };
    const M = PLAUSIBLE_DATE_MESSAGES;
    await refusedWith({ inceptionDate: "1900-01-01" }, "inceptionDate", M.inceptionDate);
    await refusedWith({ inceptionDate: "9999-12-31" }, "inceptionDate", M.inceptionDate);
    const dayAfter = (date: string) => new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);
    await refusedWith({ inceptionDate: dayAfter(shiftYears(today, 2)) }, "inceptionDate", M.inceptionDate);
    await refusedWith({ incorporationDate: "9999-01-01" }, "incorporationDate", M.incorporationDate);
    await refusedWith({ incorporationDate: "1799-12-31" }, "incorporationDate", M.incorporationDate);
    await refusedWith({ isSoleTrader: true, tradingSince: "9999-01-01" }, "tradingSince", M.tradingSince);
    for (const inceptionDate of [shiftYears(today, -1), shiftYears(today, 2)]) {
      const accepted = await call(ctx.app, broker, "POST", "/api/quotes", {
        ...STEP_ONE,
        inceptionDate,
        incorporationDate: today,
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    }
    const quote = await createQuote(ctx.app, broker);
    const contract = CONTRACTS.recurringContracts[0];
    const contracts = { ...CONTRACTS, recurringContracts: [{ ...contract, startDate: "9999-01-01" }] };
    const patched = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { contracts });
    expect(patched.status).toBe(400);
    expect((patched.body as unknown as { issues: unknown[] }).issues).toContainEqual({
      path: "contracts.recurringContracts.0.startDate",
      message: M.startDate,
    });
    const moved = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { inceptionDate: "9999-12-31" });
    expect(moved.status).toBe(400);
  });

  it("refuses unknown fields instead of storing them", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const created = await call(ctx.app, broker, "POST", "/api/quotes", { ...STEP_ONE, status: "ISSUED" });
    expect(created.status).toBe(400);
  });

  it("answers 401 signed out and 403 to an administrator creating a quote", async () => {
    expect((await call(ctx.app, undefined, "POST", "/api/quotes", STEP_ONE)).status).toBe(401);
    const admin = await signIn(ctx.app, "ADMIN");
    const refused = await call(ctx.app, admin, "POST", "/api/quotes", STEP_ONE);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "Insufficient permissions" });
  });

  it("lets an underwriter create a quote, which they then own", async () => {
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await createQuote(ctx.app, underwriter);
    expect(quote).toMatchObject({ contactEmail: "underwriter@example.com", broker: { name: "Uma Underwriter" } });
  });

  it("reads a quote: the owner, any underwriter or admin; 403 for another broker; 404 unknown; 401 signed out", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}`;
    const own = await call(ctx.app, broker, "GET", url);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: quote.id, reference: quote.reference, version: 1 });
    expect((await call(ctx.app, await signIn(ctx.app, "UNDERWRITER"), "GET", url)).status).toBe(200);
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "GET", url)).status).toBe(200);
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const refused = await call(ctx.app, other.cookie, "GET", url);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "Insufficient permissions" });
    expect((await call(ctx.app, broker, "GET", "/api/quotes/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call(ctx.app, broker, "GET", "/api/quotes/not-a-quote")).status).toBe(404);
    expect((await call(ctx.app, undefined, "GET", url)).status).toBe(401);
  });
});

describeEachDatabase("quotes: saving sections", (ctx) => {
  it("saves each section, increments the version and audits an update per change", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const overview = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: FINANCIAL_OVERVIEW,
      expectedVersion: 1,
    });
    expect(overview.version).toBe(2);
    expect(overview.financialOverview).toMatchObject({ turnover: 750_000, coverLimitAggregate: 1_000_000 });
    const design = await patchQuote(ctx.app, broker, quote.id, { designLiability: DESIGN_LIABILITY });
    expect(design.designLiability).toMatchObject({ turnoverSplitInHouseDesign: 40 });
    const activities = await patchQuote(ctx.app, broker, quote.id, { activitySplit: ACTIVITY_SPLIT });
    expect(activities.activitySplit).toMatchObject({ civilEngineering: 60 });
    const contracts = await patchQuote(ctx.app, broker, quote.id, { contracts: CONTRACTS });
    expect(contracts.contracts?.recurringContracts).toHaveLength(1);
    const declared = await patchQuote(ctx.app, broker, quote.id, { declaration: {} });
    expect(declared.declaration).toMatchObject({ subcontractorInsuranceConfirmed: true, previousClaims: false });
    expect(declared.version).toBe(6);
    const updates = await auditEntries(ctx.db, { entityType: "quote", action: "updated", entityId: quote.id });
    expect(updates.map((entry) => (entry.details as { section: string }).section)).toEqual([
      "financialOverview",
      "designLiability",
      "activitySplit",
      "contracts",
      "declaration",
    ]);
  });

  it("treats a save that changes nothing as no change: same version, no audit", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const saved = await patchQuote(ctx.app, broker, quote.id, { financialOverview: FINANCIAL_OVERVIEW });
    // The same answers again, with the optional fields sent as null this time.
    const again = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, overseasWorkSplit: null, contentsLimit: null },
    });
    expect(again.version).toBe(saved.version);
    expect(await auditEntries(ctx.db, { action: "updated", entityId: quote.id })).toHaveLength(1);
  });

  it("refuses invalid sections with docs/product/errors.md's messages and their paths", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}`;
    const cases: [unknown, { path: string; message: string }][] = [
      [
        { financialOverview: { ...FINANCIAL_OVERVIEW, coverLimitAggregate: 100_000 } },
        { path: "financialOverview.coverLimitAggregate", message: "Cover limit must be at least £250,000" },
      ],
      [
        { financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 0 } },
        { path: "financialOverview.turnover", message: "Turnover is required" },
      ],
      [
        { financialOverview: { ...FINANCIAL_OVERVIEW, largestSingleProjectValue: 0 } },
        { path: "financialOverview.largestSingleProjectValue", message: "Largest single project value is required" },
      ],
      [
        { financialOverview: { ...FINANCIAL_OVERVIEW, isAllTurnoverUK: false, overseasWorkSplit: " " } },
        {
          path: "financialOverview.overseasWorkSplit",
          message: "Please provide % split for overseas work by territory",
        },
      ],
      [
        { designLiability: { ...DESIGN_LIABILITY, turnoverSplitMaintenance: 10 } },
        { path: "designLiability.turnoverSplitTotal", message: "Turnover split percentages must total 100%" },
      ],
      [
        { activitySplit: { other: 10 } },
        { path: "activitySplit.otherDetails", message: "Please provide details for other activities" },
      ],
      [
        { contracts: { ...CONTRACTS, factoryIndustrial: 30 } },
        { path: "contracts.contractTypeTotal", message: "Total percentage must equal 100%" },
      ],
      [
        { contracts: { ...CONTRACTS, recurringContracts: [{ ...CONTRACTS.recurringContracts[0], clientName: "" }] } },
        { path: "contracts.recurringContracts.0.clientName", message: "Client name is required" },
      ],
    ];
    for (const [body, issue] of cases) {
      const refused = await call(ctx.app, broker, "PATCH", url, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body as unknown as { issues: unknown[] }).issues).toContainEqual(issue);
    }
    const two = await call(ctx.app, broker, "PATCH", url, {
      designLiability: DESIGN_LIABILITY,
      activitySplit: ACTIVITY_SPLIT,
    });
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ error: PATCH_EXACTLY_ONE_MESSAGE });
    const unchanged = await call(ctx.app, broker, "GET", url);
    expect(unchanged.body.data.version).toBe(1);
  });

  it("answers 409 to a stale expectedVersion, so two editors never overwrite each other", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    await patchQuote(ctx.app, broker, quote.id, { designLiability: DESIGN_LIABILITY, expectedVersion: 1 });
    const stale = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, {
      activitySplit: ACTIVITY_SPLIT,
      expectedVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "VERSION_CONFLICT" });
    const current = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(current.body.data).toMatchObject({ version: 2, activitySplit: null });
  });

  it("lets only one of two concurrent writers at the same version win", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}`;
    const results = await Promise.all([
      call(ctx.app, broker, "PATCH", url, { designLiability: DESIGN_LIABILITY, expectedVersion: 1 }),
      call(ctx.app, broker, "PATCH", url, { activitySplit: ACTIVITY_SPLIT, expectedVersion: 1 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect((await call(ctx.app, broker, "GET", url)).body.data.version).toBe(2);
  });

  it("updates the step-1 details flat as docs/product/permissions.md sends them, keeping the business activity", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const updated = await patchQuote(ctx.app, broker, quote.id, {
      proposerName: "Acme Holdings Ltd",
      tradingName: null,
      businessAddress: "2 Park Row, Leeds LS1 5HD",
      inceptionDate: "2026-12-15",
      incorporationDate: "2001-04-03",
      numberOfDirectors: 3,
      numberOfQualifiedStaff: 7,
      hasFinancialInterest: true,
      financialInterestDetails: "40% of Acme Plant Hire Ltd",
      productCode: "D/C-PI",
      ratingVersionId: "default-version",
    });
    expect(updated).toMatchObject({
      proposerName: "Acme Holdings Ltd",
      tradingName: null,
      businessAddress: "2 Park Row, Leeds LS1 5HD",
      inceptionDate: "2026-12-15",
      numberOfQualifiedStaff: 7,
      financialInterestDetails: "40% of Acme Plant Hire Ltd",
      insuredsDetails: expect.objectContaining({
        proposerName: "Acme Holdings Ltd",
        businessActivity: "Design and Build Contractor",
      }),
    });
  });

  it("lets no one but the owner, and no administrator, change a quote", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}`;
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await call(ctx.app, other.cookie, "PATCH", url, { activitySplit: ACTIVITY_SPLIT })).status).toBe(403);
    const admin = await signIn(ctx.app, "ADMIN");
    expect((await call(ctx.app, admin, "PATCH", url, { activitySplit: ACTIVITY_SPLIT })).status).toBe(403);
    expect((await call(ctx.app, undefined, "PATCH", url, { activitySplit: ACTIVITY_SPLIT })).status).toBe(401);
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    expect((await call(ctx.app, underwriter, "PATCH", url, { activitySplit: ACTIVITY_SPLIT })).status).toBe(200);
    expect(
      (
        await call(ctx.app, broker, "PATCH", "/api/quotes/00000000-0000-4000-8000-000000000000", {
          activitySplit: ACTIVITY_SPLIT,
        })
      ).status,
    ).toBe(404);
  });
});

describeEachDatabase("quotes: reopening on change", (ctx) => {
  it("sends a completed quote back to DRAFT when a rating input changes, audited as reopened", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await rateQuote(ctx.app, broker, quote.id);
    const completed = await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    expect(completed.status).toBe("QUOTED");

    // The activity split does not price the quote: it is saved and the quote stays completed.
    const split = await patchQuote(ctx.app, broker, quote.id, {
      activitySplit: { civilEngineering: 50, structuralEngineering: 50 },
    });
    expect(split.status).toBe("QUOTED");

    // The same overview again is not a change.
    const same = await patchQuote(ctx.app, broker, quote.id, { financialOverview: FINANCIAL_OVERVIEW });
    expect(same).toMatchObject({ status: "QUOTED", version: split.version });

    const reopened = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, turnoverIncrease20Percent: true },
    });
    // The premium stays on show until the next rating.
    expect(reopened).toMatchObject({ status: "DRAFT", totalPremium: "1173.20" });
    const [entry] = await auditEntries(ctx.db, { action: "reopened", entityId: quote.id });
    expect(entry?.details).toMatchObject({ from: "QUOTED", cause: "financialOverview" });
  });

  it("refuses every change to a declined quote", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {});
    const declined = await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "DECLINED",
      uwNote: "Outside appetite",
    });
    expect(declined.body.data.status).toBe("UW_DECLINED");
    const refused = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, {
      activitySplit: ACTIVITY_SPLIT,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: "Quote was declined by the underwriter and can no longer be changed",
    });
  });
});

describeEachDatabase("quotes: sole traders", (ctx) => {
  /** Step 1 as the wizard saves it, flat as docs/product/permissions.md sends it. */
  const DETAILS = {
    proposerName: "Jo Bloggs",
    businessAddress: "3 Mill Lane, Halifax HX1 2AB",
    inceptionDate: "2026-12-01",
    numberOfDirectors: 1,
    numberOfQualifiedStaff: 1,
    hasFinancialInterest: false,
  };
  const SOLE_TRADER = {
    productCode: "D/C-PI",
    ...DETAILS,
    insuredsDetails: { businessActivity: "Joiner" },
    tradingName: "Bloggs Joinery",
    isSoleTrader: true,
    tradingSince: "2015-06-01",
  };

  it("stores and returns the sole-trader answer and the date trading began, without an incorporation date", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const created = await call(ctx.app, broker, "POST", "/api/quotes", SOLE_TRADER);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const expected = { isSoleTrader: true, tradingSince: "2015-06-01", incorporationDate: null };
    expect(created.body.data).toMatchObject({
      ...expected,
      insuredsDetails: expect.objectContaining({ isSoleTrader: true, tradingSince: "2015-06-01" }),
    });
    const read = await call(ctx.app, broker, "GET", `/api/quotes/${created.body.data.id}`);
    expect(read.body.data).toMatchObject(expected);
  });

  it("keeps no incorporation date for a sole trader and no trading-since date for a company", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const created = await call(ctx.app, broker, "POST", "/api/quotes", {
      ...SOLE_TRADER,
      incorporationDate: "2001-04-03",
    });
    expect(created.body.data).toMatchObject({ isSoleTrader: true, incorporationDate: null });
    const company = await patchQuote(ctx.app, broker, created.body.data.id, {
      insuredsDetails: {
        ...DETAILS,
        proposerName: "Bloggs Joinery Ltd",
        incorporationDate: "2019-02-01",
        isSoleTrader: false,
        tradingSince: "2015-06-01",
        businessActivity: "Joiner",
      },
    });
    expect(company).toMatchObject({ isSoleTrader: false, tradingSince: null, incorporationDate: "2019-02-01" });
  });

  it("keeps the sole-trader answer through docs/product/permissions.md's step-1 update, which does not carry it", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const created = await call(ctx.app, broker, "POST", "/api/quotes", SOLE_TRADER);
    const updated = await patchQuote(ctx.app, broker, created.body.data.id, {
      ...DETAILS,
      tradingName: "Bloggs Bespoke Joinery",
      incorporationDate: null,
      productCode: "D/C-PI",
      ratingVersionId: "default-version",
    });
    expect(updated).toMatchObject({
      isSoleTrader: true,
      tradingSince: "2015-06-01",
      tradingName: "Bloggs Bespoke Joinery",
    });
  });

  it("refuses a sole-trader answer that is not yes or no, and a trading-since date that is not a date", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const refused = await call(ctx.app, broker, "POST", "/api/quotes", {
      ...SOLE_TRADER,
      isSoleTrader: "yes",
      tradingSince: "last spring",
    });
    expect(refused.status).toBe(400);
    const issues = (refused.body as unknown as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(["isSoleTrader"]));
    const badDate = await call(ctx.app, broker, "POST", "/api/quotes", { ...SOLE_TRADER, tradingSince: "last spring" });
    expect(badDate.status).toBe(400);
    expect((badDate.body as unknown as { issues: unknown[] }).issues).toContainEqual({
      path: "tradingSince",
      message: "Trading since must be a valid date",
    });
  });
});
