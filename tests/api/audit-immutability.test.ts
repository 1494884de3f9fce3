/**
 * The audit log is append-only (docs/product/permissions.md) whatever the application's own database connection tries: row and
 * bulk UPDATE/DELETE, TRUNCATE (also by cascade from users), upserts over an entry, hard-deleting the user an
 * entry names, inside transactions and savepoints. Each attempt fails and leaves every entry as it was.
 * The API has no route that writes to the log other than by recording a change. On PostgreSQL, the production
 * set-up of ADR 0023 (the app as a role that owns nothing, with SELECT and INSERT only on the log) also refuses
 * the DDL an owner could use to switch the trigger off.
 */
import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { expect, it } from "vitest";
import { recordAudit } from "../../src/server/audit/record";
import { type Database, openDatabase } from "../../src/server/db/client";
import { auditLog, users } from "../../src/server/db/schema";
import { sqlStateOf } from "../../src/server/errors";
import { createTestUser, signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("audit log immutability", (ctx) => {
  // The very connection pool / PGlite instance the running app writes with.
  const appDb = (): Database => ctx.app.db;

  async function snapshot() {
    return appDb().select().from(auditLog).orderBy(asc(auditLog.id));
  }

  async function expectRefused(attempt: Promise<unknown>, what: string) {
    const error = await attempt.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, `${what} must be refused`).toBeDefined();
    // insufficient_privilege from the trigger, or foreign_key_violation protecting the actor of an entry.
    expect(["42501", "23503"], `${what}: ${String(error)}`).toContain(sqlStateOf(error));
  }

  it("refuses UPDATE, DELETE and TRUNCATE in every form, and changes nothing", async () => {
    const { user } = await createTestUser(appDb(), { role: "BROKER" });
    await recordAudit(appDb(), {
      at: new Date(),
      entityType: "user",
      action: "created",
      entityId: user.id,
      actorId: user.id,
      details: { note: "original" },
    });
    const before = await snapshot();
    const entry = before.at(-1);
    if (!entry) throw new Error("no audit entry");
    const db = appDb();

    await expectRefused(
      db
        .update(auditLog)
        .set({ details: { note: "forged" } })
        .where(eq(auditLog.id, entry.id)),
      "UPDATE one",
    );
    await expectRefused(db.update(auditLog).set({ actorId: null }), "UPDATE all");
    await expectRefused(db.delete(auditLog).where(eq(auditLog.id, entry.id)), "DELETE one");
    await expectRefused(db.delete(auditLog), "DELETE all");
    await expectRefused(db.execute(sql`truncate audit_log`), "TRUNCATE");
    await expectRefused(db.execute(sql`truncate users cascade`), "TRUNCATE users CASCADE");
    await expectRefused(
      db
        .insert(auditLog)
        .values({ id: entry.id, entityType: "user", action: "created" })
        .onConflictDoUpdate({ target: auditLog.id, set: { action: "forged" } }),
      "upsert over an entry",
    );
    await expectRefused(db.delete(users).where(eq(users.id, user.id)), "hard-deleting the actor of an entry");
    await expectRefused(
      db.transaction(async (tx) => {
        await tx.execute(sql`savepoint before_tamper`);
        await tx.update(auditLog).set({ action: "forged" }).where(eq(auditLog.id, entry.id));
      }),
      "UPDATE inside a transaction",
    );
    await expectRefused(
      db.execute(sql`with gone as (delete from audit_log where id = ${entry.id} returning id) select * from gone`),
      "DELETE in a CTE",
    );

    expect(await snapshot()).toEqual(before);
    // Appending still works, and the trigger did not swallow the change it protects.
    await recordAudit(db, {
      at: new Date(),
      entityType: "user",
      action: "updated",
      entityId: user.id,
      actorId: user.id,
    });
    expect((await snapshot()).length).toBe(before.length + 1);
  });

  it("offers no API route that edits or deletes audit entries", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    const [entry] = await snapshot();
    for (const method of ["DELETE", "PATCH", "PUT", "POST"] as const) {
      for (const url of ["/api/audit", `/api/audit/${entry?.id ?? 1}`]) {
        const response = await ctx.app.inject({ method, url, headers: { cookie }, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  // PGlite has a single role, so the grants half of ADR 0023 exists only on PostgreSQL.
  if (ctx.kind !== "postgres") return;
  it("refuses changes and trigger-disabling DDL to an app role granted only SELECT and INSERT on the log", async () => {
    const url = ctx.database.url;
    if (!url) throw new Error("no PostgreSQL test database");
    const role = `pqe_app_${randomBytes(5).toString("hex")}`;
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    try {
      await owner.query(`create role ${role} login`);
      await owner.query(`grant usage on schema public to ${role}`);
      await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
      await owner.query(`revoke update, delete, truncate on audit_log from ${role}`);
      await owner.query(`grant usage, select on all sequences in schema public to ${role}`);
      const appUrl = new URL(url);
      appUrl.username = role;
      const app = await openDatabase({ databaseUrl: appUrl.toString(), dataDir: "" }, { poolSize: 2 });
      try {
        await recordAudit(app.db, {
          at: new Date(),
          entityType: "user",
          action: "created",
          entityId: role,
          actorId: null,
        });
        const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, role));
        expect(entry?.action).toBe("created");
        for (const [what, statement] of [
          ["UPDATE", sql`update audit_log set action = 'forged' where entity_id = ${role}`],
          ["DELETE", sql`delete from audit_log where entity_id = ${role}`],
          ["TRUNCATE", sql`truncate audit_log`],
          ["disabling the trigger", sql`alter table audit_log disable trigger audit_log_no_update_or_delete`],
          ["dropping the trigger", sql`drop trigger audit_log_no_update_or_delete on audit_log`],
        ] as const) {
          const error = await app.db.execute(statement).then(
            () => undefined,
            (caught: unknown) => caught,
          );
          expect(sqlStateOf(error), `${what} as the app role`).toBe("42501");
        }
        const [after] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, role));
        expect(after).toEqual(entry);
      } finally {
        await app.close();
      }
    } finally {
      await owner.query(`drop owned by ${role}`).catch(() => {});
      await owner.query(`drop role if exists ${role}`).catch(() => {});
      await owner.end();
    }
  });
});
