/**
 * PATCH /quotes/{id} (docs/product/permissions.md, docs/product/life-cycle.md): save one section, complete, or apply/remove a manual premium
 * override. An edit that would price the quote differently, and any override change, reopens a completed,
 * referred or approved quote (the domain's rules in reopen.ts).
 */
import { eq } from "drizzle-orm";
import { penceToMoneyString } from "../../../domain/money";
import { soleTraderFacts } from "../../../domain/quote/insureds-details";
import { productTypeOf } from "../../../domain/quote/product";
import { overrideReopens } from "../../../domain/quote/reopen";
import type { PatchQuoteCommand } from "../../../domain/quote/requests";
import { retroactiveDateIssues } from "../../../domain/quote/retroactive-cover";
import { runOffRetroactiveIssues, runOffStartProblem } from "../../../domain/quote/run-off";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type NewQuoteRow, type QuoteRow, quotes } from "../../db/schema";
import { AppError } from "../../errors";
import { assertQuoteAction, openQuoteForWrite } from "./access-service";
import { commitQuoteChange, editSection, insuredsDetailsColumns, type QuoteAudit, reopen } from "./change";
import { completeQuote } from "./complete-quote";
import { assertPlausibleDates } from "./plausible-dates";
import { rateStoredQuote, ratingColumns, ratingReceiptOf, withReceiptHash } from "./rating";
import type { QuoteWithBroker } from "./repository";

type InsuredsDetailsCommand = Extract<PatchQuoteCommand, { kind: "insuredsDetails" }>;

/** Step 1 as docs/product/permissions.md's update sends it, completed from what is stored, as quote columns. */
function insuredsDetailsUpdateColumns(quote: QuoteRow, command: InsuredsDetailsCommand): Partial<NewQuoteRow> {
  const update = command.insuredsDetails;
  // docs/product/permissions.md's step-1 update carries neither the business activity nor the sole-trader answer: the stored
  // ones stand (and with the answer, the date trading began).
  const businessActivity = update.businessActivity ?? quote.insuredsDetails?.businessActivity;
  if (businessActivity === undefined) throw new Error(`Quote ${quote.reference} has no stored business activity`);
  const soleTrader = soleTraderFacts(
    update.isSoleTrader === undefined
      ? {
          isSoleTrader: quote.isSoleTrader,
          incorporationDate: update.incorporationDate,
          tradingSince: quote.tradingSince,
        }
      : {
          isSoleTrader: update.isSoleTrader,
          incorporationDate: update.incorporationDate,
          tradingSince: update.tradingSince,
        },
  );
  return {
    ...insuredsDetailsColumns({ ...update, ...soleTrader, businessActivity }),
    ...(command.productCode
      ? { productCode: command.productCode, productType: productTypeOf(command.productCode) }
      : {}),
  };
}

/** Applies or removes the manual base premium, re-rating around it; either changes the price, so may reopen. */
async function changeOverride(
  db: Database,
  actor: AuthUser,
  found: QuoteWithBroker,
  overrideBasePremium: number | null,
  now: Date,
): Promise<QuoteWithBroker> {
  const { quote } = found;
  const applying = overrideBasePremium !== null;
  const action = applying ? "overridePremium" : "removeOverride";
  assertQuoteAction(quote, actor, action);
  const unchanged = applying
    ? quote.premiumOverridden && quote.overrideBasePremium === overrideBasePremium
    : !quote.premiumOverridden;
  if (unchanged) return found;
  const override = { premiumOverridden: applying, overrideBasePremium };
  const rating = await rateStoredQuote(db, { ...quote, ...override }, now);
  const changes: Partial<NewQuoteRow> = { ...override, ...ratingColumns(rating, now) };
  const receipt = ratingReceiptOf(rating, quote.reference, now);
  const audits: QuoteAudit[] = [
    applying
      ? {
          action: "override_applied",
          details: {
            reference: quote.reference,
            basePremium: penceToMoneyString(overrideBasePremium),
            previousBasePremium: quote.basePremium === null ? null : penceToMoneyString(quote.basePremium),
            totalPremium: penceToMoneyString(rating.result.totalPremium),
          },
        }
      : {
          action: "override_removed",
          details: {
            reference: quote.reference,
            removedBasePremium:
              quote.overrideBasePremium === null ? null : penceToMoneyString(quote.overrideBasePremium),
            basePremium: penceToMoneyString(rating.result.basePremium),
            totalPremium: penceToMoneyString(rating.result.totalPremium),
          },
        },
  ];
  audits[0] = withReceiptHash(audits[0] as QuoteAudit, receipt);
  if (overrideReopens(quote.status)) {
    const reopening = reopen(quote, action);
    Object.assign(changes, reopening.changes);
    audits.push(reopening.audit);
  }
  return commitQuoteChange(db, found, changes, audits, actor, now, receipt);
}

