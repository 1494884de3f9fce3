import type { MiChart, MiTable } from "@domain/mi/mi";
import { miFileName } from "@domain/mi/mi";
import { useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient, assertOk, fetchWithSession } from "@web/lib/api-client";
import type { DocumentFile } from "@web/lib/documents/document-file";
import { fileNameFromDisposition } from "@web/lib/documents/save-file";

export interface MiFilters {
  from: string;
  to: string;
  firmId: string;
}
export type MiAnswer = MiTable & { from: string; to: string };

const params = (filters: MiFilters) => ({
  from: filters.from,
  to: filters.to,
  ...(filters.firmId ? { firmId: filters.firmId } : {}),
});

/** GET /api/mi/{chart}: one chart's table for the filters. */
export function useMiChart(chart: MiChart, filters: MiFilters) {
  return useQuery({
    queryKey: ["mi", chart, filters],
    queryFn: async () => (await apiClient.get<ApiData<MiAnswer>>(`/api/mi/${chart}`, { params: params(filters) })).data,
    retry: false,
  });
}

/** GET /api/mi/{chart}/csv: the same table as a CSV file. */
export async function downloadMiCsv(chart: MiChart, filters: MiFilters): Promise<DocumentFile> {
  const response = await assertOk(
    await fetchWithSession(`/api/mi/${chart}/csv`, { params: params(filters), headers: { Accept: "*/*" } }),
  );
  const fileName =
    fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? miFileName(chart, filters.from, filters.to);
  return { blob: await response.blob(), fileName };
}
