/**
 * The authorization matrix, generated from the app's own route table: every route × (signed out, the BROKER who
 * owns the quote, another BROKER, UNDERWRITER, ADMIN) × (a quote of the first broker, a quote of the second),
 * each expecting exactly what docs/product/permissions.md allows. The rules are an explicit table keyed by "METHOD path";
 * a route without a rule fails with a message saying where to add it, and a rule without a route fails too.
 *
 * Requests carry valid bodies in a state where the action can succeed, so the answer is the authorization
 * decision and nothing else: "allow" must succeed, a refusal must be exactly 401 'Authentication required' or
 * 403 'Insufficient permissions' (404 'Policy not found' where a route hides what the caller may not see), and a refused write must leave the quote's version untouched.
 */

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { firms, users } from "../../src/server/db/schema";
import { routeTable } from "../security/route-table";
import { createTestUser, signIn } from "../support/auth";
import { describeEachDatabase, type TestContext } from "../support/harness";
import {
  call,
  createCompleteQuote,
  createQuote,
  FINANCIAL_OVERVIEW,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
  rateQuote,
  STEP_ONE,
  STEP_SEVEN,
} from "./quotes-fixtures";

// ---------------------------------------------------------------------------------------------------------
// Who is asking, and what they may do.

/** brokerA owns the first quote, brokerB the second; "own" and "someone else's" follow from that. */
const ACTORS = ["anonymous", "brokerA", "brokerB", "underwriter", "admin"] as const;
type Actor = (typeof ACTORS)[number];
type QuoteOwner = "brokerA" | "brokerB";
type Expectation = "allow" | 401 | 403 | 404;

const roleOf: Record<Exclude<Actor, "anonymous">, "BROKER" | "UNDERWRITER" | "ADMIN"> = {
  brokerA: "BROKER",
  brokerB: "BROKER",
  underwriter: "UNDERWRITER",
  admin: "ADMIN",
};

type Access = (actor: Actor, owner: QuoteOwner | undefined) => Expectation;

/** Anyone, signed in or not. */
const everyone: Access = () => "allow";
/** Any signed-in user. */
const signedIn: Access = (actor) => (actor === "anonymous" ? 401 : "allow");
/** Signed-in users holding one of these roles. */
const roles =
  (...allowed: ("BROKER" | "UNDERWRITER" | "ADMIN")[]): Access =>
  (actor) =>
    actor === "anonymous" ? 401 : allowed.includes(roleOf[actor]) ? "allow" : 403;
/** docs/product/permissions.md: a broker sees only their own quotes; underwriters and admins see all. */
const readQuote: Access = (actor, owner) =>
  actor === "anonymous" ? 401 : roleOf[actor] !== "BROKER" || actor === owner ? "allow" : 403;
/** docs/product/permissions.md: a policy as its quote; a broker asking for another's hears it does not exist. */
const readPolicy: Access = (actor, owner) =>
  actor === "anonymous" ? 401 : roleOf[actor] !== "BROKER" || actor === owner ? "allow" : 404;
/** docs/product/permissions.md: brokers change their own quotes, underwriters any; admins read but never edit. */
/** A policy another broker holds is not found, as when reading it; administrators may read but not change it. */
const changePolicy: Access = (actor, owner) =>
  actor === "anonymous" ? 401 : roleOf[actor] === "BROKER" && actor !== owner ? 404 : actor === "admin" ? 403 : "allow";

const editQuote: Access = (actor, owner) =>
  actor === "anonymous" ? 401 : actor === "admin" ? 403 : actor === "underwriter" || actor === owner ? "allow" : 403;
/** docs/product/permissions.md: the review screen needs an underwriter or the owning broker (without an e-mailed token). */
const reviewQuote: Access = (actor, owner) =>
  actor === "anonymous" ? 401 : actor === "underwriter" || actor === owner ? "allow" : 403;
/** docs/product/permissions.md: the quote's own broker answers the underwriter's question and withdraws its referral. */
const quoteBrokerOnly: Access = (actor, owner) => (actor === "anonymous" ? 401 : actor === owner ? "allow" : 403);
/**
 * docs/product/firms.md: only a firm's lead broker; the matrix's brokers belong to no firm, so every signed-in
 * actor is refused (tests/api/firms.test.ts covers the lead).
 */
const firmLeadOnly: Access = (actor) => (actor === "anonymous" ? 401 : 403);

const REFUSALS: Record<Exclude<Expectation, "allow">, string> = {
  401: "Authentication required",
  403: "Insufficient permissions",
  404: "Policy not found",
};

// ---------------------------------------------------------------------------------------------------------
// What each route needs to be able to succeed.

type QuoteState =
  | "draft"
  | "complete"
  | "rated"
  | "quoted"
  | "issued"
  | "adjusted"
  | "changeReferred"
  | "cancelled"
  | "referred"
  | "questioned"
  | "subjective";

interface Fixture {
  quoteId?: string;
  firmId?: string;
  userId?: string;
  ratingVersionId?: string;
  jobId?: string;
  companyNumber?: string;
  quoteReference?: string;
  /** The policy number of an issued quote. */
  policyNumber?: string;
  /** An issued quote's version, and the first date anyone may cancel it from (today, or its inception if later). */
  quoteVersion?: number;
  cancelFrom?: string;
  /** The change a broker sent to the underwriters, waiting on an issued policy. */
  changeRequestId?: string;
  /** The open question an underwriter asked on a referred quote. */
  questionId?: string;
  /** A pre-bind subjectivity an underwriter's approval set on the quote. */
  subjectivityId?: string;
  credentials?: { email: string; password: string };
}

