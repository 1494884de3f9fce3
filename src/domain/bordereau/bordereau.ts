/**
 * The monthly premium bordereau (docs/product/bordereau.md): every transaction made on a policy in a London
 * calendar month (new business, renewal, adjustment, cancellation), one line each, then a totals line that nets
 * them, for the capacity provider the MGA writes under. The columns, their order and
 * their names are set here once; the server fills them from the stored quotes and writes them as CSV or XLSX.
 *
 * Money is carried in integer pence until the file is written, so the totals are exact sums of the stored
 * figures; the file shows pounds with two decimals. Dates are ISO 8601.
 */
import { excessAmount } from "../format/excess";
import { DEFENCE_COSTS_SHORT, type DefenceCosts, LIMIT_BASIS_LABELS, type LimitBasis } from "../format/limit-basis";
import { type Pence, penceToMoneyString, sumPence } from "../money";
import { commissionLines } from "../quote/commission";
import { periodOfInsurance } from "../quote/policy-period";
import { type PolicyTransactionKind, policyTransactionLabel } from "../quote/policy-transactions";
import { PREMIUM_LINES } from "../quote/premium-lines";
import { type RetroactiveCover, retroactiveAnswerOf } from "../quote/retroactive-answer";
import { runOffYearsText } from "../quote/run-off";
import type { ExcessOption } from "../rating/input";

/** A reporting month as YYYY-MM. */
export const BORDEREAU_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const BORDEREAU_MONTH_MESSAGE = "Month must be a calendar month written as YYYY-MM, such as 2026-11";
/** The first month a bordereau can report: nothing is issued before the product existed. */
export const FIRST_BORDEREAU_MONTH = "2000-01";

export const BORDEREAU_FORMATS = ["csv", "xlsx"] as const;
export type BordereauFormat = (typeof BORDEREAU_FORMATS)[number];

/**
 * One transaction on an issued policy as the database holds it: the policy's details, and the transaction's own
 * premium lines in signed pence, exactly as stored (a return is negative).
 */
export interface PolicyTransactionRecord {
  kind: PolicyTransactionKind;
  /** YYYY-MM-DD: the day the transaction takes effect (the inception date for the issue). */
  effectiveDate: string;
  /** When the transaction was made: the month it is reported in. */
  transactionAt: Date;
  policyNumber: string;
  quoteReference: string;
  insuredName: string;
  tradingName: string | null;
  businessAddress: string | null;
  businessActivity: string | null;
  /** YYYY-MM-DD */
  inceptionDate: string;
  /** Whole pounds, as rated. */
  coverLimit: number;
  excessOption: ExcessOption;
  limitBasis: LimitBasis;
  defenceCosts: DefenceCosts;
  /** The declaration's retroactive cover answer and date, as issued: no transaction changes it. */
  retroactiveCover: RetroactiveCover | null;
  /** A run-off policy's period in whole years; null for an annual policy. */
  runOffYears: number | null;
  basePremium: Pence;
  fees: Pence;
  taxes: Pence;
  totalPremium: Pence;
  /** The policy's commission rate in basis points, fixed at issue; null for a policy with no firm (no commission). */
  commissionRateBasisPoints: number | null;
  ratingVersion: string;
  brokerName: string;
  brokerEmail: string;
  issuedAt: Date;
  /** The hash of the rating receipt that prices this transaction (docs/product/receipts.md); null when none. */
  receiptHash: string | null;
}

type CellKind = "text" | "date" | "money" | "percent" | "timestamp";

interface ColumnDefinition {
  header: string;
  kind: CellKind;
  /** The column's name in Lloyd's Coverholder Reporting Standards' premium bordereau, where one matches. */
  lloyds: boolean;
}

/**
 * The columns in file order. Where a column is one of the Coverholder Reporting Standards' premium fields, it
 * carries that field's name, so a capacity provider's loader maps it without a lookup table.
 */
