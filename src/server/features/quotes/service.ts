/**
 * What each quote write does (DECISIONS §4), as functions the thin route handlers call. Each one:
 * reads the quote, asks the domain's life cycle whether the caller may act (403/409), works out the change,
 * and writes the change and its audit entries atomically (one statement; the referral, which also writes review
 * tokens and e-mails, one transaction) with an optimistic version check (ADR 0016). A write that changes
 * nothing writes nothing (no version bump, no audit, no reopening).
 */
import { DC_PI_PRODUCT_CODE, DEFAULT_PRODUCT_CODE } from "../../../domain/constants";
import { penceToMoneyString } from "../../../domain/money";
import { soleTraderFacts } from "../../../domain/quote/insureds-details";
import { referralReasonFromHits, toPremiumBreakdown } from "../../../domain/quote/premium";
import type { PremiumBreakdown, RatingTraceEntry, ReferralHit } from "../../../domain/quote/quote";
import type { CreateQuoteRequest, PatchQuoteCommand, ReferQuoteRequest } from "../../../domain/quote/requests";
import type { RateQuoteRequest, Risk } from "../../../domain/quote/risk";
import { isQuoteExpired } from "../../../domain/quote/validity";
import { type AuditEntry, recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type NewQuoteRow, type QuoteRow, quotes } from "../../db/schema";
import { createReferralNotifications, type ReferralRecipient } from "../../mail/referral-notifications";
import { type QuoteRating, rateStoredQuote, ratingColumns, ratingInputsDiffer, storedSelections } from "./rating";
import {
  type AllowedQuoteAction,
  assertExpectedVersion,
  assertQuoteAction,
  type QuoteWithBroker,
  requireQuote,
  storedRatingResult,
  updateQuoteAtVersion,
  updateQuoteWithAudit,
} from "./repository";
import { sameValue } from "./same-value";

/** The product's name as lists and documents show it beside the code. */
export const PRODUCT_TYPES: Readonly<Record<string, string>> = {
  [DC_PI_PRODUCT_CODE]: "Design and Construct Professional Indemnity",
  [DEFAULT_PRODUCT_CODE]: "Professional Indemnity",
};

type QuoteAudit = Omit<AuditEntry, "entityType" | "entityId" | "actorId">;

/** Writes `changes` at the version read together with the audit entries, atomically, in one round trip. */
async function commitQuoteChange(
  db: Database,
  found: QuoteWithBroker,
  changes: Partial<NewQuoteRow>,
  audits: QuoteAudit[],
  actor: AuthUser,
  now: Date,
): Promise<QuoteWithBroker> {
  const quote = await updateQuoteWithAudit(
    db,
    found.quote,
    changes,
    {
      actorId: actor.id,
      entries: audits.map((audit) => ({ action: audit.action, details: asDetails(audit.details) })),
    },
    now,
  );
  return { ...found, quote };
}

function asDetails(details: AuditEntry["details"]): Record<string, unknown> | null {
  if (details === undefined || details === null) return null;
  return typeof details === "string" ? { note: details } : details;
}

/**
 * Back to DRAFT after a change that alters the price (DECISIONS §4). The premium stays for display until the
 * next rating; an underwriter's approval no longer applies to the changed risk (the decision history keeps it).
 */
function reopenColumns(quote: QuoteRow): Partial<NewQuoteRow> {
  const clearsDecision = quote.status === "UW_APPROVED";
  return {
    status: "DRAFT",
    ...(clearsDecision
      ? { decision: null, adjustmentMultiplier: null, uwNote: null, decidedAt: null, decidedBy: null }
      : {}),
  };
}

function reopenedAudit(quote: QuoteRow, cause: string): QuoteAudit {
  return { action: "reopened", details: { reference: quote.reference, from: quote.status, cause } };
}

/** Only the columns whose value actually differs from the stored one. */
function changedColumns(quote: QuoteRow, candidate: Partial<NewQuoteRow>): Partial<NewQuoteRow> {
  const changed: Partial<NewQuoteRow> = {};
  for (const [key, value] of Object.entries(candidate) as [keyof NewQuoteRow, unknown][]) {
    if (!sameValue(quote[key as keyof QuoteRow], value)) (changed as Record<string, unknown>)[key] = value;
  }
  return changed;
}

