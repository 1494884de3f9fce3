import type { UserWithAuthority } from "@domain/underwriting/authority-schema";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "../api-client";

export const usersQueryKey = ["users"] as const;

/** GET /api/users: each underwriter with their authority (docs/product/permissions.md). */
export async function getUsers(): Promise<UserWithAuthority[]> {
  const body = await apiClient.get<ApiData<UserWithAuthority[]>>("/api/users");
  return body.data;
}

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
