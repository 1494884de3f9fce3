import type { Login } from "@domain/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";
import { meQueryKey } from "@web/lib/query-keys";

export function login(input: Login): Promise<unknown> {
  return apiClient.post<unknown>("/api/auth/login", input);
}

/** Signs in, then refetches the session lookup (docs/product/life-cycle.md) so guards see the user before navigating. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQueryKey }),
  });
}
