/** A user with two-factor sign-in on, enrolled through Account as a user would (docs/product/permissions.md). */
import { expect } from "vitest";
import type { Role } from "../../src/domain/auth/schemas";
import { totpCodeAt } from "../../src/server/auth/totp";
import { type CreatedTestUser, createTestUser, signIn } from "./auth";
import type { TestContext } from "./harness";

/** One authenticator time step: a code of a later step is needed once one of this step was used. */
export const TOTP_STEP_MS = 30_000;

export interface EnrolledTestUser extends CreatedTestUser {
  cookie: string;
  secret: string;
  uri: string;
  recoveryCodes: string[];
}

/** Enrols a fresh user through Account; the enrolment's code is spent, so the clock moves on one step. */
export async function enrolledTestUser(ctx: TestContext, role: Role = "UNDERWRITER"): Promise<EnrolledTestUser> {
  const created = await createTestUser(ctx.db, { role });
  const cookie = await signIn(ctx.app, created.credentials);
  const post = (url: string, payload?: object) => ctx.app.inject({ method: "POST", url, payload, headers: { cookie } });
  const started = await post("/api/me/two-factor/enrolment");
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri } = started.json().data as { secret: string; uri: string };
  const confirmed = await post("/api/me/two-factor/enrolment/confirm", { code: totpCodeAt(secret, ctx.clock.now()) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json().data as { recoveryCodes: string[] };
  ctx.clock.advance(TOTP_STEP_MS);
  return { ...created, cookie, secret, uri, recoveryCodes };
}
