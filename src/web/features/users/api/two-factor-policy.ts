import type { Role } from "@domain/auth/schemas";
import type { TwoFactorPolicy } from "@domain/auth/two-factor";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

export const twoFactorPolicyQueryKey = ["settings", "two-factor"] as const;

/** GET /api/settings/two-factor (ADMIN): the roles that must sign in with a second factor. */
export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: twoFactorPolicyQueryKey,
    queryFn: async () => (await apiClient.get<ApiData<TwoFactorPolicy>>("/api/settings/two-factor")).data,
  });
}

/** PUT /api/settings/two-factor (ADMIN; may ask for the password again): audited by the server. */
export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requiredRoles: Role[]) =>
      (await apiClient.put<ApiData<TwoFactorPolicy>>("/api/settings/two-factor", { requiredRoles })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorPolicyQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
