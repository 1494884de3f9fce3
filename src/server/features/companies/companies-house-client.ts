/**
 * A client of the public Companies House API (https://developer.company-information.service.gov.uk):
 * HTTP basic auth with the API key as user name and an empty password, a bounded wait, and every failure
 * turned into a clear AppError (docs/product/documents.md: "A failing register gives 502 with a clear message, never a
 * crash"). Responses keep Companies House's field names; they are checked only for the fields we read.
 */
import type { z } from "zod";
import { ERROR_CATALOGUE } from "../../../domain/api/errors";
import { AppError } from "../../errors";
import {
  type CompanyRegister,
  type CompanySearchResult,
  companyNotFound,
  companySearchResultSchema,
  type OfficerList,
  officerListSchema,
} from "./types";

export const DEFAULT_REGISTER_TIMEOUT_MS = 3_000;

export interface CompaniesHouseClientOptions {
  apiKey: string;
  baseUrl: string;
  /** How long to wait for an answer before giving up with 502; tests shorten it. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createCompaniesHouseClient(options: CompaniesHouseClientOptions): CompanyRegister {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_REGISTER_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString("base64")}`;

  async function getJson<T extends z.ZodType>(
    path: string,
    schema: T,
    onNotFound: () => AppError | z.infer<T>,
  ): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        headers: { authorization, accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new AppError(timedOut ? "COMPANY_REGISTER_TIMEOUT" : "COMPANY_REGISTER_UNAVAILABLE");
    }

    if (response.status === 404) {
      await response.body?.cancel();
      const outcome = onNotFound();
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new AppError("COMPANY_REGISTER_RATE_LIMITED");
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new AppError("COMPANY_REGISTER_UNAUTHORISED");
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AppError("COMPANY_REGISTER_UNAVAILABLE");
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      // A body that cannot be read as JSON: the code says why, the message what a broker can do about it.
      throw timedOut
        ? new AppError("COMPANY_REGISTER_TIMEOUT")
        : new AppError("COMPANY_REGISTER_INVALID_RESPONSE", ERROR_CATALOGUE.COMPANY_REGISTER_UNAVAILABLE.message);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new AppError("COMPANY_REGISTER_INVALID_RESPONSE");
    }
    return parsed.data;
  }

  return {
    kind: "live",
    searchCompanies(query, itemsPerPage): Promise<CompanySearchResult> {
      const params = new URLSearchParams({ q: query, items_per_page: String(itemsPerPage) });
      // Companies House answers an unmatched search with 200 and no items; a 404 here means the same.
      return getJson(`/search/companies?${params}`, companySearchResultSchema, () => ({ items: [], total_results: 0 }));
    },
    listOfficers(companyNumber): Promise<OfficerList> {
      return getJson(
        `/company/${encodeURIComponent(companyNumber)}/officers?items_per_page=100`,
        officerListSchema,
        () => companyNotFound(companyNumber),
      );
    },
  };
}