export async function patchQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  command: PatchQuoteCommand,
  now: Date,
): Promise<QuoteWithBroker> {
  const { found, quote } = await openQuoteForWrite(db, id, actor, "view", command.expectedVersion);

  switch (command.kind) {
    case "financialOverview":
    case "designLiability":
    case "activitySplit":
    case "contracts":
    case "declaration":
    case "insuredsDetails": {
      assertQuoteAction(quote, actor, "editSection");
      assertPlausibleDates(command, now);
      assertRetroactiveDate(quote, command);
      await assertRunOffStart(db, quote, command);
      const candidate =
        command.kind === "insuredsDetails"
          ? insuredsDetailsUpdateColumns(quote, command)
          : { [command.kind]: (command as unknown as Record<string, unknown>)[command.kind] };
      // Saving step 6 answers the declaration: on a renewal this confirms last year's answers, changed or not.
      if (command.kind === "declaration" && !quote.declarationConfirmed) {
        Object.assign(candidate, { declarationConfirmed: true });
      }
      const edit = editSection(quote, candidate, command.kind);
      if (edit.audits.length === 0) return found;
      return commitQuoteChange(db, found, edit.changes, edit.audits, actor, now);
    }
    case "complete":
      return completeQuote(db, actor, found, command.financialOverview, now);
    case "overridePremium":
      return changeOverride(db, actor, found, command.basePremiumPence, now);
    case "removeOverride":
      return changeOverride(db, actor, found, null, now);
    default:
      return assertNever(command);
  }
}

/** 400 VALIDATION_FAILED when step 1 and step 6 would disagree about the retroactive date (retroactive-cover.ts). */
function assertRetroactiveDate(quote: QuoteRow, command: PatchQuoteCommand): void {
  const issues =
    command.kind === "declaration"
      ? retroactiveDateIssues("declaration", command.declaration, quote.inceptionDate)
      : command.kind === "insuredsDetails"
        ? retroactiveDateIssues("insuredsDetails", quote.declaration, command.insuredsDetails.inceptionDate)
        : [];
  if (command.kind === "declaration" && quote.runOffOfId !== null) {
    issues.push(...runOffRetroactiveIssues(quote.declaration, command.declaration));
  }
  if (issues.length > 0) throw AppError.validation(issues);
}

/**
 * A run-off quoted from a policy starts within that policy's window (docs/product/life-cycle.md "Run-off"), whether
 * the start is given on the policy screen or moved later at step 1: 400 at `inceptionDate`.
 */
async function assertRunOffStart(db: Database, quote: QuoteRow, command: PatchQuoteCommand): Promise<void> {
  if (command.kind !== "insuredsDetails" || quote.runOffOfId === null) return;
  const startDate = command.insuredsDetails.inceptionDate;
  if (typeof startDate !== "string" || startDate === quote.inceptionDate) return;
  const [policy] = await db
    .select({ inceptionDate: quotes.inceptionDate })
    .from(quotes)
    .where(eq(quotes.id, quote.runOffOfId))
    .limit(1);
  const problem = policy ? runOffStartProblem(policy.inceptionDate, startDate) : null;
  if (problem !== null) throw AppError.validation([{ path: "inceptionDate", message: problem }]);
}

function assertNever(value: never): never {
  throw new Error(`Unhandled quote command: ${JSON.stringify(value)}`);
}
