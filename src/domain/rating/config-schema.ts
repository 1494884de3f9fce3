/**
 * The shape of a rating configuration (docs/product/screens.md and docs/product/rating.md): what an administrator writes in
 * a rating version's JSON. Amounts are in pounds, as an underwriter writes them; the engine converts to
 * integer pence when it compiles the configuration. Every bound here exists because the text comes from a
 * person (or an attacker holding an admin session): sizes are capped so validation and rating stay cheap.
 */
import { z } from "zod";
import { DEFAULT_BACKDATING } from "../quote/backdating";
import { DEFAULT_COMMISSION_LIMITS } from "../quote/commission";
import { commissionLimitsSchema } from "../quote/commission-schema";
import { CLAUSE_CODE_PATTERN } from "../underwriting/terms-rules";
import { type ExcessOption, RATING_INPUT_FIELDS, type RatingInputFieldName } from "./input";
import { DEFAULT_RETROACTIVE_COVER_FACTORS, retroactiveCoverSchema } from "./retroactive-cover";
import { runOffFactorsSchema } from "./run-off";

/** docs/product/errors.md: the toast for a configuration that does not parse or lacks version, productCode, baseRate. */
export const INVALID_RATING_CONFIG_TITLE = "Validation Error";
export const INVALID_RATING_CONFIG_DESCRIPTION = "Invalid JSON configuration";
export const INVALID_RATING_CONFIG_MESSAGE = `${INVALID_RATING_CONFIG_TITLE} - ${INVALID_RATING_CONFIG_DESCRIPTION}`;

/** Caps against hostile or runaway configurations (bands per factor, rules, fees, covers, map keys). */
export const MAX_LIST_ENTRIES = 200;
export const MAX_TEXT_LENGTH = 1_000;
export const MAX_CONDITION_LENGTH = 2_000;
/**
 * All conditions together: a real product needs a few thousand characters (D/C-PI about 1,000); the cap keeps
 * the worst case (every rule at the size limit) to a fraction of a second to validate and well under a
 * millisecond to rate.
 */
export const MAX_TOTAL_CONDITION_LENGTH = 50_000;
/** Largest amount in pounds anywhere in a configuration: keeps every pence figure a safe integer. */
export const MAX_AMOUNT_POUNDS = 1_000_000_000;
/** Largest absolute band bound (turnover, limits and counts are far below this). */
export const MAX_BAND_BOUND = 1_000_000_000_000;
export const MAX_MULTIPLIER = 1_000;

export const EXCESS_OPTIONS = ["standard", "2x", "5x"] as const satisfies readonly ExcessOption[];

/** The referral reason is the hit descriptions joined by ", " and the review screen splits it on ", ". */
const REASON_SEPARATOR = ", ";

const codeSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, "Must be upper-case letters, digits and underscores (at most 64), e.g. POLICY_FEE");

const textSchema = z
  .string()
  .max(MAX_TEXT_LENGTH, `Must be at most ${MAX_TEXT_LENGTH} characters`)
  .refine((text) => text.trim().length > 0, "Must not be blank");

const poundsSchema = z
  .number()
  .min(0, "Must be 0 or more")
  .max(MAX_AMOUNT_POUNDS, `Must be at most ${MAX_AMOUNT_POUNDS}`);

const multiplierSchema = z
  .number()
  .gt(0, "Must be greater than 0")
  .max(MAX_MULTIPLIER, `Must be at most ${MAX_MULTIPLIER}`);

const boundSchema = z
  .number()
  .min(-MAX_BAND_BOUND, `Must be at least -${MAX_BAND_BOUND}`)
  .max(MAX_BAND_BOUND, `Must be at most ${MAX_BAND_BOUND}`);

function boundedList<T extends z.ZodType>(item: T, what: string) {
  return z.array(item).max(MAX_LIST_ENTRIES, `At most ${MAX_LIST_ENTRIES} ${what}`);
}

/**
 * Band rules (ADR 0005): sorted by min, each min at most its own max, no overlap, and contiguous on whole
 * numbers: the next band starts above the previous max and no more than 1 above it (200,000 then 200,001),
 * so no value can fall through a gap by mistake. Only the last band may be open-ended (max null).
 */
