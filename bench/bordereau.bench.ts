/**
 * The monthly bordereau at 10,000 transactions: GET /api/bordereau for a month in which 9,000 policies were issued
 * and 1,000 of them cancelled, as CSV and as XLSX, through the app (inject: routing, guard, query, lines, file), on
 * PostgreSQL and on PGlite. Beside it, the limit measured in the same run: the same rows read by bare SQL and
 * written as CSV by a hand-written join, with no app in between.
 *
 * Target: at most 3 s per download (either format, either database); the ratio to the bare CSV is printed.
 * The policies are one real issued quote, made through the API, copied by SQL with their own references, policy
 * numbers and issue times spread over the month (the database gives each its new-business transaction); the
 * cancellations are written by SQL as the cancellation would write them, a day after each issue.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import type { Database } from "../src/server/db/client";
import { seedDatabase } from "../src/server/db/seed";
import { createCompleteQuote, patchQuote } from "../tests/api/quotes-fixtures";
import { signIn } from "../tests/support/auth";
import { openTestDatabase, type TestDatabaseKind } from "../tests/support/database";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { BENCH_POSTGRES_SERVER } from "./startup.bench";

const TRANSACTIONS = Number(process.env.BENCH_BORDEREAU_TRANSACTIONS ?? 10_000);
/** Nine in ten transactions are new business, the tenth a cancellation of one of them. */
const CANCELLATIONS = Math.floor(TRANSACTIONS / 10);
const POLICIES = TRANSACTIONS - CANCELLATIONS;
const MONTH = "2026-10";
const TARGET_MS = 3_000;
const ROUNDS = 5;

process.env.DATABASE_URL ??= BENCH_POSTGRES_SERVER;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Copies the one issued quote into `POLICIES` issued policies spread over the month (London dates, UTC instants). */
const COPY_POLICIES = `
  insert into quotes (status, product_code, product_type, proposer_name, contact_email, broker_id, trading_name,
    business_address, inception_date, incorporation_date, number_of_directors, number_of_qualified_staff,
    insureds_details, financial_overview, design_liability, activity_split, contracts, declaration, risk,
    turnover_band, base_premium, fees, fees_total, taxes, total_premium, rating_version_id, rating_result, rated_at,
    policy_number, issued_at)
  select status, product_code, product_type, proposer_name || ' ' || g, contact_email, broker_id, trading_name,
    business_address, inception_date, incorporation_date, number_of_directors, number_of_qualified_staff,
    insureds_details, financial_overview, design_liability, activity_split, contracts, declaration, risk,
    turnover_band, base_premium + g, fees, fees_total, taxes, total_premium + g, rating_version_id, rating_result,
    rated_at, 'BENCH/POL/' || lpad(g::text, 6, '0'),
    timestamptz '${MONTH}-01 12:00:00+00' + (g % 28) * interval '1 day'
  from quotes, generate_series(1, $1::int) as g
  where quotes.id = $2::uuid`;

