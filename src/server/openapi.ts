/**
 * The API's description (OpenAPI 3, served at /api/openapi.json) made complete enough for an integrator to
 * generate a client from it: every operation has a verb-first operationId, says whether it needs the session
 * cookie, and lists the error answers it can give, all in the one error envelope of docs/product/errors.md.
 *
 * This is kept in one place rather than in each route: which operations need a session is read from the
 * guards the routes already put in front of themselves, the answers every route of a kind can give (a 400 for a
 * request that fails its schema, a 403 for a cross-site write) are derived from the route, and the table below
 * adds each operation's name and the answers only its own rules give.
 */
import type { SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ERROR_CODES, type ErrorStatus } from "../domain/api/errors";
import { ROLES, type Role } from "../domain/auth/schemas";
import { documentedRequestBodies } from "../domain/quote/requests";
import { rolesGuardedBy } from "./auth/authenticate";
import { sessionCookieName } from "./auth/sessions";
import { MAX_LISTED_ISSUES } from "./errors";

export interface OperationDescription {
  /** Verb first, unique across the API: what a generated client names the call. */
  operationId: string;
  /** Reads the session when there is one but also answers without it (signing out, a review by e-mailed link). */
  sessionOptional?: true;
  /** Error answers this operation's own rules give, beyond those derived from its guard and its schemas. */
  errors?: readonly ErrorStatus[];
  /** Answers a PDF document rather than JSON. */
  pdf?: true;
  /** Answers a file to download in one of these media types (chosen by the request) rather than JSON. */
  file?: { description: string; mediaTypes: readonly string[] };
}

