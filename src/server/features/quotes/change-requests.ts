/**
 * The changes waiting for an underwriter as the database holds them: the one waiting on a policy, as its screen
 * shows it, and every one waiting, for the underwriters' queue.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { penceToMoneyString } from "../../../domain/money";
import type { PendingPolicyChange, PolicyView } from "../../../domain/quote/policy-schema";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type PolicyChangeRequestRow, policyChangeRequests, quotes, users } from "../../db/schema";

async function findWaitingRequest(db: Database, policyId: string): Promise<PolicyChangeRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(policyChangeRequests)
    .where(and(eq(policyChangeRequests.policyId, policyId), eq(policyChangeRequests.status, "REFERRED")))
    .limit(1);
  return row;
}

/** The change waiting on a policy, as its screen shows it. */
export async function pendingChangeOf(
  db: Database,
  actor: { role: AuthUser["role"] },
  policyId: string,
): Promise<PolicyView["pendingChange"]> {
  const request = await findWaitingRequest(db, policyId);
  if (!request) return null;
  const [requester] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, request.requestedBy));
  const figures = request.figures as {
    changeLines?: { label: string; from: string; to: string }[];
    referralReasons?: string[];
    premium?: number;
    taxes?: number;
    total?: number;
  };
  return {
    id: request.id,
    effectiveDate: request.effectiveDate,
    changes: figures.changeLines ?? [],
    referralReasons: figures.referralReasons ?? [],
    premium: penceToMoneyString(figures.premium ?? 0),
    taxes: penceToMoneyString(figures.taxes ?? 0),
    total: penceToMoneyString(figures.total ?? 0),
    requestedBy: requester ?? null,
    requestedAt: request.requestedAt.toISOString(),
    canDecide: actor.role === "UNDERWRITER",
  };
}

/** Every change waiting for an underwriter, the longest waiting first. */
export async function listPendingChanges(db: Database): Promise<PendingPolicyChange[]> {
  const rows = await db
    .select({
      id: policyChangeRequests.id,
      policyNumber: quotes.policyNumber,
      insuredName: quotes.proposerName,
      effectiveDate: policyChangeRequests.effectiveDate,
      figures: policyChangeRequests.figures,
      requestedAt: policyChangeRequests.requestedAt,
      requestedBy: { name: users.name, email: users.email },
    })
    .from(policyChangeRequests)
    .innerJoin(quotes, eq(quotes.id, policyChangeRequests.policyId))
    .leftJoin(users, eq(users.id, policyChangeRequests.requestedBy))
    .where(sql`${policyChangeRequests.status} = 'REFERRED'`)
    .orderBy(asc(policyChangeRequests.requestedAt), asc(policyChangeRequests.id));
  return rows.map((row) => {
    const figures = row.figures as { referralReasons?: string[]; total?: number };
    return {
      id: row.id,
      policyNumber: row.policyNumber ?? "",
      insuredName: row.insuredName,
      effectiveDate: row.effectiveDate,
      referralReasons: figures.referralReasons ?? [],
      total: penceToMoneyString(figures.total ?? 0),
      requestedBy: row.requestedBy,
      requestedAt: row.requestedAt.toISOString(),
    };
  });
}
