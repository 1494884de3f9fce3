import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersQueryKey } from "@web/lib/api/get-users";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

export interface TwoFactorReset {
  sessionsEnded: number;
  /** The user's role must use a second factor: they set up a new one at their next sign-in. */
  mustEnrol: boolean;
}

/** POST /api/users/:id/two-factor/reset (ADMIN): the user's lost second factor goes and their sessions end. */
export async function resetTwoFactor(id: string): Promise<TwoFactorReset> {
  const body = await apiClient.post<ApiData<TwoFactorReset>>(`/api/users/${encodeURIComponent(id)}/two-factor/reset`);
  return body.data;
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
