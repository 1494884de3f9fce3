import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api-client";
import { meQueryKey } from "../query-keys";

export function logout(): Promise<unknown> {
  return apiClient.post<unknown>("/api/auth/logout");
}

/**
 * Signs out, clears every cached query (one user's quotes must never show to the next) and refetches the
 * session lookup, which now answers null and sends the guards to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // The session lookup itself is kept (its observers stay subscribed) and refetched: it answers null.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      await queryClient.refetchQueries({ queryKey: meQueryKey });
    },
  });
}
