import type { Quote } from "@domain/quote/quote";
import { Info } from "lucide-react";
import { RenewedPolicyLink } from "./quote/renewed-policy-link";

/**
 * Step 6 of a renewal (docs/product/screens.md): the answers shown are last year's, copied from the expiring
 * policy; the renewal completes only once the broker has reviewed them and saved this step.
 */
export function RenewalDeclarationNotice({ quote }: { quote: Quote | undefined }) {
  if (quote?.runOffOfId && !quote.declarationConfirmed) return <RunOffDeclarationNotice policy={quote.runOffOf} />;
  if (!quote?.renewalOf || quote.declarationConfirmed) return null;
  return (
    <section
      role="note"
      aria-labelledby="renewal-declaration-title"
      className="grid gap-1 rounded-md border border-blue-300 bg-blue-50 p-4 text-sm text-blue-950"
    >
      <h2 id="renewal-declaration-title" className="flex items-center gap-2 font-semibold">
        <Info aria-hidden="true" className="h-4 w-4" />
        <span>
          Renewal of <RenewedPolicyLink renewed={quote.renewalOf} />: review last year's answers
        </span>
      </h2>
      <p>
        These answers are last year's declaration. Check each one with the insured, change any that no longer hold, and
        save this step: the renewal cannot be completed until the declaration has been saved again.
      </p>
    </section>
  );
}

/**
 * Step 6 of a run-off quoted from a policy (docs/product/life-cycle.md "Run-off"): the answers are the policy's; the
 * run-off completes only once the broker has reviewed them with the insured and saved this step.
 */
function RunOffDeclarationNotice({ policy }: { policy: Quote["runOffOf"] }) {
  return (
    <section
      role="note"
      aria-labelledby="run-off-declaration-title"
      className="grid gap-1 rounded-md border border-blue-300 bg-blue-50 p-4 text-sm text-blue-950"
    >
      <h2 id="run-off-declaration-title" className="flex items-center gap-2 font-semibold">
        <Info aria-hidden="true" className="h-4 w-4" />
        <span>
          Run-off
          {policy ? (
            <>
              {" "}
              of <RenewedPolicyLink renewed={policy} />
            </>
          ) : null}
          : review the answers copied from the policy
        </span>
      </h2>
      <p>
        These answers are the policy's declaration. Check each one with the insured, above all any circumstances known
        now that could lead to a claim, change any that no longer hold, and save this step: the run-off cannot be
        completed until the declaration has been saved again.
      </p>
    </section>
  );
}
