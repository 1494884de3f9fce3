import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- plain ESM script without type declarations
import { checkFile, checkTree, FEATURE_PUBLIC_EXCEPTIONS } from "../scripts/check-layers.mjs";

const root = resolve(import.meta.dirname, "..");
const at = (path: string) => resolve(root, path);

describe("layering check", () => {
  it("passes on the repository as it stands", () => {
    expect(checkTree(root)).toEqual([]);
  });

  it("refuses a framework or I/O import in src/domain", () => {
    expect(checkFile(root, at("src/domain/x.ts"), `import Fastify from "fastify";`)).toHaveLength(1);
    expect(checkFile(root, at("src/domain/x.ts"), `import { readFileSync } from "node:fs";`)).toHaveLength(1);
    expect(checkFile(root, at("src/domain/x.ts"), `import React from "react";`)).toHaveLength(1);
    expect(checkFile(root, at("src/domain/x.ts"), `const pg = await import("pg");`)).toHaveLength(1);
  });

  it("refuses src/domain reaching into another layer", () => {
    expect(checkFile(root, at("src/domain/rating/x.ts"), `import { db } from "../../server/db";`)).toHaveLength(1);
    expect(checkFile(root, at("src/domain/x.ts"), `export * from "../web/app";`)).toHaveLength(1);
  });

  it("refuses src/web importing src/server", () => {
    expect(checkFile(root, at("src/web/features/a.tsx"), `import type { App } from "../../server/app";`)).toHaveLength(
      1,
    );
  });

  it("refuses a web feature importing another feature", () => {
    const violations = checkFile(
      root,
      at("src/web/features/quotes/components/quotes-table.tsx"),
      `import { DocumentDownloadMenu } from "../../documents/components/document-download-menu";`,
    );
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain("web features do not import each other");
    expect(
      checkFile(root, at("src/web/features/users/x.tsx"), `import { useMe } from "@web/features/auth/api/get-me";`),
    ).toHaveLength(1);
  });

  it("refuses the shared web folders importing a feature", () => {
    const fromLayout = `import { useMe } from "../../features/auth/api/get-me";`;
    expect(checkFile(root, at("src/web/components/layout/app-layout.tsx"), fromLayout)).toHaveLength(1);
    const fromTop = `import { useMe } from "../features/auth/api/get-me";`;
    expect(checkFile(root, at("src/web/lib/x.ts"), fromTop)).toHaveLength(1);
    expect(checkFile(root, at("src/web/hooks/use-x.ts"), fromTop)).toHaveLength(1);
  });

  it("lets a feature use its own files and the shared folders, and the app compose features", () => {
    expect(
      checkFile(
        root,
        at("src/web/features/quotes/components/quotes-table.tsx"),
        `import { useQuotes } from "../api/get-quotes";\nimport { cn } from "../../../lib/cn";\nimport { Button } from "@web/components/ui/button";`,
      ),
    ).toEqual([]);
    expect(
      checkFile(
        root,
        at("src/web/app/routes/x.tsx"),
        `import { QuotesTable } from "../../features/quotes/components/quotes-table";`,
      ),
    ).toEqual([]);
  });

  it("allows the permitted directions", () => {
    expect(checkFile(root, at("src/domain/x.ts"), `import { z } from "zod";\nimport { a } from "./money";`)).toEqual(
      [],
    );
    expect(checkFile(root, at("src/domain/x.test.ts"), `import fc from "fast-check";`)).toEqual([]);
    expect(checkFile(root, at("src/web/a.tsx"), `import { formatGbp } from "../domain/money";`)).toEqual([]);
    expect(checkFile(root, at("src/server/a.ts"), `import { formatGbp } from "../domain/money";`)).toEqual([]);
  });

  it("refuses test-only packages in domain production code", () => {
    expect(checkFile(root, at("src/domain/x.ts"), `import fc from "fast-check";`)).toHaveLength(1);
  });

  it("lets a server feature use another feature only through its services and repository", () => {
    const feature = at("src/server/features/underwriting/x.ts");
    expect(checkFile(root, feature, `import { loadQuoteFor } from "../quotes/repository";`)).toEqual([]);
    expect(checkFile(root, feature, `import { createQuote } from "../quotes/service";`)).toEqual([]);
    expect(
      checkFile(root, feature, `import { findEffectiveRater } from "../rating-versions/effective-service";`),
    ).toEqual([]);
    expect(checkFile(root, feature, `import { findQuoteHistory } from "./queue";`)).toEqual([]);
    expect(checkFile(root, feature, `import { quoteRoutes } from "../quotes/routes";`)).toHaveLength(1);
    expect(checkFile(root, feature, `import { findQuotePage } from "../quotes/search";`)).toHaveLength(1);
    expect(checkFile(root, feature, `import { everything } from "../quotes";`)).toHaveLength(1);
  });

  it("keeps server infrastructure from importing a feature", () => {
    expect(
      checkFile(root, at("src/server/mail/x.ts"), `import { loadQuoteFor } from "../features/quotes/repository";`),
    ).toHaveLength(1);
    expect(
      checkFile(root, at("src/server/audit/x.ts"), `import { auditRoutes } from "../features/audit/routes";`),
    ).toHaveLength(1);
    expect(checkFile(root, at("src/server/app.ts"), `import { featureRoutes } from "./features";`)).toEqual([]);
    expect(
      checkFile(root, at("src/server/features/quotes/x.ts"), `import { recordAudit } from "../../audit/record";`),
    ).toEqual([]);
  });

  it("lists as exceptions only feature modules that exist", () => {
    for (const name of Object.keys(FEATURE_PUBLIC_EXCEPTIONS)) {
      expect(existsSync(at(`src/server/features/${name}.ts`)), name).toBe(true);
    }
  });
});
