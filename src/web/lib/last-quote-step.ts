/**
 * The wizard step a broker last had open on each quote, in this browser only (a step number, nothing
 * typed), so the dashboard's Continue and Edit reopen the quote where the broker left it.
 */
const KEY_PREFIX = "pi-quote:last-step:";

export function rememberQuoteStep(quoteId: string, step: number): void {
  try {
    localStorage.setItem(KEY_PREFIX + quoteId, String(step));
  } catch {
    // Storage can be full or switched off; the quote then opens where the wizard's rules pick.
  }
}

export function rememberedQuoteStep(quoteId: string): number | null {
  try {
    const step = Number(localStorage.getItem(KEY_PREFIX + quoteId));
    return Number.isInteger(step) && step >= 1 && step <= 7 ? step : null;
  } catch {
    return null;
  }
}
