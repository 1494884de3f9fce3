import type { User } from "@domain/auth/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "../api-client";

export const usersQueryKey = ["users"] as const;

export async function getUsers(): Promise<User[]> {
  const body = await apiClient.get<ApiData<User[]>>("/api/users");
  return body.data;
}

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
