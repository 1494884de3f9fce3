import { defineConfig } from "vitest/config";
import { webAliases } from "./vite.config";

/**
 * Tests that take tens of seconds each: thousands of malformed requests, a server killed mid-write and restarted,
 * backups and restores of a database on disk, the content security policy in Chromium, and real server processes
 * started, raced and shut down, several of them at once on one PostgreSQL database. They guard the same promises as the rest, so `npm test` runs them too.
 */
const SLOW = [
  "tests/api/fuzz.test.ts",
  "tests/durability/**/*.test.ts",
  "tests/api/backup.test.ts",
  "tests/security/csp.test.ts",
  "tests/api/instances-process.test.ts",
  "tests/api/shutdown.test.ts",
  "tests/api/documents-process.test.ts",
  "tests/deploy/image-steps.test.ts",
  "tests/deploy/caddy.test.ts",
  "tests/instances/**/*.test.ts",
];

const nodeTests = { environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } as const;

// Four projects, one `vitest run` (`npm test`); `npm run test:unit` and friends run one of them.
//   unit: everything under src/ (domain, web components in jsdom via a per-file `@vitest-environment jsdom`
//         comment) and the layering rule; no database, no server, so the files share workers (isolate: false).
//   api:  the server through app.inject on PGlite, and on PostgreSQL too when DATABASE_URL is set.
//   e2e:  Chromium against the built app on a real server, started once by tests/e2e/global-setup.ts.
//   slow: the SLOW files above.
export default defineConfig({
  // The web app's components run in the unit project, so it resolves the web's aliases as Vite does. Inline
  // projects inherit the root's options (Vitest 5), so every project resolves them and all share one Vite server.
  resolve: { alias: webAliases },
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/layering.test.ts"],
          // Each file cleans up what it stubs; sharing a worker saves starting one per file.
          isolate: false,
          ...nodeTests,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/**/*.test.ts"],
          exclude: ["**/node_modules/**", "tests/e2e/**", "tests/layering.test.ts", ...SLOW],
          // An unexpected console.error fails the test it happens in (tests/support/console-errors.ts).
          setupFiles: ["tests/support/console-errors.ts"],
          ...nodeTests,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // One server, one file at a time: the audit log and the lists are shared, so files must not interleave.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "slow",
          include: SLOW,
          ...nodeTests,
        },
      },
    ],
  },
});
