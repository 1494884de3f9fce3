/**
 * Rating versions: the API schemas of docs/product/permissions.md's /api/rating/versions calls and the pure rules of
 * docs/product/rating.md for which version rates a quote and what publishing one does to the others (ADR 0005).
 * Dates are ISO calendar dates ("2026-01-01"); periods are half-open: effectiveFrom <= date < effectiveTo,
 * with a null effectiveTo meaning open-ended. ISO dates compare correctly as strings.
 */
import { z } from "zod";
import { formatDateGb } from "../format/dates";
import { compileRatingConfig } from "./compile";
import { hasRequiredConfigKeys, INVALID_RATING_CONFIG_MESSAGE, parseRatingConfigText } from "./config-schema";
import { defaultRatingInput, type RatingInput } from "./input";
import { ratingTestCaseSchema, ratingTestCasesSchema } from "./test-cases";

export const RATING_VERSION_STATUSES = ["DRAFT", "PUBLISHED"] as const;
export type RatingVersionStatus = (typeof RATING_VERSION_STATUSES)[number];

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

/**
 * The configuration as text, in its author's key order (a parsed object keeps it; the database's jsonb does
 * not), laid out as the editor shows it.
 */
export function ratingConfigText(json: Record<string, unknown>): string {
  return JSON.stringify(json, null, 2);
}

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

/** A rating version as a reader knows it: what its administrator named it and its configuration's version number. */
export interface RatingVersionNaming {
  name: string;
  /** The configuration's `version` ("1.0.0"); null when it has none. */
  version: string | null;
}

/**
 * How documents and the audit log name a rating version: its name, and its version number where the name does
 * not already say it ("D/C-PI 1.0.0"; "Spring rates, version 1.1.0"). Never its id, which means nothing to a reader.
 */
export function ratingVersionTitle({ name, version }: RatingVersionNaming): string {
  const trimmed = name.trim();
  if (!version) return trimmed;
  const words = trimmed.split(/[\s,()]+/);
  return words.includes(version) || words.includes(`v${version}`) ? trimmed : `${trimmed}, version ${version}`;
}

export interface EffectivePeriod {
  effectiveFrom: string;
  /** null: open-ended */
  effectiveTo: string | null;
}

/** Whether a period is non-empty (effectiveTo, when set, is after effectiveFrom). */
export function isValidPeriod(period: EffectivePeriod): boolean {
  return period.effectiveTo === null || period.effectiveTo > period.effectiveFrom;
}

/** effectiveFrom <= date < effectiveTo (null = open). */
export function periodContains(period: EffectivePeriod, date: string): boolean {
  return period.effectiveFrom <= date && (period.effectiveTo === null || date < period.effectiveTo);
}

function periodsOverlap(a: EffectivePeriod, b: EffectivePeriod): boolean {
  return (
    (a.effectiveTo === null || b.effectiveFrom < a.effectiveTo) &&
    (b.effectiveTo === null || a.effectiveFrom < b.effectiveTo)
  );
}

export interface VersionForSelection extends EffectivePeriod {
  id: string;
  productCode: string;
  status: RatingVersionStatus;
  /** ISO date-time; breaks a tie between overlapping published versions (which publishing prevents). */
  publishedAt?: string | null;
}

/**
 * docs/product/rating.md: the version that rates a quote is the PUBLISHED one for its product whose period contains
 * the inception date. Undefined when there is none (the server answers that no rating is available).
 */
export function selectEffectiveVersion<T extends VersionForSelection>(
  versions: readonly T[],
  productCode: string,
  inceptionDate: string,
): T | undefined {
  let chosen: T | undefined;
  for (const version of versions) {
    if (version.status !== "PUBLISHED" || version.productCode !== productCode) continue;
    if (!periodContains(version, inceptionDate)) continue;
    const later =
      chosen === undefined ||
      version.effectiveFrom > chosen.effectiveFrom ||
      (version.effectiveFrom === chosen.effectiveFrom && (version.publishedAt ?? "") > (chosen.publishedAt ?? ""));
    if (later) chosen = version;
  }
  return chosen;
}

export interface PublishedPeriod extends EffectivePeriod {
  id: string;
  name?: string;
}

export type PublicationPlan =
  | { ok: true; closures: { id: string; effectiveTo: string }[] }
  | { ok: false; message: string };

function describeVersion(version: PublishedPeriod): string {
  const label = version.name ? `"${version.name}"` : version.id;
  return `${label} (${version.effectiveFrom} to ${version.effectiveTo ?? "open"})`;
}

