import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { paths } from "../config/paths";
import { ApiError } from "./api-client";
import { meQueryKey } from "./query-keys";

/**
 * docs/product/permissions.md's data-fetching defaults: data never goes stale, no refetch on window focus, no polling,
 * no retries for queries or mutations. Freshness comes from invalidating the same keys after a save.
 *
 * A 401 from any other call means the session ended (idle expiry, signed out elsewhere, user deleted):
 * the session lookup is refetched, it answers null, and the guards send the user to /login.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown, key: readonly unknown[] | undefined) => {
    // A role that must use a second factor not set up yet: the server opens nothing but enrolment, on Account.
    if (error instanceof ApiError && error.code === "TWO_FACTOR_ENROLMENT_REQUIRED") {
      if (window.location.pathname !== paths.account) window.location.assign(paths.account);
      return;
    }
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (key?.[0] === meQueryKey[0]) return;
    void client.invalidateQueries({ queryKey: meQueryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.options.mutationKey),
    }),
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
  return client;
}
