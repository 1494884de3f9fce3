/**
 * Records what the product sends to PostgreSQL for each step of the journey, and turns it into the floor's plan
 * (bench/lib/journey-replay.ts). The product's app (`buildApp`, the code dist/server/main.js is built from) runs in
 * this process on the bench database, behind a node:http listener that hands each request to it inside a
 * recording (bench/lib/statement-capture.ts). A few journeys warm its caches first, so the recording is of the
 * steady state the load sees (sessions and published versions held in memory); of the recorded journeys, each
 * step's plan comes from the one that sent the fewest statements for it (a cache refreshed in the middle of a
 * recording is a once-a-minute cost, not a per-journey one).
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { send } from "./client";
import { JOURNEY_STEPS, type JourneyStep, journeyRequest } from "./journey";
import { type JourneyPlan, planStep, type ReplayKey } from "./journey-replay";
import { type CapturedStatement, StatementRecorder } from "./statement-capture";

const WARM_UP_JOURNEYS = 3;
const RECORDED_JOURNEYS = 3;

export interface JourneyCapture {
  plan: JourneyPlan;
  /** Statements per step as recorded (the fewest over the recorded journeys), and how many the product prepared. */
  statements: Record<JourneyStep, { sent: number; prepared: number; texts: string[] }>;
}

async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const user = ((await response.json()) as { data: { id: string; email: string } }).data;
  const cookie = (response.headers.getSetCookie().find((set) => set.startsWith("pqe_session=")) ?? "").split(";")[0];
  if (!cookie) throw new Error("No session cookie was set");
  const signed = decodeURIComponent(cookie.slice("pqe_session=".length));
  const sessionHash = createHash("sha256")
    .update(signed.slice(0, signed.lastIndexOf(".")))
    .digest("hex");
  return { cookie, user, sessionHash };
}

/** Records the product's statements for journeys of `broker` on the database at `databaseUrl`; the plan of each step. */
export async function captureJourney(
  databaseUrl: string,
  broker: { email: string; password: string },
  firstIndex: number,
): Promise<JourneyCapture> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: `journey-capture-${"x".repeat(32)}`,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const recorder = new StatementRecorder();
  const listener = createServer((request, response) => recorder.within(() => app.routing(request, response)));
  try {
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const session = await signIn(url, broker.email, broker.password);
    const recordings: { statements: Record<JourneyStep, CapturedStatement[]>; recorded: Record<ReplayKey, string> }[] =
      [];
    for (let journey = 0; journey < WARM_UP_JOURNEYS + RECORDED_JOURNEYS; journey++) {
      const index = firstIndex + journey;
      const statements = {} as Record<JourneyStep, CapturedStatement[]>;
      let quote = { id: "", reference: "", policyNumber: "" };
      let proposerName = "";
      for (const step of JOURNEY_STEPS) {
        const { method, path, body } = journeyRequest(step, index, quote.id, new Date());
        if (step === "create") proposerName = (body as { proposerName: string }).proposerName;
        const recorded = await recorder.record(() =>
          send<{ data: typeof quote }>(url, session.cookie, method, path, body),
        );
        statements[step] = recorded.statements;
        if (step === "create" || step === "issue") quote = recorded.result.data;
      }
      if (journey < WARM_UP_JOURNEYS) continue;
      recordings.push({
        statements,
        recorded: {
          quoteId: quote.id,
          reference: quote.reference,
          policyNumber: quote.policyNumber,
          userId: session.user.id,
          userEmail: session.user.email,
          sessionHash: session.sessionHash,
          proposerName,
        },
      });
    }
    const plan = {} as JourneyPlan;
    const statements = {} as JourneyCapture["statements"];
    for (const step of JOURNEY_STEPS) {
      const fewest = recordings.reduce((best, candidate) =>
        candidate.statements[step].length < best.statements[step].length ? candidate : best,
      );
      const sent = fewest.statements[step];
      plan[step] = planStep(step, sent, fewest.recorded);
      statements[step] = {
        sent: sent.length,
        prepared: sent.filter((statement) => statement.name !== null).length,
        texts: sent.map((statement) => statement.text),
      };
    }
    return { plan, statements };
  } finally {
    listener.close();
    await app.close();
    await database.close();
  }
}
