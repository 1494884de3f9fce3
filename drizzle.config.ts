import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from the schema; the server applies them at start on both
// PGlite and PostgreSQL (ADR 0002). Generation needs no database connection.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./src/server/db/migrations",
});
