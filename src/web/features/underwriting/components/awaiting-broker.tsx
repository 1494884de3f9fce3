import { REFERRAL_WAITING_LABELS } from "@domain/underwriting/conversation";
import type { UnderwriterQueueItem } from "@domain/underwriting/queue";
import { Badge } from "@web/components/ui/badge";
import { focusRing } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";

/** 'Awaiting the broker' while an underwriter's question on the referral is open. */
export function AwaitingBrokerMark({ item }: { item: UnderwriterQueueItem }) {
  if (item.waiting !== "broker") return null;
  return (
    <Badge tone="info" data-testid="awaiting-broker">
      {REFERRAL_WAITING_LABELS.broker}
    </Badge>
  );
}

/** 'Awaiting the broker': on, the queue keeps only referrals with an open question (with the view chosen beside it). */
export function AwaitingBrokerToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className={cn(
        "inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium",
        on ? "border-blue-800 bg-blue-50 text-blue-950" : "border-slate-300 bg-white text-slate-800",
        focusRing,
      )}
    >
      {REFERRAL_WAITING_LABELS.broker}
    </button>
  );
}