function checkBands(bands: readonly { min: number; max: number | null }[], ctx: z.RefinementCtx): void {
  bands.forEach((band, index) => {
    if (band.max !== null && band.max < band.min) {
      ctx.addIssue({ code: "custom", path: [index, "max"], message: `Must be at least min (${band.min})` });
    }
    if (band.max === null && index < bands.length - 1) {
      ctx.addIssue({
        code: "custom",
        path: [index, "max"],
        message: "Only the last band may be open-ended (max null)",
      });
    }
    const previous = index > 0 ? bands[index - 1] : undefined;
    if (previous?.max === null || previous === undefined) return;
    if (band.min <= previous.max) {
      ctx.addIssue({
        code: "custom",
        path: [index, "min"],
        message: `Overlaps the previous band: must be above its max (${previous.max})`,
      });
    } else if (band.min > previous.max + 1) {
      ctx.addIssue({
        code: "custom",
        path: [index, "min"],
        message: `Leaves a gap after the previous band: must be at most ${previous.max + 1}`,
      });
    }
  });
}

export const factorBandSchema = z.strictObject({
  min: boundSchema,
  max: boundSchema.nullable(),
  multiplier: multiplierSchema,
});
export type FactorBand = z.infer<typeof factorBandSchema>;

const factorBandsSchema = boundedList(factorBandSchema, "bands")
  .min(1, "A factor needs at least one band")
  .superRefine(checkBands);

const factorMapSchema = z
  .record(z.string().max(200, "Must be at most 200 characters"), multiplierSchema)
  .superRefine((map, ctx) => {
    const size = Object.keys(map).length;
    if (size === 0) ctx.addIssue({ code: "custom", message: "A factor needs at least one key" });
    if (size > MAX_LIST_ENTRIES) ctx.addIssue({ code: "custom", message: `At most ${MAX_LIST_ENTRIES} keys` });
  });

/** Bands over a number input, or a map from a string or boolean input's value to a multiplier. */
export type FactorDefinition = FactorBand[] | Record<string, number>;

const factorsSchema = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  const factors: Record<string, FactorDefinition> = {};
  for (const [name, definition] of Object.entries(raw)) {
    const fieldType = RATING_INPUT_FIELDS[name as RatingInputFieldName] as string | undefined;
    if (fieldType === undefined || !Object.hasOwn(RATING_INPUT_FIELDS, name)) {
      ctx.addIssue({ code: "custom", path: [name], message: `Unknown rating input "${name}"` });
      continue;
    }
    const isBands = Array.isArray(definition);
    if (isBands && fieldType !== "number") {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `"${name}" is a ${fieldType} input: use a map of values to multipliers, not bands`,
      });
      continue;
    }
    if (!isBands && fieldType === "number") {
      ctx.addIssue({ code: "custom", path: [name], message: `"${name}" is a number input: use a list of bands` });
      continue;
    }
    if (!isBands && typeof definition === "object" && definition !== null && Object.hasOwn(definition, "__proto__")) {
      // JSON.parse keeps "__proto__" as an own key but validation would drop it: refuse it rather than lose it.
      ctx.addIssue({ code: "custom", path: [name, "__proto__"], message: '"__proto__" cannot be a key' });
      continue;
    }
    const parsed = isBands ? factorBandsSchema.safeParse(definition) : factorMapSchema.safeParse(definition);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", path: [name, ...issue.path], message: issue.message });
      }
      continue;
    }
    if (fieldType === "boolean" && !isBands) {
      const badKey = Object.keys(parsed.data).find((key) => key !== "true" && key !== "false");
      if (badKey !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: [name, badKey],
          message: `"${name}" is a yes/no input: keys must be "true" or "false"`,
        });
        continue;
      }
    }
    factors[name] = parsed.data as FactorDefinition;
  }
  if (Object.keys(raw).length > MAX_LIST_ENTRIES) {
    ctx.addIssue({ code: "custom", message: `At most ${MAX_LIST_ENTRIES} factors` });
  }
  return factors;
});

export const feeSchema = z.strictObject({ code: codeSchema, label: textSchema, amount: poundsSchema });
export type RatingFee = z.infer<typeof feeSchema>;

const conditionSchema = z
  .string()
  .max(MAX_CONDITION_LENGTH, `Must be at most ${MAX_CONDITION_LENGTH} characters`)
  .refine((text) => text.trim().length > 0, "Must not be blank");

export const referralRuleSchema = z.strictObject({
  code: codeSchema,
  description: textSchema.refine(
    (text) => !text.includes(REASON_SEPARATOR),
    'Must not contain ", " (comma and space): referral reasons are joined and split on it',
  ),
  condition: conditionSchema,
});
export type ReferralRule = z.infer<typeof referralRuleSchema>;