/** Every operation the API describes, keyed "METHOD /path" with OpenAPI's `{param}` path syntax. */
export const API_OPERATIONS: Readonly<Record<string, OperationDescription>> = {
  "POST /api/auth/login": { operationId: "signIn", errors: [401, 429] },
  "POST /api/auth/login/second-factor": { operationId: "signInWithSecondFactor", errors: [401, 429] },
  "GET /api/me/two-factor": { operationId: "getOwnTwoFactor" },
  "POST /api/me/two-factor/enrolment": { operationId: "startTwoFactorEnrolment", errors: [403, 409] },
  "POST /api/me/two-factor/enrolment/confirm": { operationId: "createTwoFactor", errors: [403, 409] },
  "POST /api/me/two-factor/disable": { operationId: "deleteTwoFactor", errors: [401, 409, 429] },
  "POST /api/me/two-factor/recovery-codes": { operationId: "createRecoveryCodes", errors: [401, 409, 429] },
  "POST /api/me/reauthenticate": { operationId: "signInAgain", errors: [401, 429] },
  "GET /api/settings/two-factor": { operationId: "getTwoFactorPolicy" },
  "PUT /api/settings/two-factor": { operationId: "updateTwoFactorPolicy", errors: [403] },
  "POST /api/auth/logout": { operationId: "signOut", sessionOptional: true },
  "GET /api/me": { operationId: "getCurrentUser" },
  "POST /api/me/password": { operationId: "updateOwnPassword", errors: [429] },
  "GET /api/me/sessions": { operationId: "listOwnSessions" },
  "DELETE /api/me/sessions/{id}": { operationId: "deleteOwnSession", errors: [404] },
  "POST /api/me/sessions/end-others": { operationId: "deleteOtherOwnSessions" },
  "POST /api/users/{id}/sessions/end": { operationId: "deleteUserSessions", errors: [404] },
  "POST /api/users/{id}/two-factor/reset": { operationId: "deleteUserTwoFactor", errors: [403, 404, 409] },
  "POST /api/auth/password-reset/link": { operationId: "getPasswordResetLink", errors: [410] },
  "POST /api/auth/password-reset": { operationId: "updatePasswordByResetLink", errors: [410] },
  "POST /api/users/{id}/password-reset": { operationId: "createPasswordResetLink", errors: [404] },
  "GET /api/users": { operationId: "listUsers" },
  "POST /api/auth/register": { operationId: "createUser", errors: [403, 409] },
  "DELETE /api/users/{id}": { operationId: "deleteUser", errors: [403, 404, 409] },
  "PUT /api/users/{id}/authority": { operationId: "updateUserAuthority", errors: [404] },
  "PUT /api/users/{id}/firm": { operationId: "updateUserFirm", errors: [404] },
  "GET /api/firms": { operationId: "listFirms" },
  "POST /api/firms": { operationId: "createFirm", errors: [409] },
  "PUT /api/firms/{id}": { operationId: "updateFirm", errors: [404, 409] },
  "DELETE /api/firms/{id}": { operationId: "deleteFirm", errors: [404, 409] },
  "GET /api/firm/brokers": { operationId: "listFirmBrokers" },
  "POST /api/quotes/{id}/hand-over": { operationId: "updateQuoteBroker", errors: [404, 409] },
  "GET /api/rating/versions": { operationId: "listRatingVersions" },
  "POST /api/rating/versions": { operationId: "createRatingVersion" },
  "GET /api/rating/versions/case-from-quote": { operationId: "getTestCaseFromQuote", errors: [404, 409] },
  "GET /api/rating/versions/{id}": { operationId: "getRatingVersion", errors: [404] },
  "PATCH /api/rating/versions/{id}": { operationId: "updateRatingVersion", errors: [404, 409] },
  "POST /api/rating/versions/{id}/publish": { operationId: "publishRatingVersion", errors: [403, 404, 409] },
  "POST /api/rating/versions/{id}/impact": { operationId: "startImpactAnalysis", errors: [404, 409] },
  "GET /api/rating/versions/{id}/impact/{jobId}": { operationId: "getImpactAnalysis", errors: [404] },
  "GET /api/audit": { operationId: "listAuditEvents" },
  "GET /api/bordereau": {
    operationId: "downloadBordereau",
    file: {
      description: "The month's premium bordereau: a line per issued policy and a totals line",
      mediaTypes: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    },
  },
  "GET /api/bordereau/receipts": {
    operationId: "downloadBordereauReceipts",
    file: {
      description: "The rating receipts of the month's bordereau rows, one receipt a line (JSON Lines)",
      mediaTypes: ["application/jsonl"],
    },
  },
  "GET /api/mi/{chart}": { operationId: "getManagementInformation", errors: [403] },
  "GET /api/mi/{chart}/csv": {
    operationId: "downloadManagementInformation",
    errors: [403],
    file: {
      description: "The chart's table as CSV: a line per month, band or firm and a totals line",
      mediaTypes: ["text/csv"],
    },
  },
  "GET /api/companies/search": { operationId: "searchCompanies", errors: [502, 503] },
  "GET /api/companies/{companyNumber}/officers": { operationId: "listCompanyOfficers", errors: [404, 502, 503] },
  "GET /api/business-activities": { operationId: "listBusinessActivities" },
  "GET /api/config": { operationId: "getAppConfig" },
  "POST /api/quotes": { operationId: "createQuote", errors: [429] },
  "GET /api/quotes": { operationId: "listQuotes" },
  "GET /api/quotes/stats": { operationId: "getQuoteStats" },
  "GET /api/quotes/renewals-due": { operationId: "listRenewalsDue", errors: [403] },
  "GET /api/quotes/{id}": { operationId: "getQuote", errors: [403, 404] },
  // Another broker's policy is not found (404), never refused (403): brokers learn nothing of it.
  "GET /api/policies/{policyNumber}": { operationId: "getPolicy", errors: [404] },
  "POST /api/policies/{policyNumber}/cancellation/figures": {
    operationId: "getCancellationFigures",
    errors: [403, 404, 409],
  },
  "POST /api/policies/{policyNumber}/cancellation": { operationId: "cancelPolicy", errors: [403, 404, 409] },
  "POST /api/policies/{policyNumber}/run-off": { operationId: "createRunOffQuote", errors: [403, 404, 409, 422] },
  "POST /api/policies/{policyNumber}/adjustments/figures": {
    operationId: "getAdjustmentFigures",
    errors: [403, 404, 409],
  },
  "POST /api/policies/{policyNumber}/adjustments": { operationId: "createAdjustment", errors: [403, 404, 409] },
  "POST /api/policies/{policyNumber}/change-requests": {
    operationId: "createChangeRequest",
    errors: [403, 404, 409],
  },
  "POST /api/policies/{policyNumber}/change-requests/{id}/decision": {
    operationId: "recordChangeDecision",
    errors: [404, 409],
  },
  "GET /api/uw/policy-changes": { operationId: "listPolicyChangeRequests" },
  "PATCH /api/quotes/{id}": { operationId: "updateQuote", errors: [403, 404, 409, 422] },
  "GET /api/quotes/{id}/options": { operationId: "getQuotationOptions", errors: [403, 404, 409, 422] },
  "GET /api/quotes/{id}/receipt": { operationId: "getRatingReceipt", errors: [403, 404] },
  "POST /api/quotes/{id}/rate": { operationId: "rateQuote", errors: [403, 404, 409, 422] },
  "POST /api/quotes/{id}/refer": { operationId: "referQuote", errors: [403, 404, 409, 429] },
  "POST /api/quotes/{id}/issue": { operationId: "issueQuote", errors: [403, 404, 409] },
  "POST /api/quotes/{id}/renew": { operationId: "createRenewal", errors: [403, 404, 409, 422, 429] },
  "GET /api/uw/review/{id}": {
    operationId: "getUnderwriterReview",
    sessionOptional: true,
    errors: [401, 403, 404, 410],
  },
  "GET /api/uw/queue": { operationId: "listUnderwriterQueue" },
  "POST /api/quotes/{id}/uw/decision": { operationId: "recordUnderwriterDecision", errors: [404, 409] },
  "PUT /api/quotes/{id}/uw/commission": { operationId: "updateQuoteCommission", errors: [404, 409] },
  "POST /api/quotes/{id}/uw/questions": { operationId: "createReferralQuestion", errors: [404, 409] },
  "GET /api/quotes/{id}/questions": { operationId: "listQuoteQuestions", errors: [403, 404] },
  "GET /api/questions/open": { operationId: "listOpenQuestions" },
  "POST /api/quotes/{id}/questions/{questionId}/answer": {
    operationId: "recordQuestionAnswer",
    errors: [403, 404, 409],
  },
  "POST /api/quotes/{id}/withdraw": { operationId: "withdrawReferral", errors: [403, 404, 409] },
  "GET /api/endorsements": { operationId: "listEndorsementClauses" },
  "POST /api/endorsements": { operationId: "createEndorsementClause", errors: [409] },
  "PUT /api/endorsements/{code}": { operationId: "updateEndorsementClause", errors: [404, 409] },
  "GET /api/quotes/{id}/terms": { operationId: "getQuoteTerms", errors: [403, 404] },
  "POST /api/quotes/{id}/subjectivities/{sid}": { operationId: "recordSubjectivityStatus", errors: [404, 409] },
  "GET /api/uw/subjectivities/overdue": { operationId: "listOverdueSubjectivities" },
  "POST /api/quotes/{id}/statement-of-fact": {
    operationId: "downloadStatementOfFact",
    errors: [403, 404, 409],
    pdf: true,
  },
  "POST /api/quotes/{id}/policy-schedule": {
    operationId: "downloadPolicySchedule",
    errors: [403, 404, 409],
    pdf: true,
  },
  "GET /api/documents/dc-wording": { operationId: "getPolicyWording", pdf: true },
  "POST /api/policies/{policyNumber}/endorsements/{number}": {
    operationId: "downloadEndorsement",
    errors: [404],
    pdf: true,
  },
  "POST /api/policies/{policyNumber}/cancellation-notice": {
    operationId: "downloadCancellationNotice",
    errors: [404],
    pdf: true,
  },
};

