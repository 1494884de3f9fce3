import type { OwnSession } from "@domain/auth/schemas";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { meQueryKey } from "@web/lib/query-keys";

export const ownSessionsQueryKey = ["me", "sessions"] as const;

/** GET /api/me/sessions: the signed-in user's sessions, this one marked. */
export async function getOwnSessions(): Promise<OwnSession[]> {
  return (await apiClient.get<ApiData<OwnSession[]>>("/api/me/sessions")).data;
}

export function useOwnSessions() {
  return useQuery(queryOptions({ queryKey: ownSessionsQueryKey, queryFn: getOwnSessions }));
}

/** DELETE /api/me/sessions/:id: ends one of them; ending this one signs out (the server clears the cookie). */
export function useEndOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiClient.delete<ApiData<{ ended: true; signedOut: boolean }>>(
          `/api/me/sessions/${encodeURIComponent(id)}`,
        )
      ).data,
    onSuccess: async ({ signedOut }) => {
      if (!signedOut) {
        await queryClient.invalidateQueries({ queryKey: ownSessionsQueryKey });
        return;
      }
      // Signed out here, as the Logout button does: nothing of this user stays cached, and the guards go to /login.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.removeQueries({ queryKey: ownSessionsQueryKey });
      await queryClient.refetchQueries({ queryKey: meQueryKey, exact: true });
    },
  });
}

/** POST /api/me/sessions/end-others: every other session of the user ends; answers how many. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<ApiData<{ sessionsEnded: number }>>("/api/me/sessions/end-others")).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSessionsQueryKey }),
  });
}
