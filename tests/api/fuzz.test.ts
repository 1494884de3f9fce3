/**
 * Fuzzing every write route with fast-check: valid requests bent out of shape (fields deleted, retyped, added;
 * huge strings and numbers, NaN/negative/odd money, impossible dates, prototype keys), random JSON bodies, raw
 * bodies (broken and deeply nested JSON, invalid UTF-8, wrong content types, oversize), garbage path ids and
 * query strings, sent by the callers who may use each route (and sometimes by the wrong one). No answer may be a
 * 5xx or leak a stack trace, every refusal is the API's error shape, and afterwards every stored row still
 * passes the domain's schemas: nothing invalid got in.
 *
 * CI sends FUZZ_RUNS (default 10,000) requests in all: half on PGlite and half on PostgreSQL when DATABASE_URL
 * is set (all on PGlite otherwise). `npm run fuzz` runs a longer campaign (FUZZ_RUNS=100000);
 * FUZZ_SEED=<n> replays a failure (FUZZ_SEED=random draws a new campaign), FUZZ_TIMING=1 prints where the time goes, TEST_LOG_ERRORS=1 prints the
 * server's own error log (the stack behind a 500).
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { userSchema } from "../../src/domain/auth/schemas";
import { activitySplitSchema } from "../../src/domain/quote/activity-split";
import { contractsSchema } from "../../src/domain/quote/contracts";
import { declarationSchema } from "../../src/domain/quote/declaration";
import { designLiabilitySchema } from "../../src/domain/quote/design-liability";
import { financialOverviewSchema } from "../../src/domain/quote/financial-overview";
import { quoteSchema } from "../../src/domain/quote/quote";
import { compileRatingConfig } from "../../src/domain/rating/compile";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { auditLog, quotes, ratingVersions, users } from "../../src/server/db/schema";
import { findQuoteWithBroker } from "../../src/server/features/quotes/repository";
import { toQuoteResponse } from "../../src/server/features/quotes/response";
import { toUserResponse } from "../../src/server/features/users/repository";
import { AUDIT_ACTIONS_FOR_TEST, AUDIT_ENTITY_TYPES_FOR_TEST } from "../security/audit-vocabulary";
import { writeRoutes } from "../security/route-table";
import { createTestUser, signIn } from "../support/auth";
import { testDatabaseKinds } from "../support/database";
import { describeEachDatabase } from "../support/harness";
import {
  ACTIVITY_SPLIT,
  CONTRACTS,
  call,
  createCompleteQuote,
  createQuote,
  DESIGN_LIABILITY,
  FINANCIAL_OVERVIEW,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
  rateQuote,
  STEP_ONE,
  STEP_SEVEN,
} from "./quotes-fixtures";

/** Requests in all, shared between the databases: half on PGlite, half on PostgreSQL (when DATABASE_URL is set). */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/**
 * `npm test` replays one fixed campaign, so a red run always reproduces and never depends on luck; `npm run fuzz`
 * (FUZZ_SEED=random) explores new ones, and each failure it finds becomes a regression test of its own.
 */
const DEFAULT_SEED = 20_261_122;
const SEED = process.env.FUZZ_SEED === "random" ? undefined : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);

// ---------------------------------------------------------------------------------------------------------
// Values that break naive code.

const HUGE_STRING = "x".repeat(200_000);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, -0.001, 0.005, 1.005, 0.1 + 0.2, 2 ** 31, 2 ** 53 + 1, 1e20, -1e20, 1e308, -1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "NaN",
    "Infinity",
    "-1.00",
    "-0.00",
    "1e5",
    "1.234",
    "0x10",
    " 12.00 ",
    "£1,200.00",
    "99999999999999999999.99",
    "2026-02-30",
    "2026-13-01",
    "0000-01-01",
    "+275760-09-13",
    "2026-1-1",
    "2026-02-28T25:00:00Z",
    "9999-12-31",
    "yesterday",
    "null",
    "<script>alert(1)</script>",
    "'; drop table quotes; --",
    "%00",
    "\u0000",
    "\ud800",
    "Łódź Ó Briain 🏗️",
    "a@b",
    "BROKER",
    "ADMIN",
    "ISSUED",
    "QUOTED",
    "COUNTER",
  ),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constant(HUGE_STRING),
);
const nastyKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "role", "status", "brokerId", "version", "id", "reference"),
  fc.string({ maxLength: 20 }),
);
const nastyLeaf = fc.oneof(
  { weight: 3, arbitrary: nastyNumber },
  { weight: 3, arbitrary: nastyString },
  fc.constant(null),
  fc.boolean(),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyLeaf },
  { weight: 1, arbitrary: fc.array(nastyLeaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyKey, nastyLeaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.json().map((text) => JSON.parse(text) as unknown) },
);

