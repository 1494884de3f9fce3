import { describe, expect, it } from "vitest";
import { compileRatingConfig } from "../../../domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../../../domain/rating/configs/dc-pi";
import { defaultRatingInput } from "../../../domain/rating/input";
import { canonicalJson, canonicalLines, firstDifferingLine } from "../../../domain/receipt/canonical-json";
import { buildReceipt, type RatingReceipt, shortReceiptHash } from "../../../domain/receipt/receipt";
import {
  createReceiptVerifier,
  describeSummary,
  describeVerdict,
  verifyReceipts,
} from "../../../domain/receipt/verify";
import { sha256Hex } from "./sha256";

const sha256 = sha256Hex;

function receiptOf(overrides: Partial<Parameters<typeof defaultRatingInput>[0]> = {}): RatingReceipt {
  const compiled = compileRatingConfig(DC_PI_RATING_CONFIG);
  if (!compiled.ok) throw new Error("the D/C-PI configuration compiles");
  const input = defaultRatingInput({ turnover: 2_500_000, ...overrides });
  const configuration = JSON.parse(JSON.stringify(DC_PI_RATING_CONFIG)) as Record<string, unknown>;
  return buildReceipt(
    {
      kind: "RATING",
      subject: {
        quoteReference: "Q-2026-000001",
        policyNumber: null,
        endorsement: null,
        ratedAt: "2026-05-01T10:00:00.000Z",
      },
      ratingVersion: { id: "00000000-0000-4000-8000-000000000001", name: "D/C-PI 2026" },
      configuration,
      input,
      options: { baseOverridePence: undefined },
      result: compiled.rater.rate(input, {}),
    },
    sha256,
  );
}

const copy = (receipt: RatingReceipt): RatingReceipt => JSON.parse(JSON.stringify(receipt)) as RatingReceipt;