interface Rule {
  access: Access;
  /** The quote the request acts on, and the state it must be in. */
  quote?: QuoteState;
  /** The request changes something that cannot be repeated: each allowed cell gets fresh data. */
  mutates?: boolean;
  /** Signs someone in or out: the actors' sessions are renewed after this route's cells. */
  touchesSessions?: boolean;
  /**
   * Asks for the password again once a sign-in is a few minutes old (re-authentication): the actors sign in afresh
   * before this route's cells, so the matrix checks who may call it, whatever time the cells before it took.
   */
  reauthenticates?: boolean;
  /** Answers that count as "allowed" (the default: 200 or 201). */
  success?: number[];
  /** Data the request needs besides a quote, made fresh per cell when `mutates`. */
  prepare?: (ctx: TestContext, setup: Setup) => Promise<Fixture>;
  request: (fixture: Fixture) => { url: string; payload?: unknown };
}

interface Setup {
  cookies: Record<Exclude<Actor, "anonymous">, string>;
  adminCookie: string;
}

let matrixFirms = 0;
/** A firm's details with an FCA number no other firm of the run has. */
function matrixFirm() {
  matrixFirms += 1;
  return {
    name: "Matrix Firm",
    fcaReference: String(3_000_000 + matrixFirms),
    address: "1 Matrix Row",
    commissionRatePercent: 10,
  };
}

async function insertMatrixFirm(ctx: TestContext): Promise<string> {
  const { commissionRatePercent, ...details } = matrixFirm();
  const [row] = await ctx.db
    .insert(firms)
    .values({ ...details, commissionRateBasisPoints: commissionRatePercent * 100 })
    .returning({ id: firms.id });
  if (!row) throw new Error("No firm inserted");
  return row.id;
}

function uniqueEmail(prefix: string) {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}

const draftRatingVersion = async (ctx: TestContext, setup: Setup): Promise<Fixture> => {
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/rating/versions",
    headers: { cookie: setup.adminCookie },
    payload: {
      name: `Matrix draft ${randomBytes(3).toString("hex")}`,
      json: PI001_RATING_CONFIG,
      effectiveFrom: "2099-01-01",
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ratingVersionId: created.json().data.id };
};

/** One rated quote per test database, whose reference 'Add case from quote' reads. */
const ratedQuoteReferences = new WeakMap<TestContext, Promise<string>>();
const ratedQuoteReference = async (ctx: TestContext, setup: Setup): Promise<Fixture> => {
  let reference = ratedQuoteReferences.get(ctx);
  if (!reference) {
    reference = createCompleteQuote(ctx.app, setup.cookies.brokerA).then((quote) => quote.reference);
    ratedQuoteReferences.set(ctx, reference);
  }
  return { quoteReference: await reference };
};

/**
 * THE RULE TABLE. A new route needs a line here saying who may call it (docs/product/permissions.md).
 * HEAD routes mirror their GET and are checked with it.
 */
