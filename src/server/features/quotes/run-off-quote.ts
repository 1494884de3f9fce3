/**
 * POST /api/policies/{policyNumber}/run-off (docs/product/life-cycle.md "Run-off"): a DRAFT run-off quote from a
 * policy in force, owned by the policy's broker: the policy's answers as they stand after every adjustment, its
 * retroactive date kept, starting on the day the firm stops trading, for 1 to 12 years, priced as the policy's last
 * annual base premium times the run-off factor of the version effective on that day. `run_off_of_id` is unique, so
 * a policy goes into run-off once; a second request hears 409.
 */
import { eq } from "drizzle-orm";
import { lastAnnualBasePremium, RUN_OFF_MESSAGES, runOffStartProblem } from "../../../domain/quote/run-off";
import type { RunOffRequest } from "../../../domain/quote/run-off-schema";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type NewQuoteRow, quotes } from "../../db/schema";
import { AppError } from "../../errors";
import { currentAnswersOf } from "./policy-transactions";
import { openPolicyForChange } from "./policy-view";
import { insertQuoteFromPolicy, policyCopyValues } from "./renew-quote";
import { type QuoteWithBroker, renewedPolicyRow } from "./repository";

async function findRunOffOf(db: Database, policyId: string) {
  const [row] = await db
    .select({ reference: quotes.reference })
    .from(quotes)
    .where(eq(quotes.runOffOfId, policyId))
    .limit(1);
  return row;
}

export async function runOffQuote(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  request: RunOffRequest,
  now: Date,
): Promise<QuoteWithBroker> {
  const { policy, quote, transactions } = await openPolicyForChange(
    db,
    actor,
    policyNumber,
    now,
    RUN_OFF_MESSAGES.notInForce,
  );
  const existing = await findRunOffOf(db, quote.id);
  if (existing) throw new AppError("POLICY_STATE_CONFLICT", RUN_OFF_MESSAGES.alreadyStarted(existing.reference));
  const problem = runOffStartProblem(quote.inceptionDate, request.startDate);
  if (problem !== null) throw AppError.validation([{ path: "startDate", message: problem }]);

  const annualAfter = transactions
    .filter((transaction) => transaction.kind === "ADJUSTMENT")
    .map((transaction) => transaction.details.annualAfter)
    .filter((amount): amount is number => typeof amount === "number");
  const values = {
    ...policyCopyValues(currentAnswersOf(quote, transactions), request.startDate, now),
    runOffYears: request.years,
    runOffOfId: quote.id,
    runOffAnnualPremium: lastAnnualBasePremium(quote.basePremium ?? 0, annualAfter),
  } satisfies NewQuoteRow;
  // Rated as any stored quote: the version effective on the run-off's start, its referral rules and backdating.
  const runOff = await insertQuoteFromPolicy(db, actor, now, {
    values,
    createdDetails: { runOffOf: quote.policyNumber, runOffYears: request.years },
    policyId: quote.id,
    policyEntry: (row) => ({
      action: "run_off_quoted",
      details: {
        reference: quote.reference,
        policyNumber: quote.policyNumber,
        runOff: row.reference,
        years: request.years,
      },
    }),
    // Another request put the policy into run-off between our check and our insert: the unique column kept one.
    taken: async () => {
      const winner = await findRunOffOf(db, quote.id);
      return winner
        ? new AppError("POLICY_STATE_CONFLICT", RUN_OFF_MESSAGES.alreadyStarted(winner.reference))
        : undefined;
    },
  });
  return { quote: runOff, broker: policy.found.broker, decidedBy: null, renewalOf: renewedPolicyRow(quote) };
}
