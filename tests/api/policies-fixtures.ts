/**
 * Issued policies for the API's tests of policies, renewals, cancellations and adjustments: the app's clock moved
 * to a London day, a policy's address, and a policy issued through the API as a broker issues one.
 */
import { expect } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { addDays } from "../../src/domain/quote/renewal";
import { signInNewUser } from "../support/auth";
import type { TestContext } from "../support/harness";
import { call, createCompleteQuote, patchQuote } from "./quotes-fixtures";

/** Moves the app's clock to midday (UTC) of London day `date`: the same calendar day in London all year. */
export function setToday(ctx: TestContext, date: string): void {
  ctx.clock.reset();
  ctx.clock.advance(Date.parse(`${date}T12:00:00Z`) - ctx.clock.now().getTime());
}

/** A policy's address in the API, its number's slashes encoded, with an optional tail ("/cancellation"). */
export function policyUrl(policyNumber: string, tail = ""): string {
  return `/api/policies/${encodeURIComponent(policyNumber)}${tail}`;
}

/** A policy issued today for a new broker, starting `daysAhead` days from today, with a declaration if given. */
export async function issuedPolicy(ctx: TestContext, daysAhead = 10, declaration?: Record<string, unknown>) {
  const broker = await signInNewUser(ctx.app, ctx.db, "BROKER");
  const inceptionDate = addDays(todayInLondon(ctx.clock.now()), daysAhead);
  const quote = await createCompleteQuote(ctx.app, broker.cookie, {
    stepOne: { inceptionDate },
    ...(declaration ? { declaration } : {}),
  });
  await patchQuote(ctx.app, broker.cookie, quote.id, { status: "QUOTED" });
  const issued = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${quote.id}/issue`, {});
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const policy = issued.body.data;
  return { broker, policy, policyNumber: policy.policyNumber ?? "", inceptionDate };
}