/**
 * A clause of the endorsement library the rating attaches to every quote its condition holds for (written in the
 * referral rules' language and checked the same way), for example the asbestos exclusion for asbestos work.
 */
export const endorsementRuleSchema = z.strictObject({
  clause: z
    .string()
    .regex(CLAUSE_CODE_PATTERN, "Must be a clause code of the endorsement library, for example ASB-EXCL"),
  condition: conditionSchema,
});
export type EndorsementRule = z.infer<typeof endorsementRuleSchema>;

/** The conditions of a list of rules together stay within the total a rating can afford to evaluate. */
function withinConditionTotal(rules: readonly { condition: string }[], ctx: z.RefinementCtx): void {
  const total = rules.reduce((sum, rule) => sum + rule.condition.length, 0);
  if (total > MAX_TOTAL_CONDITION_LENGTH) {
    ctx.addIssue({
      code: "custom",
      message: `All conditions together must be at most ${MAX_TOTAL_CONDITION_LENGTH} characters (found ${total})`,
    });
  }
}

export const capsSchema = z.strictObject({
  minPremium: poundsSchema,
  maxMultiplier: multiplierSchema,
});

/** An excess option's factor on the base premium; a higher excess never costs more than the standard one. */
const excessFactorSchema = z.number().gt(0, "Must be greater than 0").max(1, "Must be at most 1");
export const excessOptionsSchema = z.strictObject({
  standard: z.literal(1, "The standard excess has factor 1"),
  "2x": excessFactorSchema.optional(),
  "5x": excessFactorSchema.optional(),
});

/**
 * How the limit applies and where defence costs sit, each a factor on the base premium like the excess. A
 * version written before they could be chosen has neither key and rates every basis at 1, exactly as before.
 */
const basisFactorSchema = z.number().gt(0, "Must be greater than 0").max(10, "Must be at most 10");
export const limitBasisFactorsSchema = z.strictObject({
  AGGREGATE: z.literal(1, "The aggregate basis has factor 1").default(1),
  EACH_AND_EVERY: basisFactorSchema.default(1),
});
export const defenceCostsFactorsSchema = z.strictObject({
  INCLUSIVE: z.literal(1, "Defence costs within the limit have factor 1").default(1),
  IN_ADDITION: basisFactorSchema.default(1),
});

export const coverPriceBandSchema = z.strictObject({
  min: boundSchema,
  max: boundSchema.nullable(),
  premium: poundsSchema,
});
export type CoverPriceBand = z.infer<typeof coverPriceBandSchema>;

function inputOfType(type: "number" | "boolean") {
  return z
    .string()
    .refine(
      (name) => Object.hasOwn(RATING_INPUT_FIELDS, name) && RATING_INPUT_FIELDS[name as RatingInputFieldName] === type,
      `Must name a ${type === "number" ? "number" : "yes/no"} rating input`,
    );
}

export const additionalCoverSchema = z.strictObject({
  code: codeSchema,
  label: textSchema,
  /** The yes/no input that says the cover was chosen, e.g. hasContentsInsurance. */
  enabledBy: inputOfType("boolean"),
  /** The number input holding the chosen limit in pounds, e.g. contentsLimit. */
  limitInput: inputOfType("number"),
  /** The cover's premium in pounds by limit. */
  pricing: boundedList(coverPriceBandSchema, "bands")
    .min(1, "A cover needs at least one price band")
    .superRefine(checkBands),
});
export type AdditionalCover = z.infer<typeof additionalCoverSchema>;

/**
 * What a cancellation returns (docs/product/life-cycle.md "Cancellation"): the basis the return premium is worked
 * out on, the short-period scale that basis may use, and the premium the insurer keeps whatever the date. A
 * configuration without this part (every version published before cancellations existed) takes the D/C-PI
 * defaults below; rating never reads it, so no premium changes.
 */
export const CANCELLATION_BASES = ["proRata", "shortPeriod"] as const;
export type CancellationBasis = (typeof CANCELLATION_BASES)[number];

