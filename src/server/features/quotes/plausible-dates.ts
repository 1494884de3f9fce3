/**
 * The domain's plausible-date rule (src/domain/quote/plausible-dates.ts) on a quote command, on the app's clock:
 * the wizard's forms apply the same rule on the same London day, so a date the form accepts is stored.
 */
import { todayInLondon } from "../../../domain/format/dates";
import { contractDateIssues, type DateIssue, insuredDateIssues } from "../../../domain/quote/plausible-dates";
import type { CreateQuoteRequest, PatchQuoteCommand } from "../../../domain/quote/requests";
import { AppError } from "../../errors";

function dateIssuesOf(command: CreateQuoteRequest | PatchQuoteCommand, today: string): DateIssue[] {
  if (!("kind" in command)) return insuredDateIssues(command.insuredsDetails, today);
  if (command.kind === "insuredsDetails") return insuredDateIssues(command.insuredsDetails, today);
  if (command.kind === "contracts") {
    return contractDateIssues(command.contracts, today).map((issue) => ({
      ...issue,
      path: ["contracts", ...issue.path],
    }));
  }
  return [];
}

/** 400 VALIDATION_FAILED, as any other invalid field, when a date is outside what the product allows. */
export function assertPlausibleDates(command: CreateQuoteRequest | PatchQuoteCommand, now: Date): void {
  const issues = dateIssuesOf(command, todayInLondon(now));
  if (issues.length === 0) return;
  throw AppError.validation(issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
}
