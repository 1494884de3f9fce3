import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";
import { meQueryKey } from "@web/lib/query-keys";

/** The second step: an authenticator code or a recovery code, within minutes of the right password. */
export function loginWithSecondFactor(code: string): Promise<unknown> {
  return apiClient.post<unknown>("/api/auth/login/second-factor", { code });
}

export function useLoginWithSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithSecondFactor,
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQueryKey }),
  });
}
