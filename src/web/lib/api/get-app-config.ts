import type { AppConfig, AppConfigResponse } from "@domain/api/app-config";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../api-client";

/** GET /api/config: the public settings the web app needs (the underwriting mailbox of the e-mail package). */
export async function getAppConfig(): Promise<AppConfig> {
  const body = await apiClient.get<AppConfigResponse>("/api/config");
  return body.data;
}

export const appConfigQueryOptions = () => queryOptions({ queryKey: ["app-config"], queryFn: getAppConfig });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
