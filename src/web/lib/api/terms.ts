import type {
  Clause,
  ClauseEdit,
  MarkSubjectivity,
  NewClause,
  OverdueSubjectivity,
  QuoteTerms,
} from "@domain/underwriting/terms";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "../api-client";
import { auditLogsQueryKey } from "../query-keys";

export const clausesQueryKey = ["endorsement-clauses"] as const;
/** Under ["quotes"], so every change to a quote (a decision, an issue) refreshes its terms too. */
export const quoteTermsQueryKey = (quoteId: string) => ["quotes", quoteId, "terms"] as const;
export const overdueSubjectivitiesQueryKey = ["quotes", "subjectivities-overdue"] as const;

/** GET /api/endorsements: the library, each clause at its current version (underwriters and administrators). */
export function useClauses(enabled = true) {
  return useQuery({
    queryKey: clausesQueryKey,
    queryFn: async () => (await apiClient.get<ApiData<Clause[]>>("/api/endorsements")).data,
    enabled,
  });
}

export function useCreateClause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewClause) => (await apiClient.post<ApiData<Clause>>("/api/endorsements", body)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clausesQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}

export function useEditClause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, body }: { code: string; body: ClauseEdit }) =>
      (await apiClient.put<ApiData<Clause>>(`/api/endorsements/${encodeURIComponent(code)}`, body)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clausesQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}

/** GET /api/quotes/{id}/terms: the clauses and subjectivities of the quote's latest decision. */
export function useQuoteTerms(quoteId: string, enabled = true) {
  return useQuery({
    queryKey: quoteTermsQueryKey(quoteId),
    queryFn: async () =>
      (await apiClient.get<ApiData<QuoteTerms>>(`/api/quotes/${encodeURIComponent(quoteId)}/terms`)).data,
    enabled,
  });
}

/** POST /api/quotes/{id}/subjectivities/{sid} (UNDERWRITER): satisfied or waived. */
export function useMarkSubjectivity(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: MarkSubjectivity }) =>
      (
        await apiClient.post<ApiData<QuoteTerms>>(
          `/api/quotes/${encodeURIComponent(quoteId)}/subjectivities/${encodeURIComponent(id)}`,
          body,
        )
      ).data,
    onSuccess: (terms) => {
      queryClient.setQueryData(quoteTermsQueryKey(quoteId), terms);
      return queryClient.invalidateQueries({ queryKey: ["quotes"] });
    },
  });
}

/** GET /api/uw/subjectivities/overdue: post-bind subjectivities past their due date. */
export function useOverdueSubjectivities() {
  return useQuery({
    queryKey: overdueSubjectivitiesQueryKey,
    queryFn: async () => (await apiClient.get<ApiData<OverdueSubjectivity[]>>("/api/uw/subjectivities/overdue")).data,
  });
}
