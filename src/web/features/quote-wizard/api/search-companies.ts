import type {
  CompanyAddress,
  CompanyRegisterKind,
  CompanySearchItem,
  CompanySearchResponse,
} from "@domain/api/companies";
import { COMPANY_SEARCH_CACHE_MS, COMPANY_SEARCH_MIN_CHARS } from "@domain/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";

/** docs/product/screens.md "Company search result", in the register's own field names. */
export type CompanySearchResult = CompanySearchItem;

/** Said under the search whenever the embedded register answers, so nobody takes its firms for real ones. */
export const DEMO_REGISTER_TEXT = "Demo register: fictitious companies, not the Companies House register";

export interface CompanySearchAnswer {
  items: CompanySearchResult[];
  register: CompanyRegisterKind;
}

/** GET /api/companies/search?q=: `{ items }` (docs/product/permissions.md), and which register answered. */
export async function searchCompanies(query: string, signal?: AbortSignal): Promise<CompanySearchAnswer> {
  // docs/product/permissions.md puts the items at the top; the server repeats them under `data` with the register.
  const body = await apiClient.get<
    Partial<Pick<CompanySearchResponse, "items">> & { data?: Partial<CompanySearchResponse["data"]> }
  >("/api/companies/search", { params: { q: query }, ...(signal ? { signal } : {}) });
  return { items: body.items ?? body.data?.items ?? [], register: body.data?.register === "demo" ? "demo" : "live" };
}

/** Keyed by the search text and kept 5 minutes (docs/product/permissions.md and docs/product/rating.md), so retyping a name costs no request. */
export const companySearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["companies", "search", query],
    queryFn: ({ signal }) => searchCompanies(query, signal),
    staleTime: COMPANY_SEARCH_CACHE_MS,
    gcTime: COMPANY_SEARCH_CACHE_MS,
  });

/** Runs only when allowed (2+ characters, no company chosen, not a sole trader: docs/product/errors.md). */
export function useCompanySearch(query: string, allowed: boolean) {
  const trimmed = query.trim();
  return useQuery({
    ...companySearchQueryOptions(trimmed),
    enabled: allowed && trimmed.length >= COMPANY_SEARCH_MIN_CHARS,
  });
}

/** One line for a register address: "1 High Street, Leeds, LS1 1AA". */
export function formatCompanyAddress(address: CompanyAddress | undefined): string {
  if (!address) return "";
  return [
    [address.premises, address.address_line_1].filter(Boolean).join(" "),
    address.address_line_2,
    address.locality,
    address.region,
    address.postal_code,
  ]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(", ");
}