/** The security scheme every signed-in operation names. */
export const SESSION_SCHEME = "session";

const ERROR_SCHEMA_NAME = "Error";

/** What each error status means for this API, in the words of docs/product/errors.md. */
const ERROR_DESCRIPTIONS: Readonly<Record<ErrorStatus, string>> = {
  400: "The request fails validation (VALIDATION_FAILED, with `issues`) or is not readable JSON (INVALID_JSON)",
  401: "Not signed in (AUTHENTICATION_REQUIRED), or the credentials, second-factor code or review link are not valid",
  403: "The signed-in user may not do this (INSUFFICIENT_PERMISSIONS), must set up a second factor first (TWO_FACTOR_ENROLMENT_REQUIRED), must confirm it is them again (REAUTHENTICATION_REQUIRED), or a write from another site (CROSS_SITE_REQUEST)",
  404: "What the path names does not exist",
  409: "The request conflicts with the current state (the quote's status, its version, a unique value)",
  410: "A link that worked once, or for a while, and works no more: a password reset link already used, replaced by a newer one, or expired (RESET_LINK_USED, RESET_LINK_EXPIRED); a review link whose review is over: decided, withdrawn, changed since the referral, or 14 days old (REVIEW_LINK_ENDED)",
  412: "A web app file changed since the version the request names (PRECONDITION_FAILED); not an API answer",
  413: "The request body is larger than 1 MB (PAYLOAD_TOO_LARGE)",
  415: "The request body is not application/json (UNSUPPORTED_MEDIA_TYPE)",
  416: "A byte range past the end of a web app file (RANGE_NOT_SATISFIABLE); not an API answer",
  422: "No published rating version covers the quote's inception date (NO_RATING_VERSION)",
  429: "Too many requests, failed sign-ins, or business writes by one user in a minute (quotes created, documents prepared, referrals sent); the Retry-After header says when to try again",
  500: "An unexpected failure (INTERNAL_ERROR); it is logged, and the answer carries no detail",
  502: "The company register failed to answer usefully",
  503: "A service this operation needs is unavailable at the moment (DATABASE_UNAVAILABLE, or the company register); try again shortly",
};