// ---------------------------------------------------------------------------------------------------------
// Valid requests per route, to bend out of shape.

type Caller = "broker" | "underwriter" | "admin" | "none";

interface Target {
  quoteId: string;
  referredQuoteId: string;
  /** The open question an underwriter asked on the referred quote. */
  questionId: string;
  ratingVersionId: string;
  userId: string;
  /** An underwriter whose authority the administrator sets. */
  underwriterId: string;
  /** An issued policy in force, its inception date and version. */
  policy: { number: string; inceptionDate: string; version: number };
  /** A policy adjusted once (Endorsement No. 1) and then cancelled (its notice). */
  endedPolicyNumber: string;
  /** A policy with a broker's change waiting for an underwriter. */
  waiting: { policyNumber: string; requestId: string };
}

interface RouteTemplate {
  caller: Caller;
  /** Valid bodies for the route (one picked per request). */
  bodies: (t: Target) => unknown[];
  params?: (t: Target) => Record<string, string>;
  /** Renders a PDF when the request is valid (tens of ms): most of its requests aim at a quote that is not there. */
  expensive?: boolean;
}

const SECTION_BODIES = [
  { financialOverview: FINANCIAL_OVERVIEW },
  { designLiability: DESIGN_LIABILITY },
  { activitySplit: ACTIVITY_SPLIT },
  { contracts: CONTRACTS },
  { declaration: MATERIAL_FACT_DECLARATION },
  {
    declaration: {
      ...MATERIAL_FACT_DECLARATION,
      retroactiveCover: "DATE",
      retroactiveDate: "2020-01-01",
      previousInsurer: "Fuzz Mutual",
      previousPolicyEndDate: "2026-11-30",
    },
  },
  { status: "QUOTED", financialOverview: FINANCIAL_OVERVIEW },
  { basePremium: "900.00", taxes: "108.00", totalPremium: "1008.00" },
  { proposerName: "Renamed Ltd", numberOfDirectors: 3, inceptionDate: "2026-12-01", expectedVersion: 2 },
];

