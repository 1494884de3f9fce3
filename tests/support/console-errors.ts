/**
 * An unexpected `console.error` during a server or API test fails that test: the server logs through its own
 * logger, so anything on console.error is a library or a code path complaining about something the test did not
 * mean to do (React's warnings, an unhandled driver notice, a forgotten debugging line). A test that provokes one
 * on purpose says so with `expectConsoleErrors(/pattern/)` before it happens. Loaded as a setup file of the api
 * project (vitest.config.ts); the message still reaches the terminal.
 */
import { afterEach, beforeEach, expect } from "vitest";

interface ConsoleErrorState {
  seen: string[];
  expected: RegExp[];
}

// On globalThis so the setup file and a test file that imports this module share one state, however the
// runner loads them.
const KEY = Symbol.for("pi-quote-engine.console-errors");
const globals = globalThis as typeof globalThis & { [KEY]?: ConsoleErrorState };
globals[KEY] ??= { seen: [], expected: [] };
const state: ConsoleErrorState = globals[KEY];

/** Declares console errors this test expects, each matched by one of `patterns`; holds until the test ends. */
export function expectConsoleErrors(...patterns: RegExp[]): void {
  state.expected.push(...patterns);
}

function format(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" ");
}

const original = console.error;

beforeEach(() => {
  state.seen = [];
  state.expected = [];
  console.error = (...args: unknown[]) => {
    state.seen.push(format(args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const unexpected = state.seen.filter((text) => !state.expected.some((pattern) => pattern.test(text)));
  state.seen = [];
  state.expected = [];
  expect(unexpected, "unexpected console.error during the test").toEqual([]);
});