describe("canonical JSON (RFC 8785)", () => {
  it("sorts keys by UTF-16 code units, drops undefined members and writes no whitespace", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"], c: undefined, "\u20ac": 1, "\r": 2 })).toBe(
      '{"\\r":2,"a":[true,null,"x"],"b":1,"€":1}',
    );
  });

  it("writes numbers as ECMAScript does, as RFC 8785's examples show", () => {
    expect(canonicalJson([333333333.3333333, 1e30, 4.5, 0.002, 0.000001, -0])).toBe(
      "[333333333.3333333,1e+30,4.5,0.002,0.000001,0]",
    );
  });

  it("refuses what JSON cannot hold rather than write something else", () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError);
  });

  it("lays a value out one member per line in the same order and finds the first line that differs", () => {
    expect(canonicalLines({ b: [1], a: {} })).toEqual(["{", '  "a": {},', '  "b": [', "    1", "  ]", "}"]);
    expect(firstDifferingLine({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({
      line: 3,
      recorded: '"b": 2',
      computed: '"b": 3',
    });
    expect(firstDifferingLine({ a: 1 }, { a: 1 })).toBeNull();
  });
});

describe("rating receipts", () => {
  it("hold the engine's result with its worksheet and a 64-character SHA-256, shown short on paper", () => {
    const receipt = receiptOf();
    expect(receipt.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(shortReceiptHash(receipt.hash)).toBe(receipt.hash.slice(0, 12));
    expect(receipt.result.worksheet.at(-1)).toMatch(/^Premium \(inclusive\) \| {2}\| £/);
    expect(receipt.options).toEqual({});
    expect(receiptOf().hash).toBe(receipt.hash);
  });

  it("verifies a genuine receipt, also after a JSON round trip in another key order", async () => {
    const verifier = createReceiptVerifier(sha256);
    const receipt = receiptOf();
    const reordered = Object.fromEntries(Object.entries(copy(receipt)).reverse());
    expect(await verifier.verify(receipt)).toEqual({ verified: true, hash: receipt.hash });
    expect(describeVerdict(await verifier.verify(reordered))).toEqual(["verified"]);
  });

  it("names the input when a byte of it is changed, with the first result line re-rating changes", async () => {
    const tampered = copy(receiptOf());
    tampered.input.turnover = 9_000_000;
    const verdict = await createReceiptVerifier(sha256).verify(tampered);
    expect(verdict).toMatchObject({ verified: false, part: "input" });
    const lines = describeVerdict(verdict);
    expect(lines[0]).toBe("not verified: input differs");
    expect(lines.join("\n")).toContain("first differing line");
  });

  it("names the configuration, the options and the result when each is changed", async () => {
    const verifier = createReceiptVerifier(sha256);
    const configuration = copy(receiptOf());
    configuration.configuration = configuration.configuration.replace('"baseRate":750', '"baseRate":751');
    expect(await verifier.verify(configuration)).toMatchObject({ verified: false, part: "configuration" });

    const options = copy(receiptOf());
    options.options = { baseOverridePence: 100_00 };
    expect(await verifier.verify(options)).toMatchObject({ verified: false, part: "options" });

    const result = copy(receiptOf());
    result.result.totalPremium += 1;
    const verdict = await verifier.verify(result);
    expect(verdict).toMatchObject({ verified: false, part: "result" });
    if (verdict.verified) throw new Error("unreachable");
    expect(verdict.difference?.recorded).toBe(`"totalPremium": ${result.result.totalPremium},`);
  });

  it("names a changed part hash, a changed receipt hash and changed details", async () => {
    const verifier = createReceiptVerifier(sha256);
    const partHash = copy(receiptOf());
    partHash.hashes.configuration = sha256("something else");
    expect(await verifier.verify(partHash)).toMatchObject({ verified: false, part: "configuration hash" });

    const hash = copy(receiptOf());
    hash.hash = hash.hash.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect(await verifier.verify(hash)).toMatchObject({ verified: false, part: "hash" });

    const details = copy(receiptOf());
    details.subject.quoteReference = "Q-2026-999999";
    expect(await verifier.verify(details)).toMatchObject({ verified: false, part: "hash" });
  });

  it("catches a result changed with every hash made again: re-rating gives another premium", async () => {
    const forged = copy(receiptOf());
    forged.result.basePremium -= 100;
    const rebuilt = buildReceipt(
      {
        kind: forged.kind,
        subject: forged.subject,
        ratingVersion: forged.ratingVersion,
        configuration: JSON.parse(forged.configuration),
        input: forged.input,
        options: forged.options,
        result: { ...forged.result, trace: [], endorsements: [] } as never,
      },
      sha256,
    );
    const verdict = await createReceiptVerifier(sha256).verify(rebuilt);
    expect(verdict).toMatchObject({ verified: false, part: "result" });
  });

  it("never says verified for an engine version it does not know, nor for something that is not a receipt", async () => {
    const verifier = createReceiptVerifier(sha256);
    const future = { ...copy(receiptOf()), engineVersion: "99" };
    const verdict = await verifier.verify(future);
    expect(verdict).toMatchObject({ verified: false, part: "engine version" });
    expect(describeVerdict(verdict)[0]).toMatch(/^not verified: Unknown engine version "99"/);
    expect(await verifier.verify({ hello: "world" })).toMatchObject({ verified: false, part: "receipt" });
    expect(await verifier.verify(null)).toMatchObject({ verified: false, part: "receipt" });
  });

  it("sums up many receipts: rows checked, verified, differing, each differing one with its first line", async () => {
    const tampered = copy(receiptOf());
    tampered.result.taxes += 1;
    const summary = await verifyReceipts(createReceiptVerifier(sha256), [receiptOf(), tampered, receiptOf()]);
    expect([summary.checked, summary.verified, summary.differing.length]).toEqual([3, 2, 1]);
    const lines = describeSummary(summary);
    expect(lines.slice(0, 3)).toEqual(["rows checked: 3", "verified: 2", "differing: 1"]);
    expect(lines[3]).toBe(`row 2 (${tampered.hash.slice(0, 12)}):`);
    expect(lines[4]).toBe("  not verified: result differs");
  });
});