const TEMPLATES: Record<string, RouteTemplate> = {
  "POST /api/auth/login": { caller: "none", bodies: () => [{ email: "fuzz-nobody@example.test", password: "x" }] },
  "POST /api/auth/logout": { caller: "none", bodies: () => [{}] },
  "POST /api/auth/register": {
    caller: "admin",
    bodies: () => [
      { name: "Fuzz User", email: "fuzz@example.test", password: "Quiet-Harbour-Violin-7", role: "BROKER" },
    ],
  },
  // The caller's current password is never sent right, so the fuzzing never changes it (it may lock the caller
  // out of this route for a while, which answers 429).
  "POST /api/me/password": {
    caller: "broker",
    bodies: () => [{ currentPassword: "Not-The-Current-1", newPassword: "Quiet-Harbour-Violin-7" }],
  },
  "POST /api/auth/login/second-factor": { caller: "none", bodies: () => [{ code: "123456" }, { code: "AAAA-BBBB" }] },
  "POST /api/me/two-factor/enrolment": { caller: "broker", bodies: () => [undefined] },
  // The code is never right, so the fuzzing never turns two-factor sign-in on or off for its callers.
  "POST /api/me/two-factor/enrolment/confirm": { caller: "broker", bodies: () => [{ code: "000000" }] },
  "POST /api/me/two-factor/disable": { caller: "broker", bodies: () => [{ code: "000000" }] },
  "POST /api/me/two-factor/recovery-codes": { caller: "broker", bodies: () => [{ code: "000000" }] },
  // The caller has no second factor: a code is refused without counting as a failed sign-in.
  "POST /api/me/reauthenticate": { caller: "broker", bodies: () => [{ code: "000000" }] },
  "PUT /api/settings/two-factor": { caller: "admin", bodies: () => [{ requiredRoles: [] }] },
  "POST /api/auth/password-reset/link": { caller: "none", bodies: () => [{ token: "A".repeat(43) }] },
  "POST /api/auth/password-reset": {
    caller: "none",
    bodies: () => [{ token: "A".repeat(43), newPassword: "Quiet-Harbour-Violin-7" }],
  },
  "POST /api/users/:id/password-reset": {
    caller: "admin",
    bodies: () => [undefined],
    params: (t) => ({ id: t.underwriterId }),
  },
  // A session id that is nobody's: the fuzzing never signs its own callers out this way.
  "DELETE /api/me/sessions/:id": {
    caller: "broker",
    bodies: () => [undefined],
    params: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
  },
  "POST /api/me/sessions/end-others": { caller: "broker", bodies: () => [undefined] },
  "POST /api/users/:id/sessions/end": {
    caller: "admin",
    bodies: () => [undefined],
    params: (t) => ({ id: t.underwriterId }),
  },
  // The underwriter has no second factor: the reset is refused, and nobody is signed out.
  "POST /api/users/:id/two-factor/reset": {
    caller: "admin",
    bodies: () => [undefined],
    params: (t) => ({ id: t.underwriterId }),
  },
  "PUT /api/users/:id/firm": {
    caller: "admin",
    bodies: () => [{ firmId: null, isFirmLead: false }],
    params: (t) => ({ id: t.userId }),
  },
  "POST /api/firms": {
    caller: "admin",
    bodies: () => [{ name: "Fuzz Firm", fcaReference: "123456", address: "1 Fuzz Lane", commissionRatePercent: 12.5 }],
  },
  "PUT /api/firms/:id": {
    caller: "admin",
    bodies: () => [{ name: "Fuzz Firm", fcaReference: "654321", address: "1 Fuzz Lane", commissionRatePercent: 0 }],
    params: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
  },
  "DELETE /api/firms/:id": {
    caller: "admin",
    bodies: () => [undefined],
    params: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
  },
  "POST /api/quotes/:id/hand-over": {
    caller: "broker",
    bodies: (t) => [{ brokerId: t.userId }],
    params: (t) => ({ id: t.quoteId }),
  },
  "DELETE /api/users/:id": { caller: "admin", bodies: () => [undefined], params: (t) => ({ id: t.userId }) },
  "PUT /api/users/:id/authority": {
    caller: "admin",
    bodies: () => [
      {
        maxCoverLimit: 1_000_000,
        maxGrossPremium: "5000.00",
        clearableReferralCodes: ["NON_UK_WORK"],
        counterMin: 0.95,
        counterMax: 1.05,
      },
      { maxCoverLimit: null, maxGrossPremium: null, clearableReferralCodes: null, counterMin: 0.85, counterMax: 1.15 },
    ],
    params: (t) => ({ id: t.underwriterId }),
  },
  "POST /api/rating/versions": {
    caller: "admin",
    bodies: () => [
      { name: "Fuzz", notes: "n", json: PI001_RATING_CONFIG, effectiveFrom: "2099-01-01", effectiveTo: null },
      { name: "Fuzz text", json: JSON.stringify(PI001_RATING_CONFIG), effectiveFrom: "2099-01-01" },
    ],
  },
  "PATCH /api/rating/versions/:id": {
    caller: "admin",
    bodies: () => [{ notes: "edited", effectiveTo: "2100-01-01" }, { json: PI001_RATING_CONFIG }],
    params: (t) => ({ id: t.ratingVersionId }),
  },
  "POST /api/rating/versions/:id/publish": {
    caller: "admin",
    bodies: () => [undefined, {}],
    params: (t) => ({ id: t.ratingVersionId }),
  },
  "POST /api/rating/versions/:id/impact": {
    caller: "admin",
    bodies: () => [undefined, {}],
    params: (t) => ({ id: t.ratingVersionId }),
  },
  "POST /api/quotes": { caller: "broker", bodies: () => [STEP_ONE] },
  "PATCH /api/quotes/:id": { caller: "broker", bodies: () => SECTION_BODIES, params: (t) => ({ id: t.quoteId }) },
  "POST /api/quotes/:id/rate": {
    caller: "broker",
    bodies: () => [
      STEP_SEVEN,
      {
        turnoverBand: "1m_to_1_5m",
        risk: {
          coverLimitAggregate: 2_000_000,
          excessDiscount: "5x",
          hasContentsInsurance: true,
          contentsLimit: 25_000,
        },
        limitBasis: "EACH_AND_EVERY",
        defenceCosts: "IN_ADDITION",
        runOffYears: 3,
        expectedVersion: 3,
      },
    ],
    params: (t) => ({ id: t.quoteId }),
  },
  "POST /api/quotes/:id/refer": {
    caller: "broker",
    bodies: () => [{ underwriterEmails: ["underwriter@example.com"], financialOverview: FINANCIAL_OVERVIEW }, {}],
    params: (t) => ({ id: t.quoteId }),
  },
  "POST /api/quotes/:id/issue": { caller: "broker", bodies: () => [{}, undefined], params: (t) => ({ id: t.quoteId }) },
  "POST /api/quotes/:id/renew": { caller: "broker", bodies: () => [{}, undefined], params: (t) => ({ id: t.quoteId }) },
  "POST /api/quotes/:id/uw/decision": {
    caller: "underwriter",
    bodies: () => [
      { decision: "COUNTER", adjustmentMultiplier: 1.1, uwNote: "Loaded for claims" },
      { decision: "APPROVED" },
      { decision: "DECLINED", uwNote: "Outside appetite" },
      {
        decision: "APPROVED",
        endorsements: ["ASB-EXCL", "NET-CONT"],
        subjectivities: [{ text: "Signed survey", timing: "PRE_BIND", dueDate: "2027-01-31" }],
      },
    ],
    params: (t) => ({ id: t.referredQuoteId }),
  },
  "PUT /api/quotes/:id/uw/commission": {
    caller: "underwriter",
    bodies: () => [{ ratePercent: 12.5 }, { ratePercent: 0, expectedVersion: 2 }],
    params: (t) => ({ id: t.referredQuoteId }),
  },
  "POST /api/quotes/:id/uw/questions": {
    caller: "underwriter",
    bodies: () => [{ question: "Was the claim settled?" }],
    params: (t) => ({ id: t.referredQuoteId }),
  },
  "POST /api/quotes/:id/questions/:questionId/answer": {
    caller: "broker",
    bodies: () => [{ answer: "Yes, in full." }],
    params: (t) => ({ id: t.referredQuoteId, questionId: t.questionId }),
  },
  "POST /api/quotes/:id/withdraw": {
    caller: "broker",
    bodies: () => [{}, undefined],
    params: (t) => ({ id: t.referredQuoteId }),
  },
  "POST /api/quotes/:id/subjectivities/:sid": {
    caller: "underwriter",
    bodies: () => [{ status: "SATISFIED" }, { status: "WAIVED" }],
    // No subjectivity by this id: the fuzzer attacks the body's reading, which comes first.
    params: (t) => ({ id: t.referredQuoteId, sid: "00000000-0000-4000-8000-000000000000" }),
  },
  "POST /api/endorsements": {
    caller: "admin",
    bodies: () => [{ code: "FUZZ-CL", title: "Fuzz clause", wording: "Fuzz wording." }],
  },
  "PUT /api/endorsements/:code": {
    caller: "admin",
    bodies: () => [{ title: "Fuzz clause", wording: "Fuzz wording." }],
    params: () => ({ code: "FFP-EXCL" }),
  },
  "POST /api/policies/:policyNumber/cancellation/figures": {
    caller: "broker",
    bodies: (t) => [{ effectiveDate: t.policy.inceptionDate }],
    params: (t) => ({ policyNumber: t.policy.number }),
  },
  "POST /api/policies/:policyNumber/cancellation": {
    caller: "broker",
    bodies: (t) => [{ effectiveDate: t.policy.inceptionDate, reason: "Fuzz", expectedVersion: t.policy.version }],
    params: (t) => ({ policyNumber: t.policy.number }),
  },
  "POST /api/policies/:policyNumber/run-off": {
    caller: "broker",
    bodies: (t) => [{ years: 6, startDate: t.policy.inceptionDate }],
    params: (t) => ({ policyNumber: t.policy.number }),
  },
  "POST /api/policies/:policyNumber/adjustments/figures": {
    caller: "broker",
    bodies: (t) => [
      { effectiveDate: t.policy.inceptionDate, changes: { tradingName: "Fuzz Trading" } },
      { effectiveDate: t.policy.inceptionDate, changes: { coverLimitAggregate: 2_000_000, excessDiscount: "2x" } },
    ],
    params: (t) => ({ policyNumber: t.policy.number }),
  },
  "POST /api/policies/:policyNumber/adjustments": {
    caller: "broker",
    bodies: (t) => [
      {
        effectiveDate: t.policy.inceptionDate,
        changes: { proposerName: "Fuzz Renamed Ltd", hasContentsInsurance: true, contentsLimit: 25_000 },
        expectedVersion: t.policy.version,
      },
    ],
    params: (t) => ({ policyNumber: t.policy.number }),
  },
  "POST /api/policies/:policyNumber/change-requests": {
    caller: "broker",
    bodies: (t) => [
      { effectiveDate: t.policy.inceptionDate, changes: { coverLimitAggregate: 5_000_000 }, expectedVersion: 2 },
    ],
    params: (t) => ({ policyNumber: t.policy.number }),
  },
  "POST /api/policies/:policyNumber/change-requests/:id/decision": {
    caller: "underwriter",
    bodies: () => [{ decision: "APPROVED" }, { decision: "DECLINED", note: "Outside appetite" }],
    params: (t) => ({ policyNumber: t.waiting.policyNumber, id: t.waiting.requestId }),
  },
  "POST /api/policies/:policyNumber/cancellation-notice": {
    caller: "broker",
    bodies: () => [undefined, {}],
    params: (t) => ({ policyNumber: t.endedPolicyNumber }),
    expensive: true,
  },
  "POST /api/policies/:policyNumber/endorsements/:number": {
    caller: "broker",
    bodies: () => [undefined, {}],
    params: (t) => ({ policyNumber: t.endedPolicyNumber, number: "1" }),
    expensive: true,
  },
  "POST /api/quotes/:id/statement-of-fact": {
    caller: "broker",
    bodies: () => [undefined, {}],
    params: (t) => ({ id: t.quoteId }),
    expensive: true,
  },
  "POST /api/quotes/:id/policy-schedule": {
    caller: "broker",
    bodies: () => [undefined, {}],
    params: (t) => ({ id: t.quoteId }),
    expensive: true,
  },
};

