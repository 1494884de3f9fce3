import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiClient, errorMessageOf, withQuery } from "./api-client";

function answer(status: number, body: string, statusText = "") {
  return vi.fn(async () => new Response(body || null, { status, statusText }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiClient", () => {
  it("sends the session cookie and a JSON body with a JSON content type", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ data: { id: "1" } }));
    vi.stubGlobal("fetch", fetchMock);
    const result = await apiClient.post<{ data: { id: string } }>("/api/things", { name: "Acme" });
    expect(result).toEqual({ data: { id: "1" } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/things");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    const headers = init?.headers as Record<string, string> | undefined;
    expect(headers?.["Content-Type"]).toBe("application/json");
    expect(init?.body).toBe('{"name":"Acme"}');
  });

  it("raises docs/product/errors.md's message: the status, a colon and a space, then the body text", async () => {
    const body = '{"error":"Quote has referral hits and must be referred","code":"CONFLICT"}';
    vi.stubGlobal("fetch", answer(409, body, "Conflict"));
    const error = await apiClient.get("/api/quotes/1").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${body}`);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).code).toBe("CONFLICT");
    expect(errorMessageOf(error)).toBe("Quote has referral hits and must be referred");
  });

  it("falls back to the status text when the error body is empty", async () => {
    vi.stubGlobal("fetch", answer(503, "", "Service Unavailable"));
    const error = await apiClient.get("/api/quotes").catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe("503: Service Unavailable");
    expect(errorMessageOf(error)).toBe("503: Service Unavailable");
  });

  it("keeps the server's validation issues with their paths", async () => {
    const body = JSON.stringify({
      error: "Invalid request",
      code: "VALIDATION_FAILED",
      issues: [{ path: "json.baseRate", message: "Base rate must be greater than 0" }],
    });
    vi.stubGlobal("fetch", answer(400, body, "Bad Request"));
    const error = (await apiClient.post("/api/rating/versions", {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.issues).toEqual([{ path: "json.baseRate", message: "Base rate must be greater than 0" }]);
  });

  it("keeps only the generic message when an error body is not JSON", async () => {
    vi.stubGlobal("fetch", answer(502, "<html>Bad gateway</html>", "Bad Gateway"));
    const error = (await apiClient.get("/api/me").catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe("502: <html>Bad gateway</html>");
    expect(error.serverMessage).toBeUndefined();
  });

  it("keeps a code only when it is one of the catalogue's, and the readable text either way", async () => {
    const body = '{"error":"Upstream refused","code":"SOMETHING_ELSE"}';
    vi.stubGlobal("fetch", answer(502, body, "Bad Gateway"));
    const error = (await apiClient.get("/api/me").catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBeUndefined();
    expect(errorMessageOf(error)).toBe("Upstream refused");
  });
});

describe("withQuery", () => {
  it("drops empty parameters and encodes the rest", () => {
    expect(withQuery("/api/quotes", { q: "O'Brien & Sons", status: undefined, page: 2, pageSize: 25, x: "" })).toBe(
      "/api/quotes?q=O%27Brien+%26+Sons&page=2&pageSize=25",
    );
    expect(withQuery("/api/quotes", {})).toBe("/api/quotes");
  });
});
