/**
 * The company register as the server uses it: the register's answer lists (whose items, in Companies House's
 * own field names, are the domain's `api/companies` shapes), the register interface, and the director count.
 * The live client passes Companies House's objects through; the embedded demo register produces the same shapes.
 */
import { z } from "zod";
import {
  type CompanyRegisterKind,
  companySearchItemSchema,
  type Officer,
  officerSchema,
} from "../../../domain/api/companies";
import { AppError } from "../../errors";

export const companySearchResultSchema = z.looseObject({
  items: z.array(companySearchItemSchema).default([]),
  total_results: z.number().optional(),
});
export type CompanySearchResult = z.infer<typeof companySearchResultSchema>;

export const officerListSchema = z.looseObject({
  items: z.array(officerSchema).default([]),
  active_count: z.number().optional(),
  resigned_count: z.number().optional(),
  total_results: z.number().optional(),
});
export type OfficerList = z.infer<typeof officerListSchema>;

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
  return new AppError("COMPANY_NOT_FOUND", `No company with number ${companyNumber} was found in the company register`);
}
