/**
 * Small building blocks the section schemas share, so that "required text", "a percentage" and
 * "percentages that must total 100" mean the same thing in every form and on the server.
 */
import { z } from "zod";
import {
  LONG_TEXT_MAX_LENGTH,
  MAX_DECLARED_AMOUNT,
  MAX_DECLARED_AMOUNT_MESSAGE,
  PERCENT_MAX,
  PERCENT_MIN,
  SHORT_TEXT_MAX_LENGTH,
} from "./constants";

/** Text that must be present and not blank; the same message covers missing, wrong type and blank. */
export function requiredText(message: string, maxLength = SHORT_TEXT_MAX_LENGTH) {
  return z.string({ error: message }).trim().min(1, message).max(maxLength, `Must be at most ${maxLength} characters`);
}

/** Optional free text, trimmed; null is accepted because stored quotes carry null for "not given". */
export function optionalText(maxLength = LONG_TEXT_MAX_LENGTH) {
  return z.string().trim().max(maxLength, `Must be at most ${maxLength} characters`).nullish();
}

/**
 * An amount in pounds a form declares: a number from `min` up to MAX_DECLARED_AMOUNT. `positive` refuses 0
 * itself (for "more than 0" rules); the same message covers a missing value, a wrong type and too small.
 */
export function declaredAmount(
  message: string,
  { min = 0, positive = false }: { min?: number; positive?: boolean } = {},
) {
  const base = z.number({ error: message });
  return (positive ? base.positive(message) : base.min(min, message)).max(
    MAX_DECLARED_AMOUNT,
    MAX_DECLARED_AMOUNT_MESSAGE,
  );
}

/** A calendar date as ISO 8601 (YYYY-MM-DD). */
export function isoDate(message = "Enter a valid date") {
  return z.iso.date({ error: message });
}

/** A percentage input: 0 to 100 inclusive (step 0.1 in the forms). */
export function percent(message = "Must be between 0 and 100") {
  return z.number({ error: message }).min(PERCENT_MIN, message).max(PERCENT_MAX, message);
}

// The plain checks (blank text, percentages) are in checks.ts, without zod, for the screens that only read
// stored answers; the schemas here use them too.
export { isBlank, isPercent, sumPercent, totalsOneHundred } from "./checks";

export type FieldIssue = { path: string; message: string };

/**
 * Zod issues in the API's error shape (docs/product/errors.md): `{ path: "financialOverview.turnover", message }`.
 * The path is dotted; array positions are numbers ("contracts.recurringContracts.0.clientName").
 */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => String(segment)).join("."),
    message: issue.message,
  }));
}
