/**
 * The rating engine: compileRatingConfig validates a configuration once (shape, bands, every referral
 * condition) and returns a rater whose rate() is pure, deterministic and cannot fail on a condition. The same
 * code rates on the server's /rate and in the admin's Test Rating.
 *
 * Premium (docs/product/rating.md), all money in integer pence rounded half-up per line:
 *   base  = max(minPremium, baseRate x min(product of factor multipliers, maxMultiplier)) x excess factor
 *           x limit-basis factor x defence-costs factor
 *           (or the manual override, which replaces the base)
 *   fees  = configured fees + one line per chosen additional cover, priced by its limit
 *   taxes = (base + fees) x taxesPct / 100
 *   total = base + fees + taxes
 */

import { formatGbp, formatGbpWhole, type Pence, percentOf, poundsToPence, roundHalfUp } from "../money";
import { createBandMatcher, formatBandLabel } from "./bands";
import { type ConditionEvaluator, compileCondition } from "./condition";
import {
  type AdditionalCover,
  EXCESS_OPTIONS,
  type FactorBand,
  formatIssuePath,
  MAX_CONDITION_LENGTH,
  MAX_LIST_ENTRIES,
  MAX_TOTAL_CONDITION_LENGTH,
  type RatingConfig,
  type RatingConfigIssue,
  validateRatingConfigShape,
} from "./config-schema";
import {
  type ExcessOption,
  type RatingInput,
  type RatingInputFieldName,
  ratingInputFieldNumber,
  readRatingInputField,
} from "./input";
import { isNeutralRetroactiveCover, retroactiveCoverFactor } from "./retroactive-cover";
import { runOffFactorFor, runOffYearsText } from "./run-off";

export type { RatingConfig, RatingConfigIssue } from "./config-schema";

/*
 * Fee lines, hits and trace lines are frozen and shared between results, so rating allocates little:
 * treat them as read-only and copy one before changing it.
 */
export interface RatingFeeLine {
  readonly code: string;
  readonly label: string;
  /** pence */
  readonly amount: Pence;
}

export interface ReferralHit {
  readonly code: string;
  readonly description: string;
}

/** What a trace line explains: a factor, the cap, the minimum-premium floor, the excess, an override... */
export type RatingTraceKind =
  | "baseRate"
  | "factor"
  | "cap"
  | "minPremium"
  | "excess"
  | "limitBasis"
  | "defenceCosts"
  | "override"
  | "runOffBasis"
  | "runOff"
  | "additionalCover"
  | "referral"
  | "endorsement";

export interface RatingTraceEntry {
  readonly kind: RatingTraceKind;
  /** The rating input (for a factor), or what was applied (maxMultiplier, minPremium, excessOption...). */
  readonly name: string;
  /** The matched band ("200,001–500,000", "500,001+") or key, or a sentence for the other kinds. */
  readonly matched: string;
  /** The multiplier this line applied (1 for lines that set an amount rather than multiply). */
  readonly multiplier: number;
}

export interface RatingResult {
  productCode: string;
  /** The configuration's own version label ("1.0.0"). */
  configVersion: string;
  /** pence, after caps, excess and any override */
  basePremium: Pence;
  fees: RatingFeeLine[];
  /** pence: base + every fee (the "Subtotal (before taxes)") */
  subtotal: Pence;
  /** pence: Insurance Premium Tax */
  taxes: Pence;
  /** pence: subtotal + taxes */
  totalPremium: Pence;
  /** The product of the factor multipliers after the maxMultiplier cap. */
  multiplier: number;
  /** The product of the factor multipliers before the cap. */
  uncappedMultiplier: number;
  /** Hits in the configuration's rule order; any hit means the quote must be referred. */
  referralHits: ReferralHit[];
  /** The endorsement library's clauses this rating attaches, by code, in the configuration's order. */
  endorsements: string[];
  trace: RatingTraceEntry[];
  /** The excess option actually applied ("standard" when the one asked for is not offered). */
  excessOption: ExcessOption;
  overridden: boolean;
}

