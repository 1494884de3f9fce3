/** Signing in through the real API, and users made for a test. */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Role } from "../../src/domain/auth/schemas";
import { hashPassword } from "../../src/server/auth/passwords";
import type { Database } from "../../src/server/db/client";
import { type UserRow, users } from "../../src/server/db/schema";
import { demoUser } from "../../src/server/db/seed";

export interface Credentials {
  email: string;
  password: string;
}

/** The `cookie` request header from a response's set-cookie (the session cookie only). */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = header.find((c) => c.startsWith("pqe_session="));
  if (!session) throw new Error(`No session cookie was set (set-cookie: ${JSON.stringify(setCookie)})`);
  return session.split(";")[0] ?? "";
}

/**
 * Signs in through POST /api/auth/login and returns the `cookie` header to send on later requests.
 * A role signs in as that role's demo user (README.md); credentials sign in as anyone.
 */
export async function signIn(app: FastifyInstance, who: Role | Credentials): Promise<string> {
  const credentials = typeof who === "string" ? demoUser(who) : who;
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: credentials.email, password: credentials.password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in as ${credentials.email} failed: ${response.statusCode} ${response.body}`);
  }
  return sessionCookieFrom(response.headers["set-cookie"]);
}

export interface CreatedTestUser {
  user: UserRow;
  password: string;
  credentials: Credentials;
}

/** Inserts a user straight into the database (unique e-mail per call). */
export async function createTestUser(
  db: Database,
  fields: { role?: Role; name?: string; email?: string; password?: string } = {},
): Promise<CreatedTestUser> {
  const suffix = randomBytes(4).toString("hex");
  const role = fields.role ?? "BROKER";
  const password = fields.password ?? `Test-Password-${suffix}`;
  const email = (fields.email ?? `${role.toLowerCase()}-${suffix}@example.test`).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({ name: fields.name ?? `Test ${role} ${suffix}`, email, role, passwordHash: await hashPassword(password) })
    .returning();
  if (!user) throw new Error("User insert returned no row");
  return { user, password, credentials: { email, password } };
}

/** A fresh user of `role`, signed in: for tests that need a second broker (ownership) or a user to delete. */
export async function signInNewUser(
  app: FastifyInstance,
  db: Database,
  role: Role,
  fields: { name?: string; email?: string } = {},
): Promise<CreatedTestUser & { cookie: string }> {
  const created = await createTestUser(db, { role, ...fields });
  return { ...created, cookie: await signIn(app, created.credentials) };
}
