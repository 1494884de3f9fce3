import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Quote, ReferralHit, UnderwriterDecisionValue } from "../../../../domain/quote/quote";
import type { QuoteHistoryEvent } from "../../../../domain/underwriting/history";
import { type ApiData, apiClient } from "../../../lib/api-client";

/** The review screen's "Risk Assessment Details", derived by the server from the stored quote. */
export interface RiskAssessment {
  annualTurnover: number;
  industry: string;
  employees: number;
  publicLiabilityLimit: number;
  previousClaims: boolean;
  exportBusiness: boolean;
  hazardousActivities: boolean;
  operates24_7: boolean;
}

export interface DecisionHistoryEntry {
  id: string;
  decision: UnderwriterDecisionValue;
  adjustmentMultiplier: number | null;
  uwNote: string | null;
  underwriter: { name: string; email: string } | null;
  /** The total premium before and after this decision (two-decimal strings). */
  totalPremiumBefore?: string | null;
  totalPremiumAfter?: string | null;
  createdAt: string;
}

export interface UnderwriterReview {
  quote: Quote;
  referralHits: ReferralHit[];
  referralReasons: string[];
  riskAssessment: RiskAssessment | null;
  history: DecisionHistoryEntry[];
  /** The quote's life from its audit trail, oldest first. */
  timeline: QuoteHistoryEvent[];
  /** How the reader was let in: their session, or the e-mailed link's token. */
  access: "session" | "token";
}

type RawReview = Partial<UnderwriterReview> & { quote?: Quote };

/** SPEC.md §7: `data` holds the quote, or is the quote itself; the extra review facts may be absent. */
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
    access: raw.access ?? "session",
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
