/**
 * What the minimal quote-to-issue server (bench/lib/bare-journey-server.ts) sends to PostgreSQL for each step: the
 * statements the product sent for that step in a recorded journey (bench/lib/statement-capture.ts), in the same
 * order, with the same texts and transactions, and with fresh values where the product's would differ from one
 * journey to the next: the quote's id, reference and policy number, the signed-in broker, the insured's name and
 * the time. Every other value (the sections, the premium, the rating version) is sent as recorded. The section
 * bodies and premiums of one journey stand for every journey's: the statements cost the same whatever the
 * figures.
 *
 * The plan is built once from the recording and written as JSON for the server's process. Building it checks that
 * every fresh value a statement needs is known before the statement is sent (from the request, or from an
 * earlier statement's answer, where the product got it), so a plan that would replay something else is refused.
 */
import { policyNumberFor } from "../../src/domain/quote/product";
import type { JourneyStep } from "./journey";
import type { CapturedStatement } from "./statement-capture";

/** The values that differ from one journey to the next. */
export const REPLAY_KEYS = [
  "quoteId",
  "reference",
  "policyNumber",
  "userId",
  "userEmail",
  "sessionHash",
  "proposerName",
] as const;
export type ReplayKey = (typeof REPLAY_KEYS)[number];

/** A value sent as recorded, the time of the request, or a text with fresh values (and times) inside it. */
export type PlannedValue =
  | { constant: string | null }
  | { now: true }
  | { parts: (string | { key: ReplayKey | "now" })[] };

export interface PlannedStatement {
  text: string;
  /** Every statement is prepared under a name of its own (the floor does what a careful hand-written server does). */
  name: string;
  values: PlannedValue[];
  /** The row count the product saw: anything else means the replay did not do the same work. */
  rowCount: number | null;
  /** Fresh values this statement's answer gives (row, column), as it gave them to the product. */
  sources: { key: ReplayKey; row: number; column: number }[];
}

/** Statements sent one at a time through the pool, or together on one connection between BEGIN and COMMIT. */
export type PlannedUnit =
  | { transaction: false; statement: PlannedStatement }
  | { transaction: true; statements: PlannedStatement[] };

export interface StepPlan {
  step: JourneyStep;
  units: PlannedUnit[];
}

export type JourneyPlan = Record<JourneyStep, StepPlan>;

/** What the request itself gives the server before any statement (the rest comes back from the database). */
export const KNOWN_AT_START: Record<JourneyStep, readonly ReplayKey[]> = {
  create: ["userId", "userEmail", "sessionHash", "proposerName"],
  financialOverview: ["userId", "userEmail", "sessionHash", "quoteId"],
  designLiability: ["userId", "userEmail", "sessionHash", "quoteId"],
  activitySplit: ["userId", "userEmail", "sessionHash", "quoteId"],
  contracts: ["userId", "userEmail", "sessionHash", "quoteId"],
  declaration: ["userId", "userEmail", "sessionHash", "quoteId"],
  rate: ["userId", "userEmail", "sessionHash", "quoteId"],
  complete: ["userId", "userEmail", "sessionHash", "quoteId"],
  issue: ["userId", "userEmail", "sessionHash", "quoteId"],
};

/** The policy number is the reference's, as the product derives it. */
const DERIVED: Partial<Record<ReplayKey, { from: ReplayKey; derive: (value: string) => string }>> = {
  policyNumber: { from: "reference", derive: policyNumberFor },
};

/** A time as the product sends it (Date.prototype.toISOString). */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/;

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function planValue(value: CapturedStatement["values"][number], pattern: RegExp, keyOf: Map<string, ReplayKey>) {
  if (value === null) return { constant: null };
  if (typeof value === "object") return { now: true as const };
  const parts: (string | { key: ReplayKey | "now" })[] = [];
  let last = 0;
  for (const match of value.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(value.slice(last, index));
    parts.push({ key: keyOf.get(match[0]) ?? "now" });
    last = index + match[0].length;
  }
  if (parts.length === 0) return { constant: value };
  if (last < value.length) parts.push(value.slice(last));
  return { parts };
}

function keysIn(value: PlannedValue): (ReplayKey | "now")[] {
  if (!("parts" in value)) return [];
  return value.parts.flatMap((part) => (typeof part === "string" ? [] : [part.key]));
}

const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b/i;

