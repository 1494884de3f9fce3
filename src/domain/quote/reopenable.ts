/**
 * Which statuses a change to the price sends back to DRAFT, apart from the rest of reopen.ts (re-exported there),
 * so the wizard decides what a quote allows without the rating input's derivation.
 */
import type { QuoteStatus } from "./status";

/**
 * Statuses whose rating input may still change; a change sends all but DRAFT back to DRAFT. docs/product/life-cycle.md
 * names QUOTED, REFERRED and UW_APPROVED; UW_REQUESTED (a voluntary referral) is treated like REFERRED, as
 * it too awaits an underwriter and would otherwise be the one status a broker could neither change nor use.
 */
export const REOPENABLE_STATUSES: readonly QuoteStatus[] = ["QUOTED", "REFERRED", "UW_REQUESTED", "UW_APPROVED"];

/** Whether a change to the price of a quote in this status sends it back to DRAFT. */
export function isReopenable(status: QuoteStatus): boolean {
  return REOPENABLE_STATUSES.includes(status);
}
