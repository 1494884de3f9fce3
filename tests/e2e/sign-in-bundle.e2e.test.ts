/**
 * The sign-in screen's download budget, held on every run against the production build the browser tests use
 * (the global setup builds it): its script and CSS gzipped stay within 100 KB, and it loads no other screen's
 * code, no stylesheet file and not its form check (ADR 0056). `npm run bench:bundle` prints the same figures.
 */
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { measureSignInBundle, SIGN_IN_BUDGET_KB } from "../../bench/lib/sign-in-bundle";

const WEB = join(resolve(import.meta.dirname, "../.."), "dist/web");

describe("the sign-in screen's download", () => {
  it("stays within its budget and loads only what the screen runs", () => {
    const bundle = measureSignInBundle(WEB);
    const listing = bundle.scripts.map((script) => `${script.file} ${(script.bytes / 1024).toFixed(1)} KB`).join(", ");
    expect(bundle.total / 1024, `sign-in loads ${listing}`).toBeLessThanOrEqual(SIGN_IN_BUDGET_KB);
  });
});