/**
 * The plan of one step from its recorded statements and the values its journey had (`recorded`: the quote's id,
 * reference and so on as the product had them in that journey).
 */
export function planStep(
  step: JourneyStep,
  statements: readonly CapturedStatement[],
  recorded: Record<ReplayKey, string>,
): StepPlan {
  const keyOf = new Map<string, ReplayKey>();
  for (const key of REPLAY_KEYS) {
    const value = recorded[key];
    if (value.length < 6) throw new Error(`The recorded ${key} "${value}" is too short to be told apart`);
    if (keyOf.has(value)) throw new Error(`Two recorded values are both "${value}"`);
    keyOf.set(value, key);
  }
  // Longest first, so a value inside a longer one is not taken for it.
  const alternatives = [...keyOf.keys()].sort((a, b) => b.length - a.length).map(escapeForRegExp);
  const pattern = new RegExp([...alternatives, ISO_TIME.source].join("|"), "g");

  const known = new Set<ReplayKey | "now">([...KNOWN_AT_START[step], "now"]);
  const learn = (key: ReplayKey) => {
    known.add(key);
    for (const [derived, rule] of Object.entries(DERIVED)) {
      if (rule.from === key) known.add(derived as ReplayKey);
    }
  };
  const units: PlannedUnit[] = [];
  let open: { connection: number; statements: PlannedStatement[] } | undefined;
  statements.forEach((statement, position) => {
    if (statement.overlapped) {
      throw new Error(`${step}: statement ${position + 1} was sent before the one before it was answered`);
    }
    const values = statement.values.map((value) => planValue(value, pattern, keyOf));
    for (const key of values.flatMap(keysIn)) {
      if (!known.has(key)) {
        throw new Error(`${step}: statement ${position + 1} sends the ${key} before the replay can know it`);
      }
    }
    const sources: PlannedStatement["sources"] = [];
    for (const key of REPLAY_KEYS) {
      if (known.has(key)) continue;
      statement.rows.forEach((row, rowIndex) => {
        const column = row.indexOf(recorded[key]);
        if (column !== -1 && !known.has(key)) {
          sources.push({ key, row: rowIndex, column });
          learn(key);
        }
      });
    }
    const planned: PlannedStatement = {
      text: statement.text,
      name: `bare_${step}_${position + 1}`,
      values,
      rowCount: statement.rowCount,
      sources,
    };
    if (open && open.connection !== statement.connection) {
      throw new Error(`${step}: a statement on another connection was sent inside a transaction`);
    }
    if (open) {
      open.statements.push(planned);
      if (TRANSACTION_END.test(statement.text)) {
        units.push({ transaction: true, statements: open.statements });
        open = undefined;
      }
    } else if (TRANSACTION_START.test(statement.text)) {
      open = { connection: statement.connection, statements: [planned] };
    } else {
      units.push({ transaction: false, statement: planned });
    }
  });
  if (open) throw new Error(`${step}: a transaction was still open when the step answered`);
  return { step, units };
}

/** How many statements a step's plan sends. */
export function statementCount(plan: StepPlan): number {
  return plan.units.reduce((count, unit) => count + (unit.transaction ? unit.statements.length : 1), 0);
}

/** The values of one statement for this request: `fresh` holds what is known so far, `now` the request's time. */
export function valuesFor(statement: PlannedStatement, fresh: Map<ReplayKey, string>, now: Date): (string | null)[] {
  const iso = now.toISOString();
  return statement.values.map((value) => {
    if ("constant" in value) return value.constant;
    if ("now" in value) return iso;
    let text = "";
    for (const part of value.parts) {
      text += typeof part === "string" ? part : part.key === "now" ? iso : (fresh.get(part.key) as string);
    }
    return text;
  });
}

/** Takes the fresh values a statement's answer gives (and what derives from them). */
export function learnFrom(statement: PlannedStatement, rows: unknown[][], fresh: Map<ReplayKey, string>): void {
  for (const source of statement.sources) {
    const value = rows[source.row]?.[source.column];
    if (typeof value !== "string") throw new Error(`${statement.name} did not answer the ${source.key}`);
    fresh.set(source.key, value);
    for (const [derived, rule] of Object.entries(DERIVED)) {
      if (rule.from === source.key) fresh.set(derived as ReplayKey, rule.derive(value));
    }
  }
}
