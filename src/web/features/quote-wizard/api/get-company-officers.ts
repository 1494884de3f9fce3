import type { CompanyOfficersResponse } from "@domain/api/companies";
import { apiClient } from "@web/lib/api-client";

/** GET /api/companies/{company_number}/officers: the wizard reads `numberOfDirectors` (docs/product/permissions.md). */
export async function getCompanyDirectorCount(companyNumber: string): Promise<number> {
  const body = await apiClient.get<CompanyOfficersResponse>(
    `/api/companies/${encodeURIComponent(companyNumber)}/officers`,
  );
  return body.data.numberOfDirectors;
}
