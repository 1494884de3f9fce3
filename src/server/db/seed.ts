/**
 * First-start data (README.md). On a database with no users: the three demo users (unless SEED_DEMO=false)
 * and the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD when set. For each product (D/C-PI, PI001) with
 * no rating version at all: a PUBLISHED one effective from 2020-01-01, open-ended. Running it again changes
 * nothing.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { Role } from "../../domain/auth/schemas";
import { ratingConfigText } from "../../domain/rating/version";
import { hashPassword } from "../auth/passwords";
import type { Config } from "../config";
import type { Database } from "./client";
import { ratingVersions, users } from "./schema";
import { SEED_RATING_VERSIONS } from "./seed-rating-versions";

export interface DemoUser {
  role: Role;
  name: string;
  email: string;
  password: string;
}

/** Exact values: tests, browser tests and demos sign in with them. */
export const DEMO_USERS: readonly DemoUser[] = [
  { role: "ADMIN", name: "Ada Admin", email: "admin@example.com", password: "Admin-Demo-2026" },
  { role: "BROKER", name: "Ben Broker", email: "broker@example.com", password: "Broker-Demo-2026" },
  { role: "UNDERWRITER", name: "Uma Underwriter", email: "underwriter@example.com", password: "Underwriter-Demo-2026" },
];

export function demoUser(role: Role): DemoUser {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`No demo user for role ${role}`);
  return user;
}

export const SEED_EFFECTIVE_FROM = "2020-01-01";

export interface SeedResult {
  seeded: boolean;
  demoUsers: readonly DemoUser[];
  initialAdminEmail: string | undefined;
  ratingVersions: number;
}

export async function seedDatabase(
  db: Database,
  config: Pick<Config, "seedDemo" | "initialAdmin">,
  now: Date = new Date(),
): Promise<SeedResult> {
  // Hash outside the transaction: argon2 is slow on purpose and must not hold locks. A database that already
  // has users gets none, so every later start skips the hashing (its time and its memory) altogether.
  const [before] = await db.select({ n: count() }).from(users);
  const hasUsers = (before?.n ?? 0) > 0;
  const toCreate: { name: string; email: string; role: Role; password: string }[] = [];
  if (!hasUsers && config.initialAdmin) {
    toCreate.push({ name: "Administrator", role: "ADMIN", ...config.initialAdmin });
  }
  if (!hasUsers && config.seedDemo) {
    for (const demo of DEMO_USERS) if (!toCreate.some((u) => u.email === demo.email)) toCreate.push(demo);
  }
  const hashed = await Promise.all(
    toCreate.map(async (u) => ({
      name: u.name,
      email: u.email,
      role: u.role,
      passwordHash: await hashPassword(u.password),
    })),
  );

  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several instances on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(7042002)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    const usersSeeded = (existing?.n ?? 0) === 0;
    const created = usersSeeded && hashed.length > 0 ? await tx.insert(users).values(hashed).returning() : [];
    const [firstAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "ADMIN"))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const creator = created.find((u) => u.role === "ADMIN")?.id ?? firstAdmin?.id ?? null;
    let versions = 0;
    for (const version of SEED_RATING_VERSIONS) {
      const [already] = await tx
        .select({ n: count() })
        .from(ratingVersions)
        .where(eq(ratingVersions.productCode, version.productCode));
      if ((already?.n ?? 0) > 0) continue;
      await tx.insert(ratingVersions).values({
        name: version.name,
        notes: version.notes,
        productCode: version.productCode,
        json: version.json,
        configText: ratingConfigText(version.json),
        status: "PUBLISHED",
        effectiveFrom: SEED_EFFECTIVE_FROM,
        effectiveTo: null,
        createdBy: creator,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      });
      versions++;
    }
    return {
      seeded: usersSeeded || versions > 0,
      demoUsers: usersSeeded && config.seedDemo ? DEMO_USERS : [],
      initialAdminEmail: usersSeeded ? config.initialAdmin?.email : undefined,
      ratingVersions: versions,
    };
  });
}
