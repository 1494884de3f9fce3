import { TAX_RATE_PERCENT } from "@domain/constants";
import { type Pence, penceToMoneyString, percentOf } from "@domain/money";
import type { Quote } from "@domain/quote/quote";
import { useQueryClient } from "@tanstack/react-query";
import { type ToastInput, toast } from "@web/components/ui/toast-store";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { useState } from "react";
import { quoteQueryKey, storeSavedQuote } from "../../api/get-quote";
import { rateQuote } from "../../api/rate-quote";
import { referQuote } from "../../api/refer-quote";
import { updateQuote } from "../../api/update-quote";
import { financialOverviewWithSelections, type QuoteSelections, rateRequestBody } from "../../lib/selections";
import { RATING_TOASTS } from "../use-rating";
import { useWizard } from "../wizard-context";
import { effectiveTaxPercent, premiumLinesOf } from "./premium-lines";

/** What the broker can ask of step 7; each is one request to the server, which prices and stores the quote. */
export type StepSevenWrite =
  | { kind: "rate"; selections: QuoteSelections }
  | { kind: "override"; basePence: Pence }
  | { kind: "reset" }
  | { kind: "complete"; selections: QuoteSelections }
  | { kind: "refer"; selections: QuoteSelections };

export type StepSevenWriteKind = StepSevenWrite["kind"];

/** Writes that re-price the quote, and so reopen a completed, referred or approved one (docs/product/life-cycle.md). */
const REPRICES: Record<StepSevenWriteKind, boolean> = {
  rate: true,
  override: true,
  reset: true,
  complete: false,
  refer: false,
};

/** docs/product/errors.md's failure toasts: a fixed text for the override, the server's words for the rest. */
function failureToast(kind: StepSevenWriteKind, error: unknown): ToastInput {
  switch (kind) {
    case "rate":
      return RATING_TOASTS.failed(error);
    case "override":
      return { title: "Error", description: "Failed to apply premium override", variant: "destructive" };
    case "reset":
      return { title: "Error", description: "Failed to remove premium override", variant: "destructive" };
    case "complete":
      return { title: "Completion Error", description: errorMessageOf(error), variant: "destructive" };
    case "refer":
      return { title: "Referral Error", description: errorMessageOf(error), variant: "destructive" };
  }
}

/** Sends one write at the quote's version (a stale tab gets 409, never overwrites); the stored quote and its toast. */
async function send(quote: Quote, write: StepSevenWrite): Promise<{ saved: Quote; done: ToastInput }> {
  const { id, version: expectedVersion } = quote;
  switch (write.kind) {
    case "rate": {
      const result = await rateQuote({ id, body: rateRequestBody(write.selections, expectedVersion) });
      return { saved: result.quote, done: RATING_TOASTS.rated(result) };
    }
    case "override": {
      const lines = premiumLinesOf(quote);
      const feesPence = lines ? lines.subtotal - lines.basePremium : 0;
      // The server prices fees, taxes and total around the base itself (docs/product/rating.md); these only complete
      // docs/product/permissions.md's body.
      const taxesPence = percentOf(write.basePence + feesPence, effectiveTaxPercent(lines, TAX_RATE_PERCENT));
      const saved = await updateQuote({
        id,
        body: {
          basePremium: penceToMoneyString(write.basePence),
          taxes: penceToMoneyString(taxesPence),
          totalPremium: penceToMoneyString(write.basePence + feesPence + taxesPence),
          expectedVersion,
        },
      });
      const done = {
        title: "Premium Override Applied",
        description: `Base premium set to ${penceToMoneyString(write.basePence)}`,
      };
      return { saved, done };
    }
    case "reset": {
      const saved = await updateQuote({ id, body: { overrideBasePremium: null, expectedVersion } });
      return {
        saved,
        done: { title: "Premium Override Removed", description: "The calculated premium applies again" },
      };
    }
    case "complete": {
      // An approved quote completes at the underwriter's premium, so its figures are not sent again.
      const financialOverview =
        quote.status === "DRAFT" ? financialOverviewWithSelections(quote, write.selections) : undefined;
      const saved = await updateQuote({
        id,
        body: { status: "QUOTED", ...(financialOverview ? { financialOverview } : {}), expectedVersion },
      });
      return { saved, done: { title: "Quote Completed", description: `Quote ${quote.reference} is complete` } };
    }
    case "refer": {
      const financialOverview = financialOverviewWithSelections(quote, write.selections);
      const saved = await referQuote({
        id,
        body: { ...(financialOverview ? { financialOverview } : {}), expectedVersion },
      });
      const done = { title: "Quote Referred", description: `Quote ${quote.reference} was sent to underwriting` };
      return { saved, done };
    }
  }
}

/**
 * Every write of step 7 goes through `write`: it asks before re-pricing a quote that would reopen, sends at the
 * quote's version, stores the server's answer as the quote every screen shows (so the premium on screen is the
 * one stored), and raises docs/product/errors.md's toast. One write at a time: a second click while one is waiting for its
 * answer sends nothing and resolves null, like a refused confirmation or a failure.
 */
export function useStepSevenWrites() {
  const { quote, confirmReopen } = useWizard();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<StepSevenWriteKind | null>(null);

  const [write, writing] = useSingleFlight(async (command: StepSevenWrite): Promise<Quote | null> => {
    if (!quote) return null;
    if (REPRICES[command.kind] && !(await confirmReopen())) return null;
    setSending(command.kind);
    try {
      const { saved, done } = await send(quote, command);
      await storeSavedQuote(queryClient, saved);
      toast(done);
      return saved;
    } catch (error) {
      // Someone else changed the quote: fetch it again, so the broker's next try goes at its current version.
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: quoteQueryKey(quote.id) });
      }
      toast(failureToast(command.kind, error));
      return null;
    } finally {
      setSending(null);
    }
  });

  return {
    write: async (command: StepSevenWrite) => (await write(command)) ?? null,
    /** A write is on its way (or waiting for the broker's confirmation): step 7's actions are disabled. */
    writing,
    /** Which write is waiting for the server's answer, for the buttons' 'Applying...', 'Referring...'. */
    sending,
  };
}
