import { formatDateGb } from "@domain/format/dates";
import type { PolicyView } from "@domain/quote/policy-schema";
import { toast } from "@web/components/ui/toast-store";
import { onFirstUse } from "@web/lib/on-first-use";
import { Ban } from "lucide-react";
import { CANCELLATION_SUMMARY_ID } from "./policy-cancellation";
import { PolicyDialogAction } from "./policy-dialog-action";
import { money } from "./policy-parts";

/** The form and its schema: asked for when a pointer comes over the button or it takes focus. */
const formCode = onFirstUse(() => import("./cancel-policy-form"));

/**
 * 'Cancel policy' (docs/product/life-cycle.md "Cancellation"), offered only when the server says this user may
 * cancel this policy now (`cancelFrom`). Once cancelled, focus goes to the cancellation's summary, since the
 * button that opened the dialog is gone.
 */
export function CancelPolicyAction({ policy }: { policy: PolicyView }) {
  return (
    <PolicyDialogAction
      offered={policy.cancelFrom !== null}
      label="Cancel policy"
      icon={<Ban aria-hidden="true" className="h-4 w-4" />}
      title="Cancel policy"
      description={`Policy ${policy.policyNumber} for ${policy.insured.proposerName}. The return premium follows the policy's cancellation terms.`}
      code={formCode}
      opening="Opening the cancellation form..."
      form={(Form, handlers) => (
        <Form.CancelPolicyForm
          policy={policy}
          onCancelled={handlers.onDone}
          onKeep={handlers.onClose}
          onBusy={handlers.onBusy}
        />
      )}
      onDone={(answer) => {
        const returned = answer.cancellation ? `: ${money(answer.cancellation.returnTotal)} returned` : "";
        toast({
          title: "Policy Cancelled",
          description: `Policy ${answer.policyNumber} cancelled from ${formatDateGb(answer.cancellation?.effectiveDate ?? "")}${returned}`,
        });
      }}
      focusAfterDone={() => document.getElementById(CANCELLATION_SUMMARY_ID)}
    />
  );
}
