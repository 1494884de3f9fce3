import { defineConfig } from "vitest/config";
import { webAliases } from "./vite.config";

// Two projects, one `vitest run`: "unit" (domain, server through app.inject, web components in jsdom via a
// per-file `@vitest-environment jsdom` comment) and "e2e" (Chromium against the built app on a real server,
// started once by tests/e2e/global-setup.ts).
export default defineConfig({
  // The web app's components run in the unit project, so it resolves the web's aliases as Vite does.
  resolve: { alias: webAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts"],
          exclude: ["**/node_modules/**", "tests/e2e/**"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
    ],
  },
});