/** A section edit as changed columns, with the reopening it causes (if the price would change). */
interface SectionEdit {
  changes: Partial<NewQuoteRow>;
  audits: QuoteAudit[];
  /** The quote as it will be once the edit is written. */
  after: QuoteRow;
}

function editSection(
  quote: QuoteRow,
  decision: AllowedQuoteAction,
  candidate: Partial<NewQuoteRow>,
  label: string,
): SectionEdit {
  const changes = changedColumns(quote, candidate);
  if (Object.keys(changes).length === 0) return { changes, audits: [], after: quote };
  const edited = { ...quote, ...changes } as QuoteRow;
  const audits: QuoteAudit[] = [
    { action: "updated", details: { reference: quote.reference, section: label, fields: Object.keys(changes) } },
  ];
  if (decision.reopens && ratingInputsDiffer(quote, edited)) {
    Object.assign(changes, reopenColumns(quote));
    audits.push(reopenedAudit(quote, label));
  }
  return { changes, audits, after: { ...quote, ...changes } as QuoteRow };
}

function insuredsDetailsColumns(
  quote: QuoteRow,
  command: Extract<PatchQuoteCommand, { kind: "insuredsDetails" }>,
): Partial<NewQuoteRow> {
  const update = command.insuredsDetails;
  const stored = (quote.insuredsDetails ?? {}) as { businessActivity?: string };
  // SPEC.md §7's step-1 update carries neither the business activity nor the sole-trader answer: the stored
  // ones stand (and with the answer, the date trading began).
  const businessActivity = update.businessActivity ?? stored.businessActivity;
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
  const details = {
    ...update,
    ...soleTrader,
    ...(businessActivity !== undefined ? { businessActivity } : {}),
  };
  return {
    insuredsDetails: details,
    proposerName: update.proposerName,
    tradingName: update.tradingName ?? null,
    businessAddress: update.businessAddress,
    inceptionDate: update.inceptionDate,
    incorporationDate: soleTrader.incorporationDate ?? null,
    isSoleTrader: soleTrader.isSoleTrader,
    tradingSince: soleTrader.tradingSince ?? null,
    numberOfDirectors: update.numberOfDirectors,
    numberOfQualifiedStaff: update.numberOfQualifiedStaff,
    hasFinancialInterest: update.hasFinancialInterest,
    financialInterestDetails: update.financialInterestDetails ?? null,
    ...(command.productCode
      ? { productCode: command.productCode, productType: PRODUCT_TYPES[command.productCode] ?? null }
      : {}),
  };
}

export async function createQuote(
  db: Database,
  actor: AuthUser,
  body: CreateQuoteRequest,
  now: Date,
): Promise<QuoteWithBroker> {
  const details = body.insuredsDetails;
  const quote = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quotes)
      .values({
        productCode: body.productCode,
        productType: PRODUCT_TYPES[body.productCode] ?? null,
        proposerName: details.proposerName,
        contactEmail: actor.email,
        brokerId: actor.id,
        tradingName: details.tradingName ?? null,
        businessAddress: details.businessAddress,
        inceptionDate: details.inceptionDate,
        incorporationDate: details.incorporationDate ?? null,
        isSoleTrader: details.isSoleTrader,
        tradingSince: details.tradingSince ?? null,
        numberOfDirectors: details.numberOfDirectors,
        numberOfQualifiedStaff: details.numberOfQualifiedStaff,
        hasFinancialInterest: details.hasFinancialInterest,
        financialInterestDetails: details.financialInterestDetails ?? null,
        insuredsDetails: details,
        risk: body.risk ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("Quote insert returned no row");
    await recordAudit(tx, {
      entityType: "quote",
      action: "created",
      entityId: row.id,
      actorId: actor.id,
      details: { reference: row.reference, productCode: row.productCode, proposerName: row.proposerName },
    });
    return row;
  });
  return { quote, broker: { name: actor.name, email: actor.email }, decidedBy: null };
}

function completeAudit(quote: QuoteRow, totalPremium: number | null, reRated: boolean): QuoteAudit {
  return {
    action: "completed",
    details: {
      reference: quote.reference,
      from: quote.status,
      totalPremium: totalPremium === null ? null : penceToMoneyString(totalPremium),
      reRated,
    },
  };
}

