/**
 * `npm start` builds only when the sources changed since the last build: the stamp check, run against a small
 * checkout in a temporary directory (no real build).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIsCurrent, clearStamp, writeStamp } from "../scripts/build-stamp.mjs";

describe("the build stamp", () => {
  let root: string;
  const write = (relative: string, text: string) => {
    mkdirSync(join(root, relative, ".."), { recursive: true });
    writeFileSync(join(root, relative), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "pqe-build-stamp-"));
    write("src/server/main.ts", "export {};\n");
    write("src/web/main.tsx", "export {};\n");
    write("index.html", "<!doctype html>\n");
    write("public/favicon.svg", "<svg/>\n");
    write("package.json", "{}\n");
    write("package-lock.json", "{}\n");
    write("tsconfig.json", "{}\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("asks for a build on a fresh clone (no dist/ yet)", () => {
    expect(buildIsCurrent(root, "production")).toBe(false);
  });

  it("skips the build when nothing changed since the last one", () => {
    writeStamp(root);
    expect(buildIsCurrent(root)).toBe(true);
  });

  it.each([
    ["a source file edited", () => write("src/server/main.ts", "export const changed = 1;\n")],
    ["a source file added", () => write("src/server/new-feature.ts", "export {};\n")],
    ["a source file removed", () => rmSync(join(root, "src/web/main.tsx"))],
    ["index.html edited", () => write("index.html", "<!doctype html><title>x</title>\n")],
    ["a public file added", () => write("public/robots.txt", "User-agent: *\n")],
    ["the lock file changed", () => write("package-lock.json", '{"lockfileVersion":3}\n')],
    ["a TypeScript config changed", () => write("tsconfig.server.json", "{}\n")],
    ["the build script changed", () => write("scripts/build.mjs", "// new step\n")],
  ])("builds again after %s", (_change, change) => {
    writeStamp(root);
    change();
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root);
    expect(buildIsCurrent(root)).toBe(true);
  });

  it("builds again for another mode (React's development build is not the production one)", () => {
    const saved = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = "production";
      writeStamp(root);
      expect(buildIsCurrent(root, "production")).toBe(true);
      expect(buildIsCurrent(root, undefined)).toBe(true);
      expect(buildIsCurrent(root, "development")).toBe(false);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });

  it("builds again after a build that started and did not finish", () => {
    writeStamp(root);
    clearStamp(root);
    expect(buildIsCurrent(root)).toBe(false);
  });
});
