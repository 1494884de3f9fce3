/**
 * Brokers working at once: each client signs in once and then takes quote after quote from step 1 to the issued
 * policy (bench/lib/journey.ts), one request after another as the wizard sends them, until the run ends. Requests
 * go over keep-alive node:http connections (the lightest client Node has, so the load generator takes as little as
 * it can of the cores the server shares with it).
 *
 * The run has a warm-up and then a measured window: policies issued per second counts the issues answered inside
 * the window, and each step's latencies are those of its requests answered inside it. Any answer other than 2xx is
 * a failure: it is counted, its first words kept, and that client stops.
 */
import { Agent, request } from "node:http";
import { JOURNEY_STEPS, type JourneyStep, journeyRequest } from "./journey";

const agent = new Agent({ keepAlive: true });

interface Answer {
  status: number;
  text: string;
}

function sendRequest(url: URL, method: string, path: string, cookie: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          cookie,
          origin: url.origin,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

export interface JourneyLoadOptions {
  /** One session cookie per client. */
  cookies: readonly string[];
  warmUpSeconds: number;
  seconds: number;
  /** The first quote's number (each quote's figures and insured's name follow from it). */
  firstIndex: number;
  /** Called as the measured window opens and as it closes (e.g. CPU snapshots); awaited before the run returns. */
  onWindowStart?: () => Promise<unknown>;
  onWindowEnd?: () => Promise<unknown>;
}

export interface JourneyLoadResult {
  policiesPerSecond: number;
  /** Policies issued inside the measured window. */
  policiesInWindow: number;
  /** Every issue answered 200, warm-up included: the database must hold this many more ISSUED quotes. */
  policiesIssued: number;
  /** Milliseconds per request of each step, answered inside the window. */
  latencies: Record<JourneyStep, number[]>;
  failures: number;
  failureSamples: string[];
  /** Quote numbers used, so the next run starts after them. */
  quotesStarted: number;
}

export async function runJourneys(url: string, options: JourneyLoadOptions): Promise<JourneyLoadResult> {
  const target = new URL(url);
  const started = performance.now();
  const windowStart = started + options.warmUpSeconds * 1_000;
  const windowEnd = windowStart + options.seconds * 1_000;
  const latencies = Object.fromEntries(JOURNEY_STEPS.map((step) => [step, [] as number[]])) as Record<
    JourneyStep,
    number[]
  >;
  const result: JourneyLoadResult = {
    policiesPerSecond: 0,
    policiesInWindow: 0,
    policiesIssued: 0,
    latencies,
    failures: 0,
    failureSamples: [],
    quotesStarted: 0,
  };
  const hooks: Promise<unknown>[] = [];
  const windowTimers = [
    setTimeout(() => options.onWindowStart && hooks.push(options.onWindowStart()), windowStart - started),
    setTimeout(() => options.onWindowEnd && hooks.push(options.onWindowEnd()), windowEnd - started),
  ];

  const client = async (cookie: string) => {
    while (performance.now() < windowEnd) {
      const index = options.firstIndex + result.quotesStarted++;
      let quoteId = "";
      for (const step of JOURNEY_STEPS) {
        const { method, path, body } = journeyRequest(step, index, quoteId, new Date());
        const sent = performance.now();
        const answer = await sendRequest(target, method, path, cookie, body);
        const answered = performance.now();
        if (answer.status < 200 || answer.status > 299) {
          result.failures += 1;
          if (result.failureSamples.length < 5) {
            result.failureSamples.push(`${step} ${answer.status} ${answer.text.slice(0, 200)}`);
          }
          return;
        }
        if (step === "create") quoteId = (JSON.parse(answer.text) as { data: { id: string } }).data.id;
        if (step === "issue") result.policiesIssued += 1;
        if (answered >= windowStart && answered < windowEnd) {
          latencies[step].push(answered - sent);
          if (step === "issue") result.policiesInWindow += 1;
        }
        if (answered >= windowEnd) return;
      }
    }
  };
  try {
    await Promise.all(options.cookies.map(client));
  } finally {
    for (const timer of windowTimers) clearTimeout(timer);
  }
  await Promise.all(hooks);
  result.policiesPerSecond = result.policiesInWindow / options.seconds;
  return result;
}
