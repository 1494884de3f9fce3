import type { RatingTestCase } from "@domain/rating/test-cases";
import { type ApiData, apiClient, withQuery } from "@web/lib/api-client";

/** 'Add case from quote': the stored quote's last rating as a test case (ADMIN only). */
export async function getTestCaseFromQuote(reference: string): Promise<RatingTestCase> {
  const body = await apiClient.get<ApiData<RatingTestCase>>(
    withQuery("/api/rating/versions/case-from-quote", { reference }),
  );
  return body.data;
}
