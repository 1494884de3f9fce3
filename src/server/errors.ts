/**
 * The server's ONE error type and the ONE place errors become HTTP answers (docs/product/errors.md):
 * `{ error: "<message a person can read>", code: "<MACHINE_CODE>", issues?: [{ path, message }] }`.
 * Routes throw `AppError` with a code from the domain's catalogue (src/domain/api/errors.ts), which fixes the
 * status and the default message; zod validation failures become 400 with the domain schemas' messages; a
 * database that cannot be reached becomes 503 DATABASE_UNAVAILABLE; anything unexpected is logged and answered
 * 500 without a stack.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { ERROR_CATALOGUE, type ErrorCode, type ErrorStatus, isErrorCode } from "../domain/api/errors";

export interface ValidationIssue {
  /** Dot path into the request body, e.g. "financialOverview.turnover" ("" for the body itself). */
  path: string;
  message: string;
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  issues?: ValidationIssue[];
  /** How many further issues the answer leaves out (present only when there are any). */
  moreIssues?: number;
}

/**
 * A validation answer lists at most this many issues and counts the rest, so a request with 50,000 unknown fields
 * gets a small answer, quickly, and the server spends nothing building a long one.
 */
export const MAX_LISTED_ISSUES = 20;

/** The first MAX_LISTED_ISSUES issues of `all` (read no further), and how many there are in all. */
function boundedIssues(all: Iterable<ValidationIssue>, count: number): { listed: ValidationIssue[]; total: number } {
  const listed: ValidationIssue[] = [];
  for (const issue of all) {
    if (listed.length >= MAX_LISTED_ISSUES) break;
    listed.push(issue);
  }
  return { listed, total: Math.max(count, listed.length) };
}

/** The answer's body for `code`: the catalogue's message unless the caller has a more particular one. */
export function errorBody(code: ErrorCode, message: string = ERROR_CATALOGUE[code].message): ErrorBody {
  return { error: message, code };
}

export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly issues: ValidationIssue[] | undefined;
  /** Issues beyond the MAX_LISTED_ISSUES listed. */
  readonly moreIssues: number;

  /**
   * The status is always the catalogue's for `code`; `message` replaces its default when there is more to say.
   * At most MAX_LISTED_ISSUES issues are kept; `issueCount` is how many there were in all when the caller counted
   * more than it passed.
   */
  constructor(
    code: ErrorCode,
    message: string = ERROR_CATALOGUE[code].message,
    issues?: ValidationIssue[],
    issueCount: number = issues?.length ?? 0,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_CATALOGUE[code].status;
    this.code = code;
    this.issues = issues?.slice(0, MAX_LISTED_ISSUES);
    this.moreIssues = Math.max(0, issueCount - (this.issues?.length ?? 0));
  }

  static validation(issues: ValidationIssue[], message?: string, issueCount?: number): AppError {
    return new AppError("VALIDATION_FAILED", message ?? issues[0]?.message, issues, issueCount ?? issues.length);
  }

  toBody(): ErrorBody {
    if (!this.issues) return errorBody(this.code, this.message);
    return {
      ...errorBody(this.code, this.message),
      issues: this.issues,
      ...(this.moreIssues > 0 ? { moreIssues: this.moreIssues } : {}),
    };
  }
}

/** "/financialOverview/turnover" (JSON pointer) or ["a", 0, "b"] -> "a.0.b" */
function dotPath(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === "string" ? path.split("/").filter((p) => p !== "") : path.map(String);
  return parts.join(".");
}

/** One unknown field, reported at its own path so a client can point at it. */
function unrecognizedKey(path: string, key: unknown): ValidationIssue {
  return { path: path ? `${path}.${String(key)}` : String(key), message: `Unrecognized key: "${String(key)}"` };
}

/** The issues one validation failure stands for: an issue per unknown key, else itself. */
function issueCount(keys: unknown): number {
  return Array.isArray(keys) && keys.length > 0 ? keys.length : 1;
}

/**
 * Validation failures as the API's issues: at most MAX_LISTED_ISSUES of them, built lazily, with the count of all.
 * `failures` are zod's issues, or the type provider's copies of them (a JSON pointer path and `params.keys`).
 */
function validationAnswer(failures: readonly { path: string; message: string; keys?: unknown }[]): AppError {
  function* all(): Generator<ValidationIssue> {
    for (const failure of failures) {
      if (Array.isArray(failure.keys) && failure.keys.length > 0) {
        for (const key of failure.keys) yield unrecognizedKey(failure.path, key);
      } else yield { path: failure.path, message: failure.message };
    }
  }
  const count = failures.reduce((sum, failure) => sum + issueCount(failure.keys), 0);
  const { listed, total } = boundedIssues(all(), count);
  return AppError.validation(listed, undefined, total);
}

/** A zod failure (a schema parsed in a service) as the API's answer, with the schemas' own messages. */
function zodValidationAnswer(error: ZodError): AppError {
  return validationAnswer(
    error.issues.map((issue) => ({
      path: dotPath(issue.path),
      message: issue.message,
      keys: issue.code === "unrecognized_keys" ? issue.keys : undefined,
    })),
  );
}

