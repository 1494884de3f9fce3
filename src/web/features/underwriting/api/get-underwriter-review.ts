import type { Quote } from "@domain/quote/quote";
import type { RiskAssessment, UnderwriterReview as UnderwriterReviewResponse } from "@domain/underwriting/review";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** The review as the screen reads it: the risk assessment may be missing when `data` was the bare quote. */
export type UnderwriterReview = Omit<UnderwriterReviewResponse, "riskAssessment"> & {
  riskAssessment: RiskAssessment | null;
};

type RawReview = Partial<UnderwriterReviewResponse> & { quote?: Quote };

/** docs/product/permissions.md: `data` holds the quote, or is the quote itself; the extra review facts may be absent. */
function toReview(data: RawReview | Quote): UnderwriterReview {
  const raw = data as RawReview;
  const quote = raw.quote && typeof raw.quote === "object" ? raw.quote : (data as Quote);
  return {
    quote,
    referralHits: raw.referralHits ?? quote.referralHits ?? [],
    referralReasons: raw.referralReasons ?? [],
    riskAssessment: raw.riskAssessment ?? null,
    history: raw.history ?? [],
    timeline: raw.timeline ?? [],
    questions: raw.questions ?? [],
    access: raw.access ?? "session",
    authority: raw.authority ?? null,
  };
}

/** GET /api/uw/review/{quoteId}, with the e-mailed `token` when the page address carries one. */
export async function getUnderwriterReview(quoteId: string, token: string | undefined): Promise<UnderwriterReview> {
  const body = await apiClient.get<ApiData<RawReview | Quote>>(`/api/uw/review/${encodeURIComponent(quoteId)}`, {
    params: { token },
  });
  return toReview(body.data);
}

export const underwriterReviewQueryOptions = (quoteId: string, token: string | undefined) =>
  queryOptions({
    queryKey: ["quotes", "review", quoteId, token ?? null],
    queryFn: () => getUnderwriterReview(quoteId, token),
  });

export function useUnderwriterReview(quoteId: string, token: string | undefined) {
  return useQuery(underwriterReviewQueryOptions(quoteId, token));
}
