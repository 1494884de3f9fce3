/**
 * The impact analysis in one sentence, apart from the API's schemas in impact.ts (re-exported there), so the
 * publish confirmation reads it without zod (docs/decisions/0056).
 */
import { formatGbp, parseMoneyString } from "../money";
import type { ImpactReport } from "./impact";

const headlineCount = new Intl.NumberFormat("en-GB");
const headlinePercent = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

/**
 * The analysis in one sentence, as the publish confirmation repeats it: how many premiums change, which way,
 * and the total premium before and after.
 */
export function impactHeadline(report: ImpactReport): string {
  if (report.quoteCount === 0) return "No quotes of this product were rated in the last 12 months.";
  const share = headlinePercent.format((report.changedCount / report.quoteCount) * 100);
  const gbp = (money: string) => formatGbp(parseMoneyString(money) ?? 0);
  return (
    `${headlineCount.format(report.changedCount)} of ${headlineCount.format(report.quoteCount)} quotes (${share}%) ` +
    `change premium (${headlineCount.format(report.increasedCount)} up, ${headlineCount.format(report.decreasedCount)} down); ` +
    `total premium ${gbp(report.totalBefore)} -> ${gbp(report.totalAfter)}.`
  );
}
