/**
 * Request bodies of the quote API (docs/product/permissions.md, docs/product/errors.md and docs/product/life-cycle.md). Each is a strict object: unknown
 * fields are refused, never stored. The wizard builds the same bodies from the same schemas.
 */
import { z } from "zod";
import { DEFAULT_PRODUCT_CODE, PRODUCT_CODES } from "../constants";
import { activitySplitSchema } from "./activity-split";
import { contractsSchema } from "./contracts";
import { declarationSchema } from "./declaration";
import { designLiabilitySchema } from "./design-liability";
import { financialOverviewSchema } from "./financial-overview";
import {
  type InsuredsDetails,
  type InsuredsDetailsUpdate,
  insuredsDetailsFields,
  insuredsDetailsSchema,
  insuredsDetailsUpdateFields,
  insuredsDetailsUpdateSchema,
} from "./insureds-details";
import { PLAUSIBLE_DATE_DESCRIPTIONS } from "./plausible-dates";
import { positiveMoneyStringSchema } from "./premium-override";
import { expectedVersionSchema, riskSchema } from "./risk";

export const productCodeSchema = z.enum(PRODUCT_CODES, { error: "Unknown product code" });

/**
 * Values a legacy client sends for compatibility (docs/product/permissions.md) and the server ignores (docs/product/permissions.md):
 * premiums come only from rating, and the rating version only from the effective-date rule.
 */
const ignoredMoney = z.union([z.string().max(32), z.number()]).nullish();
const ignoredFees = z.union([z.string().max(32), z.number(), z.array(z.unknown()).max(50)]).nullish();
const ignoredRatingVersionId = z.string().max(100).nullish();

const STEP_ONE_KEYS = [
  "proposerName",
  "tradingName",
  "businessActivity",
  "businessAddress",
  "inceptionDate",
  "incorporationDate",
  "isSoleTrader",
  "tradingSince",
  "numberOfDirectors",
  "numberOfQualifiedStaff",
  "hasFinancialInterest",
  "financialInterestDetails",
] as const satisfies readonly (keyof InsuredsDetails)[];
type StepOneKey = (typeof STEP_ONE_KEYS)[number];

/** The step-1 fields docs/product/permissions.md sends flat at the top of the body (everything but businessActivity). */
const FLAT_STEP_ONE_KEYS: readonly StepOneKey[] = STEP_ONE_KEYS.filter((key) => key !== "businessActivity");

/**
 * Step 1 arrives flat (docs/product/permissions.md) and inside `insuredsDetails` (which also carries businessActivity).
 * Shapes are checked loosely here; the merged result is then checked once by `insuredsDetailsSchema`, so the
 * messages are the form's. A flat value wins over the nested one.
 */
const loose = {
  proposerName: z.string().nullish(),
  tradingName: z.string().nullish(),
  businessActivity: z.string().nullish(),
  businessAddress: z.string().nullish(),
  inceptionDate: z.string().describe(PLAUSIBLE_DATE_DESCRIPTIONS.inceptionDate).nullish(),
  incorporationDate: z.string().describe(PLAUSIBLE_DATE_DESCRIPTIONS.incorporationDate).nullish(),
  isSoleTrader: z.boolean().nullish(),
  tradingSince: z.string().describe(PLAUSIBLE_DATE_DESCRIPTIONS.tradingSince).nullish(),
  numberOfDirectors: z.number().nullish(),
  numberOfQualifiedStaff: z.number().nullish(),
  hasFinancialInterest: z.boolean().nullish(),
  financialInterestDetails: z.string().nullish(),
};
const nestedInsuredsDetails = z.strictObject(loose);
const { businessActivity: _nestedOnly, ...flatLoose } = loose;

type LooseStepOne = Partial<Record<StepOneKey, unknown>>;

/**
 * Merges flat and nested step-1 values and validates them with `schema`. Issues keep the flat path, except
 * businessActivity's, which only exists inside insuredsDetails. Returns null after reporting issues.
 */
