import { formatDateGb } from "@domain/format/dates";
import { decideQuoteAction } from "@domain/quote/lifecycle";
import type { Quote } from "@domain/quote/quote";
import { describeQuoteValidity } from "@domain/quote/validity";
import { TERMS_MESSAGES } from "@domain/underwriting/terms-rules";
import { Button } from "@web/components/ui/button";
import { useNow } from "@web/hooks/use-now";
import { useMe } from "@web/lib/api/get-me";
import { useQuoteTerms } from "@web/lib/api/terms";
import { useSingleFlight } from "@web/lib/single-flight";
import { CalendarClock, CircleAlert, FileCheck2, RefreshCw } from "lucide-react";
import { IssuePolicyAction } from "./issue-policy-action";

/**
 * Step 7's binding: a completed quote within its 30-day validity offers 'Issue Policy' to its broker and to
 * underwriters (the domain's life cycle decides who, and the validity rule when); an expired one says it must
 * be re-rated and offers Re-rate; an issued one shows its policy number.
 */
export function IssuePolicy({
  quote,
  busy,
  onRerate,
}: {
  quote: Quote | undefined;
  /** Another step-7 write (rating, override) is on its way. */
  busy: boolean;
  /** Rates the quote again with its stored selections; settles when the rating has answered. */
  onRerate: () => Promise<unknown> | undefined;
}) {
  const me = useMe();
  const now = useNow();
  // Open pre-bind subjectivities hold the bind (docs/product/life-cycle.md): the button says so before the server does.
  const terms = useQuoteTerms(quote?.id ?? "", Boolean(quote?.decision) && quote?.status !== "ISSUED");
  const held = terms.data?.openPreBind ?? [];
  const [rerate] = useSingleFlight(async () => {
    await onRerate();
  });

  if (!quote || !me.data) return null;

  if (quote.status === "ISSUED") {
    return (
      <section
        aria-labelledby="policy-issued-title"
        className="rounded-md border border-violet-200 bg-violet-50 p-4 text-sm text-violet-950"
      >
        <h2 id="policy-issued-title" className="flex items-center gap-2 font-semibold">
          <FileCheck2 aria-hidden="true" className="h-4 w-4" />
          Policy issued
        </h2>
        <p className="mt-1">
          Policy number <span className="font-mono font-semibold">{quote.policyNumber}</span>
          {quote.issuedAt ? `, issued on ${formatDateGb(quote.issuedAt)}` : ""}.
        </p>
      </section>
    );
  }

  const validity = describeQuoteValidity(quote, now);
  if (!validity) return null;
  const canRate = decideQuoteAction({
    action: "rate",
    status: quote.status,
    role: me.data.role,
    isOwner: me.data.id === quote.brokerId,
  }).allowed;

  if (validity.state === "expired") {
    return (
      <section
        aria-labelledby="quote-expired-title"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <div>
          <h2 id="quote-expired-title" className="flex items-center gap-2 font-semibold">
            <CircleAlert aria-hidden="true" className="h-4 w-4" />
            Quote expired
          </h2>
          <p className="mt-1">
            {validity.validUntil
              ? `This quote was valid until ${formatDateGb(validity.validUntil)}.`
              : "This quote has no rating."}{" "}
            It must be re-rated before a policy can be issued; if the premium has changed, the quote returns to draft.
          </p>
        </div>
        {canRate ? (
          <Button variant="outline" disabled={busy} onClick={() => void rerate()}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Re-rate
          </Button>
        ) : null}
      </section>
    );
  }

  return (
    <section
      aria-label="Issue policy"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-950"
    >
      <div className="grid gap-1">
        <p className="flex items-center gap-2 font-medium">
          <CalendarClock aria-hidden="true" className="h-4 w-4" />
          {validity.text}
        </p>
        {held.length > 0 ? (
          <p id="issue-held-reason" className="text-amber-900">
            {TERMS_MESSAGES.openPreBind(held)}
          </p>
        ) : null}
      </div>
      <IssuePolicyAction quote={quote} now={now} disabled={busy || held.length > 0} held={held} />
    </section>
  );
}