export const shortPeriodStepSchema = z.strictObject({
  /** The step covers a policy in force for at most this many months (a month begun counts as a whole one). */
  upToMonths: z
    .number()
    .int("Must be a whole number of months")
    .min(1, "Must be 1 or more")
    .max(12, "Must be at most 12"),
  /** The share of the year's premium the insurer keeps, in per cent. */
  retainedPercent: z.number().min(0, "Must be 0 or more").max(100, "Must be at most 100"),
});
export type ShortPeriodStep = z.infer<typeof shortPeriodStepSchema>;

/** The D/C-PI defaults: a short-period scale as UK PI wordings print it, and £250 kept on every cancellation. */
export const DEFAULT_CANCELLATION = {
  basis: "shortPeriod",
  shortPeriodScale: [
    { upToMonths: 1, retainedPercent: 20 },
    { upToMonths: 2, retainedPercent: 30 },
    { upToMonths: 3, retainedPercent: 40 },
    { upToMonths: 4, retainedPercent: 50 },
    { upToMonths: 5, retainedPercent: 60 },
    { upToMonths: 6, retainedPercent: 70 },
    { upToMonths: 7, retainedPercent: 75 },
    { upToMonths: 8, retainedPercent: 80 },
    { upToMonths: 9, retainedPercent: 85 },
  ],
  minimumRetainedPremium: 250,
} as const satisfies {
  basis: CancellationBasis;
  shortPeriodScale: readonly ShortPeriodStep[];
  minimumRetainedPremium: number;
};

export const cancellationSchema = z.strictObject({
  basis: z.enum(CANCELLATION_BASES, { error: `Must be one of ${CANCELLATION_BASES.join(", ")}` }),
  /** Steps in rising months and never falling percentages; beyond the last step the whole premium is kept. */
  shortPeriodScale: z
    .array(shortPeriodStepSchema)
    .max(12, "At most 12 steps")
    .superRefine((steps, ctx) => {
      steps.forEach((step, index) => {
        const previous = steps[index - 1];
        if (previous === undefined) return;
        if (step.upToMonths <= previous.upToMonths) {
          ctx.addIssue({
            code: "custom",
            path: [index, "upToMonths"],
            message: `Must be more than the previous step's ${previous.upToMonths}`,
          });
        }
        if (step.retainedPercent < previous.retainedPercent) {
          ctx.addIssue({
            code: "custom",
            path: [index, "retainedPercent"],
            message: `Must be at least the previous step's ${previous.retainedPercent}`,
          });
        }
      });
    }),
  minimumRetainedPremium: poundsSchema,
});
export type CancellationTerms = z.infer<typeof cancellationSchema>;

/**
 * Mid-term adjustments (docs/product/life-cycle.md "Mid-term adjustments"): an additional or return premium smaller
 * than the threshold, in pounds, is waived. A configuration without this part takes the D/C-PI default, £25.
 */
export const DEFAULT_ADJUSTMENTS = { waiverThreshold: 25 } as const;
export const adjustmentsSchema = z.strictObject({ waiverThreshold: poundsSchema });
export type AdjustmentTerms = z.infer<typeof adjustmentsSchema>;

/**
 * Backdated cover (docs/product/rating.md "Backdated inception"): an inception more than `maxDaysPast` days before
 * today refers the quote. A configuration without this part takes 14 days (`DEFAULT_BACKDATING`).
 */
export const backdatingSchema = z.strictObject({
  maxDaysPast: z
    .number()
    .int("Must be a whole number of days")
    .min(0, "Must be 0 or more")
    .max(366, "Must be at most 366"),
});
export type BackdatingTerms = z.infer<typeof backdatingSchema>;

function uniqueCodes(items: readonly { code: string }[], ctx: z.RefinementCtx, key = "code"): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.code)) {
      ctx.addIssue({ code: "custom", path: [index, key], message: `Duplicate ${key} "${item.code}"` });
    }
    seen.add(item.code);
  });
}

