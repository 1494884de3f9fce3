/**
 * What every quote write shares (docs/product/life-cycle.md and docs/product/permissions.md; ADR 0016): only the columns that actually change are
 * written, an edit that would price the quote differently reopens it (the domain's rule), and the change is
 * written with its audit entries atomically at the version read. A write that changes nothing writes nothing
 * (no version bump, no audit, no reopening).
 */
import { editReopens, reopenReset } from "../../../domain/quote/reopen";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import type { NewQuoteRow, QuoteRow } from "../../db/schema";
import type { ReceiptToWrite } from "../receipts/service";
import { assertQuoteAction } from "./access-service";
import { insertQuoteWithAudit, type QuoteAuditEntry, type QuoteWithBroker, updateQuoteWithAudit } from "./repository";
import { sameValue } from "./same-value";

export type QuoteAudit = QuoteAuditEntry;

/** Writes `changes` at the version read together with the audit entries, atomically, in one round trip. */
export async function commitQuoteChange(
  db: Database,
  found: QuoteWithBroker,
  changes: Partial<NewQuoteRow>,
  audits: QuoteAudit[],
  actor: AuthUser,
  now: Date,
  /** The rating receipt the change writes with it (docs/product/receipts.md). */
  receipt?: ReceiptToWrite,
): Promise<QuoteWithBroker> {
  const quote = await updateQuoteWithAudit(
    db,
    found.quote,
    changes,
    { actorId: actor.id, entries: audits },
    now,
    receipt,
  );
  return { ...found, quote };
}

/**
 * A new quote with its "created" entry, in one statement, on the pool or on the transaction the caller runs: the
 * database gives the quote its id and its reference. `details` adds to what the entry says (a renewal names the
 * policy it renews).
 */
export async function insertCreatedQuote(
  db: Database,
  values: NewQuoteRow,
  actor: AuthUser,
  details: Record<string, unknown> = {},
): Promise<QuoteRow> {
  return insertQuoteWithAudit(db, values, {
    actorId: actor.id,
    details: { productCode: values.productCode, proposerName: values.proposerName, ...details },
  });
}

/** The reopening a write causes: back to DRAFT (clearing an approval), audited with what caused it. */
export function reopen(quote: QuoteRow, cause: string): { changes: Partial<NewQuoteRow>; audit: QuoteAudit } {
  return {
    changes: reopenReset(quote.status),
    audit: { action: "reopened", details: { reference: quote.reference, from: quote.status, cause } },
  };
}

/** Only the columns whose value actually differs from the stored one. */
export function changedColumns(quote: QuoteRow, candidate: Partial<NewQuoteRow>): Partial<NewQuoteRow> {
  const changed: Partial<NewQuoteRow> = {};
  for (const [key, value] of Object.entries(candidate) as [keyof NewQuoteRow, unknown][]) {
    if (!sameValue(quote[key as keyof QuoteRow], value)) (changed as Record<string, unknown>)[key] = value;
  }
  return changed;
}

/** A section edit as changed columns, with the reopening it causes (if the price would change). */
export interface SectionEdit {
  changes: Partial<NewQuoteRow>;
  audits: QuoteAudit[];
  /** The quote as it will be once the edit is written. */
  after: QuoteRow;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The answers within a section that an edit changes, so the audit log can name each by its question; none on
 * the section's first save, when every answer is new.
 */
function changedAnswers(before: unknown, after: unknown): string[] | undefined {
  if (!isRecord(before) || !isRecord(after)) return undefined;
  const keys = new Set([...Object.keys(after), ...Object.keys(before)]);
  return [...keys].filter((key) => !sameValue(before[key], after[key]));
}

/** Edits one section (the caller has checked that the actor may): the changed columns, audited, maybe reopening. */
export function editSection(quote: QuoteRow, candidate: Partial<NewQuoteRow>, label: string): SectionEdit {
  const changes = changedColumns(quote, candidate);
  if (Object.keys(changes).length === 0) return { changes, audits: [], after: quote };
  const edited = { ...quote, ...changes } as QuoteRow;
  const answers = changedAnswers(
    (quote as Record<string, unknown>)[label],
    (changes as Record<string, unknown>)[label],
  );
  const audits: QuoteAudit[] = [
    {
      action: "updated",
      details: {
        reference: quote.reference,
        section: label,
        fields: Object.keys(changes),
        ...(answers ? { answers } : {}),
      },
    },
  ];
  if (editReopens(quote.status, quote, edited)) {
    const reopening = reopen(quote, label);
    Object.assign(changes, reopening.changes);
    audits.push(reopening.audit);
  }
  return { changes, audits, after: { ...quote, ...changes } as QuoteRow };
}

/** Applies an optional financial overview sent along with complete/refer (the wizard saves it on the way). */
export function withOptionalOverview(
  quote: QuoteRow,
  actor: AuthUser,
  financialOverview: QuoteRow["financialOverview"] | undefined,
): SectionEdit {
  if (financialOverview === undefined) return { changes: {}, audits: [], after: quote };
  assertQuoteAction(quote, actor, "editSection");
  return editSection(quote, { financialOverview }, "financialOverview");
}

/**
 * Step 1 as quote columns: the flat columns lists and search read, and the whole answer as the
 * `insuredsDetails` section. Creating a quote and editing step 1 both write it through this.
 */
export function insuredsDetailsColumns(details: NonNullable<QuoteRow["insuredsDetails"]>) {
  return {
    insuredsDetails: details,
    proposerName: details.proposerName,
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
  } satisfies Partial<NewQuoteRow>;
}
