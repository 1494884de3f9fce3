import type { Quote } from "@domain/quote/quote";
import type { ReferralQuestion } from "@domain/underwriting/conversation";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "../api-client";

/**
 * The conversation on a referral (docs/product/life-cycle.md "Questions to the broker"), shared by the review
 * screen, the wizard's step 7 and the dashboard. Every key sits under ["quotes"], so a decision, a reopening
 * or any quote write refreshes them, and each write here refreshes every quote view (the queue included).
 */
const quoteUrl = (quoteId: string) => `/api/quotes/${encodeURIComponent(quoteId)}`;

export const quoteQuestionsQueryOptions = (quoteId: string) =>
  queryOptions({
    queryKey: ["quotes", "questions", quoteId],
    queryFn: async () => (await apiClient.get<ApiData<ReferralQuestion[]>>(`${quoteUrl(quoteId)}/questions`)).data,
  });

/** GET /api/quotes/{id}/questions: the quote's questions and answers, oldest first. */
export function useQuoteQuestions(quoteId: string | undefined) {
  return useQuery({ ...quoteQuestionsQueryOptions(quoteId ?? ""), enabled: Boolean(quoteId) });
}

/** GET /api/questions/open: the open questions on the signed-in user's own quotes, for the dashboard's rows. */
export function useOpenQuestions(enabled = true) {
  return useQuery({
    queryKey: ["quotes", "open-questions"],
    queryFn: async () => (await apiClient.get<ApiData<ReferralQuestion[]>>("/api/questions/open")).data,
    enabled,
  });
}

function useQuoteWrite<Variables, Result>(write: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["quotes"] }),
  });
}

export function useAskQuestion() {
  return useQuoteWrite(
    async ({ quoteId, question }: { quoteId: string; question: string }) =>
      (await apiClient.post<ApiData<ReferralQuestion>>(`${quoteUrl(quoteId)}/uw/questions`, { question })).data,
  );
}

export function useAnswerQuestion() {
  return useQuoteWrite(
    async ({ quoteId, questionId, answer }: { quoteId: string; questionId: string; answer: string }) =>
      (
        await apiClient.post<ApiData<ReferralQuestion>>(
          `${quoteUrl(quoteId)}/questions/${encodeURIComponent(questionId)}/answer`,
          { answer },
        )
      ).data,
  );
}

export function useWithdrawReferral() {
  return useQuoteWrite(
    async ({ quoteId, expectedVersion }: { quoteId: string; expectedVersion: number }) =>
      (await apiClient.post<ApiData<Quote>>(`${quoteUrl(quoteId)}/withdraw`, { expectedVersion })).data,
  );
}