function mergeStepOne<S extends typeof insuredsDetailsSchema | typeof insuredsDetailsUpdateSchema>(
  body: LooseStepOne & { insuredsDetails?: LooseStepOne | null | undefined },
  ctx: z.RefinementCtx,
  schema: S,
): z.infer<S> | null {
  const nested = body.insuredsDetails ?? {};
  const merged: Record<string, unknown> = {};
  for (const key of STEP_ONE_KEYS) {
    const value = body[key] ?? nested[key];
    if (value !== undefined && value !== null) merged[key] = value;
  }
  const result = schema.safeParse(merged);
  if (result.success) return result.data as z.infer<S>;
  for (const issue of result.error.issues) {
    const nestedOnly = issue.path[0] === "businessActivity";
    ctx.addIssue({
      code: "custom",
      message: issue.message,
      path: nestedOnly ? ["insuredsDetails", ...issue.path] : issue.path,
    });
  }
  return null;
}

/** POST /api/quotes: the step-1 save that creates a DRAFT. */
export const createQuoteRequestSchema = z
  .strictObject({
    productCode: productCodeSchema.default(DEFAULT_PRODUCT_CODE),
    ...flatLoose,
    insuredsDetails: nestedInsuredsDetails.nullish(),
    risk: riskSchema.nullish(),
    ratingVersionId: ignoredRatingVersionId,
    basePremium: ignoredMoney,
    taxes: ignoredMoney,
    fees: ignoredFees,
    totalPremium: ignoredMoney,
  })
  .transform((body, ctx) => {
    const insuredsDetails = mergeStepOne(body, ctx, insuredsDetailsSchema);
    if (insuredsDetails === null) return z.NEVER;
    return {
      productCode: body.productCode,
      insuredsDetails,
      risk: body.risk ?? undefined,
    };
  });
export type CreateQuoteRequestInput = z.input<typeof createQuoteRequestSchema>;
export type CreateQuoteRequest = z.infer<typeof createQuoteRequestSchema>;

export type { InsuredsDetailsUpdate };

/**
 * PATCH /api/quotes/{id}. docs/product/permissions.md lists alternative bodies; each request carries exactly one of them
 * (plus an optional `expectedVersion`, docs/product/life-cycle.md). The body is validated as one strict object and then
 * turned into a command tagged by `kind`, so the server's handler is an exhaustive switch:
 *
 * | body                                                          | kind               |
 * |---------------------------------------------------------------|--------------------|
 * | { financialOverview }                                         | "financialOverview"|
 * | { designLiability }                                           | "designLiability"  |
 * | { activitySplit }                                             | "activitySplit"    |
 * | { contracts }                                                 | "contracts"        |
 * | { declaration }                                               | "declaration"      |
 * | { status: "QUOTED", financialOverview? }                      | "complete"         |
 * | { basePremium, taxes?, totalPremium? } (money strings)        | "overridePremium"  |
 * | { overrideBasePremium: null }                                 | "removeOverride"   |
 * | step-1 fields flat and/or { insuredsDetails }, productCode?   | "insuredsDetails"  |
 *
 * With an override only basePremium counts: taxes and total are recomputed by the server (docs/product/rating.md).
 */
export const PATCH_KINDS = [
  "financialOverview",
  "designLiability",
  "activitySplit",
  "contracts",
  "declaration",
  "complete",
  "overridePremium",
  "removeOverride",
  "insuredsDetails",
] as const;
export type PatchKind = (typeof PATCH_KINDS)[number];

export const PATCH_EXACTLY_ONE_MESSAGE =
  "Send exactly one change: a section, a completion, a premium override, an override removal or the insured's details";

const patchBodySchema = z.strictObject({
  expectedVersion: expectedVersionSchema.optional(),
  financialOverview: financialOverviewSchema.optional(),
  designLiability: designLiabilitySchema.optional(),
  activitySplit: activitySplitSchema.optional(),
  contracts: contractsSchema.optional(),
  declaration: declarationSchema.optional(),
  status: z
    .literal("QUOTED", { error: "Only status QUOTED can be set on a quote; use refer, decision or issue" })
    .optional(),
  basePremium: positiveMoneyStringSchema.optional(),
  taxes: ignoredMoney,
  totalPremium: ignoredMoney,
  overrideBasePremium: z.null({ error: "overrideBasePremium can only be null (removes the override)" }).optional(),
  productCode: productCodeSchema.optional(),
  ratingVersionId: ignoredRatingVersionId,
  ...flatLoose,
  insuredsDetails: nestedInsuredsDetails.optional(),
});
type PatchBody = z.infer<typeof patchBodySchema>;