export const BORDEREAU_COLUMNS = {
  certificateReference: { header: "Certificate Reference", kind: "text", lloyds: true },
  quoteReference: { header: "Quote Reference", kind: "text", lloyds: false },
  transactionType: { header: "Transaction Type - Original Premium etc", kind: "text", lloyds: true },
  effectiveDate: { header: "Effective Date of Transaction", kind: "date", lloyds: true },
  insuredName: { header: "Insured Full Name or Company Name", kind: "text", lloyds: true },
  tradingName: { header: "Trading Name", kind: "text", lloyds: false },
  postcode: { header: "Insured Postcode, Zip Code or similar", kind: "text", lloyds: true },
  businessActivity: { header: "Business Activity", kind: "text", lloyds: false },
  inceptionDate: { header: "Risk Inception Date", kind: "date", lloyds: true },
  expiryDate: { header: "Risk Expiry Date", kind: "date", lloyds: true },
  coverLimit: { header: "Limit of Indemnity", kind: "money", lloyds: false },
  excess: { header: "Excess", kind: "money", lloyds: false },
  limitBasis: { header: "Limit Basis", kind: "text", lloyds: false },
  defenceCosts: { header: "Defence Costs", kind: "text", lloyds: false },
  retroactiveDate: { header: "Retroactive Date", kind: "text", lloyds: false },
  runOffPeriod: { header: "Run-off Period", kind: "text", lloyds: false },
  basePremium: { header: PREMIUM_LINES.basePremium.label, kind: "money", lloyds: false },
  fees: { header: "Fees", kind: "money", lloyds: false },
  ipt: { header: "Insurance Premium Tax", kind: "money", lloyds: false },
  grossPremium: { header: "Gross Premium including IPT and Fees", kind: "money", lloyds: false },
  // The broker's share and what the broker remits (docs/product/firms.md "Commission").
  commissionRate: { header: "Commission Rate %", kind: "percent", lloyds: false },
  commission: { header: "Commission", kind: "money", lloyds: false },
  netPremium: { header: "Net Premium due from Broker", kind: "money", lloyds: false },
  currency: { header: "Original Currency", kind: "text", lloyds: true },
  ratingVersion: { header: "Rating Version", kind: "text", lloyds: false },
  broker: { header: "Broker Name", kind: "text", lloyds: false },
  brokerEmail: { header: "Broker Email", kind: "text", lloyds: false },
  issuedAt: { header: "Policy Issuance Date", kind: "timestamp", lloyds: true },
  transactionAt: { header: "Transaction Date", kind: "timestamp", lloyds: false },
  // Rating receipts (docs/product/receipts.md): the receipt that prices the row, verifiable with the month's
  // receipts export. Empty for a transaction the engine did not price (a cancellation) or one made before receipts.
  receiptHash: { header: "Rating Receipt", kind: "text", lloyds: false },
} as const satisfies Record<string, ColumnDefinition>;

export type BordereauColumn = keyof typeof BORDEREAU_COLUMNS;
export const BORDEREAU_COLUMN_ORDER = Object.keys(BORDEREAU_COLUMNS) as BordereauColumn[];

/**
 * A line's cells: text as text, dates as YYYY-MM-DD, money in pence, percentages in basis points, timestamps as
 * ISO 8601 in UTC.
 */
export type BordereauLine = Record<BordereauColumn, string | number>;

const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/gi;

/** The last UK postcode written in an address ("1 High St, Leeds LS1 4AP" -> "LS1 4AP"), or "". */
export function postcodeOf(address: string | null | undefined): string {
  if (!address) return "";
  const matches = [...address.matchAll(UK_POSTCODE)];
  const last = matches.at(-1);
  return last ? `${(last[1] ?? "").toUpperCase()} ${(last[2] ?? "").toUpperCase()}` : "";
}

/** Written where a policy has unlimited retroactive cover (no retroactive date). */
export const UNLIMITED_RETROACTIVE_DATE = "None";

/**
 * The retroactive date as a capacity provider's loader reads it: YYYY-MM-DD, the inception date for a firm with no
 * prior cover, or "None" for unlimited retroactive cover.
 */
export function bordereauRetroactiveDate(cover: RetroactiveCover | null, inceptionDate: string): string {
  const answer = retroactiveAnswerOf(cover);
  if (answer === "INCEPTION") return inceptionDate;
  if (answer === "DATE" && typeof cover?.retroactiveDate === "string") return cover.retroactiveDate;
  return UNLIMITED_RETROACTIVE_DATE;
}

/**
 * A transaction's commission columns: the policy's rate on the transaction's own premium before IPT, so a return
 * premium returns commission at the same rate. A policy with no firm has no rate, no commission, and remits it all.
 */
function commissionCells(
  policy: PolicyTransactionRecord,
): Pick<BordereauLine, "commissionRate" | "commission" | "netPremium"> {
  const rate = policy.commissionRateBasisPoints;
  const lines = commissionLines(
    { basePremium: policy.basePremium, fees: policy.fees, totalPremium: policy.totalPremium },
    rate ?? 0,
  );
  return { commissionRate: rate === null ? "" : rate, commission: lines.commission, netPremium: lines.netPremium };
}

