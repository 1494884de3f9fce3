/**
 * Rating versions as stored: reads (with the admin who created each), the draft insert and the writes the
 * service's commands make. No rules here: which writes are allowed is the service's and the domain's decision.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { RatingVersionNaming } from "../../../domain/rating/version";
import type { Database } from "../../db/client";
import { quotes, type RatingVersionRow, ratingVersions, users } from "../../db/schema";

export type VersionWithCreator = { version: RatingVersionRow; creator: { id: string; name: string } | null };
export type NewRatingVersionRow = typeof ratingVersions.$inferInsert;
export type RatingVersionChanges = Partial<NewRatingVersionRow>;

function selectVersions(db: Database) {
  return db
    .select({ version: ratingVersions, creator: { id: users.id, name: users.name } })
    .from(ratingVersions)
    .leftJoin(users, eq(users.id, ratingVersions.createdBy));
}

/** Every version (or one product's), by product, latest period first. */
export async function listVersionsWithCreator(db: Database, productCode?: string): Promise<VersionWithCreator[]> {
  return selectVersions(db)
    .where(productCode ? eq(ratingVersions.productCode, productCode) : undefined)
    .orderBy(asc(ratingVersions.productCode), desc(ratingVersions.effectiveFrom), desc(ratingVersions.createdAt));
}

export async function findVersionWithCreator(db: Database, id: string): Promise<VersionWithCreator | undefined> {
  const [row] = await selectVersions(db).where(eq(ratingVersions.id, id)).limit(1);
  return row;
}

export async function findVersion(db: Database, id: string): Promise<RatingVersionRow | undefined> {
  const [row] = await db.select().from(ratingVersions).where(eq(ratingVersions.id, id)).limit(1);
  return row;
}

/** A version's name and its configuration's version number, as the documents name it. */
export async function findVersionNaming(db: Database, id: string): Promise<RatingVersionNaming | undefined> {
  const [row] = await db
    .select({ name: ratingVersions.name, version: sql<string | null>`${ratingVersions.json}->>'version'` })
    .from(ratingVersions)
    .where(eq(ratingVersions.id, id))
    .limit(1);
  return row;
}

/** The version, locked until the transaction ends, so no other edit or publication interleaves with this one. */
export async function findVersionForUpdate(tx: Database, id: string): Promise<RatingVersionRow | undefined> {
  const [row] = await tx.select().from(ratingVersions).where(eq(ratingVersions.id, id)).for("update");
  return row;
}

export async function findPublishedVersions(tx: Database, productCode: string): Promise<RatingVersionRow[]> {
  return tx
    .select()
    .from(ratingVersions)
    .where(and(eq(ratingVersions.productCode, productCode), eq(ratingVersions.status, "PUBLISHED")));
}

export async function insertVersion(tx: Database, values: NewRatingVersionRow): Promise<string> {
  const [row] = await tx.insert(ratingVersions).values(values).returning({ id: ratingVersions.id });
  if (!row) throw new Error("Rating version insert returned no row");
  return row.id;
}

export async function updateVersion(tx: Database, id: string, changes: RatingVersionChanges): Promise<void> {
  await tx.update(ratingVersions).set(changes).where(eq(ratingVersions.id, id));
}

/** Serialises publications per product, so two admins publishing at once cannot both close the same period. */
export async function lockProduct(tx: Database, productCode: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rating_version:${productCode}`}))`);
}

/** A stored quote's last rating as a test case starts from it: the input rated, the total and the referrals. */
export async function findQuoteRating(db: Database, reference: string) {
  const [row] = await db
    .select({ reference: quotes.reference, totalPremium: quotes.totalPremium, ratingResult: quotes.ratingResult })
    .from(quotes)
    .where(eq(quotes.reference, reference))
    .limit(1);
  return row;
}