export const ratingConfigSchema = z
  .strictObject({
    version: z.string().min(1, "Must not be empty").max(50, "Must be at most 50 characters"),
    productCode: z.string().min(1, "Must not be empty").max(50, "Must be at most 50 characters"),
    baseRate: z.number().gt(0, "Must be greater than 0").max(MAX_AMOUNT_POUNDS, `Must be at most ${MAX_AMOUNT_POUNDS}`),
    taxesPct: z.number().min(0, "Must be 0 or more").max(100, "Must be at most 100"),
    fees: boundedList(feeSchema, "fees").superRefine(uniqueCodes).default([]),
    factors: factorsSchema.default({}),
    referralRules: boundedList(referralRuleSchema, "referral rules")
      .superRefine(uniqueCodes)
      .superRefine(withinConditionTotal)
      .default([]),
    endorsementRules: boundedList(endorsementRuleSchema, "endorsement rules")
      .superRefine((rules, ctx) =>
        uniqueCodes(
          rules.map((rule) => ({ code: rule.clause })),
          ctx,
          "clause",
        ),
      )
      .superRefine(withinConditionTotal)
      .default([]),
    caps: capsSchema,
    excessOptions: excessOptionsSchema.default({ standard: 1 }),
    limitBasisFactors: limitBasisFactorsSchema.default({ AGGREGATE: 1, EACH_AND_EVERY: 1 }),
    defenceCostsFactors: defenceCostsFactorsSchema.default({ INCLUSIVE: 1, IN_ADDITION: 1 }),
    additionalCovers: boundedList(additionalCoverSchema, "additional covers").superRefine(uniqueCodes).default([]),
    cancellation: cancellationSchema.default({
      ...DEFAULT_CANCELLATION,
      shortPeriodScale: DEFAULT_CANCELLATION.shortPeriodScale.map((step) => ({ ...step })),
    }),
    adjustments: adjustmentsSchema.default({ ...DEFAULT_ADJUSTMENTS }),
    retroactiveCover: retroactiveCoverSchema.default({ ...DEFAULT_RETROACTIVE_COVER_FACTORS, bands: [] }),
    // No default: a version published without run-off factors quotes no run-off (docs/product/rating.md "Run-off").
    runOff: runOffFactorsSchema.optional(),
    backdating: backdatingSchema.default({ ...DEFAULT_BACKDATING }),
    // The range an underwriter may set a quote's commission in; commission never changes the premium.
    commissionLimits: commissionLimitsSchema.default({ ...DEFAULT_COMMISSION_LIMITS }),
  })
  .superRefine((config, ctx) => {
    // A fee line's code identifies it in the breakdown, so configured fees and covers must not share one.
    const feeCodes = new Set(config.fees.map((fee) => fee.code));
    config.additionalCovers.forEach((cover, index) => {
      if (feeCodes.has(cover.code)) {
        ctx.addIssue({
          code: "custom",
          path: ["additionalCovers", index, "code"],
          message: `Code "${cover.code}" is already used by a fee`,
        });
      }
    });
  });

/** A validated rating configuration (defaults filled in). */
export type RatingConfig = z.output<typeof ratingConfigSchema>;
/** A rating configuration as written (optional parts may be left out). */
export type RatingConfigInput = z.input<typeof ratingConfigSchema>;

export interface RatingConfigIssue {
  /** JSON path such as `factors.turnover[2].max`; empty for the whole configuration. */
  path: string;
  message: string;
}

/** `["factors", "turnover", 2, "max"]` -> `factors.turnover[2].max`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`;
    else text += text === "" ? String(part) : `.${String(part)}`;
  }
  return text;
}

/** Validates a configuration's shape and returns EVERY problem with its path (conditions are compiled later). */
export function validateRatingConfigShape(
  value: unknown,
): { ok: true; config: RatingConfig } | { ok: false; issues: RatingConfigIssue[] } {
  const parsed = ratingConfigSchema.safeParse(value, {
    error: (issue) => (issue.input === undefined && issue.code === "invalid_type" ? "Required" : undefined),
  });
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
  };
}

/**
 * docs/product/errors.md's first check of the configuration editor: the text must be JSON holding an object with
 * version, productCode and baseRate; anything else is 'Validation Error - Invalid JSON configuration'.
 * The full validation (compileRatingConfig) runs after this on the parsed object.
 */
export function parseRatingConfigText(
  text: string,
): { ok: true; json: Record<string, unknown> } | { ok: false; message: typeof INVALID_RATING_CONFIG_MESSAGE } {
  const invalid = { ok: false, message: INVALID_RATING_CONFIG_MESSAGE } as const;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return invalid;
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return invalid;
  const record = json as Record<string, unknown>;
  return hasRequiredConfigKeys(record) ? { ok: true, json: record } : invalid;
}

/** docs/product/errors.md: a configuration must at least hold version, productCode and baseRate. */
export function hasRequiredConfigKeys(record: Record<string, unknown>): boolean {
  return ["version", "productCode", "baseRate"].every(
    (key) => Object.hasOwn(record, key) && record[key] !== null && record[key] !== undefined,
  );
}
