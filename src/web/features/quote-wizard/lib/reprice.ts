import type { Quote } from "../../../../domain/quote/quote";
import { changesRatingInput } from "../../../../domain/quote/reopen";

/**
 * Whether an edit would price the quote differently (the domain's rule, the one the server reopens by). Only
 * such an edit reopens a completed quote (docs/product/life-cycle.md and docs/product/permissions.md), so only such an edit needs the broker's
 * confirmation first.
 */
export function editWouldReprice(quote: Quote, edit: Partial<Quote>): boolean {
  return changesRatingInput(quote, { ...quote, ...edit });
}
