import type { User } from "@domain/auth/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, ApiError, apiClient } from "../api-client";
import { meQueryKey } from "../query-keys";

/**
 * The session lookup (docs/product/screens.md and docs/product/life-cycle.md): the user is read from `data`; a 401 means nobody is signed in and
 * yields null instead of an error, so guards can tell "signed out" from "the server failed".
 */
export async function getMe(): Promise<User | null> {
  try {
    const body = await apiClient.get<ApiData<User>>("/api/me");
    return body.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, retry: false });

export function useMe() {
  return useQuery(meQueryOptions());
}
