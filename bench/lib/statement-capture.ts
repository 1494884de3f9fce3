/**
 * The SQL statements a piece of work sends to PostgreSQL, recorded in this process by wrapping node-postgres's
 * `Client.prototype.query` (every pooled connection is such a client, so transactions are seen too). Only the
 * statements a recorded request causes are kept, whatever else the process is doing (the job queue's and the
 * mail dispatcher's polls), because the request is handled in an AsyncLocalStorage context that the statements it
 * causes inherit.
 *
 * What is kept of each statement is what a replay needs: its text, its prepared-statement name, the values in
 * the form they go on the wire (a Date marked as such), which connection sent it, and its answer (the rows as
 * arrays, whatever form the sender asked for), so a replay can find where an id or a reference first comes back.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

/** A value as it went on the wire; a Date is marked, so a replay can send the time of its own request. */
export type CapturedValue = string | null | { date: string };

export interface CapturedStatement {
  /** The pooled connection that sent it, numbered in the order connections were first seen. */
  connection: number;
  text: string;
  /** The prepared statement's name, when the sender prepared it. */
  name: string | null;
  values: CapturedValue[];
  /** The answer's rows as arrays, columns in the answer's order. */
  rows: unknown[][];
  rowCount: number | null;
  /** True when it was sent while another statement of the same work still awaited its answer. */
  overlapped: boolean;
}

interface Recording {
  statements: CapturedStatement[];
  pending: number;
}

const recordings = new AsyncLocalStorage<Recording>();
const connectionNumbers = new WeakMap<object, number>();
let installed = false;

type QueryConfig = { text: string; values?: unknown[]; name?: string };
type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/** node-postgres's own conversion of a value to its wire text (not in its type declarations). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

function wireValue(value: unknown): CapturedValue {
  if (value instanceof Date) return { date: value.toISOString() };
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return null;
  if (typeof prepared === "string") return prepared;
  throw new Error(`A captured statement has a value of a kind a replay cannot send: ${typeof prepared}`);
}

/** Wraps node-postgres's query once per process; statements sent outside a recording pass straight through. */
function install(): void {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  let connections = 0;
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const recording = recordings.getStore();
    const [first, second, third] = args;
    if (!recording) return original.apply(this, args);
    if (typeof first !== "string" && (first === null || typeof first !== "object" || "submit" in first)) {
      throw new Error("A statement was sent in a form the capture does not read (a string or a config object)");
    }
    const config: QueryConfig =
      typeof first === "string"
        ? { text: first, ...(Array.isArray(second) ? { values: second } : {}) }
        : (first as QueryConfig);
    const values = config.values ?? (Array.isArray(second) ? second : []);
    let connection = connectionNumbers.get(this);
    if (connection === undefined) {
      connections += 1;
      connection = connections;
      connectionNumbers.set(this, connection);
    }
    const entry: CapturedStatement = {
      connection,
      text: config.text,
      name: config.name ?? null,
      values: values.map(wireValue),
      rows: [],
      rowCount: null,
      overlapped: recording.pending > 0,
    };
    recording.statements.push(entry);
    recording.pending += 1;
    const settle = (result: pg.QueryResult | undefined) => {
      recording.pending -= 1;
      if (!result) return;
      const fields = result.fields.map((field) => field.name);
      entry.rowCount = result.rowCount;
      entry.rows = result.rows.map((row: unknown) =>
        Array.isArray(row) ? row : fields.map((field) => (row as Record<string, unknown>)[field]),
      );
    };
    const callback = [second, third].find((argument) => typeof argument === "function") as Callback | undefined;
    if (callback) {
      const wrapped: Callback = (error, result) => {
        settle(error ? undefined : result);
        callback(error, result);
      };
      const rest = args.map((argument) => (argument === callback ? wrapped : argument));
      return original.apply(this, rest);
    }
    const answer = original.apply(this, args) as Promise<pg.QueryResult>;
    answer.then(settle, () => settle(undefined));
    return answer;
  } as typeof pg.Client.prototype.query;
}

/**
 * Records the statements of one request at a time. The server's request listener runs each request through
 * `within`, so the statements that request causes (and only those) carry the recording under way; `record`
 * sends one request and returns them.
 */
export class StatementRecorder {
  private current: Recording | undefined;

  constructor() {
    install();
  }

  /** Runs a request's handling, recording its statements while a recording is under way. */
  within<T>(handle: () => T): T {
    return this.current ? recordings.run(this.current, handle) : handle();
  }

  /** Runs `send` (one request to the server) and returns what it returned with the statements the request sent. */
  async record<T>(send: () => Promise<T>): Promise<{ result: T; statements: CapturedStatement[] }> {
    if (this.current) throw new Error("One request is recorded at a time");
    const recording: Recording = { statements: [], pending: 0 };
    this.current = recording;
    try {
      const result = await send();
      // A statement the request started but did not wait for before answering still belongs to it.
      for (let waited = 0; recording.pending > 0 && waited < 5_000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (recording.pending > 0) throw new Error("A recorded statement was not answered within 5 s");
      return { result, statements: recording.statements };
    } finally {
      this.current = undefined;
    }
  }
}
