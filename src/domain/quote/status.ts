/**
 * Quote statuses (docs/product/life-cycle.md) and how the screens show them. No schema here: screens that only
 * show a status (the dashboard, step 7) load no zod for it (ADR 0056); `quoteStatusSchema` is in quote.ts.
 */

export const QUOTE_STATUSES = [
  "DRAFT",
  "QUOTED",
  "REFERRED",
  "UW_REQUESTED",
  "UW_APPROVED",
  "UW_DECLINED",
  "ISSUED",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return typeof value === "string" && (QUOTE_STATUSES as readonly string[]).includes(value);
}

/** Badge colours; the web maps each tone to its classes. COMPLETED (QUOTED) is green (docs/product/life-cycle.md). */
export type StatusTone = "neutral" | "success" | "warning" | "info" | "positive" | "danger" | "issued";

export const STATUS_TONES: Readonly<Record<QuoteStatus, StatusTone>> = {
  DRAFT: "neutral",
  QUOTED: "success",
  REFERRED: "warning",
  UW_REQUESTED: "info",
  UW_APPROVED: "positive",
  UW_DECLINED: "danger",
  ISSUED: "issued",
};

/**
 * The text of a status wherever a screen shows it (badge, chart, filter, summary): QUOTED reads COMPLETED and
 * underscores read as spaces ('UW REQUESTED'), docs/product/life-cycle.md, so one screen never shows one status two ways.
 * Only an unknown status differs by place: the dashboard list shows it as DRAFT, the wizard as it is.
 */
export function statusLabel(status: string | null | undefined, where: "list" | "wizard"): string {
  if (!isQuoteStatus(status)) {
    if (where === "list") return "DRAFT";
    return (status ?? "").replaceAll("_", " ");
  }
  return status === "QUOTED" ? "COMPLETED" : status.replaceAll("_", " ");
}

/** The badge tone; anything unknown looks like a draft, as the list labels it. */
export function statusTone(status: string | null | undefined): StatusTone {
  return isQuoteStatus(status) ? STATUS_TONES[status] : STATUS_TONES.DRAFT;
}
