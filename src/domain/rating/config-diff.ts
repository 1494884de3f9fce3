/**
 * 'Compare with published' (docs/product/rating.md): what a draft changes against the published configuration it
 * will replace, key by key, named and ordered as an administrator reads a configuration: base rate and tax
 * first, then factors band by band, fees, referral rules, caps, excess options, additional covers and the
 * cancellation terms. Lists of coded entries (fees, rules, covers) are matched by code, bands by their range and
 * short-period steps by their months, so inserting one entry shows as one addition rather than every later entry
 * changing.
 */
import { DEFENCE_COSTS_LABELS, LIMIT_BASIS_LABELS } from "../format/limit-basis";
import { RATING_INPUT_LABELS, type RatingInputFieldName } from "./input";
import { runOffYearsText } from "./run-off";

export interface ConfigChange {
  /** The readable path: "Factors › Turnover band › 250,001–500,000 › Multiplier". */
  path: string;
  kind: "added" | "removed" | "changed";
  /** The value as text ("750", "\"turnover > 2000000\""); null when absent on that side. */
  before: string | null;
  after: string | null;
}

const TOP_LEVEL_ORDER = [
  "baseRate",
  "taxesPct",
  "factors",
  "fees",
  "referralRules",
  "endorsementRules",
  "caps",
  "excessOptions",
  "limitBasisFactors",
  "defenceCostsFactors",
  "additionalCovers",
  "cancellation",
  "adjustments",
  "retroactiveCover",
  "runOff",
  "backdating",
  "commissionLimits",
  "version",
  "productCode",
];

const KEY_LABELS: Record<string, string> = {
  baseRate: "Base rate",
  taxesPct: "Tax (IPT) %",
  factors: "Factors",
  fees: "Fees",
  referralRules: "Referral rules",
  endorsementRules: "Endorsement rules",
  clause: "Clause",
  caps: "Caps",
  minPremium: "Minimum premium",
  maxMultiplier: "Maximum multiplier",
  excessOptions: "Excess options",
  limitBasisFactors: "Limit basis factors",
  defenceCostsFactors: "Defence costs factors",
  ...LIMIT_BASIS_LABELS,
  ...DEFENCE_COSTS_LABELS,
  additionalCovers: "Additional covers",
  version: "Configuration version",
  productCode: "Product code",
  multiplier: "Multiplier",
  amount: "Amount",
  label: "Label",
  description: "Description",
  condition: "Condition",
  premium: "Premium",
  pricing: "Pricing",
  enabledBy: "Enabled by",
  limitInput: "Limit input",
  min: "From",
  max: "To",
  code: "Code",
  cancellation: "Cancellation",
  basis: "Basis",
  shortPeriodScale: "Short-period scale",
  retainedPercent: "Retained %",
  minimumRetainedPremium: "Minimum retained premium",
  adjustments: "Mid-term adjustments",
  waiverThreshold: "Waived below",
  retroactiveCover: "Retroactive cover",
  bands: "Years of prior acts",
  factor: "Factor",
  unlimited: "Unlimited retroactive cover",
  runOff: "Run-off factors",
  backdating: "Backdated inception",
  maxDaysPast: "Referred after days in the past",
  commissionLimits: "Commission an underwriter may set",
  minPercent: "Lowest %",
  maxPercent: "Highest %",
};

const count = new Intl.NumberFormat("en-GB");

function keyLabel(key: string, parent: string | undefined): string {
  if (parent === "factors" && key in RATING_INPUT_LABELS) return RATING_INPUT_LABELS[key as RatingInputFieldName];
  return KEY_LABELS[key] ?? key;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** How an entry of a list is known: its code, its band range, or its position. */
function entryKey(entry: unknown, index: number): { key: string; label: string } {
  if (isRecord(entry) && typeof entry.code === "string") return { key: `code:${entry.code}`, label: entry.code };
  if (isRecord(entry) && typeof entry.clause === "string") {
    return { key: `clause:${entry.clause}`, label: entry.clause };
  }
  if (isRecord(entry) && typeof entry.min === "number" && "max" in entry) {
    const max = typeof entry.max === "number" ? count.format(entry.max) : null;
    const range = max === null ? `${count.format(entry.min)}+` : `${count.format(entry.min)}–${max}`;
    return { key: `band:${entry.min}:${String(entry.max)}`, label: range };
  }
  if (isRecord(entry) && "maxYears" in entry && (typeof entry.maxYears === "number" || entry.maxYears === null)) {
    const years = entry.maxYears;
    return { key: `years:${String(years)}`, label: years === null ? "More years" : `Up to ${years} years` };
  }
  if (isRecord(entry) && typeof entry.years === "number" && "factor" in entry) {
    return { key: `runOffYears:${entry.years}`, label: runOffYearsText(entry.years) };
  }
  if (isRecord(entry) && typeof entry.upToMonths === "number") {
    return { key: `months:${entry.upToMonths}`, label: `Up to ${entry.upToMonths} months` };
  }
  return { key: `#${index}`, label: `#${index + 1}` };
}

type Leaves = Map<string, { path: string; value: string }>;

function flatten(value: unknown, keyPath: string, labelPath: string[], parent: string | undefined, out: Leaves): void {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      const { key, label } = entryKey(entry, index);
      flatten(entry, `${keyPath}/${key}`, [...labelPath, label], undefined, out);
    });
    return;
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (labelPath.length === 0) {
      keys.sort((a, b) => rank(a) - rank(b));
    }
    for (const key of keys) {
      // A band's or coded entry's identity is in its path already.
      const identity =
        ["code", "clause", "upToMonths", "maxYears"].includes(key) || (key === "years" && parent === undefined);
      if (identity && labelPath.length > 0) continue;
      flatten(value[key], `${keyPath}/${key}`, [...labelPath, keyLabel(key, parent)], key, out);
    }
    return;
  }
  out.set(keyPath, { path: labelPath.join(" › "), value: typeof value === "string" ? value : JSON.stringify(value) });
}

function rank(key: string): number {
  const index = TOP_LEVEL_ORDER.indexOf(key);
  return index === -1 ? TOP_LEVEL_ORDER.length : index;
}

/**
 * Every leaf that differs between the published configuration and the draft, in the draft's reading order with
 * removed entries placed where they stood in the published one.
 */
export function diffRatingConfigs(published: Record<string, unknown>, draft: Record<string, unknown>): ConfigChange[] {
  const before: Leaves = new Map();
  const after: Leaves = new Map();
  flatten(published, "", [], undefined, before);
  flatten(draft, "", [], undefined, after);
  const keys: string[] = [...after.keys()];
  // Removed leaves go right after the leaf that preceded them in the published configuration.
  const beforeKeys = [...before.keys()];
  beforeKeys.forEach((key, index) => {
    if (after.has(key)) return;
    const previous = beforeKeys
      .slice(0, index)
      .reverse()
      .find((candidate) => keys.includes(candidate));
    keys.splice(previous === undefined ? 0 : keys.indexOf(previous) + 1, 0, key);
  });
  const changes: ConfigChange[] = [];
  for (const key of keys) {
    const was = before.get(key);
    const now = after.get(key);
    if (was && now && was.value === now.value) continue;
    changes.push({
      path: (now ?? was)?.path ?? key,
      kind: was && now ? "changed" : now ? "added" : "removed",
      before: was?.value ?? null,
      after: now?.value ?? null,
    });
  }
  return changes;
}
