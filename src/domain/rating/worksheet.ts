/**
 * The rating worksheet: the engine's trace in words a broker can read aloud to a client. It starts from the
 * base rate, names each factor (RATING_INPUT_LABELS), says Yes/No for answers, says which turnover band was
 * rated and at what value, and ends with the fees, Insurance Premium Tax and the total. Step 7 shows it; any
 * document that explains a premium uses the same rows.
 *
 * Traces are stored with each rated quote, so this reads every trace ever stored: lines of a kind it does not
 * know are still shown, by their own words, and a trace from before the base-rate line simply starts with the
 * first factor.
 */
import { DEFENCE_COSTS_LABELS, defenceCostsOf, LIMIT_BASIS_LABELS, limitBasisOf } from "../format/limit-basis";
import { formatGbp, formatGbpWhole, type Pence, poundsToPence } from "../money";
import { PREMIUM_LINES } from "../quote/premium-lines";
import { RATING_INPUT_LABELS, type RatingInputFieldName } from "./input";

/** A trace line as stored with a quote (the engine's RatingTraceEntry, any kind). */
export interface WorksheetTraceLine {
  readonly kind: string;
  readonly name: string;
  readonly matched: string;
  readonly multiplier: number;
}

export interface WorksheetRow {
  /** What the row is: "Base rate", "Turnover band", "Policy fee", "Premium (inclusive)". */
  readonly label: string;
  /** What was matched, in words ("Yes", "Band 500,001–1,000,000"); empty when the label says it all. */
  readonly detail: string;
  /** The multiplier ("×1.35") or the amount ("£750.00"); empty for a line that only explains. */
  readonly value: string;
  /** Rows that carry money into the total (base premium, fees, tax, total) rather than explain a factor. */
  readonly section: "rating" | "premium";
}

export interface WorksheetPremium {
  basePremium: Pence;
  fees: readonly { code: string; label: string; amount: Pence }[];
  taxes: Pence;
  totalPremium: Pence;
}

export interface WorksheetContext {
  /** The annual turnover the insured declared (whole pounds), when known. */
  declaredTurnover?: number | null;
  /** The turnover the quote was rated on (whole pounds): a band's representative value, or the declared one. */
  ratedTurnover?: number | null;
  /** The stored premium; its fees, IPT and total end the worksheet. */
  premium?: WorksheetPremium | null;
}

