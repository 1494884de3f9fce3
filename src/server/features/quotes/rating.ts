/**
 * Rating a STORED quote (docs/product/life-cycle.md and docs/product/rating.md): the input is derived by the domain from what the server holds;
 * the client contributes only its step-7 selections, which are kept on the quote (`risk`, `turnoverBand`) so
 * a later server-side re-rating (complete, refer) prices exactly what the broker last chose.
 */
import { eq } from "drizzle-orm";
import { todayInLondon } from "../../../domain/format/dates";
import { penceToMoneyString } from "../../../domain/money";
import { backdatedInceptionHit, withBackdatedInception } from "../../../domain/quote/backdating";
import { ratingInputOf } from "../../../domain/quote/rating-input";
import { RUN_OFF_MESSAGES } from "../../../domain/quote/run-off";
import { toStoredRating } from "../../../domain/quote/stored-rating";
import type { RateOptions, RatingResult } from "../../../domain/rating/compile";
import { defaultRatingInput, type RatingInput } from "../../../domain/rating/input";
import { runOffFactorFor } from "../../../domain/rating/run-off";
import { ratingVersionTitle } from "../../../domain/rating/version";
import type { Database } from "../../db/client";
import { firms, type NewQuoteRow, type QuoteRow, type RatingVersionRow, ratingVersions } from "../../db/schema";
import { AppError } from "../../errors";
import { compiledRaterFor, type EffectiveRater, findEffectiveRater } from "../rating-versions/effective-service";
import { type EngineRating, type ReceiptToWrite, receiptToWrite } from "../receipts/service";
import type { QuoteAuditEntry } from "./repository";

type RatedQuoteFields = Pick<
  QuoteRow,
  | "productCode"
  | "inceptionDate"
  | "numberOfQualifiedStaff"
  | "hasFinancialInterest"
  | "insuredsDetails"
  | "financialOverview"
  | "contracts"
  | "declaration"
  | "risk"
  | "turnoverBand"
  | "limitBasis"
  | "defenceCosts"
  | "premiumOverridden"
  | "overrideBasePremium"
> &
  // A quote made before run-off existed, or built without it, is annual.
  Partial<Pick<QuoteRow, "runOffYears" | "runOffAnnualPremium">> &
  // Commission follows the quote's firm; a quote being made has no underwriter's rate yet.
  Pick<QuoteRow, "firmId"> &
  Partial<Pick<QuoteRow, "commissionOverridden" | "commissionRateBasisPoints">>;

export interface QuoteRating {
  result: RatingResult;
  version: RatingVersionRow;
  input: RatingInput;
  /** What the engine itself was asked and answered: the rating's receipt records exactly this. */
  engine: EngineRating;
  /** The commission the rating carries (docs/product/firms.md "Commission"); null for a quote with no firm. */
  commissionRateBasisPoints: number | null;
}

/**
 * The commission rate a rating takes: an underwriter's rate set on this quote, else the quote's firm's rate as it
 * stands now, else none (a quote with no firm).
 */
async function commissionRateFor(
  db: Database,
  quote: Pick<RatedQuoteFields, "firmId" | "commissionOverridden" | "commissionRateBasisPoints">,
): Promise<number | null> {
  if (quote.commissionOverridden === true && quote.commissionRateBasisPoints != null) {
    return quote.commissionRateBasisPoints;
  }
  if (quote.firmId === null) return null;
  const [firm] = await db
    .select({ rate: firms.commissionRateBasisPoints })
    .from(firms)
    .where(eq(firms.id, quote.firmId));
  return firm?.rate ?? null;
}

/** The published rater effective on the quote's inception date; 422 when no version covers the date. */
export async function requireEffectiveRater(
  db: Database,
  quote: Pick<RatedQuoteFields, "productCode" | "inceptionDate">,
): Promise<EffectiveRater> {
  const effective = await findEffectiveRater(db, quote.productCode, quote.inceptionDate);
  if (!effective) {
    throw new AppError(
      "NO_RATING_VERSION",
      `No published rating version for product ${quote.productCode} covers the inception date ${quote.inceptionDate}`,
    );
  }
  return effective;
}

/** An active manual override keeps its base (fees, taxes and total are recomputed by the engine). */
export function overrideOptionsOf(quote: Pick<RatedQuoteFields, "premiumOverridden" | "overrideBasePremium">): {
  baseOverridePence?: number;
} {
  return quote.premiumOverridden && quote.overrideBasePremium !== null
    ? { baseOverridePence: quote.overrideBasePremium }
    : {};
}

/**
 * A run-off quote's options: its period, and the policy's last annual base premium when it was quoted from one
 * (docs/product/rating.md "Run-off"). 422 RUN_OFF_NOT_PRICED when the version has no factor for the period: a
 * version published without run-off factors quotes no run-off rather than guess one.
 */
export function runOffOptionsOf(
  quote: Pick<RatedQuoteFields, "runOffYears" | "runOffAnnualPremium">,
  effective: EffectiveRater,
): RateOptions {
  const years = quote.runOffYears ?? null;
  if (years === null) return {};
  if (runOffFactorFor(effective.rater.config.runOff, years) === null) {
    throw new AppError("RUN_OFF_NOT_PRICED", RUN_OFF_MESSAGES.notPriced(years, effective.version.name));
  }
  const annual = quote.runOffAnnualPremium ?? null;
  return { runOff: annual === null ? { years } : { years, annualBasePence: annual } };
}

/**
 * Rates a stored quote with the published version effective on its inception date (422 when none covers it). An
 * inception more than the configuration's days in the past (judged on the server's London date at `now`) joins the
 * rule hits, so the queue, the review and the documents show it like any referral (docs/product/rating.md).
 */
