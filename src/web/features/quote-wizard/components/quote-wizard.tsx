import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { Role } from "../../../../domain/auth/schemas";
import { decideQuoteAction } from "../../../../domain/quote/lifecycle";
import type { Quote } from "../../../../domain/quote/quote";
import { statusLabel } from "../../../../domain/quote/status";
import { Badge } from "../../../components/ui/badge";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast-store";
import { paths } from "../../../config/paths";
import { editWouldReprice } from "../lib/reprice";
import { StepIndicator } from "./step-indicator";
import { ActivitySplitStep } from "./steps/activity-split-step";
import { ContractsStep } from "./steps/contracts-step";
import { DeclarationStep } from "./steps/declaration-step";
import { DesignLiabilityStep } from "./steps/design-liability-step";
import { FinancialOverviewStep } from "./steps/financial-overview-step";
import { InsuredsDetailsStep } from "./steps/insureds-details-step";
import { QuoteStep } from "./steps/quote-step";
import { type LeaveStep, WizardContext, type WizardContextValue, type WizardStep } from "./wizard-context";

/** A quote that is not a draft opens on step 7 with its stored premium (SPEC.md §4). */
export function initialStepFor(quote: Quote | undefined): WizardStep {
  return quote && quote.status !== "DRAFT" ? 7 : 1;
}

function completedSteps(quote: Quote | undefined): Set<WizardStep> {
  const done = new Set<WizardStep>();
  if (!quote) return done;
  done.add(1);
  if (quote.financialOverview) done.add(2);
  if (quote.designLiability) done.add(3);
  if (quote.activitySplit) done.add(4);
  if (quote.contracts) done.add(5);
  if (quote.declaration) done.add(6);
  if (quote.status === "QUOTED" || quote.status === "ISSUED") done.add(7);
  return done;
}

const NEEDS_QUOTE = "Save the insured's details first";

/**
 * Where a just-created quote's wizard starts: step 1 creates the quote and the address changes to
 * /quote/{id}, which mounts the wizard afresh for that id; it must open on step 2, not step 1.
 */
const startStepAfterCreation = new Map<string, WizardStep>();

function startStep(quote: Quote | undefined): WizardStep {
  if (quote) {
    // Read, not removed: StrictMode runs this initialiser twice. The mount effect below removes it.
    const afterCreation = startStepAfterCreation.get(quote.id);
    if (afterCreation) return afterCreation;
  }
  return initialStepFor(quote);
}

export function QuoteWizard({ quote, role }: { quote: Quote | undefined; role: Role }) {
  const [, navigate] = useLocation();
  const [step, setStep] = useState<WizardStep>(() => startStep(quote));
  const leaveRef = useRef<LeaveStep | null>(null);
  const quoteId = quote?.id;
  useEffect(() => {
    if (quoteId) startStepAfterCreation.delete(quoteId);
  }, [quoteId]);
  const moving = useRef(false);
  const [reopenPrompt, setReopenPrompt] = useState<((answer: boolean) => void) | null>(null);

  const editDecision = quote
    ? decideQuoteAction({ action: "editSection", status: quote.status, role, isOwner: true })
    : null;
  const readOnly = role === "ADMIN" || (editDecision !== null && !editDecision.allowed);

  const registerLeave = useCallback((leave: LeaveStep | null) => {
    leaveRef.current = leave;
  }, []);

  const requestStep = useCallback(async (target: WizardStep, options?: { submit?: boolean }) => {
    if (moving.current) return;
    moving.current = true;
    try {
      const leave = leaveRef.current;
      if (leave && !(await leave(options?.submit ?? false))) return;
      setStep(target);
      window.scrollTo({ top: 0 });
    } finally {
      moving.current = false;
    }
  }, []);

  const confirmReopen = useCallback(
    (edit?: Partial<Quote>): Promise<boolean> => {
      if (!quote || !editDecision?.allowed || !editDecision.reopens) return Promise.resolve(true);
      if (edit && !editWouldReprice(quote, edit)) return Promise.resolve(true);
      return new Promise((resolve) => setReopenPrompt(() => resolve));
    },
    [quote, editDecision],
  );

  const onQuoteCreated = useCallback(
    (created: Quote) => {
      toast({ title: "Quote Created", description: `Reference ${created.reference}` });
      startStepAfterCreation.set(created.id, 2);
      navigate(paths.quote(created.id), { replace: true });
      window.scrollTo({ top: 0 });
    },
    [navigate],
  );

  const context = useMemo<WizardContextValue>(
    () => ({ quote, readOnly, requestStep, registerLeave, confirmReopen, onQuoteCreated }),
    [quote, readOnly, requestStep, registerLeave, confirmReopen, onQuoteCreated],
  );

  const unavailable = useMemo(() => {
    const map = new Map<WizardStep, string>();
    if (!quote) for (const blocked of [2, 3, 4, 5, 6] as const) map.set(blocked, NEEDS_QUOTE);
    return map;
  }, [quote]);

  const answerReopen = (answer: boolean) => {
    reopenPrompt?.(answer);
    setReopenPrompt(null);
  };

  return (
    <WizardContext.Provider value={context}>
      <div className="grid gap-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">{quote ? quote.proposerName : "New Quote"}</h1>
            <p className="text-sm text-slate-600">
              {quote ? `Quote ${quote.reference}` : "Professional indemnity for design and construct contractors"}
            </p>
          </div>
          {quote ? <Badge tone="info">{statusLabel(quote.status, "wizard")}</Badge> : null}
        </div>
        <StepIndicator
          current={step}
          completed={completedSteps(quote)}
          unavailable={unavailable}
          onSelect={(target) => void requestStep(target)}
        />
        {readOnly && quote ? (
          <p role="note" className="rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-sm text-slate-700">
            {editDecision && !editDecision.allowed
              ? `${editDecision.reason}. The quote is shown read-only.`
              : "This quote is shown read-only."}
          </p>
        ) : null}
        <StepBody step={step} quote={quote} />
      </div>
      <ConfirmDialog
        open={reopenPrompt !== null}
        onOpenChange={(open) => {
          if (!open) answerReopen(false);
        }}
        title="Reopen this quote?"
        description={`This quote is ${quote ? statusLabel(quote.status, "wizard") : ""}. Changing it sends it back to DRAFT: it will need to be rated again and completed or referred again.`}
        confirmLabel="Change and reopen"
        onConfirm={() => answerReopen(true)}
      />
    </WizardContext.Provider>
  );
}

function StepBody({ step, quote }: { step: WizardStep; quote: Quote | undefined }): ReactNode {
  // Each step mounts fresh from the stored quote, so a step always shows what the server holds.
  const key = `${step}-${quote?.id ?? "new"}`;
  switch (step) {
    case 1:
      return <InsuredsDetailsStep key={key} />;
    case 2:
      return <FinancialOverviewStep key={key} />;
    case 3:
      return <DesignLiabilityStep key={key} />;
    case 4:
      return <ActivitySplitStep key={key} />;
    case 5:
      return <ContractsStep key={key} />;
    case 6:
      return <DeclarationStep key={key} />;
    case 7:
      return <QuoteStep key={key} />;
  }
}
