/**
 * The web app's one way to talk to the API (docs/product/permissions.md): every call sends the session cookie, bodies are
 * JSON, and any non-success answer becomes an ApiError whose message follows docs/product/errors.md:
 * "{status}: {body text, or the status text when the body is empty}". The server's structured error
 * (`{ error, code, issues }`, docs/product/errors.md) is kept on the error so screens can show its readable text.
 */
import { type ErrorCode, isErrorCode } from "@domain/api/errors";
import { reauthenticated } from "./reauthentication";

export interface ApiIssue {
  path: string;
  message: string;
}

interface ServerErrorBody {
  error?: string;
  code?: unknown;
  issues?: ApiIssue[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The server's readable message (`error` field), when the body carried one. */
  readonly serverMessage: string | undefined;
  /** One of the catalogue's codes; undefined when the body had none, or one this app does not know (a proxy's). */
  readonly code: ErrorCode | undefined;
  readonly issues: ApiIssue[];

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    const body = parseErrorBody(bodyText);
    this.serverMessage = body?.error;
    this.code = isErrorCode(body?.code) ? body.code : undefined;
    this.issues = body?.issues ?? [];
  }
}

function parseErrorBody(bodyText: string): ServerErrorBody | undefined {
  if (!bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as ServerErrorBody;
  } catch {
    // A non-JSON error body (a proxy's HTML page) keeps only the generic message.
  }
  return undefined;
}

/** The text a toast shows for a failed call: the server's own words when it sent some. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, params: QueryParams | undefined): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * A raw request with the session cookie, for callers that need the Response itself (file downloads read
 * the content type, the body as a blob and the status text). It never throws on an HTTP status.
 */
export function fetchWithSession(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const init: RequestInit = { method: options.method ?? "GET", credentials: "include", headers };
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  return fetch(withQuery(path, options.params), init);
}

/** Throws the docs/product/errors.md error for a non-success response. */
export async function assertOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  const bodyText = await response.text().catch(() => "");
  throw new ApiError(response.status, response.statusText, bodyText);
}

async function request<T>(path: string, options: RequestOptions): Promise<T> {
  let answer = await fetchWithSession(path, options);
  // Asked to confirm it is them (the signed-in shell's dialog reads the refusal): the same request again once they
  // have; cancelled, the refusal stands.
  if (answer.status === 403 && (await reauthenticated(answer.clone()))) answer = await fetchWithSession(path, options);
  const response = await assertOk(answer);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiClient = {
  get: <T>(path: string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "POST", body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "PATCH", body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "PUT", body }),
  delete: <T>(path: string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "DELETE" }),
};

/** The API's success envelope (docs/product/errors.md). */
export interface ApiData<T> {
  data: T;
}