/** "claimsLast3Yrs" -> "Claims last 3 yrs": the words of a name no label covers (a newer configuration's). */
export function humaniseName(name: string): string {
  const words = name
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The words of a rating input's name, from the one label map. */
export function ratingInputLabel(name: string): string {
  return Object.hasOwn(RATING_INPUT_LABELS, name)
    ? RATING_INPUT_LABELS[name as RatingInputFieldName]
    : humaniseName(name);
}

/** ×1.40 with two decimals, so every multiplier reads the same way. */
export function formatMultiplier(multiplier: number): string {
  return `×${multiplier.toFixed(2)}`;
}

const wholePounds = (pounds: number): string => formatGbpWhole(poundsToPence(pounds));

/** A band label ("250,001–500,000", "2,000,001+") rather than a key ("true", "construction") or a count ("0"). */
function isBandLabel(matched: string): boolean {
  return /^[\d,.]+(–[\d,.]+|\+)$/.test(matched);
}

/** "true" -> "Yes", "false" -> "No", "construction" -> "Construction", "250,001–500,000" -> "Band 250,001–500,000". */
export function describeMatched(matched: string): string {
  if (matched === "true") return "Yes";
  if (matched === "false") return "No";
  if (isBandLabel(matched)) return `Band ${matched}`;
  return matched.charAt(0).toUpperCase() + matched.slice(1);
}

/**
 * The turnover line says what was declared and what was rated: the wizard rates a band's representative
 * value (docs/product/rating.md), so a declared £180,000 is rated at £400,000 and falls in the configuration's
 * 250,001–500,000 band; a turnover above every wizard band is rated as declared.
 */
export function describeTurnover(matched: string, context: WorksheetContext): string {
  const band = isBandLabel(matched) ? `band ${matched}` : matched;
  const declared = context.declaredTurnover ?? null;
  const rated = context.ratedTurnover ?? null;
  if (rated === null) return describeMatched(matched);
  if (declared === null || declared <= 0) {
    return `Rated in ${band} at ${wholePounds(rated)}`;
  }
  if (declared === rated) return `Declared turnover ${wholePounds(declared)} rated as declared in ${band}`;
  return `Declared turnover ${wholePounds(declared)} rated in ${band} at its representative value ${wholePounds(rated)}`;
}

const EXCESS_WORDS: Readonly<Record<string, string>> = {
  standard: "Standard excess",
  "2x": "Excess (2x)",
  "5x": "Excess (5x)",
};

function traceRow(line: WorksheetTraceLine, context: WorksheetContext): WorksheetRow {
  const rating = (label: string, detail: string, value: string): WorksheetRow => ({
    label,
    detail,
    value,
    section: "rating",
  });
  switch (line.kind) {
    case "baseRate":
      return rating("Base rate", "", line.matched);
    case "factor":
      return rating(
        ratingInputLabel(line.name),
        line.name === "turnover" ? describeTurnover(line.matched, context) : describeMatched(line.matched),
        formatMultiplier(line.multiplier),
      );
    case "cap":
      return rating("Cap on the combined multiplier", describeMatched(line.matched), formatMultiplier(line.multiplier));
    case "minPremium":
      return rating("Minimum premium", describeMatched(line.matched), "");
    case "excess":
      return rating(
        "Excess option",
        EXCESS_WORDS[line.matched] ?? describeMatched(line.matched),
        formatMultiplier(line.multiplier),
      );
    case "limitBasis":
      return rating("Limit basis", LIMIT_BASIS_LABELS[limitBasisOf(line.matched)], formatMultiplier(line.multiplier));
    case "defenceCosts":
      return rating(
        "Defence costs",
        DEFENCE_COSTS_LABELS[defenceCostsOf(line.matched)],
        formatMultiplier(line.multiplier),
      );
    case "runOffBasis":
      return rating("Last annual base premium", "The policy's base premium for its last year", line.matched);
    case "runOff":
      return rating("Run-off period", `${line.matched}: one single premium`, formatMultiplier(line.multiplier));
    case "override":
      return rating("Manual override", describeMatched(line.matched), "");
    case "additionalCover": {
      const fee = context.premium?.fees.find((candidate) => candidate.code === line.name);
      const detail = describeMatched(line.matched);
      return rating(
        "Additional cover",
        `${fee?.label ?? humaniseName(line.name)}: ${isBandLabel(line.matched) ? `limit ${detail.toLowerCase()}` : detail}`,
        "",
      );
    }
    case "referral":
      return rating("Referral rule", `${line.name}: ${line.matched}`, "");
    case "endorsement":
      return rating("Endorsement", `${line.name}: ${line.matched}`, "");
    default:
      return rating(humaniseName(line.kind), `${ratingInputLabel(line.name)}: ${describeMatched(line.matched)}`, "");
  }
}

/** The worksheet's rows in reading order: base rate, each factor and adjustment, then fees, IPT and total. */
export function ratingWorksheet(trace: readonly WorksheetTraceLine[], context: WorksheetContext = {}): WorksheetRow[] {
  const rows = trace.map((line) => traceRow(line, context));
  const premium = context.premium;
  if (premium) {
    const money = (label: string, amount: Pence): WorksheetRow => ({
      label,
      detail: "",
      value: formatGbp(amount),
      section: "premium",
    });
    rows.push(money(PREMIUM_LINES.basePremium.label, premium.basePremium));
    for (const fee of premium.fees) rows.push(money(fee.label, fee.amount));
    rows.push(money(PREMIUM_LINES.taxes.label, premium.taxes));
    rows.push(money(PREMIUM_LINES.totalPremium.label, premium.totalPremium));
  }
  return rows;
}
