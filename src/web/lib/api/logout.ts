import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api-client";
import { meQueryKey } from "../query-keys";

/** How long signing out waits for the screen's reads already on their way before it ends the session anyway. */
const SIGN_OUT_WAITS_FOR_READS_MS = 3000;

function logout(): Promise<unknown> {
  return apiClient.post<unknown>("/api/auth/logout");
}

/**
 * Resolves once no query is fetching, or after `limitMs`. A read sent just before the user signs out carries their
 * session; ended first, the server would answer it 401 and the browser would log the refusal.
 */
function readsSettled(queryClient: QueryClient, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

/**
 * Signs out once the screen's reads in flight are answered, clears every cached query (one user's quotes must never
 * show to the next) and refetches the session lookup, which now answers null and sends the guards to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await readsSettled(queryClient, SIGN_OUT_WAITS_FOR_READS_MS);
      return logout();
    },
    onSuccess: async () => {
      // The session lookup itself is kept (its observers stay subscribed) and refetched: it answers null.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      await queryClient.refetchQueries({ queryKey: meQueryKey });
    },
  });
}
