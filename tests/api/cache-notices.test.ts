/**
 * The notices that keep each instance's caches fresh (src/server/db/notify.ts), on a real PostgreSQL database: a
 * notice leaves only with its transaction's commit, and a listening connection the database ends is opened
 * again by itself, telling its caches that notices may have been missed meanwhile.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  announce,
  CACHE_NOTICES_APPLICATION_NAME,
  type CacheNotice,
  type CacheNoticeListener,
  decodeNotice,
  encodeNotice,
  listenForCacheNotices,
} from "../../src/server/db/notify";
import { openTestDatabase, postgresServerUrl, type TestDatabase } from "../support/database";

async function waitUntil(done: () => boolean, deadlineMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > deadlineMs) throw new Error(`Not seen within ${deadlineMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("cache notices", () => {
  it("carry what to drop, and a payload from a newer instance is ignored rather than misread", () => {
    const notices: CacheNotice[] = [
      { kind: "session", sessionId: "3f1c" },
      { kind: "user-sessions", userId: "9a0b" },
      { kind: "published" },
    ];
    for (const notice of notices) expect(decodeNotice(encodeNotice(notice))).toEqual(notice);
    expect(decodeNotice("something-new:1")).toBeUndefined();
    expect(decodeNotice("session:")).toBeUndefined();
    expect(decodeNotice("")).toBeUndefined();
  });
});

describe.skipIf(!postgresServerUrl())("cache notices on PostgreSQL", () => {
  let database: TestDatabase;
  let listener: CacheNoticeListener;
  const received: CacheNotice[] = [];
  let gaps = 0;

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    listener = await listenForCacheNotices(
      database.url as string,
      { onNotice: (notice) => received.push(notice), onGap: () => (gaps += 1) },
      { retryMinMs: 20, retryMaxMs: 200 },
    );
  });

  afterAll(async () => {
    await listener?.stop();
    await database?.destroy();
  });

  it("arrive once the transaction that sent them commits, and never from one rolled back", async () => {
    expect(listener.listening).toBe(true);
    received.length = 0;
    await database.db
      .transaction(async (tx) => {
        await announce(tx, { kind: "session", sessionId: "rolled-back" });
        throw new Error("undo");
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await announce(tx, { kind: "user-sessions", userId: "committed" });
    });
    await waitUntil(() => received.length > 0, 5_000, "the committed notice");
    // Notices arrive in commit order: had the rolled-back one been sent, it would have come first.
    expect(received).toEqual([{ kind: "user-sessions", userId: "committed" }]);
  });

  it("reopens a listening connection the database ended, reports the gap, and hears notices again", async () => {
    const gapsBefore = gaps;
    const ended = await database.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where application_name = ${CACHE_NOTICES_APPLICATION_NAME} and datname = current_database()`,
    );
    expect((ended as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // One gap when the connection is lost, one when the new one listens.
    await waitUntil(() => gaps >= gapsBefore + 2 && listener.listening, 10_000, "the connection reopened");
    received.length = 0;
    await announce(database.db, { kind: "published" });
    await waitUntil(() => received.length > 0, 5_000, "a notice on the reopened connection");
    expect(received).toEqual([{ kind: "published" }]);
  });
});
