/**
 * The search benchmark's book: a PostgreSQL database (BENCH_SEARCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/pqe_search_scale) holding BENCH_SCALE_QUOTES quotes (default 999,000),
 * kept between runs and reused when it is full.
 *
 * Filling it in minutes rather than half an hour: `seed:load` writes a few thousand fully realistic quotes
 * (sections that pass the domain's schemas, premiums and traces from the real rating engine, statuses
 * consistent with the risk), then one SQL statement per chunk multiplies them with generate_series: each new
 * quote takes one of those as its risk and rating, and gets its own reference (from the product's sequence),
 * company name (the same vocabulary seed:load uses), broker, and dates spread over 18 months, recent months
 * busier. The database's own triggers write every row's search text and narrow rows, exactly as for quotes
 * the app writes; only the per-broker, per-status counters and the management information totals are counted
 * once at the end. The indexes are
 * dropped for the fill and built again afterwards (much faster than keeping them row by row), all in one
 * transaction, then VACUUM ANALYZE.
 *
 *   npx tsx bench/search-book.ts       build (or top up) the book and print what it holds
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import pg from "pg";
import { PLACE_WORDS, SUFFIXES, SURNAMES, TRADE_WORDS } from "../scripts/seed-load";
import { BENCH_POSTGRES_SERVER } from "./startup.bench";

const ROOT = resolve(import.meta.dirname, "..");
export const SEARCH_DATABASE_URL =
  process.env.BENCH_SEARCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/pqe_search_scale";
export const SEARCH_QUOTES = Number(process.env.BENCH_SCALE_QUOTES ?? 999_000);
/** Realistic quotes written by seed:load, which the rest of the book reuses as risks. */
const TEMPLATE_QUOTES = 4_000;
const CHUNK = 100_000;
/** The tables whose secondary indexes the fill drops and builds again. */
const FILLED_TABLES = ["quotes", "quote_rating_inputs", "quote_search"];
/** The triggers that keep the management information totals as quotes and their policy transactions are written. */
const MI_TRIGGERS = [
  ["quotes", "quotes_mi_kept_on_insert_or_delete"],
  ["policy_transactions", "policy_transactions_mi_kept"],
] as const;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function countQuotes(client: pg.Client): Promise<number> {
  const table = await client.query("select to_regclass('public.quotes') is not null as present");
  if (!table.rows[0]?.present) return 0;
  return Number((await client.query("select count(*)::int as n from quotes")).rows[0]?.n ?? 0);
}

/** Each new quote: a template's risk, its own name, broker, reference and dates (shifted together). */
const CLONE_SQL = `
with picks as (
  select
    nextval('quote_reference_seq') as n,
    1 + floor(random() * (select count(*) from book_templates))::int as template_no,
    1 + floor(random() * (select count(*) from book_brokers))::int as broker_no,
    -- Recent months are busier: a square root skews creation towards now.
    now() - interval '1 day' * (548 * (1 - sqrt(random()))) as created,
    case when random() < 0.5 then ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int]
      else ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] end
      || case when random() < 0.3 then ' & ' || ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int]
        else '' end
      || ' ' || ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int]
      || ' ' || ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] as proposer
  from generate_series(1, $5::int)
), shaped as (
  select p.*, t.*, b.broker_id as new_broker_id, b.email as new_email,
    p.created - t.created_at as shift,
    case when t.trading_name is null then null
      else regexp_replace(p.proposer, ' (Ltd|Limited|LLP|Group Ltd|& Sons Ltd|\\(UK\\) Ltd)$', '') end as new_trading_name
  from picks p
  join book_templates t on t.no = p.template_no
  join book_brokers b on b.no = p.broker_no
)
insert into quotes (
  reference, policy_number, status, product_code, product_type, proposer_name, contact_email, broker_id,
  trading_name, business_address, inception_date, incorporation_date, is_sole_trader, trading_since,
  number_of_directors, number_of_qualified_staff, has_financial_interest, financial_interest_details,
  insureds_details, financial_overview, design_liability, activity_split, contracts, declaration, risk,
  turnover_band, base_premium, fees, fees_total, taxes, total_premium, premium_overridden, override_base_premium,
  rating_version_id, rating_result, referral_reason, referred_at, rated_at, decision, adjustment_multiplier,
  uw_note, decided_at, decided_by, issued_at, created_at, updated_at, version
)
select
  'DCPI-' || lpad(n::text, 6, '0'),
  case when policy_number is null then null else 'DCPI/POL/' || lpad(n::text, 6, '0') end,
  status, product_code, product_type, proposer, new_email, new_broker_id,
  new_trading_name, business_address, (inception_date + shift)::date, (incorporation_date + shift)::date,
  is_sole_trader, (trading_since + shift)::date,
  number_of_directors, number_of_qualified_staff, has_financial_interest, financial_interest_details,
  insureds_details || jsonb_build_object(
    'proposerName', proposer, 'tradingName', new_trading_name,
    'inceptionDate', (inception_date + shift)::date, 'incorporationDate', (incorporation_date + shift)::date),
  financial_overview, design_liability, activity_split, contracts, declaration, risk,
  turnover_band, base_premium, fees, fees_total, taxes, total_premium, premium_overridden, override_base_premium,
  rating_version_id, rating_result, referral_reason, referred_at + shift, rated_at + shift, decision,
  adjustment_multiplier, uw_note, decided_at + shift, decided_by, issued_at + shift,
  created, least(now(), updated_at + shift), version
from shaped`;