// ---------------------------------------------------------------------------------------------------------
// Malformations.

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key];
      out.push(path);
      pathsOf(child, path, out);
    }
  }
  return out;
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

type Edit = { kind: "delete" | "set" | "add"; pick: number; key: string; value: unknown };

function applyEdits(body: unknown, edits: Edit[]): unknown {
  let result = clone(body) ?? {};
  for (const edit of edits) {
    const paths = pathsOf(result);
    if (edit.kind === "add" || paths.length === 0) {
      const containers = [[], ...paths].filter((p) => {
        const target = p.reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k as string], result);
        return target !== null && typeof target === "object" && !Array.isArray(target);
      });
      const at = containers[edit.pick % Math.max(containers.length, 1)] ?? [];
      const target = at.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k as string], result);
      if (target && typeof target === "object") {
        // defineProperty, so "__proto__" becomes an own key that JSON.stringify sends.
        Object.defineProperty(target, edit.key, {
          value: edit.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else result = { [edit.key]: edit.value };
      continue;
    }
    const path = paths[edit.pick % paths.length] ?? [];
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k as string], result) as Record<string, unknown>;
    const last = path.at(-1) as string;
    if (edit.kind === "delete") {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else parent[last] = edit.value;
  }
  return result;
}

const editArb: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom("delete", "set", "set", "add"),
  pick: fc.nat(),
  key: nastyKey,
  value: nastyValue,
});

