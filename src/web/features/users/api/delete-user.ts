import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersQueryKey } from "@web/lib/api/get-users";
import { apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

export async function deleteUser(id: string): Promise<void> {
  await apiClient.delete<unknown>(`/api/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