export interface RateOptions {
  /** Overrides the input's excessOption. */
  excessOption?: ExcessOption;
  /** A manual base premium in pence (a positive integer) replacing the rated base. */
  baseOverridePence?: number;
  /**
   * A run-off quote (docs/product/rating.md "Run-off"): its single base premium is the annual base premium times the
   * configuration's factor for `years`. `annualBasePence` is a policy's last annual base premium, which then
   * replaces the one rated from the answers; without it the answers' annual premium is the basis. The caller
   * checks the configuration prices the period (runOffFactorFor); the rater refuses one it does not.
   */
  runOff?: { years: number; annualBasePence?: number };
}

export interface CompiledRater {
  readonly config: RatingConfig;
  rate(input: RatingInput, options?: RateOptions): RatingResult;
}

export type CompileRatingConfigResult = { ok: true; rater: CompiledRater } | { ok: false; issues: RatingConfigIssue[] };

/**
 * A product of multipliers carries binary noise (1.2 x 0.95 x 1.6 = 1.8239999999999998): shed it by rounding
 * to 12 decimals (no configured multiplier has more). Past 2^53 / 1e12 (~9,007) there is nothing to shed.
 */
function normaliseMultiplier(value: number): number {
  const scaled = value * 1e12;
  return Math.abs(scaled) < Number.MAX_SAFE_INTEGER ? Math.round(scaled) / 1e12 : value;
}

/** How many distinct capped multipliers a rater remembers the cap's trace line for. */
const MAX_CACHED_CAP_LINES = 1024;

function traceLine(kind: RatingTraceKind, name: string, matched: string, multiplier: number): RatingTraceEntry {
  return Object.freeze({ kind, name, matched, multiplier });
}

/**
 * One factor, ready to price: its input's field number and, for bands, the band bounds with each band's trace line
 * in the same order; for a map, the trace line of each key. One shape for both kinds, so the rating loop
 * reads every factor the same way.
 */
interface CompiledFactor {
  name: RatingInputFieldName;
  isBands: boolean;
  /** The input's field number (readRatingInputField). */
  field: number;
  /** Bands: matches a value to its band's position. */
  matchIndex: (value: number) => number;
  /** Bands: the trace line of each band, by position (its multiplier is the factor's). */
  bandLines: readonly RatingTraceEntry[];
  /** Map: the trace line of each key. */
  keyLines: ReadonlyMap<string, RatingTraceEntry>;
}

const NO_BANDS: readonly RatingTraceEntry[] = [];
const NO_KEYS: ReadonlyMap<string, RatingTraceEntry> = new Map();
const noBandMatched = () => -1;

function compileBandFactor(name: RatingInputFieldName, bands: readonly FactorBand[]): CompiledFactor {
  return {
    name,
    isBands: true,
    field: ratingInputFieldNumber(name),
    matchIndex: createBandMatcher(bands).matchIndex,
    bandLines: bands.map((band) => traceLine("factor", name, formatBandLabel(band), band.multiplier)),
    keyLines: NO_KEYS,
  };
}

function compileMapFactor(name: RatingInputFieldName, map: Record<string, number>): CompiledFactor {
  return {
    name,
    isBands: false,
    field: ratingInputFieldNumber(name),
    matchIndex: noBandMatched,
    bandLines: NO_BANDS,
    // A Map, not the object itself, so keys such as "constructor" or "__proto__" are just keys.
    keyLines: new Map(
      Object.entries(map).map(([key, multiplier]) => [key, traceLine("factor", name, key, multiplier)]),
    ),
  };
}

