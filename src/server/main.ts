/**
 * The production entry point: read the configuration, open and migrate the database, seed an empty one,
 * listen, and close gracefully (server first, then the database) on SIGTERM/SIGINT.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PRODUCT_NAME } from "../domain/constants";
import { buildApp } from "./app";
import { ConfigError, loadConfigFromProcess } from "./config";
import { openDatabase } from "./db/client";
import { DataDirectoryLockedError } from "./db/lock";
import { DEMO_USERS, seedDatabase } from "./db/seed";
import { serverLoggerOptions } from "./logging";

/** dist/web beside the bundle (dist/server/main.js), or the repo's dist/web when run from source. */
function findWebRoot(): string | undefined {
  const candidates = [new URL("../web", import.meta.url), new URL("../../dist/web", import.meta.url)];
  for (const candidate of candidates) {
    const path = fileURLToPath(candidate);
    if (existsSync(`${path}/index.html`)) return path;
  }
  return undefined;
}

async function main(): Promise<void> {
  const config = loadConfigFromProcess();
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    logger: serverLoggerOptions(config.logLevel),
    webRoot: findWebRoot(),
  });
  const log = app.log;

  let closing = false;
  // A request in flight at SIGTERM is answered, but its keep-alive connection would then hold the close open
  // until Fastify's 72 s idle timeout (past the 10 s limit below): tell the client to close it with the answer.
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => {
      log.error("graceful shutdown timed out; exiting");
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  try {
    await database.migrate();
    const seed = await seedDatabase(database.db, config);
    if (seed.seeded) {
      log.info(
        { ratingVersions: seed.ratingVersions, initialAdmin: seed.initialAdminEmail },
        "seeded the empty database",
      );
    }
    if (config.sessionSecretGenerated) {
      log.warn("SESSION_SECRET is not set: a random one was generated, so sessions end when the server restarts");
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }

  const url =
    config.publicUrl ?? `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  const lines = [`${PRODUCT_NAME} is running at ${url} (database: ${database.kind})`];
  if (config.seedDemo) {
    lines.push("Demo sign-ins (seeded on an empty database; SEED_DEMO=false turns them off):");
    for (const demo of DEMO_USERS) lines.push(`  ${demo.role.padEnd(11)} ${demo.email.padEnd(31)} ${demo.password}`);
  }
  log.info({ url, database: database.kind }, "ready");
  // Plain text beside the JSON log lines, for the person who just typed `npm start`.
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