type WithVersion<T> = T & { expectedVersion?: number | undefined };
export type PatchQuoteCommand = WithVersion<
  | { kind: "financialOverview"; financialOverview: z.infer<typeof financialOverviewSchema> }
  | { kind: "designLiability"; designLiability: z.infer<typeof designLiabilitySchema> }
  | { kind: "activitySplit"; activitySplit: z.infer<typeof activitySplitSchema> }
  | { kind: "contracts"; contracts: z.infer<typeof contractsSchema> }
  | { kind: "declaration"; declaration: z.infer<typeof declarationSchema> }
  | { kind: "complete"; financialOverview?: z.infer<typeof financialOverviewSchema> | undefined }
  | { kind: "overridePremium"; basePremiumPence: number }
  | { kind: "removeOverride" }
  | {
      kind: "insuredsDetails";
      insuredsDetails: InsuredsDetailsUpdate;
      productCode?: (typeof PRODUCT_CODES)[number] | undefined;
    }
>;

/** Which alternatives a body touches; `complete` absorbs its optional financialOverview. */
function patchKindsOf(body: PatchBody): PatchKind[] {
  const kinds: PatchKind[] = [];
  if (body.status !== undefined) kinds.push("complete");
  else if (body.financialOverview !== undefined) kinds.push("financialOverview");
  if (body.designLiability !== undefined) kinds.push("designLiability");
  if (body.activitySplit !== undefined) kinds.push("activitySplit");
  if (body.contracts !== undefined) kinds.push("contracts");
  if (body.declaration !== undefined) kinds.push("declaration");
  if (body.basePremium !== undefined || body.taxes !== undefined || body.totalPremium !== undefined) {
    kinds.push("overridePremium");
  }
  if (body.overrideBasePremium !== undefined) kinds.push("removeOverride");
  const touchesStepOne =
    body.insuredsDetails !== undefined ||
    body.productCode !== undefined ||
    body.ratingVersionId !== undefined ||
    FLAT_STEP_ONE_KEYS.some((key) => body[key as keyof PatchBody] !== undefined);
  if (touchesStepOne) kinds.push("insuredsDetails");
  return kinds;
}

export const patchQuoteRequestSchema = patchBodySchema.transform((body, ctx): PatchQuoteCommand => {
  const kinds = patchKindsOf(body);
  const [kind] = kinds;
  if (kinds.length !== 1 || kind === undefined) {
    ctx.addIssue({ code: "custom", path: [], message: PATCH_EXACTLY_ONE_MESSAGE });
    return z.NEVER;
  }
  const expectedVersion = body.expectedVersion;
  switch (kind) {
    case "financialOverview":
      return {
        kind,
        financialOverview: body.financialOverview as NonNullable<PatchBody["financialOverview"]>,
        expectedVersion,
      };
    case "designLiability":
      return {
        kind,
        designLiability: body.designLiability as NonNullable<PatchBody["designLiability"]>,
        expectedVersion,
      };
    case "activitySplit":
      return { kind, activitySplit: body.activitySplit as NonNullable<PatchBody["activitySplit"]>, expectedVersion };
    case "contracts":
      return { kind, contracts: body.contracts as NonNullable<PatchBody["contracts"]>, expectedVersion };
    case "declaration":
      return { kind, declaration: body.declaration as NonNullable<PatchBody["declaration"]>, expectedVersion };
    case "complete":
      return { kind, financialOverview: body.financialOverview, expectedVersion };
    case "overridePremium":
      if (body.basePremium === undefined) {
        ctx.addIssue({ code: "custom", path: ["basePremium"], message: "Please enter a valid premium amount" });
        return z.NEVER;
      }
      return { kind, basePremiumPence: body.basePremium, expectedVersion };
    case "removeOverride":
      return { kind, expectedVersion };
    case "insuredsDetails": {
      const insuredsDetails = mergeStepOne(body, ctx, insuredsDetailsUpdateSchema);
      if (insuredsDetails === null) return z.NEVER;
      return { kind, insuredsDetails, productCode: body.productCode, expectedVersion };
    }
  }
});
export type PatchQuoteRequest = PatchQuoteCommand;

