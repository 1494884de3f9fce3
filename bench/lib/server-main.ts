/**
 * The benchmark server process: the real app on the database named by its environment (DATABASE_URL, or
 * PGlite in DATA_DIR), migrated and seeded, listening on 127.0.0.1 with a free port. It prints one JSON line
 * `{"url": ...}` when ready and closes cleanly on SIGTERM. Run by bench/lib/server.ts in its own process, so
 * the load generator never shares the server's event loop.
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { seedDatabase } from "../../src/server/db/seed";

// What is measured is the server's throughput, so the per-user limits on business writes stand aside.
const config = loadConfig({
  QUOTES_CREATED_PER_MINUTE: "1000000",
  DOCUMENTS_RENDERED_PER_MINUTE: "1000000",
  REFERRALS_SENT_PER_MINUTE: "1000000",
  ...process.env,
});
const database = await openDatabase(config, { poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
await database.migrate();
await seedDatabase(database.db, { seedDemo: true, initialAdmin: undefined });
const app = await buildApp({
  config,
  database,
  logger: false,
  // Sign-ins are part of the set-up here, not what is measured.
  loginRateLimit: { max: 1_000_000, windowMs: 60_000 },
});
await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);

process.once("SIGTERM", () => {
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
