/**
 * The company look-ups step 1 makes: search by name or number, and the officers of one company (whose
 * active directors fill "number of directors"). Chooses the register (live Companies House with an API key,
 * else the embedded demo register) and caches answers five minutes (docs/product/rating.md). Each instance keeps its
 * own cache and none is ever dropped early: nothing the product writes changes what the register says, so five
 * minutes is the stated bound on every instance (docs/deploy.md, "What each instance caches").
 */

import type { CompanyRegisterKind, CompanySearchItem, Officer } from "../../../domain/api/companies";
import { COMPANY_SEARCH_CACHE_MS, COMPANY_SEARCH_MIN_CHARS } from "../../../domain/constants";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { createCompaniesHouseClient } from "./companies-house-client";
import { createDemoRegister } from "./demo-register";
import { TtlCache } from "./ttl-cache";
import { type CompanyRegister, countActiveDirectors, normaliseCompanyNumber } from "./types";

export const COMPANY_SEARCH_MAX_CHARS = 160;
export const COMPANY_SEARCH_RESULTS = 20;
/** Enough for every distinct search a busy office makes in five minutes, small enough to never matter. */
export const COMPANY_CACHE_MAX_ENTRIES = 1_000;

export const DEMO_REGISTER_NOTE =
  "Demo company register: the companies, numbers, addresses and officers are fictitious and generated for demonstration. Set COMPANIES_HOUSE_API_KEY to search the real Companies House register.";

export interface CompanySearchAnswer {
  items: CompanySearchItem[];
  total_results: number;
}

export interface OfficersAnswer {
  numberOfDirectors: number;
  items: Officer[];
}

export interface CompanyService {
  readonly kind: CompanyRegisterKind;
  search(query: string): Promise<CompanySearchAnswer>;
  officers(companyNumber: string): Promise<OfficersAnswer>;
}

export interface CompanyServiceOptions {
  register: CompanyRegister;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  now?: () => number;
}

export function createCompanyService(options: CompanyServiceOptions): CompanyService {
  const { register } = options;
  const cacheOptions = {
    maxEntries: options.cacheMaxEntries ?? COMPANY_CACHE_MAX_ENTRIES,
    ttlMs: options.cacheTtlMs ?? COMPANY_SEARCH_CACHE_MS,
    ...(options.now ? { now: options.now } : {}),
  };
  const searches = new TtlCache<CompanySearchAnswer>(cacheOptions);
  const officerLists = new TtlCache<OfficersAnswer>(cacheOptions);

  return {
    kind: register.kind,
    async search(rawQuery) {
      const query = rawQuery.trim().replace(/\s+/g, " ");
      if (query.length < COMPANY_SEARCH_MIN_CHARS) {
        throw new AppError(
          "COMPANY_SEARCH_TOO_SHORT",
          `Enter at least ${COMPANY_SEARCH_MIN_CHARS} characters to search the company register`,
        );
      }
      if (query.length > COMPANY_SEARCH_MAX_CHARS) {
        throw new AppError(
          "COMPANY_SEARCH_TOO_LONG",
          `A company search can be at most ${COMPANY_SEARCH_MAX_CHARS} characters`,
        );
      }
      return searches.getOrLoad(query.toLowerCase(), async () => {
        const result = await register.searchCompanies(query, COMPANY_SEARCH_RESULTS);
        return { items: result.items, total_results: result.total_results ?? result.items.length };
      });
    },
    async officers(rawNumber) {
      const companyNumber = normaliseCompanyNumber(rawNumber);
      if (!companyNumber) {
        throw new AppError("INVALID_COMPANY_NUMBER");
      }
      return officerLists.getOrLoad(companyNumber, async () => {
        const list = await register.listOfficers(companyNumber);
        return { numberOfDirectors: countActiveDirectors(list.items), items: list.items };
      });
    },
  };
}

/** The register the configuration asks for: Companies House when an API key is set, else the demo register. */
export function createCompanyRegisterFromConfig(config: Config, options: { timeoutMs?: number } = {}): CompanyRegister {
  if (config.companiesHouseApiKey) {
    return createCompaniesHouseClient({
      apiKey: config.companiesHouseApiKey,
      baseUrl: config.companiesHouseBaseUrl,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
  }
  return createDemoRegister();
}

/** For GET /api/config: which register answers, without building one. */
export function companyRegisterKind(config: Config): CompanyRegisterKind {
  return config.companiesHouseApiKey ? "live" : "demo";
}