async function fill(client: pg.Client, count: number): Promise<void> {
  const started = performance.now();
  await client.query("set maintenance_work_mem = '512MB'");
  await client.query("begin");
  await client.query(
    `create temp table book_templates on commit drop as
     select row_number() over (order by reference) as no, * from quotes order by reference limit ${TEMPLATE_QUOTES}`,
  );
  await client.query(
    `create temp table book_brokers on commit drop as
     select row_number() over (order by email) as no, id as broker_id, email from users
     where email like 'loadbroker-%@example.com' and deleted_at is null`,
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class c on c.oid = i.indrelid
     where c.relname = any($1) and c.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [FILLED_TABLES],
  );
  for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
  // A million increments of a few hundred counters in one transaction would walk ever longer row-version
  // chains: the counters are switched off for the fill and counted once at the end instead.
  const counted = await client.query("select to_regclass('public.quote_counts') is not null as present");
  if (counted.rows[0]?.present)
    await client.query("alter table quotes disable trigger quotes_counts_kept_on_insert_or_delete");
  // The management information totals likewise: counted once from the filled book (mi_rebuild, migration 0041).
  const totalled = await client.query("select to_regclass('public.mi_totals') is not null as present");
  if (totalled.rows[0]?.present)
    for (const [table, trigger] of MI_TRIGGERS) await client.query(`alter table ${table} disable trigger ${trigger}`);
  let inserted = 0;
  while (inserted < count) {
    const size = Math.min(CHUNK, count - inserted);
    await client.query(CLONE_SQL, [SURNAMES, PLACE_WORDS, TRADE_WORDS, SUFFIXES, size]);
    inserted += size;
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(
      `\r  ${inserted.toLocaleString("en-GB")} / ${count.toLocaleString("en-GB")} quotes, ${seconds.toFixed(0)} s`,
    );
  }
  process.stderr.write("\n  building the indexes again...\n");
  for (const index of indexes.rows) await client.query(index.definition);
  if (counted.rows[0]?.present) {
    await client.query("alter table quotes enable trigger quotes_counts_kept_on_insert_or_delete");
    await client.query("delete from quote_counts");
    await client.query(
      "insert into quote_counts (broker_id, status, quotes, total_premium) select broker_id, status, count(*)::integer, coalesce(sum(total_premium), 0)::bigint from quotes group by 1, 2",
    );
  }
  if (totalled.rows[0]?.present) {
    for (const [table, trigger] of MI_TRIGGERS) await client.query(`alter table ${table} enable trigger ${trigger}`);
    await client.query("select mi_rebuild()");
  }
  await client.query("commit");
  process.stderr.write("  vacuuming and analysing...\n");
  for (const table of [...FILLED_TABLES, "users"]) await client.query(`vacuum analyze ${table}`);
  process.stderr.write(`  filled in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

/** Creates the book if needed, fills it to SEARCH_QUOTES, and returns how many quotes it holds. */
export async function ensureSearchBook(): Promise<number> {
  const name = new URL(SEARCH_DATABASE_URL).pathname.slice(1);
  await withClient(BENCH_POSTGRES_SERVER, async (client) => {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  });
  let present = await withClient(SEARCH_DATABASE_URL, countQuotes);
  if (present >= SEARCH_QUOTES) return present;
  if (present < TEMPLATE_QUOTES) {
    console.log(`Writing ${TEMPLATE_QUOTES.toLocaleString("en-GB")} realistic quotes with seed:load...`);
    const loaded = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/seed-load.ts", "--quotes", String(TEMPLATE_QUOTES - present)],
      { cwd: ROOT, stdio: "inherit", env: { ...process.env, DATABASE_URL: SEARCH_DATABASE_URL, LOG_LEVEL: "warn" } },
    );
    if (loaded.status !== 0) throw new Error("seed:load failed");
    present = await withClient(SEARCH_DATABASE_URL, countQuotes);
  }
  console.log(`Multiplying them to ${SEARCH_QUOTES.toLocaleString("en-GB")} quotes in SQL...`);
  await withClient(SEARCH_DATABASE_URL, (client) => fill(client, SEARCH_QUOTES - present));
  return withClient(SEARCH_DATABASE_URL, countQuotes);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await ensureSearchBook();
  console.log(`${SEARCH_DATABASE_URL} holds ${count.toLocaleString("en-GB")} quotes`);
}