/** One transaction's line: the policy it belongs to, and its own premium lines. */
export function bordereauLine(policy: PolicyTransactionRecord): BordereauLine {
  return {
    certificateReference: policy.policyNumber,
    quoteReference: policy.quoteReference,
    transactionType: policyTransactionLabel(policy.kind, policy.runOffYears),
    effectiveDate: policy.effectiveDate,
    insuredName: policy.insuredName,
    tradingName: policy.tradingName ?? "",
    postcode: postcodeOf(policy.businessAddress),
    businessActivity: policy.businessActivity ?? "",
    inceptionDate: policy.inceptionDate,
    expiryDate: periodOfInsurance(policy.inceptionDate, policy.runOffYears ?? 1).to,
    coverLimit: policy.coverLimit * 100,
    excess: excessAmount(policy.coverLimit, policy.excessOption) * 100,
    limitBasis: LIMIT_BASIS_LABELS[policy.limitBasis],
    defenceCosts: DEFENCE_COSTS_SHORT[policy.defenceCosts],
    retroactiveDate: bordereauRetroactiveDate(policy.retroactiveCover, policy.inceptionDate),
    runOffPeriod: policy.runOffYears === null ? "" : runOffYearsText(policy.runOffYears),
    basePremium: policy.basePremium,
    fees: policy.fees,
    ipt: policy.taxes,
    grossPremium: policy.totalPremium,
    ...commissionCells(policy),
    currency: "GBP",
    ratingVersion: policy.ratingVersion,
    broker: policy.brokerName,
    brokerEmail: policy.brokerEmail,
    issuedAt: policy.issuedAt.toISOString(),
    transactionAt: policy.transactionAt.toISOString(),
    // Rating receipts (docs/product/receipts.md).
    receiptHash: policy.receiptHash ?? "",
  };
}

/** The columns a totals line adds up: the premium lines, never limits or excesses. */
export const BORDEREAU_TOTALLED: readonly BordereauColumn[] = [
  "basePremium",
  "fees",
  "ipt",
  "grossPremium",
  "commission",
  "netPremium",
];

/**
 * The totals line: the number of transactions and the exact sum of each premium column, returns netted against
 * charges; zero for an empty month.
 */
export function bordereauTotals(lines: readonly BordereauLine[]): BordereauLine {
  const totals = Object.fromEntries(BORDEREAU_COLUMN_ORDER.map((column) => [column, ""])) as BordereauLine;
  totals.certificateReference = "Total";
  totals.quoteReference = `${lines.length} ${lines.length === 1 ? "transaction" : "transactions"}`;
  for (const column of BORDEREAU_TOTALLED) {
    totals[column] = sumPence(lines.map((line) => line[column] as Pence));
  }
  return totals;
}

/** The file name of a month's receipts, one a line: bordereau-2026-11-receipts.jsonl (docs/product/receipts.md). */
export function bordereauReceiptsFileName(month: string): string {
  return `bordereau-${month}-receipts.jsonl`;
}

/** The file's name: bordereau-2026-11.csv */
export function bordereauFileName(month: string, format: BordereauFormat): string {
  return `bordereau-${month}.${format}`;
}

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) is written with
 * a leading apostrophe, so a company named "=HYPERLINK(...)" arrives as text (OWASP's CSV injection advice).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Text is always quoted: a spreadsheet set to another separator (';' in much of Europe) then keeps a name such as
 * `Acme;=cmd|' /C calc'!A0;` whole, as one text cell, instead of splitting it at the ';' into a formula.
 */
export function quotedField(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A cell as the CSV writes it: money as pounds with two decimals, text quoted and guarded against formulas. */
function csvCell(column: BordereauColumn, value: string | number): string {
  const { kind } = BORDEREAU_COLUMNS[column];
  if (kind === "money") return value === "" ? "" : penceToMoneyString(value as number);
  // Basis points as a percentage with two decimals: 1250 is 12.50.
  if (kind === "percent") return value === "" ? "" : penceToMoneyString(value as number);
  // Dates and timestamps are the product's own digits and dashes: nothing in them needs quoting.
  return kind === "text" ? quotedField(neutraliseFormula(String(value))) : String(value);
}

/** Excel reads UTF-8 only after a byte-order mark; without it names with accents arrive garbled. */
const UTF8_BOM = "\uFEFF";

/**
 * The bordereau as CSV (RFC 4180: comma-separated, CRLF line ends, every text field and header quoted, quotes
 * doubled): a header, a line per transaction, and the totals line.
 */
export function bordereauCsv(lines: readonly BordereauLine[]): string {
  const rows = [BORDEREAU_COLUMN_ORDER.map((column) => quotedField(BORDEREAU_COLUMNS[column].header)).join(",")];
  for (const line of [...lines, bordereauTotals(lines)]) {
    rows.push(BORDEREAU_COLUMN_ORDER.map((column) => csvCell(column, line[column])).join(","));
  }
  return `${UTF8_BOM}${rows.join("\r\n")}\r\n`;
}

const MONTH_LABEL = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The months a user can pick, newest first: this London month (still running, so marked "so far") and the
 * `count - 1` before it. The one preselected is last month, the one due for reporting.
 */
export function bordereauMonthOptions(todayLondon: string, count = 24): { value: string; label: string }[] {
  const [year, month] = todayLondon.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    const value = first.toISOString().slice(0, 7);
    const label = MONTH_LABEL.format(first);
    return { value, label: back === 0 ? `${label} (so far)` : label };
  });
}

/** Last month in London: the month a bordereau is normally sent for. */
export function previousBordereauMonth(todayLondon: string): string {
  return bordereauMonthOptions(todayLondon, 2)[1]?.value ?? todayLondon.slice(0, 7);
}
