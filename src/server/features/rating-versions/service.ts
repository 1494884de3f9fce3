/**
 * Rating versions (docs/product/permissions.md and docs/product/rating.md): create a draft, edit a draft, publish. The configuration is validated by
 * the rating engine itself (the request schemas), published versions are immutable, and publishing closes the
 * periods it supersedes in the same transaction (the rule is the domain's `planPublication`, ADR 0005). Every
 * change is audited in the transaction that makes it.
 */

import { penceToMoneyString } from "../../../domain/money";
import { defaultRatingInput, RATING_INPUT_FIELD_NAMES, type RatingInput } from "../../../domain/rating/input";
import { failingTestCasesMessage, type RatingTestCase, runTestCases } from "../../../domain/rating/test-cases";
import {
  type CreateRatingVersionRequest,
  isValidPeriod,
  planPublication,
  type RatingVersion,
  ratingConfigText,
  type UpdateRatingVersionRequest,
} from "../../../domain/rating/version";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { unknownRatingClauses } from "../endorsements/service";
import { announcePublication, compiledRaterFor, forgetPublishedVersions } from "./effective-service";
import {
  findPublishedVersions,
  findQuoteRating,
  findVersion,
  findVersionForUpdate,
  findVersionWithCreator,
  insertVersion,
  listVersionsWithCreator,
  lockProduct,
  type RatingVersionChanges,
  updateVersion,
  type VersionWithCreator,
} from "./repository";

const NOT_FOUND = "Rating version not found";

type Actor = Pick<AuthUser, "id">;

export function toRatingVersionResponse({ version, creator }: VersionWithCreator): RatingVersion {
  return {
    id: version.id,
    name: version.name,
    notes: version.notes,
    json: version.json,
    configText: version.configText ?? ratingConfigText(version.json),
    published: version.status === "PUBLISHED",
    status: version.status,
    productCode: version.productCode,
    effectiveFrom: version.effectiveFrom,
    effectiveTo: version.effectiveTo,
    createdBy: creator?.id ? { id: creator.id, name: creator.name } : null,
    createdAt: version.createdAt.toISOString(),
    publishedAt: version.publishedAt?.toISOString() ?? null,
    testCases: version.testCases,
  };
}

function productCodeOf(json: Record<string, unknown>): string {
  const productCode = json.productCode;
  // The request schema ran the engine's validation, which requires a product code.
  if (typeof productCode !== "string") throw new AppError("BAD_REQUEST", "The configuration has no productCode");
  return productCode;
}

export async function listRatingVersions(db: Database, productCode?: string): Promise<RatingVersion[]> {
  return (await listVersionsWithCreator(db, productCode)).map(toRatingVersionResponse);
}

export async function getRatingVersion(db: Database, id: string): Promise<RatingVersion> {
  const found = await findVersionWithCreator(db, id);
  if (!found) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toRatingVersionResponse(found);
}

export async function createDraft(
  db: Database,
  admin: Actor,
  request: CreateRatingVersionRequest,
  now: Date,
): Promise<RatingVersion> {
  const { name, notes, json, effectiveFrom, effectiveTo, testCases } = request;
  const productCode = productCodeOf(json);
  await refuseUnknownClauses(db, json);
  const id = await db.transaction(async (tx) => {
    const id = await insertVersion(tx, {
      name,
      notes: notes ?? null,
      productCode,
      json,
      configText: ratingConfigText(json),
      status: "DRAFT",
      effectiveFrom,
      effectiveTo,
      testCases,
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      at: now,
      entityType: "rating_version",
      action: "created",
      entityId: id,
      actorId: admin.id,
      details: { name, productCode, effectiveFrom, effectiveTo, testCases: testCases.length },
    });
    return id;
  });
  return getRatingVersion(db, id);
}

/** A configuration attaching a clause the endorsement library does not hold is refused, naming the clause. */
async function refuseUnknownClauses(db: Database, json: Record<string, unknown>): Promise<void> {
  const issues = await unknownRatingClauses(db, json);
  if (issues.length > 0) throw AppError.validation(issues);
}

