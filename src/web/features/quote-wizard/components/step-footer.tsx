import { ArrowLeft } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useWizard, type WizardStep } from "./wizard-context";

/** Back and Continue under a step: Back leaves through the same rules as any other move (SPEC.md §4). */
export function StepFooter({ back, continueLabel, busy }: { back: WizardStep; continueLabel: string; busy: boolean }) {
  const { requestStep } = useWizard();
  return (
    <div className="mt-4 flex items-center justify-between gap-3">
      <Button variant="outline" onClick={() => void requestStep(back)} disabled={busy}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : continueLabel}
      </Button>
    </div>
  );
}
