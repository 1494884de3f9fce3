import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

/** POST /api/users/:id/password-reset (ADMIN): e-mails the user a one-time link; answers where and until when. */
export async function sendPasswordReset(id: string): Promise<{ sentTo: string; expiresAt: string }> {
  const body = await apiClient.post<ApiData<{ sentTo: string; expiresAt: string }>>(
    `/api/users/${encodeURIComponent(id)}/password-reset`,
  );
  return body.data;
}

export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
  });
}
