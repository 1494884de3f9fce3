/**
 * Every error code the API can answer, with its HTTP status and the message sent when the place that refuses
 * has nothing more particular to say (docs/product/errors.md). The list is closed: the server's `AppError` takes
 * only these codes and always answers the status written here, and the web app reads `code` as `ErrorCode`, so a
 * code is written in this file and nowhere else, and a misspelt one does not compile.
 *
 * A message with a value in it (a reference, a count, the life cycle's reason) is built where the value is
 * known and replaces the default; a fixed message is written here only, and read from here.
 */

export interface ErrorCatalogueEntry {
  readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 416 | 422 | 429 | 500 | 502 | 503;
  readonly message: string;
}

/**
 * Every code, in the catalogue's order (the OpenAPI document's enum). The list stands apart from the messages so
 * the browser, which only checks codes, does not download them; the compiler holds the two to the same codes.
 */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "INVALID_JSON",
  "COMPANY_SEARCH_TOO_SHORT",
  "COMPANY_SEARCH_TOO_LONG",
  "INVALID_COMPANY_NUMBER",
  "BAD_REQUEST",
  "AUTHENTICATION_REQUIRED",
  "INVALID_CREDENTIALS",
  "INVALID_SECOND_FACTOR",
  "SIGN_IN_EXPIRED",
  "INVALID_REVIEW_TOKEN",
  "RESET_LINK_INVALID",
  "INSUFFICIENT_PERMISSIONS",
  "AUTHORITY_EXCEEDED",
  "CROSS_SITE_REQUEST",
  "REAUTHENTICATION_REQUIRED",
  "TWO_FACTOR_ENROLMENT_REQUIRED",
  "NOT_FOUND",
  "QUOTE_NOT_FOUND",
  "POLICY_NOT_FOUND",
  "RECEIPT_NOT_FOUND",
  "COMPANY_NOT_FOUND",
  "QUOTE_STATE_CONFLICT",
  "RENEWAL_CONFLICT",
  "POLICY_STATE_CONFLICT",
  "ADJUSTMENT_NEEDS_UNDERWRITER",
  "VERSION_CONFLICT",
  "QUOTE_INCOMPLETE",
  "EMAIL_TAKEN",
  "CANNOT_DELETE_SELF",
  "CANNOT_RESET_OWN_TWO_FACTOR",
  "TWO_FACTOR_ALREADY_ON",
  "TWO_FACTOR_NOT_STARTED",
  "RATING_VERSION_PUBLISHED",
  "RATING_TEST_CASES_FAILING",
  "QUOTE_NOT_RATED",
  "EFFECTIVE_PERIOD_CONFLICT",
  "IMPACT_ANALYSIS_BUSY",
  "CONFLICT",
  "RESET_LINK_EXPIRED",
  "RESET_LINK_USED",
  "REVIEW_LINK_ENDED",
  "PRECONDITION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RANGE_NOT_SATISFIABLE",
  "NO_RATING_VERSION",
  "RUN_OFF_NOT_PRICED",
  "ACCOUNT_LOCKED",
  "RATE_LIMITED",
  "DOCUMENTS_BUSY",
  "INTERNAL_ERROR",
  "COMPANY_REGISTER_UNAVAILABLE",
  "COMPANY_REGISTER_TIMEOUT",
  "COMPANY_REGISTER_UNAUTHORISED",
  "COMPANY_REGISTER_INVALID_RESPONSE",
  "COMPANY_REGISTER_RATE_LIMITED",
  "DATABASE_UNAVAILABLE",
  "SERVICE_UNAVAILABLE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_CATALOGUE = {
  // 400: the request itself cannot be used.
  VALIDATION_FAILED: { status: 400, message: "Invalid request" },
  INVALID_JSON: { status: 400, message: "The request body is not valid JSON" },
  COMPANY_SEARCH_TOO_SHORT: { status: 400, message: "Enter more characters to search the company register" },
  COMPANY_SEARCH_TOO_LONG: { status: 400, message: "The company search is too long" },
  INVALID_COMPANY_NUMBER: {
    status: 400,
    message: "A company number is 8 letters or digits, for example 01234567 or SC123456",
  },
  BAD_REQUEST: { status: 400, message: "The request cannot be processed" },

  // 401 and 403: who is asking, and whether they may (the spec's own words for the two generic refusals).
  AUTHENTICATION_REQUIRED: { status: 401, message: "Authentication required" },
  INVALID_CREDENTIALS: { status: 401, message: "Invalid email or password" },
  INVALID_SECOND_FACTOR: { status: 401, message: "This code is not right, or has been used already" },
  SIGN_IN_EXPIRED: {
    status: 401,
    message: "Your sign-in has expired. Enter your email and password again.",
  },
  INVALID_REVIEW_TOKEN: { status: 401, message: "This review link is not valid" },
  RESET_LINK_INVALID: {
    status: 400,
    message: "This password reset link is not valid. Ask an administrator to send you a new one.",
  },
  INSUFFICIENT_PERMISSIONS: { status: 403, message: "Insufficient permissions" },
  AUTHORITY_EXCEEDED: { status: 403, message: "This decision is beyond your authority" },
  CROSS_SITE_REQUEST: { status: 403, message: "Cross-site request refused" },
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    message: "Confirm it is you: enter your password or an authenticator code, then try again",
  },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: 403,
    message: "Your role signs in with a second factor: set up your authenticator app on Account first",
  },

  // 404: what the path names does not exist.
  NOT_FOUND: { status: 404, message: "Not found" },
  QUOTE_NOT_FOUND: { status: 404, message: "Quote not found" },
  // Also for a policy the caller may not see: a broker learns nothing of another broker's policies.
  POLICY_NOT_FOUND: { status: 404, message: "Policy not found" },
  // A quote rated before receipts were kept, or never rated: there is nothing to verify (docs/product/receipts.md).
  RECEIPT_NOT_FOUND: {
    status: 404,
    message: "This quote has no rating receipt: it has not been rated since receipts were kept",
  },
  COMPANY_NOT_FOUND: { status: 404, message: "No company with this number was found in the company register" },

  // 409: the request conflicts with what is stored now.
  QUOTE_STATE_CONFLICT: { status: 409, message: "The quote's status does not allow this" },
  RENEWAL_CONFLICT: { status: 409, message: "This policy cannot be renewed" },
  POLICY_STATE_CONFLICT: { status: 409, message: "Only a policy in force can be changed" },
  ADJUSTMENT_NEEDS_UNDERWRITER: { status: 409, message: "This change needs an underwriter" },
  VERSION_CONFLICT: { status: 409, message: "Quote was changed by someone else; reload it and try again" },
  QUOTE_INCOMPLETE: { status: 409, message: "The quote is not complete" },
  EMAIL_TAKEN: { status: 409, message: "A user with this email address already exists" },
  CANNOT_DELETE_SELF: { status: 409, message: "You cannot delete your own account" },
  // An administrator's own second factor changes on their Account screen, with their own code.
  CANNOT_RESET_OWN_TWO_FACTOR: {
    status: 409,
    message: "You cannot reset your own two-factor sign-in: turn it off or renew your recovery codes on Account",
  },
  TWO_FACTOR_ALREADY_ON: { status: 409, message: "Two-factor sign-in is already on for your account" },
  TWO_FACTOR_NOT_STARTED: {
    status: 409,
    message: "Start setting up two-factor sign-in first: the QR code has not been shown yet",
  },
  RATING_VERSION_PUBLISHED: { status: 409, message: "Published rating versions cannot be changed" },
  RATING_TEST_CASES_FAILING: { status: 409, message: "Test cases fail" },
  QUOTE_NOT_RATED: { status: 409, message: "The quote has not been rated yet" },
  EFFECTIVE_PERIOD_CONFLICT: { status: 409, message: "Publishing would leave rating version periods overlapping" },
  IMPACT_ANALYSIS_BUSY: {
    status: 409,
    message: "Other impact analyses are running; try again when one of them finishes",
  },
  CONFLICT: { status: 409, message: "A record with these details already exists" },

  // 410: a link that worked once, or for a while, and works no more.
  RESET_LINK_EXPIRED: {
    status: 410,
    message: "This password reset link has expired. Ask an administrator to send you a new one.",
  },
  RESET_LINK_USED: {
    status: 410,
    message: "This password reset link has already been used. Ask an administrator to send you a new one.",
  },
  // A review link that was genuine, for a review that is over.
  REVIEW_LINK_ENDED: {
    status: 410,
    message:
      "This review link has ended: the quote is no longer awaiting the review it was sent for. Sign in as an underwriter to see the quote as it is now.",
  },

  // 412: a web app file that changed since the version the request names (If-Match, If-Unmodified-Since).
  PRECONDITION_FAILED: { status: 412, message: "The file has changed since the version this request names" },

  // 413, 415: the body is not one the server reads.
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large (the limit is 1 MB)" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Send the request body as application/json" },

  // 416: a byte range past the end of a web app file; Content-Range gives its length.
  RANGE_NOT_SATISFIABLE: { status: 416, message: "The requested range lies outside the file" },

  // 422: the request is well formed but the product cannot price it.
  NO_RATING_VERSION: { status: 422, message: "No published rating version covers the inception date" },
  RUN_OFF_NOT_PRICED: { status: 422, message: "The rating version has no run-off factor for this period" },

  // 429: too much at once; Retry-After says when to try again.
  ACCOUNT_LOCKED: { status: 429, message: "Too many failed sign-in attempts. Try again later." },
  RATE_LIMITED: { status: 429, message: "Too many requests. Try again later." },
  DOCUMENTS_BUSY: {
    status: 429,
    message: "You already have documents being prepared; download this one when they are ready.",
  },

  // 500: a failure of ours, logged; the answer carries no detail.
  INTERNAL_ERROR: { status: 500, message: "Internal server error" },

  // 502, 503: a service this one needs did not answer usefully; worth trying again shortly.
  COMPANY_REGISTER_UNAVAILABLE: {
    status: 502,
    message: "The company register is unavailable at the moment. Please try again shortly.",
  },
  COMPANY_REGISTER_TIMEOUT: {
    status: 502,
    message: "The company register did not answer in time. Please try again shortly.",
  },
  COMPANY_REGISTER_UNAUTHORISED: {
    status: 502,
    message: "The company register refused this service's API key. Please tell your administrator.",
  },
  COMPANY_REGISTER_INVALID_RESPONSE: {
    status: 502,
    message: "The company register sent an answer this service cannot read.",
  },
  COMPANY_REGISTER_RATE_LIMITED: {
    status: 503,
    message: "The company register has had too many requests. Please wait a minute and try again.",
  },
  DATABASE_UNAVAILABLE: { status: 503, message: "The database is unavailable; try again shortly" },
  SERVICE_UNAVAILABLE: { status: 503, message: "The server is shutting down; try again." },
} as const satisfies Record<ErrorCode, ErrorCatalogueEntry>;

/** The statuses the API answers errors with: exactly those the catalogue uses. */
export type ErrorStatus = (typeof ERROR_CATALOGUE)[ErrorCode]["status"];

/** A code read from outside (a response body) is one of the catalogue's, or it is not trusted as one. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}