const RULES: Record<string, Rule> = {
  // Operations and public documents.
  "GET /healthz": { access: everyone, request: () => ({ url: "/healthz" }) },
  "GET /api/openapi.json": { access: everyone, request: () => ({ url: "/api/openapi.json" }) },
  "GET /api/docs": { access: everyone, success: [200, 302], request: () => ({ url: "/api/docs" }) },
  "GET /api/docs/static/index.html": {
    access: everyone,
    success: [200, 302],
    request: () => ({ url: "/api/docs/static/index.html" }),
  },
  "GET /api/docs/static/swagger-initializer.js": {
    access: everyone,
    request: () => ({ url: "/api/docs/static/swagger-initializer.js" }),
  },
  "GET /api/docs/*": { access: everyone, request: () => ({ url: "/api/docs/static/swagger-ui.css" }) },
  "GET /api/docs/json": { access: everyone, request: () => ({ url: "/api/docs/json" }) },
  "GET /api/docs/yaml": { access: everyone, request: () => ({ url: "/api/docs/yaml" }) },
  "GET /api/config": { access: everyone, request: () => ({ url: "/api/config" }) },
  "GET /api/documents/dc-wording": { access: everyone, request: () => ({ url: "/api/documents/dc-wording" }) },

  // Sessions.
  "POST /api/auth/login": {
    access: everyone,
    mutates: true,
    touchesSessions: true,
    prepare: async (ctx) => ({
      credentials: (await createTestUser(ctx.db, { email: uniqueEmail("login") })).credentials,
    }),
    request: (f) => ({ url: "/api/auth/login", payload: f.credentials }),
  },
  "POST /api/auth/logout": { access: everyone, touchesSessions: true, request: () => ({ url: "/api/auth/logout" }) },
  "GET /api/me": { access: signedIn, request: () => ({ url: "/api/me" }) },
  // The second step of signing in is its own credential (the cookie of the password step): without one, 401.
  "POST /api/auth/login/second-factor": {
    access: everyone,
    success: [401],
    request: () => ({ url: "/api/auth/login/second-factor", payload: { code: "123456" } }),
  },
  "GET /api/me/two-factor": { access: signedIn, request: () => ({ url: "/api/me/two-factor" }) },
  "POST /api/me/two-factor/enrolment": {
    access: signedIn,
    reauthenticates: true,
    request: () => ({ url: "/api/me/two-factor/enrolment" }),
  },
  // The actors never turn two-factor sign-in on: a wrong code is refused under its field (tests/api/two-factor.test.ts
  // enrols users).
  "POST /api/me/two-factor/enrolment/confirm": {
    access: signedIn,
    reauthenticates: true,
    // 409 when enrolment was not started first: the matrix does not fix the order of the routes.
    success: [400, 409],
    request: () => ({ url: "/api/me/two-factor/enrolment/confirm", payload: { code: "000000" } }),
  },
  "POST /api/me/two-factor/disable": {
    access: signedIn,
    success: [409],
    request: () => ({ url: "/api/me/two-factor/disable", payload: { code: "123456" } }),
  },
  // The actors have no second factor: refused before the code is checked, never counted.
  "POST /api/me/two-factor/recovery-codes": {
    access: signedIn,
    success: [409],
    request: () => ({ url: "/api/me/two-factor/recovery-codes", payload: { code: "123456" } }),
  },
  // Neither password nor code: the request stops at the body's rule and never counts as a failed sign-in.
  "POST /api/me/reauthenticate": {
    access: signedIn,
    success: [400],
    request: () => ({ url: "/api/me/reauthenticate", payload: {} }),
  },
  "GET /api/settings/two-factor": { access: roles("ADMIN"), request: () => ({ url: "/api/settings/two-factor" }) },
  "PUT /api/settings/two-factor": {
    access: roles("ADMIN"),
    reauthenticates: true,
    request: () => ({ url: "/api/settings/two-factor", payload: { requiredRoles: [] } }),
  },
  // Every signed-in user may change their own password; the matrix's actors keep theirs, so the request stops at
  // the new password's length rule (tests/api/passwords.test.ts changes passwords).
  "POST /api/me/password": {
    access: signedIn,
    success: [400],
    request: () => ({ url: "/api/me/password", payload: { currentPassword: "x", newPassword: "short" } }),
  },
  // Every signed-in user lists and ends their own sessions; a session id that is not theirs answers 404 alike.
  "GET /api/me/sessions": { access: signedIn, request: () => ({ url: "/api/me/sessions" }) },
  "DELETE /api/me/sessions/:id": {
    access: signedIn,
    success: [404],
    request: () => ({ url: "/api/me/sessions/00000000-0000-4000-8000-000000000000" }),
  },
  "POST /api/me/sessions/end-others": {
    access: signedIn,
    touchesSessions: true,
    request: () => ({ url: "/api/me/sessions/end-others" }),
  },
  // A reset link is its own credential: anyone may present one (this one was never issued).
  "POST /api/auth/password-reset/link": {
    access: everyone,
    success: [400],
    request: () => ({ url: "/api/auth/password-reset/link", payload: { token: "A".repeat(43) } }),
  },
  "POST /api/auth/password-reset": {
    access: everyone,
    success: [400],
    request: () => ({
      url: "/api/auth/password-reset",
      payload: { token: "A".repeat(43), newPassword: "Quiet-Harbour-Violin-7" },
    }),
  },

  // Broker firms (ADMIN only; a firm's lead reads its brokers and hands quotes over).
  "GET /api/firms": { access: roles("ADMIN"), request: () => ({ url: "/api/firms" }) },
  "POST /api/firms": {
    access: roles("ADMIN"),
    mutates: true,
    request: () => ({ url: "/api/firms", payload: matrixFirm() }),
  },
  "PUT /api/firms/:id": {
    access: roles("ADMIN"),
    mutates: true,
    prepare: async (ctx) => ({ firmId: await insertMatrixFirm(ctx) }),
    request: (f) => ({ url: `/api/firms/${f.firmId}`, payload: matrixFirm() }),
  },
  "DELETE /api/firms/:id": {
    access: roles("ADMIN"),
    mutates: true,
    prepare: async (ctx) => ({ firmId: await insertMatrixFirm(ctx) }),
    request: (f) => ({ url: `/api/firms/${f.firmId}` }),
  },
  "PUT /api/users/:id/firm": {
    access: roles("ADMIN"),
    mutates: true,
    prepare: async (ctx) => ({
      firmId: await insertMatrixFirm(ctx),
      userId: (await createTestUser(ctx.db, { email: uniqueEmail("firm") })).user.id,
    }),
    request: (f) => ({ url: `/api/users/${f.userId}/firm`, payload: { firmId: f.firmId, isFirmLead: true } }),
  },
  "GET /api/firm/brokers": { access: firmLeadOnly, request: () => ({ url: "/api/firm/brokers" }) },
  "POST /api/quotes/:id/hand-over": {
    access: firmLeadOnly,
    quote: "draft",
    prepare: async (ctx) => ({ userId: (await createTestUser(ctx.db, { email: uniqueEmail("to") })).user.id }),
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/hand-over`, payload: { brokerId: f.userId } }),
  },

  // Users (ADMIN only).
  "POST /api/auth/register": {
    access: roles("ADMIN"),
    reauthenticates: true,
    request: () => ({
      url: "/api/auth/register",
      payload: {
        name: "Matrix User",
        email: uniqueEmail("register"),
        password: "Quiet-Harbour-Violin-7",
        role: "BROKER",
      },
    }),
  },
  "GET /api/users": { access: roles("ADMIN"), request: () => ({ url: "/api/users" }) },
  "DELETE /api/users/:id": {
    access: roles("ADMIN"),
    reauthenticates: true,
    mutates: true,
    prepare: async (ctx) => ({ userId: (await createTestUser(ctx.db, { email: uniqueEmail("doomed") })).user.id }),
    request: (f) => ({ url: `/api/users/${f.userId}` }),
  },
  "POST /api/users/:id/password-reset": {
    access: roles("ADMIN"),
    mutates: true,
    prepare: async (ctx) => ({ userId: (await createTestUser(ctx.db, { email: uniqueEmail("reset") })).user.id }),
    request: (f) => ({ url: `/api/users/${f.userId}/password-reset` }),
  },
  "POST /api/users/:id/sessions/end": {
    access: roles("ADMIN"),
    mutates: true,
    prepare: async (ctx) => ({ userId: (await createTestUser(ctx.db, { email: uniqueEmail("ended") })).user.id }),
    request: (f) => ({ url: `/api/users/${f.userId}/sessions/end` }),
  },
  "POST /api/users/:id/two-factor/reset": {
    access: roles("ADMIN"),
    reauthenticates: true,
    mutates: true,
    prepare: async (ctx) => {
      const { user } = await createTestUser(ctx.db, { email: uniqueEmail("lost-phone") });
      await ctx.db
        .update(users)
        .set({ totpSecret: "JBSWY3DPEHPK3PXP", totpEnabledAt: new Date() })
        .where(eq(users.id, user.id));
      return { userId: user.id };
    },
    request: (f) => ({ url: `/api/users/${f.userId}/two-factor/reset` }),
  },
  "PUT /api/users/:id/authority": {
    access: roles("ADMIN"),
    mutates: true,
    prepare: async (ctx) => ({
      userId: (await createTestUser(ctx.db, { role: "UNDERWRITER", email: uniqueEmail("authority") })).user.id,
    }),
    request: (f) => ({
      url: `/api/users/${f.userId}/authority`,
      payload: {
        maxCoverLimit: 1_000_000,
        maxGrossPremium: "5000.00",
        clearableReferralCodes: null,
        counterMin: 0.95,
        counterMax: 1.05,
      },
    }),
  },
  "GET /api/audit": { access: roles("ADMIN"), request: () => ({ url: "/api/audit" }) },
  // Management information: every role, each seeing the figures docs/product/permissions.md gives it.
  "GET /api/mi/:chart": {
    access: roles("BROKER", "UNDERWRITER", "ADMIN"),
    request: () => ({ url: "/api/mi/premium" }),
  },
  "GET /api/mi/:chart/csv": {
    access: roles("BROKER", "UNDERWRITER", "ADMIN"),
    request: () => ({ url: "/api/mi/firms/csv?from=2026-01&to=2026-11" }),
  },
  "GET /api/bordereau": {
    access: roles("UNDERWRITER", "ADMIN"),
    request: () => ({ url: "/api/bordereau?month=2026-11" }),
  },
  "GET /api/bordereau/receipts": {
    access: roles("UNDERWRITER", "ADMIN"),
    request: () => ({ url: "/api/bordereau/receipts?month=2026-11" }),
  },

  // Rating versions (ADMIN only).
  "GET /api/rating/versions": { access: roles("ADMIN"), request: () => ({ url: "/api/rating/versions" }) },
  "POST /api/rating/versions": {
    access: roles("ADMIN"),
    request: () => ({
      url: "/api/rating/versions",
      payload: { name: "Matrix version", json: PI001_RATING_CONFIG, effectiveFrom: "2099-01-01" },
    }),
  },
  "GET /api/rating/versions/case-from-quote": {
    access: roles("ADMIN"),
    prepare: ratedQuoteReference,
    request: (f) => ({ url: `/api/rating/versions/case-from-quote?reference=${f.quoteReference}` }),
  },
  "GET /api/rating/versions/:id": {
    access: roles("ADMIN"),
    prepare: draftRatingVersion,
    request: (f) => ({ url: `/api/rating/versions/${f.ratingVersionId}` }),
  },
  "PATCH /api/rating/versions/:id": {
    access: roles("ADMIN"),
    prepare: draftRatingVersion,
    request: (f) => ({ url: `/api/rating/versions/${f.ratingVersionId}`, payload: { notes: "Edited by the matrix" } }),
  },
  "POST /api/rating/versions/:id/publish": {
    access: roles("ADMIN"),
    reauthenticates: true,
    mutates: true,
    prepare: draftRatingVersion,
    request: (f) => ({ url: `/api/rating/versions/${f.ratingVersionId}/publish` }),
  },

  "POST /api/rating/versions/:id/impact": {
    access: roles("ADMIN"),
    prepare: draftRatingVersion,
    success: [202],
    request: (f) => ({ url: `/api/rating/versions/${f.ratingVersionId}/impact` }),
  },
  "GET /api/rating/versions/:id/impact/:jobId": {
    access: roles("ADMIN"),
    prepare: async (ctx, setup) => {
      const { ratingVersionId } = await draftRatingVersion(ctx, setup);
      const started = await ctx.app.inject({
        method: "POST",
        url: `/api/rating/versions/${ratingVersionId}/impact`,
        headers: { cookie: setup.adminCookie },
      });
      expect(started.statusCode, started.body).toBe(202);
      const jobId: string = started.json().data.id;
      // The analysis rates on a worker thread, whose first start takes a moment: wait for it to finish, so the
      // next actor's analysis is not refused as one too many running at once.
      for (;;) {
        const job = await ctx.app.inject({
          url: `/api/rating/versions/${ratingVersionId}/impact/${jobId}`,
          headers: { cookie: setup.adminCookie },
        });
        if (job.json().data.status !== "running") break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { ratingVersionId, jobId };
    },
    request: (f) => ({ url: `/api/rating/versions/${f.ratingVersionId}/impact/${f.jobId}` }),
  },

  // Reference data for the wizard (signed in).
  "GET /api/business-activities": { access: signedIn, request: () => ({ url: "/api/business-activities?q=arch" }) },
  "GET /api/companies/search": { access: signedIn, request: () => ({ url: "/api/companies/search?q=construction" }) },
  "GET /api/companies/:companyNumber/officers": {
    access: signedIn,
    prepare: async (ctx, setup) => {
      const found = await ctx.app.inject({
        method: "GET",
        url: "/api/companies/search?q=construction",
        headers: { cookie: setup.adminCookie },
      });
      return { companyNumber: found.json().items[0].company_number };
    },
    request: (f) => ({ url: `/api/companies/${f.companyNumber}/officers` }),
  },

  // Quotes.
  "GET /api/quotes": { access: signedIn, request: () => ({ url: "/api/quotes" }) },
  "GET /api/quotes/stats": { access: signedIn, request: () => ({ url: "/api/quotes/stats" }) },
  "GET /api/quotes/renewals-due": {
    access: roles("BROKER", "UNDERWRITER"),
    request: () => ({ url: "/api/quotes/renewals-due" }),
  },
  "POST /api/quotes/:id/renew": {
    access: editQuote,
    quote: "issued",
    mutates: true,
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/renew`, payload: {} }),
  },
  "POST /api/quotes": {
    access: roles("BROKER", "UNDERWRITER"),
    request: () => ({ url: "/api/quotes", payload: STEP_ONE }),
  },
  "GET /api/policies/:policyNumber": {
    access: readPolicy,
    quote: "issued",
    request: (f) => ({ url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}` }),
  },
  "POST /api/policies/:policyNumber/cancellation/figures": {
    access: changePolicy,
    quote: "issued",
    request: (f) => ({
      url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/cancellation/figures`,
      payload: { effectiveDate: f.cancelFrom },
    }),
  },
  "POST /api/policies/:policyNumber/run-off": {
    access: changePolicy,
    quote: "issued",
    mutates: true,
    request: (f) => ({
      url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/run-off`,
      payload: { years: 6, startDate: f.cancelFrom },
    }),
  },
  "POST /api/policies/:policyNumber/cancellation": {
    access: changePolicy,
    quote: "issued",
    mutates: true,
    request: (f) => ({
      url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/cancellation`,
      payload: {
        effectiveDate: f.cancelFrom,
        reason: "The insured has ceased trading",
        expectedVersion: f.quoteVersion,
      },
    }),
  },
  "POST /api/policies/:policyNumber/adjustments/figures": {
    access: changePolicy,
    quote: "issued",
    request: (f) => ({
      url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/adjustments/figures`,
      payload: { effectiveDate: f.cancelFrom, changes: { tradingName: "Renamed Trading Ltd" } },
    }),
  },
  "POST /api/policies/:policyNumber/adjustments": {
    access: changePolicy,
    quote: "issued",
    mutates: true,
    request: (f) => ({
      url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/adjustments`,
      payload: {
        effectiveDate: f.cancelFrom,
        changes: { tradingName: "Renamed Trading Ltd" },
        expectedVersion: f.quoteVersion,
      },
    }),
  },
  "POST /api/policies/:policyNumber/change-requests": {
    access: changePolicy,
    quote: "issued",
    mutates: true,
    // A higher limit refers for a broker; for an underwriter it binds at once, so sending it is refused (409).
    success: [201, 409],
    request: (f) => ({
      url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/change-requests`,
      payload: {
        effectiveDate: f.cancelFrom,
        changes: { coverLimitAggregate: 5_000_000 },
        expectedVersion: f.quoteVersion,
      },
    }),
  },
  "POST /api/policies/:policyNumber/change-requests/:id/decision": {
    access: roles("UNDERWRITER"),
    quote: "changeReferred",
    mutates: true,
    request: (f) => ({
      url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/change-requests/${f.changeRequestId}/decision`,
      payload: { decision: "DECLINED", note: "Outside our appetite" },
    }),
  },
  "GET /api/uw/policy-changes": {
    access: roles("UNDERWRITER", "ADMIN"),
    request: () => ({ url: "/api/uw/policy-changes" }),
  },
  "POST /api/policies/:policyNumber/endorsements/:number": {
    access: readPolicy,
    quote: "adjusted",
    request: (f) => ({ url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/endorsements/1` }),
  },
  "POST /api/policies/:policyNumber/cancellation-notice": {
    access: readPolicy,
    quote: "cancelled",
    request: (f) => ({ url: `/api/policies/${encodeURIComponent(f.policyNumber ?? "")}/cancellation-notice` }),
  },
  "GET /api/quotes/:id": { access: readQuote, quote: "draft", request: (f) => ({ url: `/api/quotes/${f.quoteId}` }) },
  "PATCH /api/quotes/:id": {
    access: editQuote,
    quote: "draft",
    mutates: true,
    request: (f) => ({
      url: `/api/quotes/${f.quoteId}`,
      payload: { financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 654_321 } },
    }),
  },
  "POST /api/quotes/:id/rate": {
    access: editQuote,
    quote: "complete",
    mutates: true,
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/rate`, payload: STEP_SEVEN }),
  },
  "GET /api/quotes/:id/options": {
    access: readQuote,
    quote: "complete",
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/options` }),
  },
  "GET /api/quotes/:id/receipt": {
    access: readQuote,
    quote: "complete",
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/receipt` }),
  },
  "POST /api/quotes/:id/refer": {
    access: editQuote,
    quote: "rated",
    mutates: true,
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/refer`, payload: {} }),
  },
  "POST /api/quotes/:id/issue": {
    access: editQuote,
    quote: "quoted",
    mutates: true,
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/issue`, payload: {} }),
  },
  "POST /api/quotes/:id/uw/decision": {
    access: roles("UNDERWRITER"),
    quote: "referred",
    mutates: true,
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/uw/decision`, payload: { decision: "APPROVED" } }),
  },
  "PUT /api/quotes/:id/uw/commission": {
    access: roles("UNDERWRITER"),
    quote: "rated",
    mutates: true,
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/uw/commission`, payload: { ratePercent: 10 } }),
  },
  "GET /api/uw/queue": { access: roles("UNDERWRITER", "ADMIN"), request: () => ({ url: "/api/uw/queue" }) },
  "POST /api/quotes/:id/uw/questions": {
    access: roles("UNDERWRITER"),
    quote: "referred",
    mutates: true,
    request: (f) => ({
      url: `/api/quotes/${f.quoteId}/uw/questions`,
      payload: { question: "Who checks the designs?" },
    }),
  },
  "GET /api/quotes/:id/questions": {
    access: readQuote,
    quote: "questioned",
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/questions` }),
  },
  "GET /api/questions/open": { access: signedIn, request: () => ({ url: "/api/questions/open" }) },
  "POST /api/quotes/:id/questions/:questionId/answer": {
    access: quoteBrokerOnly,
    quote: "questioned",
    mutates: true,
    request: (f) => ({
      url: `/api/quotes/${f.quoteId}/questions/${f.questionId}/answer`,
      payload: { answer: "A chartered engineer." },
    }),
  },
  "POST /api/quotes/:id/withdraw": {
    access: quoteBrokerOnly,
    quote: "referred",
    mutates: true,
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/withdraw`, payload: {} }),
  },
  "GET /api/uw/subjectivities/overdue": {
    access: roles("UNDERWRITER", "ADMIN"),
    request: () => ({ url: "/api/uw/subjectivities/overdue" }),
  },
  "GET /api/quotes/:id/terms": {
    access: readQuote,
    quote: "draft",
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/terms` }),
  },
  "POST /api/quotes/:id/subjectivities/:sid": {
    access: roles("UNDERWRITER"),
    quote: "subjective",
    mutates: true,
    request: (f) => ({
      url: `/api/quotes/${f.quoteId}/subjectivities/${f.subjectivityId}`,
      payload: { status: "WAIVED" },
    }),
  },
  // The endorsement library: underwriters read it, administrators keep it.
  "GET /api/endorsements": { access: roles("UNDERWRITER", "ADMIN"), request: () => ({ url: "/api/endorsements" }) },
  "POST /api/endorsements": {
    access: roles("ADMIN"),
    mutates: true,
    request: () => ({
      url: "/api/endorsements",
      payload: {
        code: `MX-${randomBytes(4).toString("hex").toUpperCase()}`,
        title: "Matrix clause",
        wording: "Wording.",
      },
    }),
  },
  "PUT /api/endorsements/:code": {
    access: roles("ADMIN"),
    mutates: true,
    request: () => ({
      url: "/api/endorsements/NET-CONT",
      payload: { title: "Net contribution clause", wording: "Wording." },
    }),
  },
  "GET /api/uw/review/:id": {
    access: reviewQuote,
    quote: "referred",
    request: (f) => ({ url: `/api/uw/review/${f.quoteId}` }),
  },
  "POST /api/quotes/:id/statement-of-fact": {
    access: readQuote,
    quote: "rated",
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/statement-of-fact` }),
  },
  "POST /api/quotes/:id/policy-schedule": {
    access: readQuote,
    quote: "rated",
    request: (f) => ({ url: `/api/quotes/${f.quoteId}/policy-schedule` }),
  },
};

