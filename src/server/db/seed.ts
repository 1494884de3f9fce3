/**
 * First-start data (README.md). On a database with no users: the demo users (unless SEED_DEMO=false)
 * and the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD when set. For each product (D/C-PI, PI001) with
 * no rating version at all: a PUBLISHED one effective from 2020-01-01, open-ended. Running it again changes
 * nothing.
 */
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { passwordGuessing } from "../../domain/auth/password-guessing";
import { newPasswordProblem } from "../../domain/auth/password-rule";
import type { Role } from "../../domain/auth/schemas";
import { ratingConfigText } from "../../domain/rating/version";
import type { Authority } from "../../domain/underwriting/authority";
import { hashPassword } from "../auth/passwords";
import { initialiseTwoFactorPolicy } from "../auth/two-factor-policy";
import type { Config } from "../config";
import type { Database } from "./client";
import { endorsementClauses, firms, ratingVersions, users } from "./schema";
import { SEED_CLAUSES } from "./seed-endorsements";
import { SEED_RATING_VERSIONS } from "./seed-rating-versions";

export interface DemoUser {
  role: Role;
  name: string;
  email: string;
  password: string;
  /** An underwriter's authority; none is full authority. */
  authority?: Authority;
}

/**
 * The junior underwriter's authority (docs/product/permissions.md "Authority"): a smaller limit and premium, every
 * seeded referral except the claims-related ones, and a narrower counter range.
 */
export const JUNIOR_AUTHORITY: Authority = {
  maxCoverLimit: 1_000_000,
  maxGrossPremium: 500_000,
  clearableReferralCodes: [
    "HIGH_SUM_INSURED",
    "MATERIAL_FACTS",
    "NON_UK_WORK",
    "NON_UK_JURISDICTION",
    "TURNOVER_GROWTH",
    "TURNOVER_ABOVE_2M",
    "COVER_LIMIT_ABOVE_2M",
    "SPECIAL_AREA_WORK",
    "WAIVED_RIGHTS_OF_RECOURSE",
    "SUBCONTRACTOR_INSURANCE_NOT_CONFIRMED",
  ],
  counterMin: 0.95,
  counterMax: 1.05,
};

/** Exact values: tests, browser tests and demos sign in with them. The first of each role is its demo user. */
export const DEMO_USERS: readonly DemoUser[] = [
  { role: "ADMIN", name: "Ada Admin", email: "admin@example.com", password: "Admin-Demo-2026" },
  { role: "BROKER", name: "Ben Broker", email: "broker@example.com", password: "Broker-Demo-2026" },
  { role: "UNDERWRITER", name: "Uma Underwriter", email: "underwriter@example.com", password: "Underwriter-Demo-2026" },
  {
    role: "UNDERWRITER",
    name: "Sam Junior-Underwriter",
    email: "junior.underwriter@example.com",
    password: "Junior-Underwriter-Demo-2026",
    authority: JUNIOR_AUTHORITY,
  },
];

/**
 * The demo broker's firm (docs/product/firms.md), seeded with the demo users only: the demo broker leads it, so
 * the README's demo shows a firm's quotes. Its FCA number is a made-up one in the register's format.
 */
export const DEMO_FIRM = {
  name: "Demo Broking Ltd",
  fcaReference: "999001",
  address: "1 Demo Street, London EC1A 1AA",
  commissionRateBasisPoints: 1500,
} as const;

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

const INITIAL_ADMIN_NAME = "Administrator";

export async function seedDatabase(
  db: Database,
  config: Pick<Config, "seedDemo" | "initialAdmin">,
  now: Date = new Date(),
): Promise<SeedResult> {
  // Hash outside the transaction: argon2 is slow on purpose and must not hold locks. A database that already
  // has users gets none, so every later start skips the hashing (its time and its memory) altogether.
  const [before] = await db.select({ n: count() }).from(users);
  const hasUsers = (before?.n ?? 0) > 0;
  const toCreate: { name: string; email: string; role: Role; password: string; authority?: Authority }[] = [];
  if (!hasUsers && config.initialAdmin) {
    // The first administrator's password is chosen like any other (the demo users' are not: they are the
    // README's published sign-ins, never a real account's).
    const problem = newPasswordProblem(
      config.initialAdmin.password,
      { email: config.initialAdmin.email, name: INITIAL_ADMIN_NAME },
      passwordGuessing(),
    );
    if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}`);
    toCreate.push({ name: INITIAL_ADMIN_NAME, role: "ADMIN", ...config.initialAdmin });
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
      authority: u.authority ?? null,
    })),
  );

  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several instances on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(7042002)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    const usersSeeded = (existing?.n ?? 0) === 0;
    const created = usersSeeded && hashed.length > 0 ? await tx.insert(users).values(hashed).returning() : [];
    const demoBroker = config.seedDemo ? created.find((u) => u.email === demoUser("BROKER").email) : undefined;
    if (demoBroker) {
      const [firm] = await tx
        .insert(firms)
        .values({ ...DEMO_FIRM, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: firms.id });
      if (firm) await tx.update(users).set({ firmId: firm.id, isFirmLead: true }).where(eq(users.id, demoBroker.id));
    }
    const [firstAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "ADMIN"))
      .orderBy(asc(users.createdAt))
      .limit(1);
    // The demo's sign-in stays one step; a real installation asks its administrators and underwriters for a code.
    const [demo] = await tx
      .select({ n: count() })
      .from(users)
      .where(
        and(
          inArray(
            users.email,
            DEMO_USERS.map((u) => u.email),
          ),
          isNull(users.deletedAt),
        ),
      );
    await initialiseTwoFactorPolicy(tx, config.seedDemo && (demo?.n ?? 0) > 0, now);
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
    const [clauses] = await tx.select({ n: count() }).from(endorsementClauses);
    if (config.seedDemo && (clauses?.n ?? 0) === 0) {
      await tx
        .insert(endorsementClauses)
        .values(SEED_CLAUSES.map((c) => ({ ...c, version: 1, createdBy: creator, createdAt: now })));
    }
    return {
      seeded: usersSeeded || versions > 0,
      demoUsers: usersSeeded && config.seedDemo ? DEMO_USERS : [],
      initialAdminEmail: usersSeeded ? config.initialAdmin?.email : undefined,
      ratingVersions: versions,
    };
  });
}