/** Edits a draft; published versions are immutable. */
export async function updateDraft(
  db: Database,
  admin: Actor,
  id: string,
  update: UpdateRatingVersionRequest,
  now: Date,
): Promise<RatingVersion> {
  await db.transaction(async (tx) => {
    const current = await findVersionForUpdate(tx, id);
    if (!current) throw new AppError("NOT_FOUND", NOT_FOUND);
    if (current.status === "PUBLISHED") {
      throw new AppError("RATING_VERSION_PUBLISHED");
    }
    const period = {
      effectiveFrom: update.effectiveFrom ?? current.effectiveFrom,
      effectiveTo: update.effectiveTo !== undefined ? update.effectiveTo : current.effectiveTo,
    };
    if (!isValidPeriod(period)) {
      throw AppError.validation([{ path: "effectiveTo", message: "Effective to must be after effective from" }]);
    }
    const changes: RatingVersionChanges = {};
    if (update.name !== undefined) changes.name = update.name;
    if (update.notes !== undefined) changes.notes = update.notes;
    if (update.json !== undefined) {
      await refuseUnknownClauses(tx, update.json);
      changes.json = update.json;
      changes.configText = ratingConfigText(update.json);
      changes.productCode = productCodeOf(update.json);
    }
    if (update.effectiveFrom !== undefined) changes.effectiveFrom = update.effectiveFrom;
    if (update.effectiveTo !== undefined) changes.effectiveTo = update.effectiveTo;
    if (update.testCases !== undefined) changes.testCases = update.testCases;
    await updateVersion(tx, id, { ...changes, updatedAt: now });
    await recordAudit(tx, {
      at: now,
      entityType: "rating_version",
      action: "updated",
      entityId: id,
      actorId: admin.id,
      // The fields the admin sent: productCode and configText follow from json.
      details: {
        fields: Object.keys(changes).filter((field) => field !== "productCode" && field !== "configText"),
      },
    });
  });
  return getRatingVersion(db, id);
}

/** Publishes a draft, closing the period of every version it supersedes. */
export async function publishVersion(db: Database, admin: Actor, id: string, now: Date): Promise<RatingVersion> {
  await db.transaction(async (tx) => {
    const draft = await findVersion(tx, id);
    if (!draft) throw new AppError("NOT_FOUND", NOT_FOUND);
    await lockProduct(tx, draft.productCode);
    const current = await findVersionForUpdate(tx, id);
    if (!current) throw new AppError("NOT_FOUND", NOT_FOUND);
    if (current.status === "PUBLISHED") {
      throw new AppError("RATING_VERSION_PUBLISHED", "Rating version is already published");
    }
    // The configuration was validated when saved; compiling again proves this engine accepts it and warms
    // the rater cache before the first quote needs it.
    const rater = compiledRaterFor({ ...current, status: "DRAFT" });
    // docs/product/rating.md: a version whose own test cases fail is not published.
    const failing = failingTestCasesMessage(runTestCases(rater, current.testCases));
    if (failing) throw new AppError("RATING_TEST_CASES_FAILING", failing);
    const published = await findPublishedVersions(tx, current.productCode);
    const plan = planPublication(published, current);
    if (!plan.ok) throw new AppError("EFFECTIVE_PERIOD_CONFLICT", plan.message);
    const closed: { id: string; name: string; effectiveTo: { from: string | null; to: string } }[] = [];
    for (const closure of plan.closures) {
      const previous = published.find((v) => v.id === closure.id);
      await updateVersion(tx, closure.id, { effectiveTo: closure.effectiveTo, updatedAt: now });
      const change = { from: previous?.effectiveTo ?? null, to: closure.effectiveTo };
      closed.push({ id: closure.id, name: previous?.name ?? "", effectiveTo: change });
      await recordAudit(tx, {
        at: now,
        entityType: "rating_version",
        action: "updated",
        entityId: closure.id,
        actorId: admin.id,
        details: { effectiveTo: change, supersededBy: id },
      });
    }
    await updateVersion(tx, id, { status: "PUBLISHED", publishedAt: now, updatedAt: now });
    await recordAudit(tx, {
      at: now,
      entityType: "rating_version",
      action: "published",
      entityId: id,
      actorId: admin.id,
      details: {
        name: current.name,
        productCode: current.productCode,
        effectiveFrom: current.effectiveFrom,
        effectiveTo: current.effectiveTo,
        closed,
      },
    });
    await announcePublication(tx);
  });
  forgetPublishedVersions();
  return getRatingVersion(db, id);
}

/**
 * 'Add case from quote' (docs/product/rating.md): the stored quote's last rating as a test case named after its
 * reference: the input it was rated with (a field the engine gained since takes its default), its current total
 * premium and the referral codes that rating raised.
 */
export async function testCaseFromQuote(db: Database, reference: string): Promise<RatingTestCase> {
  const quote = await findQuoteRating(db, reference.trim().toUpperCase());
  if (!quote) throw new AppError("QUOTE_NOT_FOUND");
  if (quote.totalPremium === null || !quote.ratingResult) {
    throw new AppError("QUOTE_NOT_RATED", `Quote ${quote.reference} has not been rated yet`);
  }
  const stored = quote.ratingResult.input;
  const defaults = defaultRatingInput();
  const input = Object.fromEntries(
    RATING_INPUT_FIELD_NAMES.map((name) => [name, stored[name] ?? defaults[name]]),
  ) as RatingInput;
  return {
    name: quote.reference,
    input,
    expectedTotal: penceToMoneyString(quote.totalPremium),
    expectedReferrals: [...new Set(quote.ratingResult.referralHits.map((hit) => hit.code))].sort(),
    expectedEndorsements: [...new Set(quote.ratingResult.endorsements ?? [])].sort(),
  };
}
