/**
 * Rating versions: the API schemas of docs/product/permissions.md's /api/rating/versions calls and the pure rules of
 * docs/product/rating.md for which version rates a quote and what publishing one does to the others (ADR 0005).
 * Dates are ISO calendar dates ("2026-01-01"); periods are half-open: effectiveFrom <= date < effectiveTo,
 * with a null effectiveTo meaning open-ended. ISO dates compare correctly as strings.
 */
import { z } from "zod";
import { compileRatingConfig } from "./compile";
import { hasRequiredConfigKeys, INVALID_RATING_CONFIG_MESSAGE, parseRatingConfigText } from "./config-schema";
import { defaultRatingInput, type RatingInput } from "./input";
import { RATING_VERSION_STATUSES } from "./periods";
import { ratingTestCaseSchema, ratingTestCasesSchema } from "./test-cases";
import { TEST_INDUSTRIES, type TestRatingRisk } from "./test-risk";

export { ratingConfigText } from "./config-text";
export {
  type DraftToPublish,
  type EffectivePeriod,
  isValidPeriod,
  type PublicationPlan,
  type PublishedPeriod,
  periodContains,
  planPublication,
  publicationConfirmation,
  RATING_VERSION_STATUSES,
  type RatingVersionNaming,
  type RatingVersionStatus,
  ratingVersionTitle,
  selectEffectiveVersion,
  type VersionForSelection,
} from "./periods";
export {
  TEST_INDUSTRIES,
  TEST_RISK_DEFAULTS,
  type TestIndustry,
  type TestRatingRisk,
} from "./test-risk";

/** The largest configuration text accepted (the D/C-PI configuration is about 6 KB). */
export const MAX_RATING_CONFIG_TEXT = 500_000;

const isoDateSchema = z.iso.date("Must be a date (YYYY-MM-DD)");

/** `factors.turnover[2].max` -> ["factors", "turnover", 2, "max"], so issues nest under `json` in the API. */
function pathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[1] !== undefined) segments.push(match[1]);
  }
  return segments;
}

/**
 * A rating configuration as the API receives it: an object, or the editor's JSON text. It must pass
 * docs/product/errors.md's first check ('Validation Error - Invalid JSON configuration') and then the engine's full validation
 * (every problem reported under `json.<path>`). The output is the configuration object as written.
 */
export const ratingConfigJsonSchema = z
  .union([z.string().max(MAX_RATING_CONFIG_TEXT, INVALID_RATING_CONFIG_MESSAGE), z.record(z.string(), z.unknown())], {
    error: INVALID_RATING_CONFIG_MESSAGE,
  })
  .transform((value, ctx): Record<string, unknown> => {
    let json: Record<string, unknown>;
    if (typeof value === "string") {
      const parsed = parseRatingConfigText(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      json = parsed.json;
    } else if (hasRequiredConfigKeys(value)) {
      json = value;
    } else {
      // The object form fails docs/product/errors.md's first check the same way as the text form.
      ctx.addIssue({ code: "custom", message: INVALID_RATING_CONFIG_MESSAGE });
      return z.NEVER;
    }
    const compiled = compileRatingConfig(json);
    if (!compiled.ok) {
      for (const issue of compiled.issues) {
        ctx.addIssue({ code: "custom", path: pathSegments(issue.path), message: issue.message });
      }
      return z.NEVER;
    }
    return json;
  });

const nameSchema = z
  .string()
  .trim()
  .min(1, "Version name is required")
  .max(100, "Version name must be at most 100 characters");
const notesSchema = z.string().max(2_000, "Notes must be at most 2,000 characters").nullish();
/** An empty date field from a form means "open-ended". */
const effectiveToSchema = z.preprocess((value) => (value === "" ? null : value), isoDateSchema.nullable());

function checkPeriod(
  period: { effectiveFrom?: string | undefined; effectiveTo?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const { effectiveFrom, effectiveTo } = period;
  if (effectiveFrom !== undefined && effectiveTo != null && effectiveTo <= effectiveFrom) {
    ctx.addIssue({ code: "custom", path: ["effectiveTo"], message: "Effective to must be after effective from" });
  }
}

export const createRatingVersionRequestSchema = z
  .strictObject({
    name: nameSchema,
    notes: notesSchema,
    json: ratingConfigJsonSchema,
    effectiveFrom: isoDateSchema,
    effectiveTo: effectiveToSchema.default(null),
    /** The version's test cases (docs/product/rating.md); publishing refuses while any fails. */
    testCases: ratingTestCasesSchema.default([]),
  })
  .superRefine(checkPeriod);
export type CreateRatingVersionRequest = z.output<typeof createRatingVersionRequestSchema>;

/**
 * Editing a DRAFT (published versions are immutable): any of the create fields. When only one end of the
 * period is sent, the server checks the resulting period with isValidPeriod against the stored other end.
 */
export const updateRatingVersionRequestSchema = z
  .strictObject({
    name: nameSchema.optional(),
    notes: notesSchema,
    json: ratingConfigJsonSchema.optional(),
    effectiveFrom: isoDateSchema.optional(),
    effectiveTo: effectiveToSchema.optional(),
    testCases: ratingTestCasesSchema.optional(),
  })
  .superRefine(checkPeriod)
  .refine((update) => Object.values(update).some((value) => value !== undefined), "Nothing to update");
export type UpdateRatingVersionRequest = z.output<typeof updateRatingVersionRequestSchema>;

export const ratingVersionSchema = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string().nullable(),
  json: z.record(z.string(), z.unknown()),
  /** `json` as its author wrote it, key order kept: what the editor shows. */
  configText: z.string(),
  published: z.boolean(),
  status: z.enum(RATING_VERSION_STATUSES),
  productCode: z.string(),
  effectiveFrom: isoDateSchema,
  effectiveTo: isoDateSchema.nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  testCases: z.array(ratingTestCaseSchema),
});
export type RatingVersion = z.infer<typeof ratingVersionSchema>;

export const testRatingRiskSchema: z.ZodType<TestRatingRisk> = z.strictObject({
  turnover: z.number().min(0, "Turnover must be 0 or more").max(1e12),
  industry: z.enum(TEST_INDUSTRIES),
  sumInsured: z.number().min(0, "Sum insured must be 0 or more").max(1e12),
  claimsLast3Yrs: z.number().int("Claims must be a whole number").min(0, "Claims must be 0 or more").max(1_000),
  employees: z.number().int("Employees must be a whole number").min(0, "Employees must be 0 or more").max(1e7),
});

/**
 * The rating input of the admin's Test Rating: the test risk over the engine's neutral defaults, so a test
 * runs the real engine (docs/product/rating.md), not docs/product/rating.md's simplified local formula.
 */
export function testRatingInput(risk: TestRatingRisk): RatingInput {
  return defaultRatingInput({
    turnover: risk.turnover,
    industry: risk.industry,
    sumInsured: risk.sumInsured,
    // For D/C-PI the sum insured is the cover limit (docs/product/rating.md), so a test rates both alike.
    coverLimit: risk.sumInsured,
    claimsLast3Yrs: risk.claimsLast3Yrs,
    hasClaims: risk.claimsLast3Yrs > 0,
    employees: risk.employees,
  });
}