function hasCause(error: unknown): error is { cause: unknown } {
  return typeof error === "object" && error !== null && "cause" in error;
}

/** PostgreSQL's SQLSTATE from a driver error, also when Drizzle wrapped it (`DrizzleQueryError.cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = hasCause(current) ? current.cause : undefined;
  }
  return undefined;
}

/** The network failing under the driver: the server refused, dropped or never answered the connection. */
const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/*
 * node-postgres reports a connection that ended, or one it could not open in time, with a message and no code.
 * These are its own texts (pg and pg-pool 8.x).
 */
const LOST_CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

/**
 * True when a query failed because the database could not be reached, not because of the query: the network
 * (refused, reset, unreachable), PostgreSQL closing the session (SQLSTATE class 08, or 57P01-57P03 when an
 * administrator or a restart ended it), or no free connection (53300). Looks through Drizzle's wrapping.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (NETWORK_ERROR_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || ["57P01", "57P02", "57P03", "53300"].includes(code)) return true;
    }
    const message = current instanceof Error ? current.message : undefined;
    if (message && LOST_CONNECTION_MESSAGES.some((text) => message.startsWith(text))) return true;
    current = hasCause(current) ? current.cause : undefined;
  }
  return false;
}

/**
 * What the web app's file server (@fastify/send, under @fastify/static) answers with an http-errors error: a byte
 * range past the end of the file (416, its length in the Content-Range it carries), or a file that changed since
 * the client's If-Match or If-Unmodified-Since (412). Both are the client's to correct, never the server's fault.
 */
const FILE_REQUEST_REFUSALS: Partial<Record<number, ErrorCode>> = {
  412: "PRECONDITION_FAILED",
  416: "RANGE_NOT_SATISFIABLE",
};

type ErrorReply = { status: number; body: ErrorBody; headers?: Record<string, string> };

/** The answer for `code` with the catalogue's status. */
function answer(code: ErrorCode, message?: string): ErrorReply {
  return { status: ERROR_CATALOGUE[code].status, body: errorBody(code, message) };
}

function fileRequestRefusal(error: unknown): ErrorReply | undefined {
  if (!(error instanceof Error)) return undefined;
  const { status, expose, headers } = error as Error & { status?: unknown; expose?: unknown; headers?: unknown };
  const code = typeof status === "number" && expose === true ? FILE_REQUEST_REFUSALS[status] : undefined;
  if (code === undefined) return undefined;
  return { ...answer(code), ...(headers ? { headers: headers as Record<string, string> } : {}) };
}

function toErrorReply(error: unknown, request: FastifyRequest): ErrorReply {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  const refusal = fileRequestRefusal(error);
  if (refusal) return refusal;
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, "database unavailable");
    return answer("DATABASE_UNAVAILABLE");
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const failures = error.validation.map((v) => ({
      path: dotPath(v.instancePath),
      message: v.message ?? "Invalid",
      keys: v.keyword === "unrecognized_keys" ? (v.params as { keys?: unknown }).keys : undefined,
    }));
    return { status: 400, body: validationAnswer(failures).toBody() };
  }
  if (error instanceof ZodError) return { status: 400, body: zodValidationAnswer(error).toBody() };
  if (isFastifyError(error) && !isResponseSerializationError(error)) {
    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return answer("PAYLOAD_TOO_LARGE");
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return answer("UNSUPPORTED_MEDIA_TYPE");
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return answer("INVALID_JSON", "The request body is empty");
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return answer("INVALID_JSON");
      default:
        break;
    }
    if (error.statusCode === 400 && error instanceof SyntaxError) return answer("INVALID_JSON");
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other refusal by the framework keeps its own status and words; its code is the catalogue's when the
      // framework's names one (FST_ERR_NOT_FOUND), and BAD_REQUEST otherwise, so the code stays one of ours.
      const named = error.code.replace(/^FST_ERR_/, "");
      return { status: error.statusCode, body: errorBody(isErrorCode(named) ? named : "BAD_REQUEST", error.message) };
    }
  }
  if (sqlStateOf(error) === "23505") {
    request.log.warn({ err: error }, "unique constraint violated");
    return answer("CONFLICT");
  }
  request.log.error({ err: error }, "request failed");
  return answer("INTERNAL_ERROR");
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && "code" in error && typeof (error as FastifyError).code === "string";
}

/** Installs the error and not-found handlers on the root instance (children inherit them). */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown } = {},
): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorReply(error, request);
    if (headers) reply.headers(headers);
    // Sign-in refusals (address limit, account lock) set their own Retry-After; anything else rate-limited says a minute.
    if (status === 429 && reply.getHeader("retry-after") === undefined) reply.header("retry-after", 60);
    return reply.status(status).type("application/json; charset=utf-8").send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    if (options.notFound && !request.url.startsWith("/api/") && request.url !== "/api") {
      return options.notFound(request, reply);
    }
    return reply
      .status(404)
      .send(errorBody("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`));
  });
}
