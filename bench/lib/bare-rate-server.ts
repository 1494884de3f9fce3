/**
 * The limit the rate call is measured against: a minimal Fastify + node-postgres server (or Fastify + PGlite)
 * doing the round trips the rate call needed before any caching, each a prepared statement: the session by its
 * token hash, the quote with its broker, the effective rating version's id, and the versioned write with its
 * audit entry in one statement. No validation, no engine, no response schema: it writes the premium the quote
 * already holds and answers the written row as JSON. It runs in its own process like the real server
 * (bench/lib/server.ts) and prints one JSON line `{"url": ...}` when ready; SIGTERM closes it.
 *
 * Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), BENCH_POOL_SIZE.
 */
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client";

type Row = Record<string, unknown>;
interface Statement {
  name: string;
  text: string;
}
type Run = (statement: Statement, values: unknown[]) => Promise<Row[]>;

const SESSION: Statement = {
  name: "bare_session",
  text: `select s.id, s.user_id, s.idle_expires_at, s.absolute_expires_at, u.role from sessions s
    inner join users u on u.id = s.user_id where s.token_hash = $1 and u.deleted_at is null limit 1`,
};
const QUOTE: Statement = {
  name: "bare_quote",
  text: `select q.*, u.name as broker_name, u.email as broker_email from quotes q
    left join users u on u.id = q.broker_id where q.id = $1 limit 1`,
};
const VERSION: Statement = {
  name: "bare_version",
  text: `select id from rating_versions where product_code = $1 and status = 'PUBLISHED'
    and effective_from <= $2 and (effective_to is null or effective_to > $2)
    order by effective_from desc, published_at desc limit 1`,
};
const WRITE: Statement = {
  name: "bare_write",
  text: `with updated as (
      update quotes set turnover_band = $1, base_premium = $2, fees = $3, fees_total = $4, taxes = $5,
        total_premium = $6, rating_version_id = $7, rating_result = $8, rated_at = $9, version = $10 + 1,
        updated_at = $9
      where id = $11 and version = $10 returning *),
    audit as (
      insert into audit_log (entity_type, action, entity_id, actor_id, details, created_at)
      select 'quote', 'rated', updated.id::text, $12, $13::jsonb, $9 from updated)
    select * from updated`,
};

async function openRunner(): Promise<{ run: Run; close: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 20);
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    return {
      run: async (statement, values) => (await pool.query({ ...statement, values })).rows,
      close: () => pool.end(),
    };
  }
  const database = await openDatabase({ databaseUrl: undefined, dataDir: process.env.DATA_DIR ?? "" });
  const client = database.pglite;
  if (!client) throw new Error("PGlite did not open");
  return {
    run: async (statement, values) => (await client.query<Row>(statement.text, values)).rows,
    close: () => database.close(),
  };
}

const { run, close } = await openRunner();
const app = Fastify({ logger: false });

app.post<{ Params: { id: string }; Body: { turnoverBand?: string } }>("/rate/:id", async (request, reply) => {
  const cookie = request.headers.cookie ?? "";
  const signed = decodeURIComponent(/pqe_session=([^;]+)/.exec(cookie)?.[1] ?? "");
  const token = signed.slice(0, signed.lastIndexOf("."));
  const [session] = await run(SESSION, [createHash("sha256").update(token).digest("hex")]);
  if (!session) return reply.code(401).send({ error: "Authentication required" });
  const [quote] = await run(QUOTE, [request.params.id]);
  if (!quote) return reply.code(404).send({ error: "Quote not found" });
  const [version] = await run(VERSION, [quote.product_code, quote.inception_date]);
  if (!version) return reply.code(422).send({ error: "No published rating version" });
  const now = new Date();
  const [written] = await run(WRITE, [
    request.body?.turnoverBand ?? quote.turnover_band,
    quote.base_premium,
    JSON.stringify(quote.fees),
    quote.fees_total,
    quote.taxes,
    quote.total_premium,
    version.id,
    JSON.stringify(quote.rating_result),
    now,
    quote.version,
    quote.id,
    session.user_id,
    JSON.stringify({ reference: quote.reference, totalPremium: "0.00", referralHits: [] }),
  ]);
  if (!written) return reply.code(409).send({ error: "Version conflict" });
  return { data: written };
});

await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);

process.once("SIGTERM", () => {
  void (async () => {
    await app.close();
    await close();
    process.exit(0);
  })();
});