const withVersion = { expectedVersion: expectedVersionSchema.optional() };
const stepOneExtras = { productCode: productCodeSchema.optional(), ratingVersionId: ignoredRatingVersionId };
/** Step 1 as the update needs it: every field the form requires is required here too. */
const stepOneInFull = {
  ...insuredsDetailsUpdateFields,
  inceptionDate: insuredsDetailsFields.inceptionDate.describe(PLAUSIBLE_DATE_DESCRIPTIONS.inceptionDate),
  incorporationDate: insuredsDetailsFields.incorporationDate.describe(PLAUSIBLE_DATE_DESCRIPTIONS.incorporationDate),
  tradingSince: insuredsDetailsFields.tradingSince.describe(PLAUSIBLE_DATE_DESCRIPTIONS.tradingSince),
};
const { businessActivity: _nestedOnlyInFull, ...flatStepOneInFull } = stepOneInFull;

/**
 * PATCH /api/quotes/{id} as an integrator sends it, and as the OpenAPI document describes it: exactly one of the
 * single-change bodies above, each a strict object carrying its section in full. The step-1 change comes in two
 * forms: inside `insuredsDetails` (flat values beside it still win), or flat at the top without `insuredsDetails`.
 *
 * `patchQuoteRequestSchema` is what the server checks, so its answers keep docs/product/errors.md's messages
 * (one "exactly one change" message rather than a union's every mismatch). Every body this schema accepts, that one
 * accepts too; the server also takes a step 1 split between flat and nested values, which this form does not offer.
 */
export const patchQuoteBodySchema = z.xor([
  z.strictObject({ ...withVersion, financialOverview: financialOverviewSchema }),
  z.strictObject({ ...withVersion, designLiability: designLiabilitySchema }),
  z.strictObject({ ...withVersion, activitySplit: activitySplitSchema }),
  z.strictObject({ ...withVersion, contracts: contractsSchema }),
  z.strictObject({ ...withVersion, declaration: declarationSchema }),
  z.strictObject({
    ...withVersion,
    status: z.literal("QUOTED"),
    financialOverview: financialOverviewSchema.optional(),
  }),
  z.strictObject({
    ...withVersion,
    basePremium: positiveMoneyStringSchema,
    taxes: ignoredMoney,
    totalPremium: ignoredMoney,
  }),
  z.strictObject({ ...withVersion, overrideBasePremium: z.null() }),
  z.strictObject({ ...withVersion, ...stepOneExtras, ...flatLoose, insuredsDetails: z.strictObject(stepOneInFull) }),
  z.strictObject({ ...withVersion, ...stepOneExtras, ...flatStepOneInFull }),
]);
/** A body as the document describes it. */
export type PatchQuoteBody = z.input<typeof patchQuoteBodySchema>;
/** A body as the server accepts it (the wizard builds one from a section's form values). */
export type PatchQuoteRequestInput = z.input<typeof patchQuoteRequestSchema>;

/**
 * Request bodies whose OpenAPI description is a stricter schema than the one the server checks them with. The
 * document is generated from the registered schema; a test holds the two to the same bodies.
 */
export const documentedRequestBodies: ReadonlyMap<z.core.$ZodType, z.core.$ZodType> = new Map<
  z.core.$ZodType,
  z.core.$ZodType
>([[patchQuoteRequestSchema, patchQuoteBodySchema]]);

/**
 * A referral e-mail carries a review link, so it goes only to an active underwriter (docs/product/permissions.md): the
 * refusal names the address the broker gave.
 */
export function notAnUnderwriterMessage(email: string): string {
  return `${email} is not an active underwriter: a review link is sent only to underwriters`;
}

/** POST /api/quotes/{id}/refer. Without addresses the e-mail goes to every active underwriter (docs/product/documents.md). */
export const referQuoteRequestSchema = z.strictObject({
  underwriterEmails: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: "Invalid email address" })),
    )
    .max(20, "At most 20 underwriter addresses")
    .optional(),
  financialOverview: financialOverviewSchema.optional(),
  expectedVersion: expectedVersionSchema.optional(),
});
export type ReferQuoteRequestInput = z.input<typeof referQuoteRequestSchema>;
export type ReferQuoteRequest = z.infer<typeof referQuoteRequestSchema>;

/** POST /api/quotes/{id}/issue: binds a QUOTED quote. */
export const issueQuoteRequestSchema = z.strictObject({ expectedVersion: expectedVersionSchema.optional() });
export type IssueQuoteRequest = z.infer<typeof issueQuoteRequestSchema>;
