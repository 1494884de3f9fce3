/**
 * How long an issued policy runs (docs/product/life-cycle.md): twelve months from the inception date, to the day
 * before the anniversary, both days inclusive (the UK market's convention). The schedule prints this period and the
 * monthly bordereau reports its last day as the expiry date.
 */
import { POLICY_PERIOD_MONTHS } from "../constants";

/**
 * The period of insurance from an inception date (YYYY-MM-DD): one year, or a run-off policy's whole years. From
 * 29 February the anniversary is 1 March, so the period ends on 28 February. A date that is not YYYY-MM-DD is
 * returned as both ends unchanged.
 */
export function periodOfInsurance(inceptionDate: string, years = 1): { from: string; to: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(inceptionDate);
  if (!match) return { from: inceptionDate, to: inceptionDate };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls a day past the month's end over into the next month, which is the anniversary we want.
  const anniversary = Date.UTC(year, month - 1 + POLICY_PERIOD_MONTHS * years, day);
  const dayBefore = new Date(anniversary - 24 * 60 * 60 * 1_000);
  return { from: inceptionDate, to: dayBefore.toISOString().slice(0, 10) };
}

/** The policy's last day of cover (the period's inclusive end). */
export function policyExpiryDate(inceptionDate: string, years = 1): string {
  return periodOfInsurance(inceptionDate, years).to;
}
