import type { Login, User } from "@domain/auth/schemas";
import type { SignInNextStep } from "@domain/auth/two-factor";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";
import { meQueryKey } from "@web/lib/query-keys";

/** Signed in (`next` says whether enrolment comes first), or the right password and a code is needed next. */
export interface SignInAnswer {
  data: User | null;
  next: SignInNextStep;
}

export function login(input: Login): Promise<SignInAnswer> {
  return apiClient.post<SignInAnswer>("/api/auth/login", input);
}

/** Signs in, then refetches the session lookup (docs/product/life-cycle.md) so guards see the user before navigating. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQueryKey }),
  });
}