/** A body no route accepts: wrong types for the fields routes read, and a rating configuration that cannot compile. */
const INVALID_BODY = {
  proposerName: 5,
  name: 5,
  email: 5,
  password: 5,
  decision: 5,
  notes: 5,
  json: { not: "a rating configuration" },
  effectiveFrom: "not a date",
  financialOverview: "nothing",
};

// ---------------------------------------------------------------------------------------------------------
// The route table, as the app itself reports it.

// ---------------------------------------------------------------------------------------------------------

describeEachDatabase("authorization matrix", (ctx) => {
  let setup: Setup;
  const brokers: Partial<Record<QuoteOwner, { email: string; password: string }>> = {};

  async function signInActors(): Promise<void> {
    setup = {
      cookies: {
        brokerA: await signIn(ctx.app, brokers.brokerA ?? { email: "", password: "" }),
        brokerB: await signIn(ctx.app, brokers.brokerB ?? { email: "", password: "" }),
        underwriter: await signIn(ctx.app, "UNDERWRITER"),
        admin: await signIn(ctx.app, "ADMIN"),
      },
      adminCookie: await signIn(ctx.app, "ADMIN"),
    };
  }

  async function makeQuote(owner: QuoteOwner, state: QuoteState): Promise<string> {
    const cookie = setup.cookies[owner];
    if (state === "draft") return (await createQuote(ctx.app, cookie)).id;
    const referring = state === "referred" || state === "questioned" || state === "subjective";
    const quote = await createCompleteQuote(
      ctx.app,
      cookie,
      referring ? { declaration: MATERIAL_FACT_DECLARATION } : {},
    );
    if (state === "complete") return quote.id;
    await rateQuote(ctx.app, cookie, quote.id);
    const issuing = state === "issued" || state === "adjusted" || state === "changeReferred" || state === "cancelled";
    if (state === "quoted" || issuing) await patchQuote(ctx.app, cookie, quote.id, { status: "QUOTED" });
    if (issuing) {
      const issued = await call(ctx.app, cookie, "POST", `/api/quotes/${quote.id}/issue`, {});
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    }
    if (state === "adjusted") {
      // Renamed by an underwriter from its inception date: the policy's Endorsement No. 1.
      const { policyNumber, inceptionDate, version } = issuedBody(await storedQuote(quote.id));
      const adjusted = await call(
        ctx.app,
        setup.cookies.underwriter,
        "POST",
        `/api/policies/${encodeURIComponent(policyNumber)}/adjustments`,
        { effectiveDate: inceptionDate, changes: { tradingName: "Renamed Trading Ltd" }, expectedVersion: version },
      );
      expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    }
    if (state === "changeReferred") {
      // A higher limit refers: the policy's broker sends it to the underwriters.
      const { policyNumber, inceptionDate, version } = issuedBody(await storedQuote(quote.id));
      const referred = await call(
        ctx.app,
        cookie,
        "POST",
        `/api/policies/${encodeURIComponent(policyNumber)}/change-requests`,
        { effectiveDate: inceptionDate, changes: { coverLimitAggregate: 5_000_000 }, expectedVersion: version },
      );
      expect(referred.status, JSON.stringify(referred.body)).toBe(201);
    }
    if (state === "cancelled") {
      // Cancelled by an underwriter from its inception date, whatever today is.
      const { policyNumber, inceptionDate, version } = issuedBody(await storedQuote(quote.id));
      const cancelled = await call(
        ctx.app,
        setup.cookies.underwriter,
        "POST",
        `/api/policies/${encodeURIComponent(policyNumber)}/cancellation`,
        { effectiveDate: inceptionDate, reason: "The insured has ceased trading", expectedVersion: version },
      );
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
    }
    if (referring) {
      const referred = await call(ctx.app, cookie, "POST", `/api/quotes/${quote.id}/refer`, {});
      expect(referred.status, JSON.stringify(referred.body)).toBe(200);
    }
    if (state === "questioned") {
      const asked = await call(ctx.app, setup.cookies.underwriter, "POST", `/api/quotes/${quote.id}/uw/questions`, {
        question: "Who checks the designs?",
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    }
    if (state === "subjective") {
      const approved = await call(ctx.app, setup.cookies.underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
        decision: "APPROVED",
        subjectivities: [{ text: "Signed survey", timing: "PRE_BIND", dueDate: todayInLondon(ctx.clock.now()) }],
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    }
    return quote.id;
  }

  async function storedQuote(
    id: string,
  ): Promise<{ version: number; policyNumber: string | null; inceptionDate: string }> {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/quotes/${id}`,
      headers: { cookie: setup.adminCookie },
    });
    return response.json().data;
  }
  const quoteVersion = async (id: string) => (await storedQuote(id)).version;
  const issuedBody = (stored: { policyNumber: string | null; inceptionDate: string; version: number }) => ({
    ...stored,
    policyNumber: stored.policyNumber ?? "",
  });

  it("has a rule for every route the app serves, and a route for every rule", () => {
    const routes = routeTable(ctx.app);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((route) => !(route in RULES));
    expect(
      missing,
      `No authorization rule for ${missing.join(", ")}. Add each to RULES in tests/api/authz-matrix.test.ts ` +
        "with who may call it (docs/product/permissions.md) and a request that can succeed.",
    ).toEqual([]);
    const stale = Object.keys(RULES).filter((rule) => !routes.includes(rule));
    expect(stale, `RULES in tests/api/authz-matrix.test.ts names routes the app no longer serves: ${stale}`).toEqual(
      [],
    );
  });

  describe("every route × every caller × own and someone else's quote", { timeout: 600_000 }, () => {
    it("answers exactly what docs/product/permissions.md allows", async () => {
      brokers.brokerA = (await createTestUser(ctx.db, { role: "BROKER" })).credentials;
      brokers.brokerB = (await createTestUser(ctx.db, { role: "BROKER" })).credentials;
      await signInActors();
      const shared = new Map<string, string>();
      const sharedQuote = async (owner: QuoteOwner, state: QuoteState) => {
        const key = `${owner}:${state}`;
        if (!shared.has(key)) shared.set(key, await makeQuote(owner, state));
        return shared.get(key) ?? "";
      };

      const failures: string[] = [];
      let cells = 0;
      for (const route of routeTable(ctx.app)) {
        const rule = RULES[route];
        if (!rule) continue; // reported by the test above
        if (rule.reauthenticates) await signInActors();
        const method = route.split(" ")[0] ?? "GET";
        const owners: (QuoteOwner | undefined)[] = rule.quote ? ["brokerA", "brokerB"] : [undefined];
        for (const owner of owners) {
          for (const actor of ACTORS) {
            const expected = rule.access(actor, owner);
            const fresh = rule.mutates && expected === "allow";
            const fixture: Fixture = rule.prepare ? await rule.prepare(ctx, setup) : {};
            if (rule.quote && owner) {
              fixture.quoteId = fresh ? await makeQuote(owner, rule.quote) : await sharedQuote(owner, rule.quote);
              if (rule.quote === "questioned") {
                const questions = await ctx.app.inject({
                  method: "GET",
                  url: `/api/quotes/${fixture.quoteId}/questions`,
                  headers: { cookie: setup.cookies.underwriter },
                });
                fixture.questionId = questions.json().data.at(-1)?.id ?? "";
              }
              if (rule.quote === "subjective") {
                const terms = await ctx.app.inject({
                  method: "GET",
                  url: `/api/quotes/${fixture.quoteId}/terms`,
                  headers: { cookie: setup.cookies.underwriter },
                });
                fixture.subjectivityId = terms.json().data.subjectivities[0]?.id;
              }
              if (["issued", "adjusted", "changeReferred", "cancelled"].includes(rule.quote)) {
                const stored = await storedQuote(fixture.quoteId);
                const today = todayInLondon(ctx.clock.now());
                fixture.policyNumber = stored.policyNumber ?? "";
                fixture.quoteVersion = stored.version;
                fixture.cancelFrom = stored.inceptionDate > today ? stored.inceptionDate : today;
                if (rule.quote === "changeReferred") {
                  const policy = await ctx.app.inject({
                    method: "GET",
                    url: `/api/policies/${encodeURIComponent(fixture.policyNumber)}`,
                    headers: { cookie: setup.cookies.underwriter },
                  });
                  fixture.changeRequestId = policy.json().data.pendingChange?.id ?? "";
                }
              }
            }
            const versionBefore = fixture.quoteId && expected !== "allow" ? await quoteVersion(fixture.quoteId) : 0;
            const { url, payload } = rule.request(fixture);
            const cookie = actor === "anonymous" ? undefined : setup.cookies[actor];
            const response = await ctx.app.inject({
              method: method as "GET",
              url,
              headers: cookie ? { cookie } : {},
              ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
            });
            cells += 1;
            const where = `${route} as ${actor}${owner ? ` on ${owner === actor ? "own" : `${owner}'s`} quote` : ""}`;
            const status = response.statusCode;
            if (expected === "allow") {
              if (!(rule.success ?? [200, 201]).includes(status)) {
                failures.push(`${where}: expected success, got ${status} ${response.body.slice(0, 200)}`);
              }
            } else {
              const body = response.json();
              const message = REFUSALS[expected];
              if (status !== expected || body.error !== message) {
                failures.push(
                  `${where}: expected ${expected} '${message}', got ${status} ${response.body.slice(0, 200)}`,
                );
              }
              if (fixture.quoteId && (await quoteVersion(fixture.quoteId)) !== versionBefore) {
                failures.push(`${where}: a refused request changed the quote`);
              }
              // Who may call a route is decided before its body is read: a caller refused for who they are (not
              // for whose quote it is, which needs the quote) gets the same answer with a body that is not valid,
              // never the validation details.
              const refusedWhoeverOwns = owners.every((o) => rule.access(actor, o) !== "allow");
              if (payload !== undefined && refusedWhoeverOwns) {
                const invalid = await ctx.app.inject({
                  method: method as "GET",
                  url,
                  headers: cookie ? { cookie } : {},
                  payload: INVALID_BODY,
                });
                cells += 1;
                if (invalid.statusCode !== expected || invalid.json().error !== message) {
                  failures.push(
                    `${where} with an invalid body: expected ${expected} '${message}', got ${invalid.statusCode} ${invalid.body.slice(0, 200)}`,
                  );
                }
              }
            }
          }
        }
        if (rule.touchesSessions) await signInActors();
      }
      console.info(`[authz matrix ${ctx.kind}] ${cells} route × caller × quote cells checked`);
      expect(failures).toEqual([]);
      expect(cells).toBeGreaterThan(150);
    });
  });

  it("lists to a broker only the quotes they own, and every quote to underwriters and admins", async () => {
    const a = await createTestUser(ctx.db, { role: "BROKER" });
    const b = await createTestUser(ctx.db, { role: "BROKER" });
    const cookieA = await signIn(ctx.app, a.credentials);
    const cookieB = await signIn(ctx.app, b.credentials);
    const quoteA = await createQuote(ctx.app, cookieA, { proposerName: "Matrix Visibility A Ltd" });
    const quoteB = await createQuote(ctx.app, cookieB, { proposerName: "Matrix Visibility B Ltd" });
    const ids = async (cookie: string) =>
      (
        await call<{ data: { quote: { id: string } }[] }>(ctx.app, cookie, "GET", "/api/quotes?q=Matrix%20Visibility")
      ).body.data
        .map((row) => row.quote.id)
        .sort();
    expect(await ids(cookieA)).toEqual([quoteA.id]);
    expect(await ids(cookieB)).toEqual([quoteB.id]);
    for (const role of ["UNDERWRITER", "ADMIN"] as const) {
      expect(await ids(await signIn(ctx.app, role))).toEqual([quoteA.id, quoteB.id].sort());
    }
  });
});
