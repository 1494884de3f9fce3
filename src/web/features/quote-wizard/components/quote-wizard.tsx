import type { Role } from "@domain/auth/schemas";
import { decideQuoteAction } from "@domain/quote/lifecycle";
import type { Quote } from "@domain/quote/quote";
import { statusLabel } from "@domain/quote/status";
import { useQueryClient } from "@tanstack/react-query";
import { UnsavedChangesDialog } from "@web/components/leave/unsaved-changes-dialog";
import { Badge } from "@web/components/ui/badge";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { paths } from "@web/config/paths";
import { useUnsavedChangesGuard } from "@web/hooks/use-unsaved-changes-guard";
import { rememberQuoteStep } from "@web/lib/last-quote-step";
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { quoteQueryKey } from "../api/get-quote";
import { repricingCode } from "../lib/repricing-code";
import { STEP_SCREENS } from "../step-screens";
import { StepIndicator } from "./step-indicator";
import { STEP_HEADING_ID } from "./step-shell";
import { type OpenStep, WIZARD_STEPS, WizardContext, type WizardContextValue, type WizardStep } from "./wizard-context";

/** A quote that is not a draft opens on step 7 with its stored premium (docs/product/life-cycle.md). */
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

/** The steps a quote not yet created can show: step 1, and step 7 with 'Complete Previous Steps'. */
const NEW_QUOTE_STEPS: ReadonlySet<WizardStep> = new Set([1, 7]);

/** Where a step of this wizard lives; a new quote has only /quote/new. */
function stepPath(quoteId: string | undefined, step: WizardStep): string {
  return quoteId ? paths.quoteStep(quoteId, step) : paths.quoteNew;
}

/** An address inside this quote's wizard: moving there is a step change, not leaving the wizard. */
function insideWizard(quoteId: string | undefined, pathname: string): boolean {
  if (!quoteId) return pathname === paths.quoteNew;
  const base = paths.quote(quoteId);
  return pathname === base || pathname.startsWith(`${base}/step/`);
}

/**
 * The quote wizard (docs/product/life-cycle.md). The address names the step (/quote/{id}/step/{n}), so reload, Back and
 * Forward keep the broker's place; a move the broker makes (indicator, Back, Continue, browser Back and
 * Forward) goes through the open step's leave rules, and a refused move puts the address back. Leaving
 * the wizard with entries not yet saved asks first: links in the app and browser Back with a dialog, closing
 * or reloading the tab with the browser's own question.
 */