/** The one error envelope (src/server/errors.ts `ErrorBody`). */
const ERROR_SCHEMA = {
  type: "object",
  required: ["error", "code"],
  properties: {
    error: { type: "string", description: "A message a person can read" },
    code: {
      type: "string",
      enum: ERROR_CODES,
      description: "A machine-readable code from the closed list of docs/product/errors.md, e.g. VALIDATION_FAILED",
    },
    issues: {
      type: "array",
      description: "On validation failures only: each failing field's dot path into the body and its message",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
    moreIssues: {
      type: "integer",
      minimum: 1,
      description: `On validation failures with more than ${MAX_LISTED_ISSUES} issues: how many more there were, not listed`,
    },
  },
} as const;

type JsonObject = Record<string, unknown>;

interface OpenApiOperation extends JsonObject {
  parameters?: { in?: string }[];
  requestBody?: unknown;
  responses?: Record<string, JsonObject>;
}

/** Fastify's "/api/quotes/:id" as OpenAPI's "/api/quotes/{id}". */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * OpenAPI 3.0 lets `nullable` stand only beside a `type`; zod's JSON Schema puts it beside `anyOf` for a
 * nullable union. The same meaning, said the way 3.0 allows: each alternative of the union may be null.
 */
function moveNullableIntoAlternatives(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) moveNullableIntoAlternatives(item);
    return;
  }
  if (!isObject(node)) return;
  const alternatives = node.anyOf ?? node.oneOf;
  if (node.nullable === true && node.type === undefined && Array.isArray(alternatives)) {
    for (const alternative of alternatives) if (isObject(alternative)) alternative.nullable = true;
    delete node.nullable;
  }
  for (const value of Object.values(node)) moveNullableIntoAlternatives(value);
}