/** The trace line of the matched band or key (its multiplier is the factor's), or one saying none matched. */
function lookupFactor(factor: CompiledFactor, input: RatingInput): RatingTraceEntry {
  const value = readRatingInputField(input, factor.field);
  if (factor.isBands) {
    const index = factor.matchIndex(value as number);
    return index < 0
      ? traceLine("factor", factor.name, `no band matched ${String(value)}`, 1)
      : (factor.bandLines[index] as RatingTraceEntry);
  }
  const key = String(value);
  return factor.keyLines.get(key) ?? traceLine("factor", factor.name, `no key matched "${key}"`, 1);
}

interface CompiledCover {
  cover: AdditionalCover;
  /** Field numbers of the yes/no answer choosing the cover and of its limit. */
  chosenField: number;
  limitField: number;
  matchIndex: (value: number) => number;
  /** The fee and trace line of each price band, by position. */
  prices: readonly { fee: RatingFeeLine; trace: RatingTraceEntry }[];
  unpricedCode: string;
}

interface CompiledRule {
  hit: ReferralHit;
  evaluate: ConditionEvaluator;
}

/**
 * Compiles every condition found in the raw configuration, even when its shape has other problems, so one
 * validation reports everything. Returns the evaluators by rule index and the issues.
 */
function compileConditions(
  rules: unknown,
  list: "referralRules" | "endorsementRules",
): { evaluators: ConditionEvaluator[]; issues: RatingConfigIssue[] } {
  const evaluators: ConditionEvaluator[] = [];
  const issues: RatingConfigIssue[] = [];
  if (!Array.isArray(rules) || rules.length > MAX_LIST_ENTRIES) return { evaluators, issues };
  // Over the size caps the shape check already refuses the rules: do not spend time compiling them.
  let total = 0;
  for (const rule of rules) {
    const condition = (rule as { condition?: unknown } | null)?.condition;
    if (typeof condition === "string") total += condition.length;
  }
  if (total > MAX_TOTAL_CONDITION_LENGTH) return { evaluators, issues };
  rules.forEach((rule: unknown, index) => {
    if (typeof rule !== "object" || rule === null) return;
    const { code, clause, condition } = rule as { code?: unknown; clause?: unknown; condition?: unknown };
    if (typeof condition !== "string" || condition.trim() === "" || condition.length > MAX_CONDITION_LENGTH) return;
    const result = compileCondition(condition);
    if (result.ok) {
      evaluators[index] = result.evaluate;
    } else {
      const named = list === "referralRules" ? code : clause;
      const kind = list === "referralRules" ? "Rule" : "Clause";
      const name = typeof named === "string" ? `${kind} ${named.slice(0, 64)}` : kind;
      issues.push({
        path: formatIssuePath([list, index, "condition"]),
        message: `${name}: ${result.message}`,
      });
    }
  });
  return { evaluators, issues };
}

/**
 * Validates a configuration (shape, bands, names, every referral condition parsed and type-checked) and
 * compiles it. Returns every problem found, each with its JSON path, instead of throwing.
 */
export function compileRatingConfig(value: unknown): CompileRatingConfigResult {
  const shape = validateRatingConfigShape(value);
  const raw = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const referrals = compileConditions(raw.referralRules, "referralRules");
  const clauses = compileConditions(raw.endorsementRules, "endorsementRules");
  const ruleIssues = [...referrals.issues, ...clauses.issues];
  const evaluators = referrals.evaluators;
  if (!shape.ok || ruleIssues.length > 0) {
    const issues = shape.ok ? [] : shape.issues;
    const seen = new Set(issues.map((issue) => issue.path));
    for (const issue of ruleIssues) if (!seen.has(issue.path)) issues.push(issue);
    return { ok: false, issues };
  }
  const config = shape.config;
  // The validated rules are the raw ones in the same order, each condition compiled above.
  const rules: CompiledRule[] = config.referralRules.map((rule, index) => {
    const evaluate = evaluators[index];
    if (evaluate === undefined) throw new Error(`Unreachable: rule ${rule.code} has no compiled condition`);
    return { hit: Object.freeze({ code: rule.code, description: rule.description }), evaluate };
  });
  const endorsements: CompiledEndorsement[] = config.endorsementRules.map((rule, index) => {
    const evaluate = clauses.evaluators[index];
    if (evaluate === undefined) throw new Error(`Unreachable: clause ${rule.clause} has no compiled condition`);
    return { clause: rule.clause, evaluate };
  });
  return { ok: true, rater: createRater(config, rules, endorsements) };
}

