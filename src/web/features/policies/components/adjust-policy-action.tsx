import { formatDateGb } from "@domain/format/dates";
import { formatGbp, parseMoneyString } from "@domain/money";
import type { PolicyView } from "@domain/quote/policy-schema";
import { toast } from "@web/components/ui/toast-store";
import { onFirstUse } from "@web/lib/on-first-use";
import { FilePen } from "lucide-react";
import { PolicyDialogAction } from "./policy-dialog-action";

/** The form and its schema: asked for when a pointer comes over the button or it takes focus. */
const formCode = onFirstUse(() => import("./adjust-policy-form"));

/** The change just made, from the policy's last transaction: what it charged or returned. */
function chargeInWords(policy: PolicyView): string {
  const last = policy.transactions.at(-1);
  const pence = last?.kind === "ADJUSTMENT" ? (parseMoneyString(last.totalPremium) ?? 0) : 0;
  if (pence > 0) return `: ${formatGbp(pence)} to pay`;
  if (pence < 0) return `: ${formatGbp(-pence)} returned`;
  return ": no change to the premium";
}

/**
 * 'Change policy' (docs/product/life-cycle.md "Mid-term adjustments"), offered only when the server says this user
 * may adjust this policy now (`adjustFrom`). Once changed, or sent to the underwriters, focus goes back to the
 * button.
 */
export function AdjustPolicyAction({ policy }: { policy: PolicyView }) {
  return (
    <PolicyDialogAction
      offered={policy.adjustFrom !== null}
      label="Change policy"
      icon={<FilePen aria-hidden="true" className="h-4 w-4" />}
      title="Change policy"
      description={`Policy ${policy.policyNumber} for ${policy.insured.proposerName}. A mid-term change: the premium for the days left moves with it, and it is recorded as an endorsement.`}
      code={formCode}
      opening="Opening the change form..."
      form={(Form, handlers) => (
        <Form.AdjustPolicyForm
          policy={policy}
          onChanged={handlers.onDone}
          onClose={handlers.onClose}
          onBusy={handlers.onBusy}
        />
      )}
      onDone={(answer) => {
        if (answer.pendingChange && answer.version === policy.version) {
          toast({
            title: "Change Sent to an Underwriter",
            description: `The change to policy ${answer.policyNumber} from ${formatDateGb(answer.pendingChange.effectiveDate)} waits for an underwriter's decision`,
          });
          return;
        }
        const last = answer.transactions.at(-1);
        toast({
          title: "Policy Changed",
          description: `Policy ${answer.policyNumber} changed from ${formatDateGb(last?.effectiveDate ?? "")}${chargeInWords(answer)}`,
        });
      }}
    />
  );
}