type Malformation =
  | { kind: "edit"; edits: Edit[] }
  | { kind: "json"; body: unknown }
  | { kind: "raw"; raw: string | Buffer; contentType: string | undefined }
  | { kind: "params"; id: string; edits: Edit[] }
  | { kind: "query"; query: string; edits: Edit[] };

const DEPTH = 50_000;
const rawArb: fc.Arbitrary<Malformation> = fc.record({
  kind: fc.constant("raw" as const),
  raw: fc.oneof(
    fc.constantFrom<string | Buffer>(
      "",
      "{",
      "{not json",
      "null",
      "[]",
      "1e999",
      '"just a string"',
      "[".repeat(DEPTH) + "]".repeat(DEPTH),
      `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`,
      Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
      Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
      `{"email":"${"a".repeat(1_100_000)}"}`,
      "email=a%40b.c&password=x",
      '{"a":1,"a":2,"__proto__":{"role":"ADMIN"}}',
    ),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  ),
  contentType: fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=latin1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "application/json-patch+json",
    undefined,
  ),
});

const malformationArb: fc.Arbitrary<Malformation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("edit" as const),
      edits: fc.array(editArb, { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("json" as const), body: nastyValue }) },
  { weight: 2, arbitrary: rawArb },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("params" as const),
      id: fc.oneof(
        fc.constantFrom("0", "-1", "null", "..", "%2e%2e%2f", "00000000-0000-0000-0000-000000000000", "x".repeat(5000)),
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.uuid(),
      ),
      edits: fc.array(editArb, { maxLength: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("query" as const),
      query: fc.oneof(
        fc.constantFrom("a=1&a=2", "__proto__[role]=ADMIN", "token=", "page=-1&pageSize=1e9", "%", "%zz"),
        fc.string({ maxLength: 50 }),
      ),
      edits: fc.array(editArb, { maxLength: 1 }),
    }),
  },
);

