/**
 * Durability: the server process is killed with SIGKILL in the middle of a stream of quote writes (creates and
 * section edits from several clients at once), restarted on the same database, and every write the server
 * acknowledged must be there, each change with its audit entry and nothing else: per quote, the audit entries
 * equal the stored version (one per applied write), and the stored section is the last acknowledged one or a
 * later write that was applied but whose answer was lost in the kill. Runs on PGlite and, when DATABASE_URL is
 * set, on a PostgreSQL database made for the run. CI kills once; `npm run durability` kills and restarts
 * DURABILITY_ROUNDS (10) times in a row on the same database before checking.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { auditLog, quotes } from "../../src/server/db/schema";
import { FINANCIAL_OVERVIEW, STEP_ONE } from "../api/quotes-fixtures";
import { createEmptyPostgresDatabase, postgresServerUrl } from "../support/database";
import { type ServerProcess, signInOver, startServerProcess } from "./server-process";

const WORKERS = 6;
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 1);
/** The kill comes after this many acknowledged writes, with the workers' next requests in flight. */
const KILL_AFTER_ACKNOWLEDGED = 60;

interface AcknowledgedWrite {
  quoteId: string;
  version: number;
  turnover: number | undefined;
}

interface StreamResult {
  acknowledged: AcknowledgedWrite[];
  /** Requests that got no answer (the kill cut them off): applied or not, nobody was told. */
  unanswered: number;
}

/** Every edit sends a turnover no other edit sent, so the stored value names the write that made it. */
let turnoverSeed = 1_000_000;

async function writeUntilKilled(server: ServerProcess, cookie: string, round: number): Promise<StreamResult> {
  const acknowledged: AcknowledgedWrite[] = [];
  let unanswered = 0;
  let killed = false;
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.baseURL}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text).data as { id: string; version: number };
  };
  const worker = async (index: number) => {
    let quote: { id: string; version: number } | undefined;
    for (;;) {
      if (killed) return;
      const turnover = quote ? turnoverSeed++ : undefined;
      let answer: { id: string; version: number };
      try {
        answer = quote
          ? await send("PATCH", `/api/quotes/${quote.id}`, {
              financialOverview: { ...FINANCIAL_OVERVIEW, turnover },
              expectedVersion: quote.version,
            })
          : await send("POST", "/api/quotes", { ...STEP_ONE, proposerName: `Durability ${round}-${index} Ltd` });
      } catch (error) {
        if (error instanceof TypeError) {
          // fetch failed: the connection died with the process.
          unanswered += 1;
          return;
        }
        throw error;
      }
      quote = { id: answer.id, version: answer.version };
      acknowledged.push({ quoteId: answer.id, version: answer.version, turnover });
      if (!killed && acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  await server.exited;
  return { acknowledged, unanswered };
}

interface DatabaseTarget {
  kind: "pglite" | "postgres";
  dataDir?: string;
  databaseUrl?: string;
  cleanUp(): Promise<void>;
}

async function pgliteTarget(): Promise<DatabaseTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), "pqe-durability-"));
  return { kind: "pglite", dataDir, cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresTarget(): Promise<DatabaseTarget> {
  const database = await createEmptyPostgresDatabase();
  return { kind: "postgres", databaseUrl: database.url, cleanUp: () => database.drop() };
}

const targets: (() => Promise<DatabaseTarget>)[] = [pgliteTarget];
if (postgresServerUrl()) targets.push(postgresTarget);

describe.each(targets.map((make, index) => ({ make, kind: index === 0 ? "pglite" : "postgres" })))(
  "SIGKILL in the middle of writes [$kind]",
  { timeout: 300_000 * ROUNDS },
  ({ make }) => {
    let target: DatabaseTarget | undefined;
    const running: ServerProcess[] = [];
    afterAll(async () => {
      for (const server of running) await server.kill();
      await target?.cleanUp();
    });

    it("keeps every acknowledged write and its audit entry after a restart", async () => {
      target = await make();
      const where = { dataDir: target.dataDir, databaseUrl: target.databaseUrl };
      const acknowledged: AcknowledgedWrite[] = [];
      let unanswered = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const server = await startServerProcess(where);
        running.push(server);
        const cookie = await signInOver(server.baseURL, "broker@example.com", "Broker-Demo-2026");
        const stream = await writeUntilKilled(server, cookie, round);
        expect((await server.exited).signal).toBe("SIGKILL");
        expect(stream.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
        acknowledged.push(...stream.acknowledged);
        unanswered += stream.unanswered;
      }

      // The restart takes over the dead process's lock file (PGlite) and recovers the database.
      const second = await startServerProcess(where);
      running.push(second);
      const adminCookie = await signInOver(second.baseURL, "admin@example.com", "Admin-Demo-2026");
      const lastAcknowledged = new Map<string, AcknowledgedWrite>();
      for (const write of acknowledged) {
        const previous = lastAcknowledged.get(write.quoteId);
        if (!previous || write.version > previous.version) lastAcknowledged.set(write.quoteId, write);
      }
      for (const [quoteId, write] of lastAcknowledged) {
        const response = await fetch(`${second.baseURL}/api/quotes/${quoteId}`, { headers: { cookie: adminCookie } });
        expect(response.status, `acknowledged quote ${quoteId}`).toBe(200);
        const stored = (await response.json()).data as { version: number; financialOverview?: { turnover?: number } };
        // At most one more write per quote can have landed unanswered (each worker has one request in flight).
        expect(stored.version === write.version || stored.version === write.version + 1).toBe(true);
        if (stored.version === write.version && write.turnover !== undefined) {
          expect(stored.financialOverview?.turnover).toBe(write.turnover);
        }
      }
      second.child.kill("SIGTERM");
      expect(await second.exited).toEqual({ code: 0, signal: null });

      // The rows themselves, through the product's own database connection: every applied write has exactly
      // one audit entry (created + one per edit = the version), and no entry exists without its write.
      const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? "" });
      try {
        const ids = [...lastAcknowledged.keys()];
        const rows = await database.db
          .select({ id: quotes.id, version: quotes.version })
          .from(quotes)
          .where(inArray(quotes.id, ids));
        expect(rows).toHaveLength(ids.length);
        const audits = await database.db
          .select({ entityId: auditLog.entityId, n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(and(eq(auditLog.entityType, "quote"), inArray(auditLog.entityId, ids)))
          .groupBy(auditLog.entityId);
        const auditCount = new Map(audits.map((row) => [row.entityId, row.n]));
        for (const row of rows) expect(auditCount.get(row.id), `audit entries of quote ${row.id}`).toBe(row.version);

        const [all] = await database.db.select({ n: sql<number>`count(*)::int` }).from(quotes);
        const applied = rows.reduce((sum, row) => sum + row.version, 0) + ((all?.n ?? 0) - rows.length);
        // Figures for the report: acknowledged, found, and the writes that landed without an answer.
        console.info(
          `[durability ${target.kind}] ${ROUNDS} kill(s): acknowledged ${acknowledged.length}, all found; ` +
            `unanswered at the kill ${unanswered}; applied writes ${applied}`,
        );
        expect(applied).toBeGreaterThanOrEqual(acknowledged.length);
        expect(applied).toBeLessThanOrEqual(acknowledged.length + unanswered);
      } finally {
        await database.close();
      }
    });
  },
);
