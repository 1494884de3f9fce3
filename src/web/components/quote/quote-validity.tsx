import type { Quote } from "@domain/quote/quote";
import { describeQuoteValidity } from "@domain/quote/validity";
import { CalendarClock, CircleAlert, FileCheck2 } from "lucide-react";
import { cn } from "../../lib/cn";

/**
 * A completed quote's 'Valid until {date}', or that it expired and must be re-rated; an issued quote's
 * policy number. Nothing for other statuses. Shown under the status on the dashboard's rows.
 */
export function QuoteValidityNote({
  quote,
  now,
  className,
}: {
  quote: Pick<Quote, "status" | "ratedAt" | "policyNumber">;
  now: Date;
  className?: string;
}) {
  if (quote.status === "ISSUED" && quote.policyNumber) {
    return (
      <span className={cn("flex items-center gap-1 text-xs font-medium text-violet-800", className)}>
        <FileCheck2 aria-hidden="true" className="h-3.5 w-3.5" />
        Policy {quote.policyNumber}
      </span>
    );
  }
  const validity = describeQuoteValidity(quote, now);
  if (!validity) return null;
  const expired = validity.state === "expired";
  const Icon = expired ? CircleAlert : CalendarClock;
  return (
    <span
      className={cn(
        "flex items-center gap-1 text-xs font-medium",
        expired ? "text-amber-800" : "text-green-800",
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {validity.text}
    </span>
  );
}
