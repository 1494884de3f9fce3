import { formatDateGb } from "@domain/format/dates";
import type { PolicyView } from "@domain/quote/policy-schema";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { onFirstUse, preload, useFirstUse } from "@web/lib/on-first-use";
import { Ban } from "lucide-react";
import { useRef, useState } from "react";
import { CANCELLATION_SUMMARY_ID } from "./policy-cancellation";
import { money } from "./policy-parts";

/** The form and its schema: asked for when a pointer comes over the button or it takes focus. */
const formCode = onFirstUse(() => import("./cancel-policy-form"));

/**
 * 'Cancel policy' (docs/product/life-cycle.md "Cancellation"), offered only when the server says this user may
 * cancel this policy now (`cancelFrom`). The dialog stays mounted after a cancellation so it closes the usual way;
 * focus then goes to the cancellation's summary, since the button that opened it is gone.
 */
export function CancelPolicyAction({ policy }: { policy: PolicyView }) {
  const [open, setOpen] = useState(false);
  const busy = useRef(false);
  const cancelled = useRef(false);
  const Form = useFirstUse(formCode, open);
  const onCancelled = (answer: PolicyView) => {
    cancelled.current = true;
    setOpen(false);
    const returned = answer.cancellation ? `: ${money(answer.cancellation.returnTotal)} returned` : "";
    toast({
      title: "Policy Cancelled",
      description: `Policy ${answer.policyNumber} cancelled from ${formatDateGb(answer.cancellation?.effectiveDate ?? "")}${returned}`,
    });
  };
  return (
    <>
      {policy.cancelFrom === null ? null : (
        <Button
          variant="outline"
          onClick={() => {
            cancelled.current = false;
            setOpen(true);
          }}
          onFocus={() => preload(formCode)}
          onPointerEnter={() => preload(formCode)}
        >
          <Ban aria-hidden="true" className="h-4 w-4" />
          Cancel policy
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!busy.current) setOpen(next);
        }}
        title="Cancel policy"
        description={`Policy ${policy.policyNumber} for ${policy.insured.proposerName}. The return premium follows the policy's cancellation terms.`}
        onCloseAutoFocus={(event) => {
          const summary = document.getElementById(CANCELLATION_SUMMARY_ID);
          if (!cancelled.current || !summary) return;
          event.preventDefault();
          summary.focus();
        }}
      >
        {Form ? (
          <Form.CancelPolicyForm
            policy={policy}
            onCancelled={onCancelled}
            onKeep={() => setOpen(false)}
            onBusy={(next) => {
              busy.current = next;
            }}
          />
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Opening the cancellation form...
          </p>
        )}
      </Dialog>
    </>
  );
}
