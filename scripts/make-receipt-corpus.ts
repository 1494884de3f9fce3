#!/usr/bin/env node
/**
 * Writes the receipts corpus (tests/fixtures/receipts, docs/product/receipts.md "Engine versions"): receipts of
 * ratings by the shipped configurations that between them use every configuration feature (bands, maps, the cap,
 * the minimum premium, loadings, referral rules, excess, limit basis, defence costs, retroactive cover, run-off,
 * additional covers, endorsement clauses, an override) and every kind (rating, issue, adjustment). The corpus test
 * verifies each file with the engine as it is now: a change that would re-rate any of them differently fails it.
 *
 * Run it only to add receipts of a NEW engine version (files are named by engine version and never rewritten):
 * `tsx scripts/make-receipt-corpus.ts`.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileRatingConfig, type RateOptions } from "../src/domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import { PI001_RATING_CONFIG } from "../src/domain/rating/configs/pi001";
import { ENGINE_VERSION } from "../src/domain/rating/engine-version";
import { defaultRatingInput, type RatingInput } from "../src/domain/rating/input";
import { canonicalLines } from "../src/domain/receipt/canonical-json";
import { buildReceipt, type ReceiptKind } from "../src/domain/receipt/receipt";
import { sha256Hex } from "../src/server/features/receipts/sha256";

const DC_PI = JSON.parse(JSON.stringify(DC_PI_RATING_CONFIG)) as Record<string, unknown>;
const PI001 = JSON.parse(JSON.stringify(PI001_RATING_CONFIG)) as Record<string, unknown>;
/** D/C-PI with an endorsement clause attached by the rating, so the corpus covers clauses too. */
const DC_PI_WITH_CLAUSE = {
  ...DC_PI,
  version: "1.0.0-clause",
  endorsementRules: [{ clause: "ASB-EXCL", condition: "asbestosOrEnvironmentalWork" }],
};

interface CorpusCase {
  name: string;
  kind?: ReceiptKind;
  configuration?: Record<string, unknown>;
  input?: Partial<RatingInput>;
  options?: RateOptions;
  endorsement?: number;
}

export const CORPUS_CASES: CorpusCase[] = [
  { name: "plain-rating" },
  {
    name: "bands-and-loadings",
    input: {
      turnover: 1_250_000,
      employees: 20,
      largestSingleProjectValue: 2_000_000,
      responsibleForManufacturing: true,
    },
  },
  {
    name: "cap",
    input: {
      turnover: 5_000_000,
      coverLimit: 5_000_000,
      sumInsured: 5_000_000,
      claimsLast3Yrs: 3,
      employees: 80,
      largestSingleProjectValue: 9_000_000,
    },
  },
  { name: "minimum-premium", input: { turnover: 100_000, coverLimit: 250_000, sumInsured: 250_000 } },
  {
    name: "referrals",
    input: {
      isAllTurnoverUK: false,
      hasNonUKJurisdictionWork: true,
      turnoverIncrease20Percent: true,
      hasMaterialFacts: true,
      subcontractorInsuranceConfirmed: false,
    },
  },
  { name: "excess-5x", input: { excessOption: "5x" } },
  { name: "limit-basis-and-defence-costs", input: { limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" } },
  { name: "retroactive-date", input: { priorActsUnlimited: false, priorActsYears: 2 } },
  { name: "run-off-from-answers", options: { runOff: { years: 3 } } },
  { name: "run-off-from-policy", options: { runOff: { years: 6, annualBasePence: 123_456 } } },
  { name: "override", options: { baseOverridePence: 250_000 } },
  {
    name: "additional-covers",
    input: {
      hasDirectorsOfficersInsurance: true,
      directorsOfficersLimit: 250_000,
      hasContentsInsurance: true,
      contentsLimit: 50_000,
      hasStockContents: true,
      stockContentsLimit: 99_000_000,
    },
  },
  { name: "endorsement-clause", configuration: DC_PI_WITH_CLAUSE, input: { asbestosOrEnvironmentalWork: true } },
  { name: "other-product", configuration: PI001, input: { turnover: 800_000, industry: "technology" } },
  { name: "issue", kind: "ISSUE", input: { turnover: 750_000 } },
  { name: "adjustment", kind: "ADJUSTMENT", endorsement: 1, input: { turnover: 750_000, excessOption: "2x" } },
];

function receiptOf(item: CorpusCase) {
  const configuration = item.configuration ?? DC_PI;
  const compiled = compileRatingConfig(configuration);
  if (!compiled.ok) throw new Error(`${item.name}: ${JSON.stringify(compiled.issues)}`);
  const input = defaultRatingInput(item.input);
  const options = item.options ?? {};
  const kind = item.kind ?? "RATING";
  return buildReceipt(
    {
      kind,
      subject: {
        quoteReference: "Q-2026-000042",
        policyNumber: kind === "RATING" ? null : "P/D/C-PI/2026/000042",
        endorsement: item.endorsement ?? null,
        ratedAt: "2026-11-26T12:00:00.000Z",
      },
      ratingVersion: {
        id: "00000000-0000-4000-8000-000000000042",
        name: `${String(configuration.productCode)} corpus`,
      },
      configuration,
      input,
      options,
      result: compiled.rater.rate(input, options),
    },
    sha256Hex,
  );
}

if (process.argv[1]?.endsWith("make-receipt-corpus.ts")) {
  const folder = join(import.meta.dirname, "..", "tests", "fixtures", "receipts");
  mkdirSync(folder, { recursive: true });
  let written = 0;
  for (const item of CORPUS_CASES) {
    const file = join(folder, `engine-${ENGINE_VERSION}-${item.name}.json`);
    // Receipts already in the corpus are what the engine must keep giving: never rewritten.
    if (existsSync(file)) continue;
    writeFileSync(file, `${canonicalLines(receiptOf(item)).join("\n")}\n`);
    written++;
  }
  process.stdout.write(`receipts corpus: ${written} written, ${CORPUS_CASES.length - written} kept\n`);
}