/** Applies an optional financial overview sent along with complete/refer (the wizard saves it on the way). */
function withOptionalOverview(
  quote: QuoteRow,
  actor: AuthUser,
  financialOverview: Record<string, unknown> | undefined,
): SectionEdit {
  if (financialOverview === undefined) return { changes: {}, audits: [], after: quote };
  const decision = assertQuoteAction(quote, actor, "editSection");
  return editSection(quote, decision, { financialOverview }, "financialOverview");
}

export async function patchQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  command: PatchQuoteCommand,
  now: Date,
): Promise<QuoteWithBroker> {
  const found = await requireQuote(db, id);
  const { quote } = found;
  assertQuoteAction(quote, actor, "view");
  assertExpectedVersion(quote, command.expectedVersion);

  switch (command.kind) {
    case "financialOverview":
    case "designLiability":
    case "activitySplit":
    case "contracts":
    case "declaration": {
      const decision = assertQuoteAction(quote, actor, "editSection");
      const section = (command as unknown as Record<string, unknown>)[command.kind];
      const edit = editSection(quote, decision, { [command.kind]: section }, command.kind);
      if (edit.audits.length === 0) return found;
      return commitQuoteChange(db, found, edit.changes, edit.audits, actor, now);
    }
    case "insuredsDetails": {
      const decision = assertQuoteAction(quote, actor, "editSection");
      const edit = editSection(quote, decision, insuredsDetailsColumns(quote, command), "insuredsDetails");
      if (edit.audits.length === 0) return found;
      return commitQuoteChange(db, found, edit.changes, edit.audits, actor, now);
    }
    case "complete":
      return completeQuote(db, actor, found, command.financialOverview, now);
    case "overridePremium": {
      const decision = assertQuoteAction(quote, actor, "overridePremium");
      if (quote.premiumOverridden && quote.overrideBasePremium === command.basePremiumPence) return found;
      const working = { ...quote, premiumOverridden: true, overrideBasePremium: command.basePremiumPence };
      const rating = await rateStoredQuote(db, working);
      const changes: Partial<NewQuoteRow> = {
        premiumOverridden: true,
        overrideBasePremium: command.basePremiumPence,
        ...ratingColumns(rating, now),
      };
      const audits: QuoteAudit[] = [
        {
          action: "override_applied",
          details: {
            reference: quote.reference,
            basePremium: penceToMoneyString(command.basePremiumPence),
            previousBasePremium: quote.basePremium === null ? null : penceToMoneyString(quote.basePremium),
            totalPremium: penceToMoneyString(rating.result.totalPremium),
          },
        },
      ];
      if (decision.reopens) {
        Object.assign(changes, reopenColumns(quote));
        audits.push(reopenedAudit(quote, "overridePremium"));
      }
      return commitQuoteChange(db, found, changes, audits, actor, now);
    }
    case "removeOverride": {
      const decision = assertQuoteAction(quote, actor, "removeOverride");
      if (!quote.premiumOverridden) return found;
      const working = { ...quote, premiumOverridden: false, overrideBasePremium: null };
      const rating = await rateStoredQuote(db, working);
      const changes: Partial<NewQuoteRow> = {
        premiumOverridden: false,
        overrideBasePremium: null,
        ...ratingColumns(rating, now),
      };
      const audits: QuoteAudit[] = [
        {
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
      if (decision.reopens) {
        Object.assign(changes, reopenColumns(quote));
        audits.push(reopenedAudit(quote, "removeOverride"));
      }
      return commitQuoteChange(db, found, changes, audits, actor, now);
    }
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled quote command: ${JSON.stringify(value)}`);
}

/**
 * Completion (DECISIONS §4): a DRAFT is re-rated on the server and refused while referral hits remain; an
 * underwriter-approved quote completes at the approved premium without re-rating.
 */
async function completeQuote(
  db: Database,
  actor: AuthUser,
  found: QuoteWithBroker,
  financialOverview: Record<string, unknown> | undefined,
  now: Date,
): Promise<QuoteWithBroker> {
  const { quote } = found;
  const edit = withOptionalOverview(quote, actor, financialOverview);
  const working = edit.after;
  const changes: Partial<NewQuoteRow> = { ...edit.changes };
  const audits = [...edit.audits];

  if (working.status === "DRAFT") {
    // Permission and state first (ADR 0027: a never-rated DRAFT is refused), then a fresh server-side rating.
    assertQuoteAction(working, actor, "complete", { ratedAt: working.ratedAt, referralHitCount: 0 });
    const rating = await rateStoredQuote(db, working);
    const decision = assertQuoteAction(working, actor, "complete", {
      ratedAt: now,
      referralHitCount: rating.result.referralHits.length,
    });
    Object.assign(changes, ratingColumns(rating, now), { status: decision.nextStatus });
    audits.push(completeAudit(quote, rating.result.totalPremium, true));
  } else {
    const decision = assertQuoteAction(working, actor, "complete", {
      ratedAt: working.ratedAt,
      referralHitCount: storedRatingResult(working)?.referralHits.length,
    });
    changes.status = decision.nextStatus;
    audits.push(completeAudit(quote, working.totalPremium, false));
  }
  return commitQuoteChange(db, found, changes, audits, actor, now);
}

export interface RateQuoteOutcome {
  found: QuoteWithBroker;
  breakdown: PremiumBreakdown;
  referralHits: ReferralHit[];
  trace: RatingTraceEntry[];
}

/** The premium already on the quote, as a rating answers it. */
function storedOutcome(found: QuoteWithBroker): RateQuoteOutcome {
  const { quote } = found;
  const rating = storedRatingResult(quote);
  const basePremium = quote.basePremium ?? 0;
  const feesTotal = quote.feesTotal ?? 0;
  return {
    found,
    breakdown: toPremiumBreakdown({
      basePremium,
      fees: quote.fees ?? [],
      subtotal: basePremium + feesTotal,
      taxes: quote.taxes ?? 0,
      totalPremium: quote.totalPremium ?? 0,
      multiplier: rating?.multiplier ?? 1,
    }),
    referralHits: rating?.referralHits ?? [],
    trace: rating?.trace ?? [],
  };
}

function samePremium(quote: QuoteRow, rating: QuoteRating): boolean {
  const { result } = rating;
  return (
    quote.basePremium === result.basePremium &&
    quote.taxes === result.taxes &&
    quote.totalPremium === result.totalPremium &&
    sameValue(
      storedRatingResult(quote)?.referralHits.map((hit) => hit.code),
      result.referralHits.map((hit) => hit.code),
    )
  );
}

/**
 * POST /rate. The client's `risk` and `turnoverBand` are kept as the step-7 selections (merged over the stored
 * ones); the input is derived from the stored quote. A DRAFT is always re-rated. A quote further along the
 * life cycle is re-priced only when a selection changes (which reopens it) or, for an expired QUOTED quote, to
 * renew its 30-day validity: an unchanged price keeps it QUOTED, a changed one reopens it.
 */
export async function rateQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  body: RateQuoteRequest,
  now: Date,
): Promise<RateQuoteOutcome> {
  const found = await requireQuote(db, id);
  const { quote } = found;
  const decision = assertQuoteAction(quote, actor, "rate");
  assertExpectedVersion(quote, body.expectedVersion);

  const storedRisk = (quote.risk ?? null) as Risk | null;
  const risk = body.risk ? ({ ...(storedRisk ?? {}), ...body.risk } as Risk) : storedRisk;
  const turnoverBand = body.turnoverBand ?? quote.turnoverBand;
  const working = { ...quote, risk, turnoverBand } as QuoteRow;
  const selectionsChanged = !sameValue(storedSelections(quote), storedSelections(working));
  const renewsValidity = quote.status === "QUOTED" && isQuoteExpired(quote, now);

  if (quote.status !== "DRAFT" && !selectionsChanged && !renewsValidity && quote.basePremium !== null) {
    return storedOutcome(found);
  }

  const rating = await rateStoredQuote(db, working);
  const changes: Partial<NewQuoteRow> = {
    ...changedColumns(quote, { risk, turnoverBand }),
    ...ratingColumns(rating, now),
  };
  const audits: QuoteAudit[] = [
    {
      action: "rated",
      details: {
        reference: quote.reference,
        ratingVersionId: rating.version.id,
        totalPremium: penceToMoneyString(rating.result.totalPremium),
        referralHits: rating.result.referralHits.map((hit) => hit.code),
      },
    },
  ];
  const keepsStatus = quote.status === "QUOTED" && !selectionsChanged && samePremium(quote, rating);
  if (decision.reopens && !keepsStatus) {
    Object.assign(changes, reopenColumns(quote));
    audits.push(reopenedAudit(quote, "rate"));
  }
  const saved = await commitQuoteChange(db, found, changes, audits, actor, now);
  return {
    found: saved,
    breakdown: toPremiumBreakdown(rating.result),
    referralHits: storedRatingResult(saved.quote)?.referralHits ?? [],
    trace: storedRatingResult(saved.quote)?.trace ?? [],
  };
}

export interface ReferQuoteOutcome {
  found: QuoteWithBroker;
  recipients: ReferralRecipient[];
}

/**
 * POST /refer: re-rates on the server; with hits the quote is REFERRED with their descriptions as the reason,
 * without hits it is a voluntary UW_REQUESTED. The review e-mails (tokens and outbox rows) are written in the
 * same transaction; the caller asks the dispatcher to deliver after commit.
 */
export async function referQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  body: ReferQuoteRequest,
  options: { now: Date; reviewBaseUrl: string },
): Promise<ReferQuoteOutcome> {
  const { now } = options;
  const found = await requireQuote(db, id);
  const { quote } = found;
  assertQuoteAction(quote, actor, "view");
  assertExpectedVersion(quote, body.expectedVersion);
  const edit = withOptionalOverview(quote, actor, body.financialOverview as Record<string, unknown> | undefined);
  const working = edit.after;
  assertQuoteAction(working, actor, "refer", { ratedAt: working.ratedAt, referralHitCount: 0 });
  const rating = await rateStoredQuote(db, working);
  const hits = rating.result.referralHits;
  const decision = assertQuoteAction(working, actor, "refer", { ratedAt: now, referralHitCount: hits.length });
  const referralReason = hits.length > 0 ? referralReasonFromHits(hits) : null;
  const changes: Partial<NewQuoteRow> = {
    ...edit.changes,
    ...ratingColumns(rating, now),
    status: decision.nextStatus,
    referredAt: now,
    referralReason,
  };

  const result = await db.transaction(async (tx) => {
    const updated = await updateQuoteAtVersion(tx, quote, changes, now);
    const recipients = await createReferralNotifications(tx, {
      quote: {
        id: updated.id,
        reference: updated.reference,
        proposerName: updated.proposerName,
        productCode: updated.productCode,
        referralReason,
      },
      underwriterEmails: body.underwriterEmails,
      baseUrl: options.reviewBaseUrl,
      now,
      referredBy: { name: actor.name, email: actor.email },
    });
    const audits: QuoteAudit[] = [
      ...edit.audits,
      {
        action: "referred",
        details: {
          reference: updated.reference,
          status: updated.status,
          referralReason,
          referralHits: hits.map((hit) => hit.code),
          totalPremium: penceToMoneyString(rating.result.totalPremium),
          recipients: recipients.map((recipient) => recipient.email),
        },
      },
    ];
    for (const audit of audits) {
      await recordAudit(tx, { ...audit, entityType: "quote", entityId: updated.id, actorId: actor.id });
    }
    return { quote: updated, recipients };
  });
  return { found: { ...found, quote: result.quote }, recipients: result.recipients };
}

/** "DCPI-000042" -> "DCPI/POL/000042": one policy per quote, so the quote's number makes the policy's unique. */
export function policyNumberFor(reference: string): string {
  const digits = /(\d+)$/.exec(reference)?.[1];
  if (!digits) throw new Error(`A quote reference without a number cannot name a policy: ${reference}`);
  return `DCPI/POL/${digits}`;
}

/** POST /issue: binds a QUOTED quote still within its 30-day validity. */
export async function issueQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  body: { expectedVersion?: number | undefined },
  now: Date,
): Promise<QuoteWithBroker> {
  const found = await requireQuote(db, id);
  const { quote } = found;
  const decision = assertQuoteAction(quote, actor, "issue", { ratedAt: quote.ratedAt, now });
  assertExpectedVersion(quote, body.expectedVersion);
  const policyNumber = policyNumberFor(quote.reference);
  return commitQuoteChange(
    db,
    found,
    { status: decision.nextStatus, policyNumber, issuedAt: now },
    [
      {
        action: "issued",
        details: {
          reference: quote.reference,
          policyNumber,
          totalPremium: quote.totalPremium === null ? null : penceToMoneyString(quote.totalPremium),
        },
      },
    ],
    actor,
    now,
  );
}