function errorResponse(status: ErrorStatus): JsonObject {
  return {
    description: ERROR_DESCRIPTIONS[status],
    content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } },
  };
}

/** The error answers an operation can give: its guard's, its schemas', writes', its own rules', a 500 and a 503. */
function errorStatuses(
  method: string,
  operation: OpenApiOperation,
  guard: readonly Role[] | undefined,
  description: OperationDescription,
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(description.errors ?? []);
  if (guard) statuses.add(401);
  if (guard && ROLES.some((role) => !guard.includes(role))) statuses.add(403);
  if ((operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined) statuses.add(400);
  if (method !== "get") statuses.add(403); // a write from another site
  if (operation.requestBody !== undefined) {
    statuses.add(413);
    statuses.add(415);
  }
  statuses.add(500);
  // Every operation reads or writes the database, so every one can be told it is unavailable for a while.
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Describes a route's body with the stricter schema the domain names for it (documentedRequestBodies), so an
 * integrator's generated client refuses what the server refuses, while the server keeps checking with its own
 * schema and so keeps its messages.
 */
export function withDocumentedBodies(transform: SwaggerTransform): SwaggerTransform {
  return (route) => {
    const body = route.schema.body;
    const documented = body instanceof z.ZodType ? documentedRequestBodies.get(body) : undefined;
    return transform(documented ? { ...route, schema: { ...route.schema, body: documented } } : route);
  };
}

/**
 * Watches routes as they are added (call before any route is registered) and returns the @fastify/swagger
 * `transformObject` that completes the document from what it saw and from API_OPERATIONS.
 */
export function describeApi(app: FastifyInstance, options: { publicUrl: string | undefined }): SwaggerTransformObject {
  const guards = new Map<string, readonly Role[] | undefined>();
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) guards.set(`${method} ${openApiPath(route.url)}`, rolesGuardedBy(route.onRequest));
  });

  return (documentObject) => {
    const source = "openapiObject" in documentObject ? documentObject.openapiObject : {};
    const document = structuredClone(source) as JsonObject;
    const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
    for (const [path, pathItem] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(pathItem)) {
        const key = `${method.toUpperCase()} ${path}`;
        const description = API_OPERATIONS[key];
        // An operation missing from the table is left as it is; the OpenAPI test names it.
        if (!description) continue;
        const guard = guards.get(key);
        operation.operationId = description.operationId;
        operation.security = guard
          ? [{ [SESSION_SCHEME]: [] }]
          : description.sessionOptional
            ? [{ [SESSION_SCHEME]: [] }, {}]
            : [];
        const responses = operation.responses ?? {};
        if (description.pdf) {
          const success = Object.keys(responses).find((status) => status.startsWith("2")) ?? "200";
          responses[success] = {
            description: "The document as a PDF",
            content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
          };
        }
        if (description.file) {
          responses["200"] = {
            description: description.file.description,
            content: Object.fromEntries(
              description.file.mediaTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
            ),
          };
        }
        for (const status of errorStatuses(method, operation, guard, description)) {
          // Every error answer is the one envelope, also where a route described it itself.
          responses[String(status)] = errorResponse(status);
        }
        operation.responses = responses;
      }
    }
    moveNullableIntoAlternatives(paths);
    const components = (document.components ?? {}) as JsonObject;
    document.components = {
      ...components,
      schemas: { ...(components.schemas as JsonObject | undefined), [ERROR_SCHEMA_NAME]: ERROR_SCHEMA },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName(options.publicUrl?.startsWith("https:") ?? false),
          description: "The signed session cookie that POST /api/auth/login sets",
        },
      },
    };
    document.servers = [{ url: options.publicUrl ?? "/", description: "This installation" }];
    return document;
  };
}
