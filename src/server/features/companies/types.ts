/**
 * The company register's answers, in Companies House's own field names (SPEC.md §3 "Company search result";
 * DECISIONS §6: "return its field names unchanged"). The live client passes Companies House's objects
 * through; the embedded demo register produces the same shapes.
 */
import { z } from "zod";
import { AppError } from "../../errors";

export const companyAddressSchema = z.looseObject({
  premises: z.string().optional(),
  address_line_1: z.string().optional(),
  address_line_2: z.string().optional(),
  locality: z.string().optional(),
  region: z.string().optional(),
  postal_code: z.string().optional(),
  country: z.string().optional(),
});
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

export const companySearchItemSchema = z.looseObject({
  title: z.string(),
  company_number: z.string(),
  company_status: z.string().optional(),
  company_type: z.string().optional(),
  date_of_creation: z.string().optional(),
  address_snippet: z.string().optional(),
  address: companyAddressSchema.optional(),
});
export type CompanySearchItem = z.infer<typeof companySearchItemSchema>;

export const companySearchResultSchema = z.looseObject({
  items: z.array(companySearchItemSchema).default([]),
  total_results: z.number().optional(),
});
export type CompanySearchResult = z.infer<typeof companySearchResultSchema>;

export const officerSchema = z.looseObject({
  name: z.string(),
  officer_role: z.string(),
  appointed_on: z.string().optional(),
  resigned_on: z.string().optional(),
  occupation: z.string().optional(),
  nationality: z.string().optional(),
  country_of_residence: z.string().optional(),
  date_of_birth: z.looseObject({ month: z.number().optional(), year: z.number().optional() }).optional(),
  address: companyAddressSchema.optional(),
});
export type Officer = z.infer<typeof officerSchema>;

export const officerListSchema = z.looseObject({
  items: z.array(officerSchema).default([]),
  active_count: z.number().optional(),
  resigned_count: z.number().optional(),
  total_results: z.number().optional(),
});
export type OfficerList = z.infer<typeof officerListSchema>;

/** Which register answered: Companies House itself, or the fictitious firms that ship with the project. */
export type CompanyRegisterKind = "live" | "demo";

/** What the routes need from a register; the live client and the demo register both provide it. */
export interface CompanyRegister {
  readonly kind: CompanyRegisterKind;
  searchCompanies(query: string, itemsPerPage: number): Promise<CompanySearchResult>;
  listOfficers(companyNumber: string): Promise<OfficerList>;
}

/*
 * Roles whose holders count as directors, partners or principals for step 1's "number of directors".
 * Secretaries, judicial factors, receivers and the like manage no part of the professional business.
 */
const DIRECTOR_OR_MEMBER_ROLES = new Set([
  "director",
  "corporate-director",
  "nominee-director",
  "corporate-nominee-director",
  "llp-member",
  "llp-designated-member",
  "corporate-llp-member",
  "corporate-llp-designated-member",
  "member",
  "corporate-member",
  "general-partner-in-a-limited-partnership",
  "managing-officer",
  "corporate-managing-officer",
]);

/** Active (not resigned) officers in director or member roles. */
export function countActiveDirectors(officers: readonly Officer[]): number {
  return officers.filter((officer) => !officer.resigned_on && DIRECTOR_OR_MEMBER_ROLES.has(officer.officer_role))
    .length;
}

/** Companies House numbers are 8 characters: digits, or a two-letter prefix (SC, NI, OC, ...) and 6 digits. */
export const COMPANY_NUMBER_PATTERN = /^[A-Z0-9]{8}$/;

export function normaliseCompanyNumber(raw: string): string | null {
  const number = raw.trim().toUpperCase();
  return COMPANY_NUMBER_PATTERN.test(number) ? number : null;
}

export function companyNotFound(companyNumber: string): AppError {
  return AppError.notFound(
    `No company with number ${companyNumber} was found in the company register`,
    "COMPANY_NOT_FOUND",
  );
}