interface CompiledEndorsement {
  clause: string;
  evaluate: ConditionEvaluator;
}

function createRater(
  config: RatingConfig,
  rules: readonly CompiledRule[],
  endorsementRules: readonly CompiledEndorsement[],
): CompiledRater {
  const factors: CompiledFactor[] = Object.entries(config.factors).map(([name, definition]) =>
    Array.isArray(definition)
      ? compileBandFactor(name as RatingInputFieldName, definition)
      : compileMapFactor(name as RatingInputFieldName, definition),
  );
  const numericFields = [
    ...new Set<RatingInputFieldName>([
      ...factors.filter((factor) => factor.isBands).map((factor) => factor.name),
      ...config.additionalCovers.map((cover) => cover.limitInput as RatingInputFieldName),
    ]),
  ].map((name) => ({ name, field: ratingInputFieldNumber(name) }));
  const covers: CompiledCover[] = config.additionalCovers.map((cover) => ({
    cover,
    chosenField: ratingInputFieldNumber(cover.enabledBy as RatingInputFieldName),
    limitField: ratingInputFieldNumber(cover.limitInput as RatingInputFieldName),
    matchIndex: createBandMatcher(cover.pricing).matchIndex,
    prices: cover.pricing.map((band) => ({
      fee: Object.freeze({ code: cover.code, label: cover.label, amount: poundsToPence(band.premium) }),
      trace: traceLine("additionalCover", cover.code, formatBandLabel(band), 1),
    })),
    unpricedCode: `${cover.code}_UNPRICED`,
  }));
  const fixedFees: readonly RatingFeeLine[] = config.fees.map((fee) =>
    Object.freeze({ code: fee.code, label: fee.label, amount: poundsToPence(fee.amount) }),
  );
  /** Each offered excess option: its trace line and its discount of a base premium. */
  const excessOptions = new Map<string, { line: RatingTraceEntry; apply: (base: Pence) => Pence }>();
  for (const option of EXCESS_OPTIONS) {
    const factor = config.excessOptions[option];
    if (factor === undefined) continue;
    excessOptions.set(option, {
      line: traceLine("excess", "excessOption", option, factor),
      apply: (base: Pence) => roundHalfUp(base * factor),
    });
  }
  /*
   * The limit basis and defence costs, each a factor on the base after the excess. The default of each
   * (aggregate, inclusive) is factor 1 and adds no line, so a quote that never chose them rates and reads as
   * before; another choice always shows its line, even at factor 1 in a version that does not price it.
   */
  const basisLines = new Map<string, { line: RatingTraceEntry; factor: number }>();
  for (const [basis, factor] of Object.entries(config.limitBasisFactors)) {
    if (basis !== "AGGREGATE")
      basisLines.set(basis, { line: traceLine("limitBasis", "limitBasis", basis, factor), factor });
  }
  const defenceLines = new Map<string, { line: RatingTraceEntry; factor: number }>();
  for (const [costs, factor] of Object.entries(config.defenceCostsFactors)) {
    if (costs !== "INCLUSIVE") {
      defenceLines.set(costs, { line: traceLine("defenceCosts", "defenceCosts", costs, factor), factor });
    }
  }
  // A configuration that leaves the retroactive cover neutral rates, and traces, exactly as one written before it.
  const retroactive = isNeutralRetroactiveCover(config.retroactiveCover) ? null : config.retroactiveCover;
  const baseRatePence = poundsToPence(config.baseRate);
  const minPremiumPence = poundsToPence(config.caps.minPremium);
  const maxMultiplier = config.caps.maxMultiplier;
  const baseFor = (multiplier: number): Pence => roundHalfUp(baseRatePence * multiplier);
  const taxesOn = (subtotal: Pence): Pence => percentOf(subtotal, config.taxesPct);
  // The worksheet starts from the base rate; traces stored before this line existed simply lack it.
  const baseRateLine = traceLine("baseRate", "baseRate", formatGbp(baseRatePence), 1);
  const floorLine = traceLine(
    "minPremium",
    "minPremium",
    `raised to the minimum premium of ${formatGbp(minPremiumPence)}`,
    1,
  );

  /*
   * A configuration has few products of multipliers over the cap, and writing a number out is dear: the cap's
   * trace line is kept per uncapped multiplier, up to a bound so that odd inputs cannot grow it without end.
   */
  const capLines = new Map<number, RatingTraceEntry>();
  function capLine(uncappedMultiplier: number): RatingTraceEntry {
    let line = capLines.get(uncappedMultiplier);
    if (line === undefined) {
      line = traceLine(
        "cap",
        "maxMultiplier",
        `multiplier ${uncappedMultiplier} capped at ${maxMultiplier}`,
        maxMultiplier,
      );
      if (capLines.size < MAX_CACHED_CAP_LINES) capLines.set(uncappedMultiplier, line);
    }
    return line;
  }

  function rate(input: RatingInput, options?: RateOptions): RatingResult {
    for (const { name, field } of numericFields) {
      const value = readRatingInputField(input, field);
      if (!Number.isFinite(value)) {
        throw new RangeError(`Rating input ${name} must be a finite number, got ${String(value)}`);
      }
    }
    const override = options?.baseOverridePence;
    if (override !== undefined && !(Number.isSafeInteger(override) && override > 0)) {
      throw new RangeError(`A base premium override must be a positive whole number of pence, got ${override}`);
    }

    const trace: RatingTraceEntry[] = [baseRateLine];
    let product = 1;
    for (const factor of factors) {
      const line = lookupFactor(factor, input);
      product *= line.multiplier;
      trace.push(line);
    }
    if (retroactive !== null) {
      // Priced with the factors, under the same cap: the years of past work the policy covers (docs/product/rating.md).
      const { factor, matched } = retroactiveCoverFactor(retroactive, input.priorActsUnlimited, input.priorActsYears);
      product *= factor;
      trace.push(traceLine("factor", "priorActsYears", matched, factor));
    }
    const uncappedMultiplier = normaliseMultiplier(product);
    let multiplier = uncappedMultiplier;
    if (uncappedMultiplier > maxMultiplier) {
      multiplier = maxMultiplier;
      trace.push(capLine(uncappedMultiplier));
    }

    let basePremium = baseFor(multiplier);
    if (basePremium < minPremiumPence) {
      basePremium = minPremiumPence;
      trace.push(floorLine);
    }

    const requested: string = options?.excessOption ?? input.excessOption ?? "standard";
    let excessOption: ExcessOption = "standard";
    const excess = excessOptions.get(requested);
    if (excess === undefined) {
      trace.push(
        traceLine("excess", "excessOption", `excess option "${requested}" is not offered: standard excess`, 1),
      );
    } else {
      excessOption = requested as ExcessOption;
      if (requested !== "standard") {
        basePremium = excess.apply(basePremium);
        trace.push(excess.line);
      }
    }

    const basis = basisLines.get(input.limitBasis);
    if (basis !== undefined) {
      basePremium = roundHalfUp(basePremium * basis.factor);
      trace.push(basis.line);
    }
    const defence = defenceLines.get(input.defenceCosts);
    if (defence !== undefined) {
      basePremium = roundHalfUp(basePremium * defence.factor);
      trace.push(defence.line);
    }

    const runOff = options?.runOff;
    if (runOff !== undefined) {
      const factor = runOffFactorFor(config.runOff, runOff.years);
      if (factor === null) throw new RangeError(`The configuration prices no run-off of ${runOff.years} years`);
      const annual = runOff.annualBasePence;
      if (annual !== undefined) {
        if (!(Number.isSafeInteger(annual) && annual > 0)) {
          throw new RangeError(
            `A run-off's annual base premium must be a positive whole number of pence, got ${annual}`,
          );
        }
        // The policy's own premium is the basis: the lines that rated the answers did not price it, so they go.
        trace.length = 0;
        trace.push(traceLine("runOffBasis", "annualBasePremium", formatGbp(annual), 1));
        basePremium = annual;
      }
      basePremium = roundHalfUp(basePremium * factor);
      trace.push(traceLine("runOff", "runOffYears", runOffYearsText(runOff.years), factor));
    }

    if (override !== undefined) {
      basePremium = override;
      trace.push(traceLine("override", "baseOverride", `base premium overridden to ${formatGbp(override)}`, 1));
    }

    const fees: RatingFeeLine[] = fixedFees.slice();
    let unpricedCovers: ReferralHit[] | undefined;
    for (const { cover, chosenField, limitField, matchIndex, prices, unpricedCode } of covers) {
      if (readRatingInputField(input, chosenField) !== true) continue;
      const limit = readRatingInputField(input, limitField) as number;
      if (limit <= 0) {
        trace.push(traceLine("additionalCover", cover.code, "chosen without a limit: not priced", 1));
        continue;
      }
      const index = matchIndex(limit);
      const price = index < 0 ? undefined : prices[index];
      if (price === undefined) {
        // Cover asked for at a limit the configuration cannot price: never give it away, send it to an underwriter.
        unpricedCovers ??= [];
        unpricedCovers.push({
          code: unpricedCode,
          description: `${cover.label}: no price for a limit of ${formatGbpWhole(poundsToPence(limit))}`,
        });
        trace.push(traceLine("additionalCover", cover.code, `no band matched ${limit}`, 1));
        continue;
      }
      fees.push(price.fee);
      trace.push(price.trace);
    }

    const referralHits: ReferralHit[] = [];
    for (const rule of rules) {
      let hit: boolean;
      try {
        hit = rule.evaluate(input);
      } catch (error) {
        // Fail safe: a condition that cannot be evaluated for this input refers the quote rather than pass it.
        hit = true;
        const reason = error instanceof Error ? error.message : String(error);
        trace.push(traceLine("referral", rule.hit.code, `condition could not be evaluated (${reason}): referred`, 1));
      }
      if (hit) referralHits.push(rule.hit);
    }
    if (unpricedCovers !== undefined) referralHits.push(...unpricedCovers);

    const endorsements: string[] = [];
    for (const rule of endorsementRules) {
      let matched = "attached by the rating";
      let attached: boolean;
      try {
        attached = rule.evaluate(input);
      } catch (error) {
        // Fail safe, as a referral rule does: a clause whose condition cannot be evaluated is attached.
        attached = true;
        matched = `condition could not be evaluated (${error instanceof Error ? error.message : String(error)}): attached`;
      }
      if (attached) {
        endorsements.push(rule.clause);
        trace.push(traceLine("endorsement", rule.clause, matched, 1));
      }
    }

    let subtotal = basePremium;
    for (const fee of fees) subtotal += fee.amount;
    const taxes = taxesOn(subtotal);
    return {
      productCode: config.productCode,
      configVersion: config.version,
      basePremium,
      fees,
      subtotal,
      taxes,
      totalPremium: subtotal + taxes,
      multiplier,
      uncappedMultiplier,
      referralHits,
      endorsements,
      trace,
      excessOption,
      overridden: override !== undefined,
    };
  }

  return { config, rate };
}
