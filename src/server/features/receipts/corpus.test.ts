/**
 * The receipts corpus (docs/product/receipts.md "Engine versions"): receipts kept in the repository, made by the
 * engine of their version, that between them use every configuration feature. Each must still verify: a change
 * to the engine that re-rates any of them differently fails here until the engine's version moves on.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RatingReceipt } from "../../../domain/receipt/receipt";
import { createReceiptVerifier, describeVerdict } from "../../../domain/receipt/verify";
import { sha256Hex } from "./sha256";

const folder = join(import.meta.dirname, "..", "..", "..", "..", "tests", "fixtures", "receipts");
const files = readdirSync(folder).filter((name) => name.endsWith(".json"));
const corpus = files.map((name) => ({
  name,
  receipt: JSON.parse(readFileSync(join(folder, name), "utf8")) as RatingReceipt,
}));

describe("the receipts corpus", () => {
  it.each(files)("%s re-rates to exactly its recorded result", async (name) => {
    const receipt = corpus.find((item) => item.name === name)?.receipt;
    const verdict = await createReceiptVerifier(sha256Hex).verify(receipt);
    expect(describeVerdict(verdict).join("\n")).toBe("verified");
  });

  it("covers every configuration feature and every kind of receipt", () => {
    const receipts = corpus.map((item) => item.receipt);
    const traceKinds = new Set(receipts.flatMap((receipt) => receipt.result.trace.map((line) => line.kind)));
    expect([...traceKinds].sort()).toEqual(
      [
        "additionalCover",
        "baseRate",
        "cap",
        "defenceCosts",
        "endorsement",
        "excess",
        "factor",
        "limitBasis",
        "minPremium",
        "override",
        "runOff",
        "runOffBasis",
      ].sort(),
    );
    const factorNames = new Set(
      receipts.flatMap((receipt) => receipt.result.trace.filter((line) => line.kind === "factor").map((l) => l.name)),
    );
    expect(factorNames).toContain("priorActsYears");
    expect(factorNames).toContain("responsibleForManufacturing");
    expect(
      new Set(receipts.flatMap((receipt) => receipt.result.referralHits.map((hit) => hit.code))).size,
    ).toBeGreaterThan(4);
    expect(new Set(receipts.map((receipt) => receipt.kind))).toEqual(new Set(["RATING", "ISSUE", "ADJUSTMENT"]));
    expect(new Set(receipts.map((receipt) => receipt.result.productCode))).toEqual(new Set(["D/C-PI", "PI001"]));
  });
});
