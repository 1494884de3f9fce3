/**
 * Mid-term changes that need an underwriter (docs/product/life-cycle.md "Mid-term adjustments"): a broker's change
 * that refers is sent to the underwriters as a request, with the figures and reasons the broker was shown; an
 * underwriter approves it (the change is then made, as the underwriter would make it) or declines it with a note.
 * At most one request awaits a decision per policy.
 */
import { and, eq } from "drizzle-orm";
import type { PolicyChanges } from "../../../domain/quote/policy-changes";
import type { AdjustmentRequest, ChangeDecisionRequest } from "../../../domain/quote/policy-schema";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { policyChangeRequests } from "../../db/schema";
import { AppError, sqlStateOf } from "../../errors";
import { adjustPolicy, planAdjustment } from "./adjustment-service";

export { listPendingChanges } from "./change-requests";

import { findPolicyByNumber } from "./policy-view";

export const CHANGE_REQUEST_MESSAGES = {
  bindsAtOnce: "This change does not need an underwriter: make it directly",
  alreadyWaiting: "A change to this policy is already waiting for an underwriter",
  notWaiting: "This change is no longer waiting for a decision",
  notFound: "No such change request on this policy",
} as const;

/** Sends a broker's change that refers to the underwriters; nothing on the policy changes until one approves it. */
export async function referChange(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  request: AdjustmentRequest,
  now: Date,
): Promise<void> {
  const changes = request.changes as PolicyChanges;
  const plan = await planAdjustment(
    db,
    actor,
    policyNumber,
    request.effectiveDate,
    changes,
    now,
    request.expectedVersion,
  );
  if (plan.canBind) throw new AppError("POLICY_STATE_CONFLICT", CHANGE_REQUEST_MESSAGES.bindsAtOnce);
  const { quote } = plan.policy.found;
  const { charge } = plan;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(policyChangeRequests).values({
        policyId: quote.id,
        effectiveDate: charge.effectiveDate,
        changes,
        figures: {
          changeLines: plan.lines,
          referralReasons: plan.referralReasons,
          premium: charge.premium,
          taxes: charge.taxes,
          total: charge.total,
        },
        requestedBy: actor.id,
        requestedAt: now,
      });
      await recordAudit(tx, {
        at: now,
        entityType: "quote",
        action: "change_referred",
        entityId: quote.id,
        actorId: actor.id,
        details: {
          reference: quote.reference,
          policyNumber: quote.policyNumber,
          effectiveDate: charge.effectiveDate,
          changedAnswers: plan.lines.map((line) => `${line.label}: ${line.from} -> ${line.to}`),
          changeReasons: plan.referralReasons.join("; "),
        },
      });
    });
  } catch (error) {
    if (sqlStateOf(error) === "23505") {
      throw new AppError("POLICY_STATE_CONFLICT", CHANGE_REQUEST_MESSAGES.alreadyWaiting);
    }
    throw error;
  }
}

/**
 * An underwriter's decision on a waiting change. Approving makes the change as it stands on the policy now, at the
 * policy's current version (figures worked out again: a change made since may alter them, and a change that can
 * no longer be made is refused as the underwriter's own would be); declining closes it with the note.
 */
export async function decideChange(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  requestId: string,
  decision: ChangeDecisionRequest,
  now: Date,
): Promise<void> {
  const policy = await findPolicyByNumber(db, actor, policyNumber);
  if (actor.role !== "UNDERWRITER") throw new AppError("INSUFFICIENT_PERMISSIONS");
  const { quote } = policy.found;
  const [request] = await db
    .select()
    .from(policyChangeRequests)
    .where(and(eq(policyChangeRequests.id, requestId), eq(policyChangeRequests.policyId, quote.id)))
    .limit(1);
  if (!request) throw new AppError("NOT_FOUND", CHANGE_REQUEST_MESSAGES.notFound);
  if (request.status !== "REFERRED") throw new AppError("POLICY_STATE_CONFLICT", CHANGE_REQUEST_MESSAGES.notWaiting);
  // Only the request still waiting is closed: a second decision sent at the same time finds it decided.
  const close = async (tx: Database, status: "APPROVED" | "DECLINED") => {
    const closed = await tx
      .update(policyChangeRequests)
      .set({ status, decidedBy: actor.id, decidedAt: now, note: decision.note ?? null })
      .where(and(eq(policyChangeRequests.id, request.id), eq(policyChangeRequests.status, "REFERRED")))
      .returning({ id: policyChangeRequests.id });
    if (closed.length === 0) throw new AppError("POLICY_STATE_CONFLICT", CHANGE_REQUEST_MESSAGES.notWaiting);
  };
  if (decision.decision === "APPROVED") {
    await adjustPolicy(
      db,
      actor,
      policyNumber,
      {
        effectiveDate: request.effectiveDate,
        changes: request.changes as AdjustmentRequest["changes"],
        expectedVersion: quote.version,
      },
      now,
      (tx) => close(tx, "APPROVED"),
    );
    return;
  }
  await db.transaction(async (tx) => {
    await close(tx, "DECLINED");
    await recordAudit(tx, {
      at: now,
      entityType: "quote",
      action: "change_declined",
      entityId: quote.id,
      actorId: actor.id,
      details: {
        reference: quote.reference,
        policyNumber: quote.policyNumber,
        effectiveDate: request.effectiveDate,
        declineNote: decision.note ?? "",
      },
    });
  });
}
