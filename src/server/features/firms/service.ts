/**
 * Broker firms (docs/product/firms.md, ADMIN only): create, change, delete (not while it has brokers), and
 * placing a broker in a firm. Every change is audited in the transaction that makes it.
 */
import { eq } from "drizzle-orm";
import type { User } from "../../../domain/auth/schemas";
import {
  type BrokerFirm,
  type Firm,
  type FirmInput,
  HAND_OVER_MESSAGES,
  percentToBasisPoints,
} from "../../../domain/firms/firm";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import { announceUserChanged, forgetUserSessions } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { firms, users } from "../../db/schema";
import { AppError, sqlStateOf } from "../../errors";
import { moveHeldQuotesToFirm } from "../quotes/repository";
import { findLiveUserById, toUserResponse } from "../users/repository";
import { countLiveBrokers, findFirm, toFirmResponse } from "./repository";

type Admin = Pick<AuthUser, "id">;

function firmColumns(input: FirmInput) {
  return {
    name: input.name,
    fcaReference: input.fcaReference,
    address: input.address,
    commissionRateBasisPoints: percentToBasisPoints(input.commissionRatePercent),
  };
}

/** One firm per FCA number: the unique constraint decides, even when two administrators save at once. */
async function withUniqueReference<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlStateOf(error) === "23505") throw new AppError("CONFLICT", HAND_OVER_MESSAGES.fcaTaken);
    throw error;
  }
}

export async function createFirm(db: Database, admin: Admin, input: FirmInput, now: Date): Promise<Firm> {
  return withUniqueReference(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(firms)
        .values({ ...firmColumns(input), createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("Firm insert returned no row");
      await recordAudit(tx, {
        at: now,
        entityType: "firm",
        action: "created",
        entityId: row.id,
        actorId: admin.id,
        details: { ...input },
      });
      return toFirmResponse(row, 0);
    }),
  );
}

export async function updateFirm(db: Database, admin: Admin, id: string, input: FirmInput, now: Date): Promise<Firm> {
  return withUniqueReference(() =>
    db.transaction(async (tx) => {
      const before = await findFirm(tx, id);
      if (!before) throw new AppError("NOT_FOUND", "Firm not found");
      const [row] = await tx
        .update(firms)
        .set({ ...firmColumns(input), updatedAt: now })
        .where(eq(firms.id, id))
        .returning();
      if (!row) throw new Error("Firm update returned no row");
      await recordAudit(tx, {
        at: now,
        entityType: "firm",
        action: "updated",
        entityId: id,
        actorId: admin.id,
        details: {
          before: toFirmResponse(before, 0),
          after: { ...input },
        },
      });
      return toFirmResponse(row, await countLiveBrokers(tx, id));
    }),
  );
}

/** A firm with live brokers cannot be deleted (409); its past quotes keep their firm, so only an empty one goes. */
export async function deleteFirm(db: Database, admin: Admin, id: string, now: Date): Promise<Firm> {
  return db.transaction(async (tx) => {
    const firm = await findFirm(tx, id);
    if (!firm) throw new AppError("NOT_FOUND", "Firm not found");
    if ((await countLiveBrokers(tx, id)) > 0) throw new AppError("CONFLICT", HAND_OVER_MESSAGES.firmHasBrokers);
    try {
      await tx.delete(firms).where(eq(firms.id, id));
    } catch (error) {
      // Quotes written for the firm, or deleted brokers who were in it, keep it on record.
      if (sqlStateOf(error) === "23503") {
        throw new AppError("CONFLICT", "A firm that has written quotes cannot be deleted");
      }
      throw error;
    }
    await recordAudit(tx, {
      at: now,
      entityType: "firm",
      action: "deleted",
      entityId: id,
      actorId: admin.id,
      details: { name: firm.name, fcaReference: firm.fcaReference },
    });
    return toFirmResponse(firm, 0);
  });
}

/** Checks a broker's place in a firm: only brokers belong to firms, a lead needs one, the firm must exist. */
export async function assertBrokerFirm(db: Database, role: User["role"], place: BrokerFirm): Promise<void> {
  if (place.firmId === null) {
    if (place.isFirmLead) throw new AppError("VALIDATION_FAILED", HAND_OVER_MESSAGES.leadNeedsFirm);
    return;
  }
  if (role !== "BROKER") throw new AppError("VALIDATION_FAILED", HAND_OVER_MESSAGES.notBroker);
  if (!(await findFirm(db, place.firmId))) throw new AppError("VALIDATION_FAILED", "Firm not found");
}

/**
 * Puts a broker in a firm (or none) and says whether they lead it. The quotes and policies they hold move with them;
 * their sessions see the change at their next request.
 */
export async function changeBrokerFirm(
  db: Database,
  admin: Admin,
  id: string,
  place: BrokerFirm,
  now: Date,
): Promise<User> {
  const saved = await db.transaction(async (tx) => {
    const user = await findLiveUserById(tx, id);
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    await assertBrokerFirm(tx, user.role, place);
    const [row] = await tx
      .update(users)
      .set({ firmId: place.firmId, isFirmLead: place.isFirmLead, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error("User update returned no row");
    const quotesMoved = user.firmId === place.firmId ? 0 : await moveHeldQuotesToFirm(tx, id, place.firmId);
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "firm_changed",
      entityId: id,
      actorId: admin.id,
      details: {
        before: { firmId: user.firmId, isFirmLead: user.isFirmLead },
        after: { firmId: place.firmId, isFirmLead: place.isFirmLead },
        quotesMoved,
      },
    });
    await announceUserChanged(tx, id);
    return row;
  });
  // A cached session still holds the old firm: drop it so the next request reads the new one.
  forgetUserSessions(id);
  return toUserResponse(saved);
}
