/**
 * The floor the production server's start-up is held to: plain Node opening the same embedded database
 * (PGlite in DATA_DIR/pglite with pg_trgm, as the server opens it) and answering GET /healthz over HTTP with
 * a `select 1`. No framework, no migrations check, no routes: what any server on PGlite must at least pay.
 * Plain JavaScript so that no TypeScript loader adds to the figure.
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const client = await PGlite.create({ dataDir: resolve(process.env.DATA_DIR, "pglite"), extensions: { pg_trgm } });
const server = createServer((request, response) => {
  client.query("select 1").then(
    () => {
      response.writeHead(request.url === "/healthz" ? 200 : 404, { "content-type": "application/json" });
      response.end('{"status":"ok"}');
    },
    () => {
      response.writeHead(503);
      response.end();
    },
  );
});
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.once("SIGTERM", () => {
  server.close();
  client.close().then(() => process.exit(0));
});
