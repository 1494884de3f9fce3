/**
 * The pure rules of docs/product/rating.md for rating versions' periods: which version rates a quote and what
 * publishing one does to the others (ADR 0005), and how a version is named. Apart from the API schemas in
 * version.ts (which re-exports all of this) so the versions list shows without zod and the rating engine.
 * Dates are ISO calendar dates ("2026-01-01"); periods are half-open: effectiveFrom <= date < effectiveTo,
 * with a null effectiveTo meaning open-ended. ISO dates compare correctly as strings.
 */
import { formatDateGb } from "../format/dates";

export const RATING_VERSION_STATUSES = ["DRAFT", "PUBLISHED"] as const;
export type RatingVersionStatus = (typeof RATING_VERSION_STATUSES)[number];

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
