/**
 * The company register's answers, in Companies House's own field names (docs/product/screens.md "Company search result";
 * docs/product/documents.md: "return its field names unchanged"), and the two GET /api/companies answers built from them:
 * the server validates its responses with these schemas and the wizard reads them with the same types.
 */
import { z } from "zod";

/** Which register answered: Companies House itself, or the fictitious firms that ship with the project. */
export const companyRegisterKindSchema = z.enum(["live", "demo"]);
export type CompanyRegisterKind = z.infer<typeof companyRegisterKindSchema>;

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

/** GET /api/companies/search?q=: `{ items }` (docs/product/permissions.md), the same items under `data`, and which register answered. */
export const companySearchResponseSchema = z.object({
  items: z.array(companySearchItemSchema),
  data: z.object({
    items: z.array(companySearchItemSchema),
    total_results: z.number(),
    register: companyRegisterKindSchema,
  }),
});
export type CompanySearchResponse = z.infer<typeof companySearchResponseSchema>;

/** GET /api/companies/{company_number}/officers: the officers and how many are active directors or members. */
export const companyOfficersResponseSchema = z.object({
  data: z.object({
    numberOfDirectors: z.number().int(),
    items: z.array(officerSchema),
    register: companyRegisterKindSchema,
  }),
});
export type CompanyOfficersResponse = z.infer<typeof companyOfficersResponseSchema>;
