import type { PolicyView } from "@domain/quote/policy-schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { policyQueryOptions } from "./get-policy";

/**
 * A write that answers the policy: the policy screen shows the server's answer at once (insured, cover,
 * transactions, the endorsement, a change waiting); the lists and the quote behind the policy, whose version may
 * have moved on, are fetched again when next shown.
 */
export function usePolicyWrite<Variables extends { policyNumber: string }>(
  write: (variables: Variables) => Promise<PolicyView>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (policy, { policyNumber }) => {
      const { queryKey } = policyQueryOptions(policyNumber);
      queryClient.setQueryData(queryKey, policy);
      await queryClient.invalidateQueries({
        queryKey: ["quotes"],
        predicate: (query) => !(query.queryKey[1] === "policy" && query.queryKey[2] === policyNumber),
      });
    },
  });
}
