/**
 * The floor the quote-to-issue journey is measured against: a bare node:http server with a node-postgres pool that
 * answers the journey's nine requests (the same paths and bodies as the product's API) by sending, for each, the
 * statements the product sent for that step (bench/lib/journey-replay.ts), each prepared, with fresh values where a
 * journey's own differ. No framework, no validation, no rating, no rules, no logging: the request is routed by its
 * path (a PATCH by the section its body carries), the session is looked up once per cookie and then held in
 * memory, and the answer is the quote's id with the rows of the step's last answered statement.
 *
 * Environment: DATABASE_URL, BENCH_JOURNEY_PLAN (the plan's JSON file), BENCH_POOL_SIZE. It prints one JSON line
 * `{"url": ...}` when ready; SIGTERM closes it.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { type JourneyStep, SECTION_STEPS } from "./journey";
import { type JourneyPlan, learnFrom, type PlannedStatement, type ReplayKey, valuesFor } from "./journey-replay";

const plan = JSON.parse(readFileSync(process.env.BENCH_JOURNEY_PLAN ?? "", "utf8")) as JourneyPlan;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_POOL_SIZE ?? 20),
});

const SESSION = {
  name: "bare_session",
  text: `select s.user_id, u.email from sessions s inner join users u on u.id = s.user_id
    where s.token_hash = $1 and u.deleted_at is null limit 1`,
};

interface Caller {
  userId: string;
  userEmail: string;
  sessionHash: string;
}

/** Sessions by cookie, read once each (the product holds them in memory too, for their touch interval). */
const callers = new Map<string, Caller>();

async function callerOf(request: IncomingMessage): Promise<Caller | undefined> {
  const signed = decodeURIComponent(/pqe_session=([^;]+)/.exec(request.headers.cookie ?? "")?.[1] ?? "");
  const known = callers.get(signed);
  if (known) return known;
  const sessionHash = createHash("sha256")
    .update(signed.slice(0, signed.lastIndexOf(".")))
    .digest("hex");
  const { rows } = await pool.query<{ user_id: string; email: string }>({ ...SESSION, values: [sessionHash] });
  const row = rows[0];
  if (!row) return undefined;
  const caller = { userId: row.user_id, userEmail: row.email, sessionHash };
  callers.set(signed, caller);
  return caller;
}

function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        resolve(
          chunks.length === 0 ? {} : (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>),
        );
      } catch (error) {
        reject(error);
      }
    });
    request.on("error", reject);
  });
}

/** Which step a request is, by its method and path, and a PATCH by what its body carries. */
function stepOf(
  method: string,
  path: string,
  body: Record<string, unknown>,
): { step: JourneyStep; id: string } | undefined {
  if (method === "POST" && path === "/api/quotes") return { step: "create", id: "" };
  const match = /^\/api\/quotes\/([0-9a-f-]{36})(?:\/(rate|issue))?$/.exec(path);
  if (!match) return undefined;
  const id = match[1] as string;
  const action = match[2];
  if (method === "POST" && action) return { step: action as "rate" | "issue", id };
  if (method !== "PATCH" || action) return undefined;
  if (body.status === "QUOTED") return { step: "complete", id };
  const section = SECTION_STEPS.find((name) => name in body);
  return section ? { step: section, id } : undefined;
}

type Sender = Pick<pg.PoolClient, "query">;

async function send(client: Sender, statement: PlannedStatement, fresh: Map<ReplayKey, string>, now: Date) {
  const result = await client.query({
    name: statement.name,
    text: statement.text,
    values: valuesFor(statement, fresh, now),
    rowMode: "array",
  });
  if (statement.rowCount !== null && result.rowCount !== statement.rowCount) {
    throw new Error(
      `${statement.name} touched ${result.rowCount} rows where the product's touched ${statement.rowCount}`,
    );
  }
  const rows = result.rows as unknown[][];
  learnFrom(statement, rows, fresh);
  return rows;
}

async function runStep(step: JourneyStep, fresh: Map<ReplayKey, string>): Promise<unknown[][]> {
  const now = new Date();
  let answered: unknown[][] = [];
  for (const unit of plan[step].units) {
    if (!unit.transaction) {
      const rows = await send(pool, unit.statement, fresh, now);
      if (rows.length > 0) answered = rows;
      continue;
    }
    const client = await pool.connect();
    try {
      for (const statement of unit.statements) {
        const rows = await send(client, statement, fresh, now);
        if (rows.length > 0) answered = rows;
      }
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
  return answered;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  const target = stepOf(request.method ?? "", request.url ?? "", body);
  if (!target) return answer(response, 404, { error: "Not found" });
  const caller = await callerOf(request);
  if (!caller) return answer(response, 401, { error: "Authentication required" });
  const fresh = new Map<ReplayKey, string>([
    ["userId", caller.userId],
    ["userEmail", caller.userEmail],
    ["sessionHash", caller.sessionHash],
  ]);
  if (target.step === "create") fresh.set("proposerName", String(body.proposerName));
  else fresh.set("quoteId", target.id);
  const rows = await runStep(target.step, fresh);
  answer(response, target.step === "create" ? 201 : 200, { data: { id: fresh.get("quoteId"), rows } });
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    if (!response.headersSent) answer(response, 500, { error: String(error) });
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});

process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
