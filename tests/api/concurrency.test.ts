/**
 * Optimistic concurrency under load (docs/product/life-cycle.md): 50 clients edit one quote at once through two app instances
 * on one database, each sending the `expectedVersion` it read. Every write is either applied (200, a version
 * nobody else got) or refused with 409; none is lost silently: applied writes = audit entries = version
 * increments, and the stored section is the one the last applied write sent.
 */
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "../../src/domain/api/errors";
import { auditLog } from "../../src/server/db/schema";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { createQuote, FINANCIAL_OVERVIEW } from "./quotes-fixtures";

const CLIENTS = 50;
/** Each client reads the quote and writes at the version it read, this many times, with a little jitter. */
const ATTEMPTS_PER_CLIENT = 4;

interface Outcome {
  status: number;
  version?: number;
  turnover: number;
  code?: string;
  error?: string;
}

describeEachDatabase("concurrent edits of one quote", (ctx) => {
  async function editOnce(app: FastifyInstance, cookie: string, id: string, expectedVersion: number, turnover: number) {
    const response = await app.inject({
      method: "PATCH",
      url: `/api/quotes/${id}`,
      headers: { cookie },
      payload: { financialOverview: { ...FINANCIAL_OVERVIEW, turnover }, expectedVersion },
    });
    const body = response.json();
    return {
      status: response.statusCode,
      version: body.data?.version,
      turnover,
      code: body.code,
      error: body.error,
    } satisfies Outcome;
  }

  async function quoteAuditCount(id: string, afterId: number): Promise<number> {
    const rows = await ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "quote"), eq(auditLog.entityId, id), gt(auditLog.id, afterId)));
    return rows.length;
  }

  async function lastAuditId(): Promise<number> {
    const rows = await ctx.db.select({ id: auditLog.id }).from(auditLog);
    return rows.reduce((max, row) => Math.max(max, row.id), 0);
  }

  describe("50 clients at once", { timeout: 180_000 }, () => {
    it("applies exactly one of 50 writes sent with the same expectedVersion and refuses the rest with 409", async () => {
      const cookie = await signIn(ctx.app, "BROKER");
      const second = await ctx.buildApp();
      const quote = await createQuote(ctx.app, cookie);
      const auditBefore = await lastAuditId();

      const outcomes = await Promise.all(
        Array.from({ length: CLIENTS }, (_, client) =>
          editOnce(client % 2 === 0 ? ctx.app : second, cookie, quote.id, quote.version, 2_000_000 + client),
        ),
      );
      const applied = outcomes.filter((o) => o.status === 200);
      const refused = outcomes.filter((o) => o.status === 409);
      expect(applied).toHaveLength(1);
      expect(refused).toHaveLength(CLIENTS - 1);
      for (const o of refused)
        expect(o).toMatchObject({ code: "VERSION_CONFLICT", error: ERROR_CATALOGUE.VERSION_CONFLICT.message });

      const stored = (
        await ctx.app.inject({ method: "GET", url: `/api/quotes/${quote.id}`, headers: { cookie } })
      ).json().data;
      expect(stored.version).toBe(quote.version + 1);
      expect(stored.financialOverview.turnover).toBe(applied[0]?.turnover);
      expect(await quoteAuditCount(quote.id, auditBefore)).toBe(1);
    });

    it("loses no write when 50 clients read and write repeatedly: applied = audit entries = version increments", async () => {
      const cookie = await signIn(ctx.app, "BROKER");
      const second = await ctx.buildApp();
      const quote = await createQuote(ctx.app, cookie);
      const auditBefore = await lastAuditId();
      const outcomes: Outcome[] = [];
      let nextTurnover = 3_000_000;

      const client = async (index: number) => {
        const app = index % 2 === 0 ? ctx.app : second;
        for (let attempt = 0; attempt < ATTEMPTS_PER_CLIENT; attempt++) {
          await new Promise((done) => setTimeout(done, Math.floor(Math.random() * 20)));
          const read = await app.inject({ method: "GET", url: `/api/quotes/${quote.id}`, headers: { cookie } });
          outcomes.push(await editOnce(app, cookie, quote.id, read.json().data.version, nextTurnover++));
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));

      const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 409);
      expect(unexpected, "every write is applied or refused with 409").toEqual([]);
      expect(outcomes).toHaveLength(CLIENTS * ATTEMPTS_PER_CLIENT);
      const applied = outcomes.filter((o) => o.status === 200);
      // Some got through and some collided: both paths were exercised.
      expect(applied.length).toBeGreaterThan(1);
      expect(applied.length).toBeLessThan(outcomes.length);
      // No two writes were told they made the same version: each applied write is its own increment.
      const versions = applied.map((o) => o.version ?? -1).sort((a, b) => a - b);
      expect(new Set(versions).size).toBe(applied.length);
      expect(versions[0]).toBe(quote.version + 1);
      expect(versions.at(-1)).toBe(quote.version + applied.length);

      const stored = (
        await ctx.app.inject({ method: "GET", url: `/api/quotes/${quote.id}`, headers: { cookie } })
      ).json().data;
      expect(stored.version).toBe(quote.version + applied.length);
      const last = applied.find((o) => o.version === stored.version);
      expect(stored.financialOverview.turnover).toBe(last?.turnover);
      expect(await quoteAuditCount(quote.id, auditBefore)).toBe(applied.length);
      console.info(
        `[concurrency ${ctx.kind}] ${outcomes.length} writes sent by ${CLIENTS} clients: ` +
          `${applied.length} applied, ${outcomes.length - applied.length} refused with 409, none lost`,
      );
    });
  });
});
