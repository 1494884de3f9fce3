import type { Quote } from "@domain/quote/quote";
import type { UnderwriterDecisionInput } from "@domain/underwriting/decision";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

export interface RecordDecisionVariables {
  quoteId: string;
  body: UnderwriterDecisionInput;
}

/** POST /api/quotes/{id}/uw/decision: decision, uwNote and, for a counter offer only, the multiplier. */
export async function recordDecision({ quoteId, body }: RecordDecisionVariables): Promise<Quote> {
  const answer = await apiClient.post<ApiData<Quote>>(`/api/quotes/${encodeURIComponent(quoteId)}/uw/decision`, body);
  return answer.data;
}

export function useRecordDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDecision,
    // Every quote cache (lists, the wizard's copy, reviews) sits under ["quotes"].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["quotes"] }),
  });
}
