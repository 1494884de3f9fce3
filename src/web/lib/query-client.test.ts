import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";
import { meQueryKey } from "./query-keys";

describe("query client", () => {
  it("uses docs/product/permissions.md's defaults: never stale, no refetch on focus, no retries", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it("re-checks the session when another call answers 401, so the guards can send the user to /login", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: meQueryKey, queryFn: async () => ({ id: "u1" }) });
    await client
      .fetchQuery({ queryKey: ["quotes"], queryFn: () => Promise.reject(new ApiError(401, "Unauthorized", "")) })
      .catch(() => {});
    await vi.waitFor(() => expect(client.getQueryState(meQueryKey)?.isInvalidated).toBe(true));
  });

  it("leaves the session alone on other failures", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: meQueryKey, queryFn: async () => ({ id: "u1" }) });
    await client
      .fetchQuery({ queryKey: ["quotes"], queryFn: () => Promise.reject(new ApiError(500, "Server Error", "")) })
      .catch(() => {});
    expect(client.getQueryState(meQueryKey)?.isInvalidated).toBe(false);
  });
});
