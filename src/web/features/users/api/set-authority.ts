import type { Authority } from "@domain/underwriting/authority";
import { toAuthorityResponse } from "@domain/underwriting/authority";
import type { UserWithAuthority } from "@domain/underwriting/authority-schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersQueryKey } from "@web/lib/api/get-users";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

/** PUT /api/users/{id}/authority (ADMIN only): the underwriter's authority, checked again by the server. */
export async function setAuthority(input: { userId: string; authority: Authority }): Promise<UserWithAuthority> {
  const body = await apiClient.put<ApiData<UserWithAuthority>>(
    `/api/users/${encodeURIComponent(input.userId)}/authority`,
    toAuthorityResponse(input.authority),
  );
  return body.data;
}

export function useSetAuthority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAuthority,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