/**
 * What publishing `draft` does to the product's PUBLISHED versions (ADR 0005). A new version supersedes
 * from its effectiveFrom: each published version that started earlier and is still running then is closed
 * on that date. Refused, with a message for the administrator, when that cannot be done without rewriting
 * history or leaving a hole:
 * - the draft starts on or before a published version it overlaps (that version's period would vanish or
 *   be cut from the front; end the draft on or before the other's start instead);
 * - the draft ends while a published version that started earlier would still be running (it would need
 *   to resume afterwards; leave the draft open-ended or end it no earlier than the other).
 */
export function planPublication(published: readonly PublishedPeriod[], draft: EffectivePeriod): PublicationPlan {
  if (!isValidPeriod(draft)) return { ok: false, message: "Effective to must be after effective from" };
  const closures: { id: string; effectiveTo: string }[] = [];
  const ordered = [...published].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  for (const version of ordered) {
    if (!periodsOverlap(version, draft)) continue;
    if (version.effectiveFrom >= draft.effectiveFrom) {
      return {
        ok: false,
        message: `Overlaps the published version ${describeVersion(version)}: end this version on or before ${version.effectiveFrom}, or start it later`,
      };
    }
    const runsPastDraft =
      draft.effectiveTo !== null && (version.effectiveTo === null || version.effectiveTo > draft.effectiveTo);
    if (runsPastDraft) {
      return {
        ok: false,
        message: `Falls inside the published version ${describeVersion(version)}: leave this version open-ended or end it on or after ${version.effectiveTo ?? "that version's end"}`,
      };
    }
    closures.push({ id: version.id, effectiveTo: draft.effectiveFrom });
  }
  return { ok: true, closures };
}

export interface DraftToPublish extends EffectivePeriod {
  name: string;
  productCode: string;
}

/**
 * What the publish confirmation says, from the same plan the server follows: the version, its effective
 * date, and the published version(s) whose period it closes (or why the server will refuse). Publishing
 * cannot be undone, so the administrator reads this before confirming.
 */
export function publicationConfirmation(
  versions: readonly (PublishedPeriod & { name: string; status: RatingVersionStatus; productCode: string })[],
  draft: DraftToPublish,
): string {
  const published = versions.filter((v) => v.status === "PUBLISHED" && v.productCode === draft.productCode);
  const period = draft.effectiveTo
    ? `effective from ${formatDateGb(draft.effectiveFrom)} to ${formatDateGb(draft.effectiveTo)}`
    : `effective from ${formatDateGb(draft.effectiveFrom)}`;
  const opening = `Publish "${draft.name}" (${draft.productCode}), ${period}?`;
  const plan = planPublication(published, draft);
  if (!plan.ok) return `${opening} It cannot be published as it is: ${plan.message}.`;
  const closed = plan.closures.map((closure) => {
    const version = published.find((v) => v.id === closure.id);
    return `"${version?.name ?? closure.id}" (effective from ${formatDateGb(version?.effectiveFrom)})`;
  });
  const effect =
    closed.length === 0
      ? "It closes no published version's period."
      : `It closes the period of ${closed.join(" and ")} on ${formatDateGb(draft.effectiveFrom)}.`;
  return `${opening} ${effect} A published version cannot be changed or withdrawn.`;
}

/** docs/product/screens.md and docs/product/rating.md: the industries the admin's Test Rating offers. */
export const TEST_INDUSTRIES = ["technology", "restaurant", "consultant", "construction"] as const;
export type TestIndustry = (typeof TEST_INDUSTRIES)[number];

/** docs/product/rating.md: the Test Rating risk's defaults. */
export const TEST_RISK_DEFAULTS = {
  turnover: 500_000,
  industry: "technology",
  sumInsured: 2_000_000,
  claimsLast3Yrs: 0,
  employees: 15,
} as const satisfies TestRatingRisk;

export const testRatingRiskSchema = z.strictObject({
  turnover: z.number().min(0, "Turnover must be 0 or more").max(1e12),
  industry: z.enum(TEST_INDUSTRIES),
  sumInsured: z.number().min(0, "Sum insured must be 0 or more").max(1e12),
  claimsLast3Yrs: z.number().int("Claims must be a whole number").min(0, "Claims must be 0 or more").max(1_000),
  employees: z.number().int("Employees must be a whole number").min(0, "Employees must be 0 or more").max(1e7),
});
export type TestRatingRisk = z.infer<typeof testRatingRiskSchema>;

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
