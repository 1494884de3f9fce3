import type { Quote } from "../../../../domain/quote/quote";
import type { PatchQuoteRequestInput } from "../../../../domain/quote/requests";
import { toast } from "../../../components/ui/toast-store";
import { errorMessageOf } from "../../../lib/api-client";
import { useUpdateQuote } from "../api/update-quote";
import { NAVIGATION_SAVE_ERROR_TOAST, type SaveContext, useWizard } from "./wizard-context";

export type SectionKey = "financialOverview" | "designLiability" | "activitySplit" | "contracts" | "declaration";

/** SPEC.md §8: each section's success toast and failure text. */
export const SECTION_TOASTS: Record<SectionKey, { saved: string; failed: string }> = {
  financialOverview: { saved: "Financial Overview Saved", failed: "Failed to save financial overview details" },
  designLiability: { saved: "Design Liability Saved", failed: "Failed to save design liability details" },
  activitySplit: { saved: "Activity Split Saved", failed: "Failed to save activity split details" },
  contracts: { saved: "Contracts Saved", failed: "Failed to save contract details" },
  declaration: { saved: "Declaration Saved", failed: "Failed to save declaration details" },
};

/**
 * Saves one wizard section with PATCH /api/quotes/{id} and the quote's version (a stale tab gets 409 rather
 * than overwriting someone else's change). Asks first when the save would reopen the quote.
 */
export function useSectionSave(section: SectionKey) {
  const { quote, confirmReopen } = useWizard();
  const update = useUpdateQuote();

  const save = async (values: unknown, context: SaveContext = { navigating: false }): Promise<Quote | null> => {
    if (!quote) return null;
    if (!(await confirmReopen({ [section]: values } as Partial<Quote>))) return null;
    const messages = SECTION_TOASTS[section];
    try {
      const body = { [section]: values, expectedVersion: quote.version } as PatchQuoteRequestInput;
      const saved = await update.mutateAsync({ id: quote.id, body });
      toast({ title: messages.saved, description: `Quote ${saved.reference} updated` });
      return saved;
    } catch (error) {
      if (context.navigating) {
        toast(NAVIGATION_SAVE_ERROR_TOAST);
        return null;
      }
      // Contracts show the server's own words when it sent some (SPEC.md §8); the others a fixed text.
      const description = section === "contracts" ? contractsFailureText(error) : messages.failed;
      toast({ title: "Error", description, variant: "destructive" });
      return null;
    }
  };

  return { save, saving: update.isPending };
}

function contractsFailureText(error: unknown): string {
  const message = errorMessageOf(error);
  return message && !/^\d{3}: /.test(message) ? message : SECTION_TOASTS.contracts.failed;
}
