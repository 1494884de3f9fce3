/** What a load run with autocannon measured, over every autocannon that made it (one per instance when spread). */
import type autocannon from "autocannon";

type AutocannonResult = Awaited<ReturnType<typeof autocannon>>;

export interface LoadFigures {
  /** Summed over the runs. */
  requestsPerSecond: number;
  /** The worst run's: the figure a client of the slowest instance sees. */
  p50: number;
  /** The worst run's: the figure a client of the slowest instance sees. */
  p99: number;
  failures: number;
  /** e.g. "3 x 409, 2 timed out" */
  failureKinds: string;
  total: number;
}

export function loadFigures(results: readonly AutocannonResult[]): LoadFigures {
  const kinds: string[] = [];
  for (const result of results) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
      if (!code.startsWith("2")) kinds.push(`${count} x ${code}`);
    }
    if (result.timeouts > 0) kinds.push(`${result.timeouts} timed out`);
  }
  const sum = (of: (result: AutocannonResult) => number) => results.reduce((total, result) => total + of(result), 0);
  return {
    requestsPerSecond: sum((result) => result.requests.average),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    // autocannon counts a timeout among its errors as well.
    failures: sum((result) => result.non2xx + result.errors),
    failureKinds: kinds.join(", "),
    total: sum((result) => result.requests.total),
  };
}
