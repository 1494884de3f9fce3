import { type StatusTone, statusLabel, statusTone } from "@domain/quote/status";
import { Badge, type BadgeTone } from "../ui/badge";

const BADGE_TONE: Record<StatusTone, BadgeTone> = {
  neutral: "neutral",
  success: "success",
  warning: "warning",
  info: "info",
  positive: "success",
  danger: "danger",
  issued: "violet",
};

export function QuoteStatusBadge({ status }: { status: string }) {
  return <Badge tone={BADGE_TONE[statusTone(status)]}>{statusLabel(status, "list")}</Badge>;
}
