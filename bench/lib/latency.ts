/** Latencies a benchmark collects: a percentile of them, and a client asking /healthz while other work runs. */

/** The p-th percentile (0 < p <= 100) by nearest rank; 0 when there is no value. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** Asks /healthz every `intervalMs` until stopped; returns each answer's latency in ms. */
export function probeHealth(url: string, intervalMs: number): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((wait) => setTimeout(wait, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}