export async function rateStoredQuote(db: Database, quote: RatedQuoteFields, now: Date): Promise<QuoteRating> {
  const effective = await requireEffectiveRater(db, quote);
  const input = ratingInputOf(quote);
  const options: RateOptions = { ...overrideOptionsOf(quote), ...runOffOptionsOf(quote, effective) };
  const rated = effective.rater.rate(input, options);
  const { maxDaysPast } = effective.rater.config.backdating;
  const result = withBackdatedInception(rated, quote.inceptionDate, todayInLondon(now), maxDaysPast);
  const commissionRateBasisPoints = await commissionRateFor(db, quote);
  return {
    result,
    version: effective.version,
    input,
    engine: { version: effective.version, input, options, result: rated },
    commissionRateBasisPoints,
  };
}

/**
 * The backdated-inception reason of a quote issued today, or null: a quote rated while its inception was recent must
 * not be bound once it lies too far in the past unless an underwriter approved it. `stored` is the quote's own
 * rating version (`quoteRatingVersion`), whose configuration holds how far back is too far.
 */
export function backdatedWithoutUnderwriter(
  quote: Pick<QuoteRow, "inceptionDate" | "decision" | "ratingVersionId">,
  stored: EffectiveRater | undefined,
  now: Date,
): string | null {
  if (quote.decision === "APPROVED" || quote.decision === "COUNTER") return null;
  if (!stored) throw new Error(`The rating version of a rated quote cannot be read (${quote.ratingVersionId})`);
  const { maxDaysPast } = stored.rater.config.backdating;
  return backdatedInceptionHit(quote.inceptionDate, todayInLondon(now), maxDaysPast)?.description ?? null;
}

/**
 * The rating version a quote or policy was rated with, read once and compiled once per published version: its rates
 * re-rate an adjustment, and its configuration holds the backdating, cancellation and adjustment terms. Undefined
 * for a quote never rated, or a version that cannot be read.
 */
export async function quoteRatingVersion(
  db: Database,
  quote: Pick<QuoteRow, "ratingVersionId">,
): Promise<EffectiveRater | undefined> {
  if (quote.ratingVersionId === null) return undefined;
  const [version] = await db.select().from(ratingVersions).where(eq(ratingVersions.id, quote.ratingVersionId));
  if (!version) return undefined;
  return { version, rater: compiledRaterFor(version) };
}

/** The compiled rater of a policy, whose rating version must exist: an issued policy always names one. */
export async function policyRater(
  db: Database,
  quote: Pick<QuoteRow, "ratingVersionId">,
): Promise<EffectiveRater["rater"]> {
  const stored = await quoteRatingVersion(db, quote);
  if (!stored) throw new Error(`The rating version of an issued policy cannot be read (${quote.ratingVersionId})`);
  return stored.rater;
}

/**
 * What the engine gives again for the rating stored on a quote (the input it kept, its version `stored`, its
 * override and run-off): the rating a policy is issued on. Undefined when the quote holds no rating, or when rating
 * it again does not give exactly the premium it holds (a rating made under rules since changed), so no receipt ever
 * records a premium other than the one charged.
 */
export function storedEngineRating(quote: QuoteRow, stored: EffectiveRater | undefined): EngineRating | undefined {
  if (!stored || !quote.ratingResult || quote.totalPremium === null) return undefined;
  const input = defaultRatingInput(quote.ratingResult.input as Partial<RatingInput>);
  const options: RateOptions = { ...overrideOptionsOf(quote), ...runOffOptionsOf(quote, stored) };
  const result = stored.rater.rate(input, options);
  const same = result.basePremium === quote.basePremium && result.totalPremium === quote.totalPremium;
  return same ? { version: stored.version, input, options, result } : undefined;
}

/** The columns a rating writes on the quote: premium lines in pence, the version, the explanation, the time. */
export function ratingColumns(rating: QuoteRating, now: Date): Partial<NewQuoteRow> {
  return {
    ...toStoredRating(rating.result, rating.input),
    ratingVersionId: rating.version.id,
    ratedAt: now,
    commissionRateBasisPoints: rating.commissionRateBasisPoints,
  };
}

/** The receipt of a rating written on quote `reference` (docs/product/receipts.md). */
export function ratingReceiptOf(rating: QuoteRating, reference: string, now: Date): ReceiptToWrite {
  return receiptToWrite("RATING", rating.engine, { reference }, now);
}

/** An audit entry that also names the receipt written with it (its creation is audited with the change). */
export function withReceiptHash(audit: QuoteAuditEntry, receipt: ReceiptToWrite): QuoteAuditEntry {
  const details = typeof audit.details === "object" && audit.details !== null ? audit.details : {};
  return { ...audit, details: { ...details, receipt: receipt.receipt.hash } };
}

/**
 * The "rated" entry of a rating written on the quote: the version that priced it (by id and by name), the total,
 * the referrals and the hash of the receipt written with it.
 */
export function ratedAudit(reference: string, rating: QuoteRating, receipt: ReceiptToWrite): QuoteAuditEntry {
  return {
    action: "rated",
    details: {
      reference,
      receipt: receipt.receipt.hash,
      ratingVersionId: rating.version.id,
      ratingVersion: ratingVersionTitle({
        name: rating.version.name,
        version: typeof rating.version.json.version === "string" ? rating.version.json.version : null,
      }),
      totalPremium: penceToMoneyString(rating.result.totalPremium),
      referralHits: rating.result.referralHits.map((hit) => hit.code),
    },
  };
}
