import type { RegisterUser, User } from "@domain/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersQueryKey } from "@web/lib/api/get-users";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

/** POST /api/auth/register (ADMIN only): creates a user who can then sign in. */
export async function createUser(input: RegisterUser): Promise<User> {
  const body = await apiClient.post<ApiData<User>>("/api/auth/register", input);
  return body.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
