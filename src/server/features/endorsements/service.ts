/**
 * The endorsement library (docs/product/permissions.md, ADR 0066): administrators add clauses and edit them;
 * each edit is the clause's next version and leaves the earlier ones as they were, so a quote that pinned a
 * version keeps printing it. Every change is audited in the transaction that makes it.
 */
import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import { type Clause, type ClauseEdit, type NewClause, TERMS_MESSAGES } from "../../../domain/underwriting/terms";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type EndorsementClauseRow, endorsementClauses } from "../../db/schema";
import { AppError, sqlStateOf } from "../../errors";

export function toClauseResponse(row: EndorsementClauseRow): Clause {
  return {
    id: row.id,
    code: row.code,
    version: row.version,
    title: row.title,
    wording: row.wording,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The current (highest) version of every clause, by code. */
export async function listCurrentClauses(db: Database): Promise<EndorsementClauseRow[]> {
  const latest = db
    .select({ code: endorsementClauses.code, version: max(endorsementClauses.version).as("latest") })
    .from(endorsementClauses)
    .groupBy(endorsementClauses.code)
    .as("latest");
  const rows = await db
    .select({ clause: endorsementClauses })
    .from(endorsementClauses)
    .innerJoin(latest, and(eq(latest.code, endorsementClauses.code), eq(latest.version, endorsementClauses.version)))
    .orderBy(asc(endorsementClauses.code));
  return rows.map((r) => r.clause);
}

/**
 * The clauses a rating attached, each at the version the library held when the quote was rated: the library's
 * rows never change, so the quote and the policy it becomes print the same wording for good.
 */
export async function clausesAsRated(
  db: Database,
  codes: readonly string[],
  ratedAt: Date | null,
): Promise<EndorsementClauseRow[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(endorsementClauses)
    .where(inArray(endorsementClauses.code, [...codes]))
    .orderBy(asc(endorsementClauses.code), asc(endorsementClauses.version));
  const chosen: EndorsementClauseRow[] = [];
  for (const code of codes) {
    const versions = rows.filter((row) => row.code === code);
    const asRated = versions.filter((row) => ratedAt === null || row.createdAt <= ratedAt).at(-1) ?? versions[0];
    if (asRated) chosen.push(asRated);
  }
  return chosen;
}

/**
 * A rating configuration may attach only clauses the library holds: each unknown code, with its path in the
 * saved version, for the 400 that refuses the save.
 */
export async function unknownRatingClauses(
  db: Database,
  json: Record<string, unknown>,
): Promise<{ path: string; message: string }[]> {
  const rules = Array.isArray(json.endorsementRules) ? (json.endorsementRules as { clause?: unknown }[]) : [];
  const codes = rules.map((rule) => (typeof rule?.clause === "string" ? rule.clause : ""));
  if (codes.every((code) => code === "")) return [];
  const known = new Set(
    (
      await db
        .selectDistinct({ code: endorsementClauses.code })
        .from(endorsementClauses)
        .where(inArray(endorsementClauses.code, codes))
    ).map((row) => row.code),
  );
  return codes.flatMap((code, index) =>
    code !== "" && !known.has(code)
      ? [{ path: `json.endorsementRules.${index}.clause`, message: TERMS_MESSAGES.unknownClause(code) }]
      : [],
  );
}

/** The current versions of these codes, in the order given; an unknown code is a 400 naming it. */
export async function currentClausesFor(db: Database, codes: readonly string[]): Promise<EndorsementClauseRow[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(endorsementClauses)
    .where(inArray(endorsementClauses.code, [...codes]))
    .orderBy(asc(endorsementClauses.code), desc(endorsementClauses.version));
  const current = new Map<string, EndorsementClauseRow>();
  for (const row of rows) if (!current.has(row.code)) current.set(row.code, row);
  return codes.map((code, index) => {
    const row = current.get(code);
    if (!row) {
      throw AppError.validation([{ path: `endorsements.${index}`, message: TERMS_MESSAGES.unknownClause(code) }]);
    }
    return row;
  });
}

async function latestVersion(db: Database, code: string): Promise<EndorsementClauseRow | undefined> {
  const [row] = await db
    .select()
    .from(endorsementClauses)
    .where(eq(endorsementClauses.code, code))
    .orderBy(desc(endorsementClauses.version))
    .limit(1);
  return row;
}

async function insertVersion(
  db: Database,
  admin: Pick<AuthUser, "id">,
  values: { code: string; version: number; title: string; wording: string },
  now: Date,
): Promise<EndorsementClauseRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(endorsementClauses)
        .values({ ...values, createdBy: admin.id, createdAt: now })
        .returning();
      if (!row) throw new Error("Clause insert returned no row");
      await recordAudit(tx, {
        at: now,
        entityType: "endorsement",
        action: values.version === 1 ? "created" : "updated",
        entityId: row.id,
        actorId: admin.id,
        details: { code: row.code, version: row.version, title: row.title },
      });
      return row;
    });
  } catch (error) {
    // Two administrators saving the same code (or the same next version) at once: the unique index decides.
    if (sqlStateOf(error) === "23505") throw new AppError("CONFLICT", TERMS_MESSAGES.codeTaken(values.code));
    throw error;
  }
}

/**
 * A clause version is dated by the application's clock, the same clock that dates a quote's rating, so the
 * version a quote was rated with is always the one found for it.
 */
export async function createClause(
  db: Database,
  admin: Pick<AuthUser, "id">,
  body: NewClause,
  now: Date,
): Promise<Clause> {
  if (await latestVersion(db, body.code)) throw new AppError("CONFLICT", TERMS_MESSAGES.codeTaken(body.code));
  return toClauseResponse(await insertVersion(db, admin, { ...body, version: 1 }, now));
}

export async function editClause(
  db: Database,
  admin: Pick<AuthUser, "id">,
  code: string,
  body: ClauseEdit,
  now: Date,
): Promise<Clause> {
  const latest = await latestVersion(db, code);
  if (!latest) throw new AppError("NOT_FOUND", TERMS_MESSAGES.clauseNotFound);
  return toClauseResponse(await insertVersion(db, admin, { code, version: latest.version + 1, ...body }, now));
}
