import type { User } from "@domain/auth/schemas";
import type { BrokerFirm, Firm, FirmInput } from "@domain/firms/firm";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "../api-client";
import { auditLogsQueryKey } from "../query-keys";
import { usersQueryKey } from "./get-users";

export const firmsQueryKey = ["firms"] as const;

/** GET /api/firms (ADMIN only): the broker firms, by name, with their number of brokers. */
export async function getFirms(): Promise<Firm[]> {
  return (await apiClient.get<ApiData<Firm[]>>("/api/firms")).data;
}

export function useFirms(enabled = true) {
  return useQuery({ ...queryOptions({ queryKey: firmsQueryKey, queryFn: getFirms }), enabled });
}

function useAdminMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: firmsQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}

/** POST /api/firms: a new firm, checked again by the server (FCA number, commission bounds). */
export function useCreateFirm() {
  return useAdminMutation(async (input: FirmInput) => (await apiClient.post<ApiData<Firm>>("/api/firms", input)).data);
}

/** DELETE /api/firms/{id}: refused (409) while the firm has brokers or has written quotes. */
export function useDeleteFirm() {
  return useAdminMutation(
    async (id: string) => (await apiClient.delete<ApiData<Firm>>(`/api/firms/${encodeURIComponent(id)}`)).data,
  );
}

/** PUT /api/users/{id}/firm: a broker's firm (or none) and whether they lead it. */
export function useSetBrokerFirm() {
  return useAdminMutation(
    async (input: { userId: string } & BrokerFirm) =>
      (
        await apiClient.put<ApiData<User>>(`/api/users/${encodeURIComponent(input.userId)}/firm`, {
          firmId: input.firmId,
          isFirmLead: input.isFirmLead,
        })
      ).data,
  );
}