const requestArb = fc.record({
  route: fc.nat(),
  /** For expensive routes: 1 in 5 requests uses the real target. */
  realTarget: fc.nat({ max: 4 }).map((n) => n === 0),
  body: fc.nat(),
  wrongCaller: fc.oneof(
    { weight: 9, arbitrary: fc.constant(undefined) },
    fc.constantFrom<Caller>("broker", "underwriter", "admin", "none"),
  ),
  malformation: malformationArb,
});

// ---------------------------------------------------------------------------------------------------------

/** Routes that may end a caller's session: everyone signs in again after them. */
const isSessionRoute = (route: string) =>
  route === "POST /api/auth/login" ||
  route === "POST /api/auth/logout" ||
  route === "POST /api/users/:id/sessions/end" ||
  route === "POST /api/me/sessions/end-others";

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+/;

describeEachDatabase("fuzzing the write routes", (ctx) => {
  const shared = testDatabaseKinds().length > 1;
  const runs = !shared ? TOTAL_RUNS : ctx.kind === "pglite" ? Math.ceil(TOTAL_RUNS / 2) : Math.floor(TOTAL_RUNS / 2);

  // Generous: the CI form takes minutes on a busy two-CPU machine; `npm run fuzz` scales with its run count.
  describe(`${runs} malformed requests`, { timeout: Math.max(1_800_000, runs * 100) }, () => {
    it("never answers 5xx and stores nothing the domain schemas refuse", async () => {
      const routes = writeRoutes(ctx.app);
      const untemplated = routes.filter((route) => !(route in TEMPLATES));
      expect(untemplated, `Add a valid request for these write routes to TEMPLATES in ${import.meta.filename}`).toEqual(
        [],
      );

      const broker = await createTestUser(ctx.db, { role: "BROKER" });
      const underwriter = await createTestUser(ctx.db, { role: "UNDERWRITER" });
      const admin = await createTestUser(ctx.db, { role: "ADMIN" });
      const cookies: Record<Caller, string | undefined> = { broker: "", underwriter: "", admin: "", none: undefined };
      // Fuzzed sign-ins and sign-outs sent with a caller's cookie end that session: sign everyone in again.
      const signInCallers = async () => {
        cookies.broker = await signIn(ctx.app, broker.credentials);
        cookies.underwriter = await signIn(ctx.app, underwriter.credentials);
        cookies.admin = await signIn(ctx.app, admin.credentials);
      };
      await signInCallers();
      const app: FastifyInstance = ctx.app;

      // Targets are renewed every so often: an issued or declined quote would make later edits all 409s.
      let target: Target | undefined;
      const renewTargets = async () => {
        const quote = await createCompleteQuote(app, cookies.broker ?? "");
        await rateQuote(app, cookies.broker ?? "", quote.id);
        const risky = await createCompleteQuote(app, cookies.broker ?? "", { declaration: MATERIAL_FACT_DECLARATION });
        await rateQuote(app, cookies.broker ?? "", risky.id);
        await app.inject({
          method: "POST",
          url: `/api/quotes/${risky.id}/refer`,
          headers: { cookie: cookies.broker },
          payload: {},
        });
        const asked = await call<{ data: { id: string } }>(
          app,
          cookies.underwriter ?? "",
          "POST",
          `/api/quotes/${risky.id}/uw/questions`,
          { question: "Was the claim settled?" },
        );
        expect(asked.status, JSON.stringify(asked.body)).toBe(201);
        const version = await app.inject({
          method: "POST",
          url: "/api/rating/versions",
          headers: { cookie: cookies.admin },
          payload: { name: "Fuzz target", json: PI001_RATING_CONFIG, effectiveFrom: "2099-01-01" },
        });
        expect(version.statusCode, version.body).toBe(201);
        const doomed = await createTestUser(ctx.db, {
          email: `fuzz-doomed-${randomBytes(4).toString("hex")}@example.test`,
        });
        const underwriter = await createTestUser(ctx.db, {
          role: "UNDERWRITER",
          email: `fuzz-underwriter-${randomBytes(4).toString("hex")}@example.test`,
        });
        const issue = async () => {
          const bound = await createCompleteQuote(app, cookies.broker ?? "");
          await patchQuote(app, cookies.broker ?? "", bound.id, { status: "QUOTED" });
          const issued = await call(app, cookies.broker ?? "", "POST", `/api/quotes/${bound.id}/issue`, {});
          expect(issued.status, JSON.stringify(issued.body)).toBe(200);
          const data = issued.body.data;
          return { number: data.policyNumber ?? "", inceptionDate: data.inceptionDate, version: data.version };
        };
        const policyWrite = async (cookie: string, number: string, tail: string, payload: unknown) => {
          const answer = await call<{ data: { version: number; pendingChange: { id: string } | null } }>(
            app,
            cookie,
            "POST",
            `/api/policies/${encodeURIComponent(number)}${tail}`,
            payload,
          );
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          return answer.body.data;
        };
        const policy = await issue();
        const ended = await issue();
        const adjusted = await policyWrite(cookies.underwriter ?? "", ended.number, "/adjustments", {
          effectiveDate: ended.inceptionDate,
          changes: { tradingName: "Fuzz Ended Trading" },
          expectedVersion: ended.version,
        });
        await policyWrite(cookies.underwriter ?? "", ended.number, "/cancellation", {
          effectiveDate: ended.inceptionDate,
          reason: "Fuzz",
          expectedVersion: adjusted.version,
        });
        const pending = await issue();
        const referred = await policyWrite(cookies.broker ?? "", pending.number, "/change-requests", {
          effectiveDate: pending.inceptionDate,
          changes: { coverLimitAggregate: 5_000_000 },
          expectedVersion: pending.version,
        });
        target = {
          quoteId: quote.id,
          referredQuoteId: risky.id,
          questionId: asked.body.data.id,
          ratingVersionId: version.json().data.id,
          userId: doomed.user.id,
          underwriterId: underwriter.user.id,
          policy,
          endedPolicyNumber: ended.number,
          waiting: { policyNumber: pending.number, requestId: referred.pendingChange?.id ?? "" },
        };
      };
      await renewTargets();
      await createQuote(app, cookies.broker ?? "");

      const timing = new Map<string, number>();
      const statuses = new Map<number, number>();
      let sent = 0;
      const perRoute = new Map<string, number>();

      await fc.assert(
        fc.asyncProperty(requestArb, async (request) => {
          if (sent > 0 && sent % 500 === 0) await renewTargets();
          const t = target as Target;
          const route = routes[request.route % routes.length] ?? "";
          const template = TEMPLATES[route] as RouteTemplate;
          const [method, pathTemplate] = route.split(" ") as [string, string];
          const bodies = template.bodies(t);
          const base = bodies[request.body % bodies.length];
          const params = template.params?.(t) ?? {};
          if (template.expensive && !request.realTarget)
            for (const key of Object.keys(params)) params[key] = crypto.randomUUID();
          const m = request.malformation;
          if (m.kind === "params") for (const key of Object.keys(params)) params[key] = m.id;
          let url = pathTemplate.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
          if (m.kind === "query") url += `?${m.query}`;
          const caller = request.wrongCaller ?? template.caller;
          const headers: Record<string, string> = {};
          const cookie = cookies[caller];
          if (cookie) headers.cookie = cookie;

          let payload: string | Buffer | undefined;
          if (m.kind === "raw") {
            payload = m.raw;
            if (m.contentType) headers["content-type"] = m.contentType;
          } else {
            const body =
              m.kind === "json"
                ? m.body
                : m.kind === "edit" || m.kind === "params" || m.kind === "query"
                  ? applyEdits(base, m.edits)
                  : base;
            if (body !== undefined || m.kind !== "params") {
              payload = JSON.stringify(body ?? null);
              headers["content-type"] = "application/json";
            }
          }

          const started = performance.now();
          const response = await app.inject({
            method: method as "POST",
            url,
            headers,
            ...(payload !== undefined ? { payload } : {}),
          });
          sent += 1;
          const took = performance.now() - started;
          const timingKey = `${route} ${m.kind}`;
          timing.set(timingKey, (timing.get(timingKey) ?? 0) + took);
          perRoute.set(route, (perRoute.get(route) ?? 0) + 1);
          if (isSessionRoute(route) && cookie) await signInCallers();
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const shown = `${method} ${url.slice(0, 200)} as ${caller} (${m.kind}) -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, shown).toBeLessThan(500);
          expect(response.body, shown).not.toMatch(STACK_TRACE);
          if (response.statusCode >= 400) {
            const error = response.json() as { error?: unknown; code?: unknown };
            expect(typeof error.error, shown).toBe("string");
            expect(typeof error.code, shown).toBe("string");
          }
        }),
        { numRuns: runs, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );

      if (process.env.FUZZ_TIMING) console.info([...timing].sort((a, b) => b[1] - a[1]).slice(0, 15));
      const fiveXX = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      console.info(
        `[fuzz ${ctx.kind}] ${sent} requests over ${perRoute.size} write routes, 5xx seen: ${fiveXX}; ` +
          `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      expect(sent).toBeGreaterThanOrEqual(runs);
      expect(perRoute.size).toBe(routes.length);

      // Nothing invalid was stored: every row still reads back through the domain's schemas.
      const problems: string[] = [];
      const check = (what: string, result: { success: boolean; error?: unknown }) => {
        if (!result.success) problems.push(`${what}: ${String(result.error).slice(0, 400)}`);
      };
      for (const { id } of await ctx.db.select({ id: quotes.id }).from(quotes)) {
        const found = await findQuoteWithBroker(ctx.db, id);
        if (!found) continue;
        const q = found.quote;
        check(`quote ${q.reference}`, quoteSchema.safeParse(toQuoteResponse(q, found.broker, found.decidedBy)));
        if (q.financialOverview)
          check(`${q.reference} financialOverview`, financialOverviewSchema.safeParse(q.financialOverview));
        if (q.designLiability)
          check(`${q.reference} designLiability`, designLiabilitySchema.safeParse(q.designLiability));
        if (q.activitySplit) check(`${q.reference} activitySplit`, activitySplitSchema.safeParse(q.activitySplit));
        if (q.contracts) check(`${q.reference} contracts`, contractsSchema.safeParse(q.contracts));
        if (q.declaration) check(`${q.reference} declaration`, declarationSchema.safeParse(q.declaration));
        for (const [name, pence] of Object.entries({
          basePremium: q.basePremium,
          taxes: q.taxes,
          totalPremium: q.totalPremium,
          feesTotal: q.feesTotal,
        })) {
          if (pence !== null && (!Number.isSafeInteger(pence) || pence < 0))
            problems.push(`${q.reference} ${name} = ${pence}`);
        }
        if (q.numberOfDirectors < 1 || q.numberOfQualifiedStaff < 0) problems.push(`${q.reference} staff counts`);
      }
      for (const row of await ctx.db.select().from(users)) {
        check(`user ${row.email}`, userSchema.safeParse(toUserResponse(row)));
      }
      for (const row of await ctx.db.select().from(ratingVersions)) {
        const compiled = compileRatingConfig(row.json);
        if (!compiled.ok) problems.push(`rating version ${row.id}: ${JSON.stringify(compiled.issues).slice(0, 300)}`);
      }
      for (const row of await ctx.db
        .select({ entityType: auditLog.entityType, action: auditLog.action })
        .from(auditLog)) {
        if (!AUDIT_ENTITY_TYPES_FOR_TEST.includes(row.entityType) || !AUDIT_ACTIONS_FOR_TEST.includes(row.action)) {
          problems.push(`audit entry ${row.entityType}/${row.action}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
