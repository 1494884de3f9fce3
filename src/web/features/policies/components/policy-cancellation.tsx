import { formatDateGb } from "@domain/format/dates";
import type { PolicyView } from "@domain/quote/policy-schema";
import { Ban } from "lucide-react";
import { money } from "./policy-parts";

export const CANCELLATION_SUMMARY_ID = "policy-cancellation";

/**
 * A cancelled policy says so under its heading: from when, why, and what was returned. It takes focus once the
 * broker confirms a cancellation, where the dialog's button was.
 */
export function PolicyCancellation({ cancellation }: { cancellation: NonNullable<PolicyView["cancellation"]> }) {
  return (
    <section
      id={CANCELLATION_SUMMARY_ID}
      tabIndex={-1}
      aria-labelledby={`${CANCELLATION_SUMMARY_ID}-title`}
      className="grid gap-1 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      data-testid="policy-cancellation"
    >
      <h2 id={`${CANCELLATION_SUMMARY_ID}-title`} className="flex items-center gap-2 font-semibold">
        <Ban aria-hidden="true" className="h-4 w-4 shrink-0" />
        Cancelled from {formatDateGb(cancellation.effectiveDate)}
      </h2>
      <p className="break-words whitespace-pre-line">Reason: {cancellation.reason}</p>
      <p>
        Total returned: <span className="font-semibold tabular-nums">{money(cancellation.returnTotal)}</span>
      </p>
    </section>
  );
}
