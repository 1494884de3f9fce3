/** Broker firms as stored, and the API's view of one (docs/product/firms.md). */
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { basisPointsToPercent, type Firm } from "../../../domain/firms/firm";
import type { Database } from "../../db/client";
import { type FirmRow, firms, users } from "../../db/schema";

export function toFirmResponse(firm: FirmRow, brokerCount: number): Firm {
  return {
    id: firm.id,
    name: firm.name,
    fcaReference: firm.fcaReference,
    address: firm.address,
    commissionRatePercent: basisPointsToPercent(firm.commissionRateBasisPoints),
    brokerCount,
    createdAt: firm.createdAt.toISOString(),
  };
}

/** Live brokers per firm: a deleted broker no longer counts, so a firm whose brokers all left may be deleted. */
function liveBrokerCounts(db: Database) {
  return db
    .select({ firmId: users.firmId, brokers: count().as("brokers") })
    .from(users)
    .where(and(isNull(users.deletedAt), eq(users.role, "BROKER")))
    .groupBy(users.firmId)
    .as("broker_counts");
}

export async function listFirms(db: Database): Promise<Firm[]> {
  const counts = liveBrokerCounts(db);
  const rows = await db
    .select({ firm: firms, brokers: counts.brokers })
    .from(firms)
    .leftJoin(counts, eq(counts.firmId, firms.id))
    .orderBy(asc(firms.name), asc(firms.id));
  return rows.map((row) => toFirmResponse(row.firm, Number(row.brokers ?? 0)));
}

export async function findFirm(db: Database, id: string): Promise<FirmRow | undefined> {
  const [row] = await db.select().from(firms).where(eq(firms.id, id)).limit(1);
  return row;
}

export async function countLiveBrokers(db: Database, firmId: string): Promise<number> {
  const [row] = await db
    .select({ brokers: count() })
    .from(users)
    .where(and(eq(users.firmId, firmId), isNull(users.deletedAt), eq(users.role, "BROKER")));
  return Number(row?.brokers ?? 0);
}

/** The live brokers of a firm, by name: whom its lead may hand a quote to. */
export async function listFirmBrokers(db: Database, firmId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, isFirmLead: users.isFirmLead })
    .from(users)
    .where(and(eq(users.firmId, firmId), isNull(users.deletedAt), eq(users.role, "BROKER")))
    .orderBy(asc(users.name), asc(users.id));
}