async function measure(
  app: FastifyInstance,
  cookie: string,
  format: "csv" | "xlsx",
): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const started = performance.now();
    const response = await app.inject({
      method: "GET",
      url: `/api/bordereau?month=${MONTH}&format=${format}`,
      headers: { cookie },
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`bordereau ${format}: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
    // The first round warms the code and the database's caches.
    if (round > 0) times.push(elapsed);
  }
  return { ms: median(times), bytes };
}

/** Cancels the first CANCELLATIONS copies a day after their issue, returning half their premium. */
const CANCEL_POLICIES = `
  insert into policy_transactions (policy_id, sequence, kind, effective_date, base_premium, fees, taxes,
    total_premium, details, created_at)
  select id, 2, 'CANCELLATION', inception_date, -(base_premium / 2), 0, -(taxes / 2),
    -(base_premium / 2) - (taxes / 2), '{"reason":"Bench"}'::jsonb, issued_at + interval '1 day'
  from quotes where policy_number like 'BENCH/POL/%' and substr(policy_number, 11)::int <= ${CANCELLATIONS}`;

/** The limit: the same columns read by bare SQL and joined into CSV text by hand. */
async function bareCsv(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<number> {
  const sqlText = `
    select t.kind, t.effective_date::text ed, t.created_at, q.policy_number, q.reference, q.proposer_name,
      coalesce(q.trading_name, q.insureds_details->>'tradingName') tn,
      coalesce(q.business_address, q.insureds_details->>'businessAddress') a, q.insureds_details->>'businessActivity' b,
      q.inception_date::text d, q.rating_result->'input'->>'coverLimit' l, q.rating_result->>'excessOption' e,
      t.base_premium, t.fees, t.taxes, t.total_premium, v.name, u.name un, u.email, q.issued_at
    from policy_transactions t join quotes q on q.id = t.policy_id join users u on u.id = q.broker_id
      left join rating_versions v on v.id = q.rating_version_id
    where t.created_at >= (date '${MONTH}-01')::timestamp at time zone 'Europe/London'
      and t.created_at < ((date '${MONTH}-01') + interval '1 month')::timestamp at time zone 'Europe/London'
    order by t.created_at, q.policy_number, t.sequence`;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    const started = performance.now();
    const { rows } = await query(sqlText);
    const text = rows.map((row) => Object.values(row).map(String).join(",")).join("\r\n");
    if (rows.length !== TRANSACTIONS) throw new Error(`the bare query found ${rows.length} transactions`);
    if (text.length === 0) throw new Error("the bare query found no transactions");
    if (round > 0) times.push(performance.now() - started);
  }
  return median(times);
}

/** The driver under drizzle (a pg Pool or a PGlite instance): both answer query(text, params) with rows. */
function bareClient(db: Database): {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
} {
  return (db as unknown as { $client: ReturnType<typeof bareClient> }).$client;
}

async function benchOn(kind: TestDatabaseKind): Promise<BenchRecord[]> {
  const database = await openTestDatabase(kind);
  try {
    await seedDatabase(database.db, { seedDemo: true, initialAdmin: undefined });
    const app = await buildApp({
      config: loadConfig({ SESSION_SECRET: "bench-session-secret-0123456789-abcdefghij", LOG_LEVEL: "silent" }),
      database,
      logger: false,
    });
    try {
      const broker = await signIn(app, "BROKER");
      const quote = await createCompleteQuote(app, broker);
      await patchQuote(app, broker, quote.id, { status: "QUOTED" });
      const issued = await app.inject({
        method: "POST",
        url: `/api/quotes/${quote.id}/issue`,
        headers: { cookie: broker },
        payload: {},
      });
      if (issued.statusCode !== 200) throw new Error(`issue: ${issued.body}`);
      // The issued original moves into the month too, so the month holds exactly POLICIES issues.
      const client = bareClient(database.db);
      await client.query(`update quotes set issued_at = timestamptz '${MONTH}-15 09:00:00+00' where id = $1`, [
        quote.id,
      ]);
      await client.query(
        `update policy_transactions set created_at = timestamptz '${MONTH}-15 09:00:00+00' where policy_id = $1`,
        [quote.id],
      );
      await database.db.execute(
        sql.raw(COPY_POLICIES.replace("$1::int", String(POLICIES - 1)).replace("$2::uuid", `'${quote.id}'::uuid`)),
      );
      await database.db.execute(sql.raw(CANCEL_POLICIES));
      await database.db.execute(sql`analyze quotes`);
      await database.db.execute(sql`analyze policy_transactions`);

      const admin = await signIn(app, "ADMIN");
      const csv = await measure(app, admin, "csv");
      const xlsx = await measure(app, admin, "xlsx");
      const bare = await bareCsv((text) => client.query(text));
      const label = kind === "postgres" ? "PostgreSQL" : "PGlite";
      console.log(
        `  ${label}: CSV ${(csv.bytes / 1024).toFixed(0)} KB, XLSX ${(xlsx.bytes / 1024).toFixed(0)} KB; bare SQL + CSV join ${bare.toFixed(0)} ms`,
      );
      return [
        reportFigure(`bordereau CSV, ${TRANSACTIONS} transactions, ${label}`, csv.ms, "ms", {
          kind: "at most",
          value: TARGET_MS,
        }),
        reportFigure(`bordereau XLSX, ${TRANSACTIONS} transactions, ${label}`, xlsx.ms, "ms", {
          kind: "at most",
          value: TARGET_MS,
        }),
        reportFigure(`  limit: bare SQL + hand-written CSV, ${label}`, bare, "ms", null),
        reportFigure(`  CSV vs bare (x slower), ${label}`, csv.ms / bare, "x", null),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.destroy();
  }
}

async function main(): Promise<void> {
  printReportHeader(
    `Monthly bordereau: ${TRANSACTIONS} transactions in ${MONTH} (${POLICIES} issued, ${CANCELLATIONS} cancelled), median of ${ROUNDS}`,
  );
  const records = [...(await benchOn("postgres")), ...(await benchOn("pglite"))];
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}

await main();
