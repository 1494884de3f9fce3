import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "../api-client";

/** GET /api/config: the public settings the web app needs (the underwriting mailbox of the e-mail package). */
export interface AppConfig {
  productName: string;
  underwritingMailbox: string;
  companyRegister: "live" | "demo";
}

export async function getAppConfig(): Promise<AppConfig> {
  const body = await apiClient.get<ApiData<AppConfig>>("/api/config");
  return body.data;
}

export const appConfigQueryOptions = () => queryOptions({ queryKey: ["app-config"], queryFn: getAppConfig });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
