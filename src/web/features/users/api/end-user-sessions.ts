import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

/** POST /api/users/:id/sessions/end (ADMIN): every session of the user ends; answers how many. */
export async function endUserSessions(id: string): Promise<{ sessionsEnded: number }> {
  const body = await apiClient.post<ApiData<{ sessionsEnded: number }>>(
    `/api/users/${encodeURIComponent(id)}/sessions/end`,
  );
  return body.data;
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
  });
}
