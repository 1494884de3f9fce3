import { formatDateGb } from "@domain/format/dates";
import { decideQuoteAction } from "@domain/quote/lifecycle";
import type { Quote } from "@domain/quote/quote";
import { TERMS_MESSAGES } from "@domain/underwriting/terms-rules";
import { Button, type ButtonSize } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { toast } from "@web/components/ui/toast-store";
import { useMe } from "@web/lib/api/get-me";
import { useQuoteTerms } from "@web/lib/api/terms";
import { errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { FileCheck2 } from "lucide-react";
import { useState } from "react";
import { useIssueQuote } from "../../api/issue-quote";
import { formatMoneyString } from "../use-rating";

/** What the broker is asked before binding: the insured, the premium and the day cover starts. */
export function issueConfirmationText(quote: Pick<Quote, "proposerName" | "totalPremium" | "inceptionDate">): string {
  return `Issue a policy for ${quote.proposerName} at a premium of ${formatMoneyString(quote.totalPremium)} (inclusive of IPT), incepting on ${formatDateGb(quote.inceptionDate)}? Once issued, the quote can no longer be changed.`;
}

type IssuableQuote = Pick<
  Quote,
  "id" | "reference" | "version" | "status" | "brokerId" | "ratedAt" | "proposerName" | "totalPremium" | "inceptionDate"
>;

/**
 * 'Issue Policy' with its confirmation, wherever a completed quote is shown (step 7, the dashboard's row): offered
 * only when the life cycle lets this user bind it now (a completed quote within its 30-day validity, to its broker
 * or an underwriter), so the button never promises what the server would refuse. Where the screen has not read the
 * quote's terms (the dashboard's row), the confirmation reads them as it opens: a pre-bind subjectivity still open
 * holds the bind, and the dialog names it instead of offering to issue.
 */
export function IssuePolicyAction({
  quote,
  now,
  disabled = false,
  size,
  label,
  held,
}: {
  quote: IssuableQuote;
  now: Date;
  /** Another write on the same quote is on its way. */
  disabled?: boolean;
  size?: ButtonSize;
  /** The button's accessible name where several quotes share a screen ('Issue Policy DCPI-000042'). */
  label?: string;
  /** The pre-bind subjectivities still open, where the screen already read the quote's terms. */
  held?: readonly string[];
}) {
  const me = useMe();
  const issue = useIssueQuote();
  const [confirming, setConfirming] = useState(false);
  const terms = useQuoteTerms(quote.id, confirming && held === undefined);
  // Unread terms (a failed request) do not stop the bind here: the server holds it and says why.
  const holding = held ?? terms.data?.openPreBind ?? (terms.isError ? [] : undefined);
  // Binding is one request however often the button is pressed (the guard closes the gap before React re-renders).
  const [confirmIssue, issuing] = useSingleFlight(async () => {
    try {
      const issued = await issue.mutateAsync({ id: quote.id, body: { expectedVersion: quote.version } });
      setConfirming(false);
      toast({ title: "Policy Issued", description: `Policy ${issued.policyNumber} for ${issued.proposerName}` });
    } catch (error) {
      toast({ title: "Issue Error", description: errorMessageOf(error), variant: "destructive" });
    }
  });

  if (!me.data) return null;
  const who = { status: quote.status, role: me.data.role, isOwner: me.data.id === quote.brokerId };
  if (!decideQuoteAction({ ...who, action: "issue", ratedAt: quote.ratedAt, now }).allowed) return null;

  return (
    <>
      <Button size={size} disabled={disabled || issuing} aria-label={label} onClick={() => setConfirming(true)}>
        <FileCheck2 aria-hidden="true" className={size === "sm" ? "h-3.5 w-3.5" : "h-4 w-4"} />
        Issue Policy
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !issuing) setConfirming(false);
        }}
        title="Issue Policy"
        description={
          holding === undefined
            ? "Checking the quote's subjectivities..."
            : holding.length > 0
              ? TERMS_MESSAGES.openPreBind(holding)
              : issueConfirmationText(quote)
        }
        confirmDisabled={holding === undefined || holding.length > 0}
        confirmLabel="Issue Policy"
        busyLabel="Issuing..."
        busy={issuing}
        confirmVariant="primary"
        onConfirm={() => void confirmIssue()}
      />
    </>
  );
}
