import type { PolicyView } from "@domain/quote/policy-schema";
import { onFirstUse } from "@web/lib/on-first-use";
import { Hourglass } from "lucide-react";
import { PolicyDialogAction } from "./policy-dialog-action";

/** The form and its schema: asked for when a pointer comes over the button or it takes focus. */
const formCode = onFirstUse(() => import("./run-off-policy-form"));

/**
 * 'Quote run-off' (docs/product/life-cycle.md "Run-off"), offered when the server lets this user change this
 * policy now (`cancelFrom`, as for a cancellation: a policy in force, not itself a run-off) and no run-off has
 * been quoted from it yet. The answer is a new quote, which opens in the wizard.
 */
export function RunOffPolicyAction({ policy }: { policy: PolicyView }) {
  const quoted = policy.history.some((entry) => entry.event === "run_off_started");
  return (
    <PolicyDialogAction
      offered={policy.cancelFrom !== null && !quoted}
      label="Quote run-off"
      icon={<Hourglass aria-hidden="true" className="h-4 w-4" />}
      title="Quote run-off"
      description={`Run-off cover for ${policy.insured.proposerName} after it stops trading: 1 to 12 years, one single premium, a policy of its own.`}
      code={formCode}
      opening="Opening the run-off form..."
      form={(Form, handlers) => (
        <Form.RunOffPolicyForm policy={policy} onKeep={handlers.onClose} onBusy={handlers.onBusy} />
      )}
      onDone={() => undefined}
    />
  );
}