export function QuoteWizard({ quote, step, role }: { quote: Quote | undefined; step: WizardStep; role: Role }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const quoteId = quote?.id;
  const [shown, setShown] = useState<WizardStep>(step);
  const shownRef = useRef<WizardStep>(step);
  const openStep = useRef<OpenStep | null>(null);
  const movingRef = useRef(false);
  const [moving, setMoving] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [reopenPrompt, setReopenPrompt] = useState<((answer: boolean) => void) | null>(null);

  const editDecision = quote
    ? decideQuoteAction({ action: "editSection", status: quote.status, role, isOwner: true })
    : null;
  const readOnly = role === "ADMIN" || (editDecision !== null && !editDecision.allowed);

  useEffect(() => {
    if (quoteId) rememberQuoteStep(quoteId, shown);
  }, [quoteId, shown]);

  // Each step change (Continue, Back, the indicator, browser Back and Forward, a reload, a new quote's
  // step 2) puts focus on the step's heading, so the next Tab reaches its first field, and says which step
  // it is through the live region below.
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const title = WIZARD_STEPS[shown - 1]?.title ?? "";
    setAnnouncement(`Step ${shown} of ${WIZARD_STEPS.length}: ${title}`);
    document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true });
  }, [shown]);

  /**
   * Shows `target` once its code is here (fetched while the step being left saved): as a transition, so the
   * step on screen stays until the next can replace it and focus moves to a heading that exists.
   */
  const show = useCallback(async (target: WizardStep) => {
    await STEP_SCREENS[target].preload();
    shownRef.current = target;
    startTransition(() => setShown(target));
  }, []);

  const registerStep = useCallback((open: OpenStep | null) => {
    openStep.current = open;
  }, []);

  // The step the address names now (it changes under a move when the broker presses Back during a save).
  const addressStep = useRef(step);
  addressStep.current = step;

  /**
   * Runs one move at a time: a second click while a save is under way does nothing. An address that
   * moved meanwhile is put back to the step on screen once the move is over.
   */
  const move = useCallback(
    async (run: () => Promise<void>) => {
      if (movingRef.current) return;
      movingRef.current = true;
      setMoving(true);
      try {
        await run();
      } finally {
        movingRef.current = false;
        setMoving(false);
        if (quoteId && addressStep.current !== shownRef.current) {
          navigate(paths.quoteStep(quoteId, shownRef.current), { replace: true });
        }
      }
    },
    [navigate, quoteId],
  );

  const requestStep = useCallback(
    (target: WizardStep, options?: { submit?: boolean }) =>
      move(async () => {
        void STEP_SCREENS[target].preload();
        const open = openStep.current;
        if (open && !(await open.leave(options?.submit ?? false))) return;
        if (!quoteId) {
          // A new quote reaches steps 2 to 6 only by being created, which opens the new quote's own address;
          // its step 7 (and back to 1) is shown on /quote/new itself.
          if (!NEW_QUOTE_STEPS.has(target)) return;
          await show(target);
          return;
        }
        await show(target);
        navigate(paths.quoteStep(quoteId, target));
        window.scrollTo({ top: 0 });
      }),
    [move, navigate, quoteId, show],
  );

  // Browser Back and Forward (or an edited address) name another step: leave the open one by the same
  // rules, or put the address back when the step cannot be left.
  useEffect(() => {
    if (step === shownRef.current || movingRef.current) return;
    void move(async () => {
      void STEP_SCREENS[step].preload();
      const open = openStep.current;
      // A refused move leaves the address to be put back when the move ends.
      if (open && !(await open.leave(false))) return;
      await show(step);
      window.scrollTo({ top: 0 });
    });
  }, [step, move, show]);

  // Leaving the wizard altogether with entries not yet saved asks first.
  const leaveGuard = useUnsavedChangesGuard({
    unsaved: () => openStep.current?.changed() ?? false,
    stays: (to) => insideWizard(quoteId, to.pathname),
    here: () => stepPath(quoteId, shownRef.current),
    forget: () => {
      openStep.current = null;
    },
  });

  const confirmReopen = useCallback(
    async (edit?: Partial<Quote>): Promise<boolean> => {
      if (!quote || !editDecision?.allowed || !editDecision.reopens) return true;
      if (edit && !(await repricingCode.load()).editWouldReprice(quote, edit)) return true;
      return new Promise((resolve) => setReopenPrompt(() => resolve));
    },
    [quote, editDecision],
  );

  const onQuoteCreated = useCallback(
    (created: Quote) => {
      // /quote/new becomes step 1 of the new quote, so Back from step 2 returns to it rather than a blank form.
      navigate(paths.quoteStep(created.id, 1), { replace: true });
      navigate(paths.quoteStep(created.id, 2));
      window.scrollTo({ top: 0 });
    },
    [navigate],
  );

  const reloadQuote = useCallback(async () => {
    if (!quoteId) return;
    await queryClient.refetchQueries({ queryKey: quoteQueryKey(quoteId), exact: true });
    setReloads((count) => count + 1);
  }, [queryClient, quoteId]);

  const context = useMemo<WizardContextValue>(
    () => ({
      quote,
      step: shown,
      readOnly,
      moving,
      requestStep,
      registerStep,
      confirmReopen,
      onQuoteCreated,
      reloadQuote,
    }),
    [quote, shown, readOnly, moving, requestStep, registerStep, confirmReopen, onQuoteCreated, reloadQuote],
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
              {quote
                ? `Quote ${quote.reference}${quote.policyNumber ? ` · Policy ${quote.policyNumber}` : ""}`
                : "Professional indemnity for design and construct contractors"}
            </p>
          </div>
          {quote ? <Badge tone="info">{statusLabel(quote.status, "wizard")}</Badge> : null}
        </div>
        <StepIndicator
          current={shown}
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
        <p id="wizard-step-announcement" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <StepBody step={shown} quote={quote} reloads={reloads} />
      </div>
      <UnsavedChangesDialog
        guard={leaveGuard}
        title="Leave this quote?"
        description="Your changes on this step have not been saved. If you leave now, they are lost."
        confirmLabel="Leave without saving"
      />
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

function StepBody({
  step,
  quote,
  reloads,
}: {
  step: WizardStep;
  quote: Quote | undefined;
  reloads: number;
}): ReactNode {
  // Each step mounts fresh from the stored quote, so a step always shows what the server holds; Reload
  // after a stale write mounts it afresh from the quote just fetched.
  const key = `${step}-${quote?.id ?? "new"}-${reloads}`;
  // The first step shown suspends until its chunk is here (the route's Suspense shows the spinner); later
  // steps are fetched before the move shows them.
  const Step = STEP_SCREENS[step];
  return <Step key={key} />;
}
