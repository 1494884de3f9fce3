/**
 * Request bodies and small helpers shared by the quote API tests: a complete, valid D/C-PI quote as the
 * wizard sends it step by step, and a way to create one through the real API.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Quote } from "../../src/domain/quote/quote";

export const STEP_ONE = {
  productCode: "D/C-PI",
  proposerName: "Acme Design & Build Ltd",
  tradingName: "Acme",
  businessAddress: "1 High Street, Leeds LS1 1AA",
  inceptionDate: "2026-12-01",
  incorporationDate: "2001-04-03",
  numberOfDirectors: 2,
  numberOfQualifiedStaff: 5,
  hasFinancialInterest: false,
  financialInterestDetails: "",
  ratingVersionId: "default-version",
  basePremium: "480.00",
  taxes: "57.60",
  fees: [],
  totalPremium: "537.60",
  insuredsDetails: { businessActivity: "Design and Build Contractor" },
} as const;

/** £750,000 turnover (band 500k-1m, factor 1.35), £1m limit, all UK: no referral. */
export const FINANCIAL_OVERVIEW = {
  coverLimitAggregate: 1_000_000,
  turnover: 750_000,
  largestSingleProjectValue: 120_000,
  isAllTurnoverUK: true,
  hasNonUKJurisdictionWork: false,
  turnoverIncrease20Percent: false,
};

export const DESIGN_LIABILITY = {
  turnoverSplitInHouseDesign: 40,
  turnoverSplitThirdPartyAppointed: 30,
  turnoverSplitThirdPartyNotAppointed: 10,
  turnoverSplitMaintenance: 20,
  turnoverSplitOther: 0,
  undertakesWorkForFee: false,
  feesDesignSupervisory: 0,
  feesOtherWork: 0,
};

export const ACTIVITY_SPLIT = { civilEngineering: 60, structuralEngineering: 40 };

export const CONTRACTS = {
  hasRecurringContracts: true,
  recurringContracts: [
    {
      clientName: "Leeds City Council",
      valueToFirm: 250_000,
      overallContractValue: 1_200_000,
      scopeOfWork: "School extension design and build",
      startDate: "2025-04-01",
    },
  ],
  officeRetail: 60,
  factoryIndustrial: 40,
};

/** Every answer No (subcontractor insurance confirmed): nothing to refer. */
export const CLEAN_DECLARATION = { subcontractorInsuranceConfirmed: true };

/** A Design & Construct material fact answered Yes: the MATERIAL_FACTS referral. */
export const MATERIAL_FACT_DECLARATION = {
  subcontractorInsuranceConfirmed: true,
  asbestosOrEnvironmentalWork: true,
  designConstructDetails: "Asbestos surveys before refurbishment on two school projects",
  comprehensiveDetails: "All asbestos work is subcontracted to licensed removal firms",
};

/** Step 7 selections for the priced example: band 500k-1m, £1m limit, standard excess. */
export const STEP_SEVEN = { turnoverBand: "500k_to_1m", risk: { coverLimitAggregate: 1_000_000 } } as const;

/**
 * The clean quote priced by hand with the seeded D/C-PI 1.0.0 configuration: base rate £750 x turnover
 * 1.35 (750,000) x cover 1 (1m) x claims 1 x employees 1 (5) x largest project 1 (120,000) = £1,012.50;
 * policy fee £35.00; subtotal £1,047.50; IPT 12% = £125.70; total £1,173.20.
 */
export const CLEAN_PREMIUM = {
  basePremium: "1012.50",
  fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: "35.00" }],
  subtotal: "1047.50",
  taxes: "125.70",
  totalPremium: "1173.20",
  multiplier: 1.35,
};

export interface ApiResult<T> {
  status: number;
  body: T;
}

export async function call<T = { data: Quote }>(
  app: FastifyInstance,
  cookie: string | undefined,
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  payload?: unknown,
): Promise<ApiResult<T>> {
  const response = await app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() as T };
}

/** Creates a quote through POST /api/quotes and returns it (fails the test on anything but 201). */
export async function createQuote(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Quote> {
  const created = await call(app, cookie, "POST", "/api/quotes", { ...STEP_ONE, ...overrides });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

/** PATCHes one body and expects 200; returns the saved quote. */
export async function patchQuote(app: FastifyInstance, cookie: string, id: string, body: unknown): Promise<Quote> {
  const saved = await call(app, cookie, "PATCH", `/api/quotes/${id}`, body);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
}

/**
 * A quote with every section saved (steps 1-6) and, as saving step 6 does in the wizard, rated with the
 * step-7 selections (`rate: false` stops before the rating).
 */
export async function createCompleteQuote(
  app: FastifyInstance,
  cookie: string,
  options: {
    stepOne?: Record<string, unknown>;
    declaration?: Record<string, unknown>;
    financialOverview?: Record<string, unknown>;
    rate?: boolean;
  } = {},
): Promise<Quote> {
  const quote = await createQuote(app, cookie, options.stepOne);
  await patchQuote(app, cookie, quote.id, { financialOverview: options.financialOverview ?? FINANCIAL_OVERVIEW });
  await patchQuote(app, cookie, quote.id, { designLiability: DESIGN_LIABILITY });
  await patchQuote(app, cookie, quote.id, { activitySplit: ACTIVITY_SPLIT });
  await patchQuote(app, cookie, quote.id, { contracts: CONTRACTS });
  const declared = await patchQuote(app, cookie, quote.id, { declaration: options.declaration ?? CLEAN_DECLARATION });
  if (options.rate === false) return declared;
  return (await rateQuote(app, cookie, quote.id)).quote;
}

export interface RateResponse {
  data: {
    breakdown: typeof CLEAN_PREMIUM;
    referralHits: { code: string; description: string }[];
    trace: { kind: string; name: string; matched: string; multiplier: number }[];
    quote: Quote;
  };
}

export async function rateQuote(
  app: FastifyInstance,
  cookie: string,
  id: string,
  body: unknown = STEP_SEVEN,
): Promise<RateResponse["data"]> {
  const rated = await call<RateResponse>(app, cookie, "POST", `/api/quotes/${id}/rate`, body);
  expect(rated.status, JSON.stringify(rated.body)).toBe(200);
  return rated.body.data;
}
