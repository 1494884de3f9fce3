import { describe, expect, it } from "vitest";
import { compileRatingConfig } from "./compile";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { PI001_RATING_CONFIG } from "./configs/pi001";
import {
  createRatingVersionRequestSchema,
  planPublication,
  publicationConfirmation,
  ratingVersionSchema,
  ratingVersionTitle,
  selectEffectiveVersion,
  TEST_INDUSTRIES,
  TEST_RISK_DEFAULTS,
  testRatingInput,
  updateRatingVersionRequestSchema,
  type VersionForSelection,
} from "./version";

const validRequest = {
  name: "D/C-PI 2027",
  notes: "New turnover bands",
  json: DC_PI_RATING_CONFIG,
  effectiveFrom: "2027-01-01",
  effectiveTo: null,
};

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("createRatingVersionRequestSchema", () => {
  it("accepts a valid configuration as an object", () => {
    const parsed = createRatingVersionRequestSchema.parse(validRequest);
    expect(parsed.json).toEqual(DC_PI_RATING_CONFIG);
    expect(parsed.effectiveTo).toBeNull();
  });

  it("accepts the editor's JSON text and stores the object", () => {
    const parsed = createRatingVersionRequestSchema.parse({
      ...validRequest,
      json: JSON.stringify(PI001_RATING_CONFIG),
    });
    expect(parsed.json).toEqual(PI001_RATING_CONFIG);
  });

  it.each([
    ["text that is not JSON", "{ version: 1"],
    ["JSON without baseRate", JSON.stringify({ version: "1", productCode: "X" })],
    ["a JSON array", "[1, 2]"],
    ["an object without productCode", { version: "1", baseRate: 100 }],
  ])("refuses %s with 'Validation Error - Invalid JSON configuration'", (_, json) => {
    const result = createRatingVersionRequestSchema.safeParse({ ...validRequest, json });
    expect(issuesOf(result)).toEqual([{ path: "json", message: "Validation Error - Invalid JSON configuration" }]);
  });

  it("reports every problem of a configuration under json.<path>", () => {
    const broken = JSON.parse(JSON.stringify(PI001_RATING_CONFIG));
    broken.factors.turnover[2] = { min: 500001, max: null, multiplier: -1 };
    broken.referralRules = [{ code: "BAD", description: "Bad rule", condition: "sumInsured >" }];
    const result = createRatingVersionRequestSchema.safeParse({ ...validRequest, json: broken });
    expect(issuesOf(result)).toEqual([
      { path: "json.factors.turnover.2.multiplier", message: "Must be greater than 0" },
      { path: "json.referralRules.0.condition", message: expect.stringMatching(/^Rule BAD: Does not parse: /) },
    ]);
  });

  it("treats an empty effective-to as open-ended", () => {
    expect(createRatingVersionRequestSchema.parse({ ...validRequest, effectiveTo: "" }).effectiveTo).toBeNull();
  });

  it("refuses an effective-to on or before the effective-from", () => {
    const result = createRatingVersionRequestSchema.safeParse({ ...validRequest, effectiveTo: "2027-01-01" });
    expect(issuesOf(result)).toEqual([{ path: "effectiveTo", message: "Effective to must be after effective from" }]);
  });

  it("refuses dates that are not ISO calendar dates, a blank name and unknown fields", () => {
    const result = createRatingVersionRequestSchema.safeParse({
      ...validRequest,
      name: "  ",
      effectiveFrom: "01/01/2027",
      published: true,
    });
    expect(issuesOf(result).map((issue) => issue.path)).toEqual(expect.arrayContaining(["name", "effectiveFrom", ""]));
  });
});

describe("updateRatingVersionRequestSchema", () => {
  it("accepts any subset of the fields", () => {
    expect(updateRatingVersionRequestSchema.parse({ notes: "typo fixed" })).toEqual({ notes: "typo fixed" });
  });

  it("refuses an empty update", () => {
    expect(issuesOf(updateRatingVersionRequestSchema.safeParse({}))).toEqual([
      { path: "", message: "Nothing to update" },
    ]);
  });

  it("validates a new configuration like creation does", () => {
    const result = updateRatingVersionRequestSchema.safeParse({ json: "not json" });
    expect(issuesOf(result)).toEqual([{ path: "json", message: "Validation Error - Invalid JSON configuration" }]);
  });
});

describe("ratingVersionSchema", () => {
  it("describes the API's rating version", () => {
    const version = {
      id: "rv_1",
      name: "PI001 example",
      notes: null,
      json: PI001_RATING_CONFIG,
      configText: JSON.stringify(PI001_RATING_CONFIG, null, 2),
      published: true,
      status: "PUBLISHED",
      productCode: "PI001",
      effectiveFrom: "2026-01-01",
      effectiveTo: null,
      createdBy: { id: "u_1", name: "Ada Admin" },
      createdAt: "2026-11-22T01:00:00.000Z",
      publishedAt: "2026-11-22T01:05:00.000Z",
      testCases: [],
    };
    expect(ratingVersionSchema.parse(version)).toEqual(version);
  });
});

describe("selectEffectiveVersion (effectiveFrom <= inception < effectiveTo)", () => {
  const versions: VersionForSelection[] = [
    { id: "v1", productCode: "D/C-PI", status: "PUBLISHED", effectiveFrom: "2026-01-01", effectiveTo: "2027-01-01" },
    { id: "v2", productCode: "D/C-PI", status: "PUBLISHED", effectiveFrom: "2027-01-01", effectiveTo: null },
    { id: "draft", productCode: "D/C-PI", status: "DRAFT", effectiveFrom: "2027-06-01", effectiveTo: null },
    { id: "pi", productCode: "PI001", status: "PUBLISHED", effectiveFrom: "2020-01-01", effectiveTo: null },
  ];

  it.each([
    ["2026-01-01", "v1"],
    ["2026-12-31", "v1"],
    ["2027-01-01", "v2"],
    ["2030-05-05", "v2"],
  ])("rates a quote incepting %s with %s", (inception, id) => {
    expect(selectEffectiveVersion(versions, "D/C-PI", inception)?.id).toBe(id);
  });

  it("finds none before the first period, and never a draft or another product's version", () => {
    expect(selectEffectiveVersion(versions, "D/C-PI", "2025-12-31")).toBeUndefined();
    expect(selectEffectiveVersion(versions, "PI001", "2027-07-01")?.id).toBe("pi");
    expect(selectEffectiveVersion(versions, "OTHER", "2027-07-01")).toBeUndefined();
  });
});

describe("planPublication", () => {
  const current = { id: "v1", name: "2026", effectiveFrom: "2026-01-01", effectiveTo: null };

  it("closes the running open-ended version on the day the new one starts", () => {
    expect(planPublication([current], { effectiveFrom: "2027-01-01", effectiveTo: null })).toEqual({
      ok: true,
      closures: [{ id: "v1", effectiveTo: "2027-01-01" }],
    });
  });

  it("closes a version whose end falls inside the new period", () => {
    const ending = { ...current, effectiveTo: "2027-06-01" };
    expect(planPublication([ending], { effectiveFrom: "2027-01-01", effectiveTo: "2028-01-01" })).toEqual({
      ok: true,
      closures: [{ id: "v1", effectiveTo: "2027-01-01" }],
    });
  });

  it("changes nothing when the new period does not overlap", () => {
    const ended = { ...current, effectiveTo: "2027-01-01" };
    expect(planPublication([ended], { effectiveFrom: "2027-01-01", effectiveTo: null })).toEqual({
      ok: true,
      closures: [],
    });
    expect(planPublication([], { effectiveFrom: "2027-01-01", effectiveTo: null })).toEqual({ ok: true, closures: [] });
  });

  it("refuses a version that would start on or before a published one it overlaps", () => {
    const plan = planPublication([current], { effectiveFrom: "2025-06-01", effectiveTo: null });
    expect(plan).toEqual({
      ok: false,
      message:
        'Overlaps the published version "2026" (2026-01-01 to open): end this version on or before 2026-01-01, or start it later',
    });
    expect(planPublication([current], { effectiveFrom: "2026-01-01", effectiveTo: null }).ok).toBe(false);
  });

  it("allows filling the gap before a published version", () => {
    expect(planPublication([current], { effectiveFrom: "2025-01-01", effectiveTo: "2026-01-01" })).toEqual({
      ok: true,
      closures: [],
    });
  });

  it("refuses a version entirely inside a published one (the older one would have to resume after it)", () => {
    const plan = planPublication([current], { effectiveFrom: "2027-01-01", effectiveTo: "2027-06-01" });
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.message).toMatch(/^Falls inside the published version "2026"/);
  });

  it("refuses an empty period", () => {
    expect(planPublication([], { effectiveFrom: "2027-01-01", effectiveTo: "2027-01-01" }).ok).toBe(false);
  });
});

describe("Test Rating defaults (docs/product/rating.md)", () => {
  it("offers the four industries and the test risk defaults", () => {
    expect(TEST_INDUSTRIES).toEqual(["technology", "restaurant", "consultant", "construction"]);
    expect(TEST_RISK_DEFAULTS).toEqual({
      turnover: 500_000,
      industry: "technology",
      sumInsured: 2_000_000,
      claimsLast3Yrs: 0,
      employees: 15,
    });
  });

  it("rates the default test risk with the real engine: PI001 gives 196.00 and no referral", () => {
    const compiled = compileRatingConfig(PI001_RATING_CONFIG);
    if (!compiled.ok) throw new Error("PI001 refused");
    const result = compiled.rater.rate(testRatingInput(TEST_RISK_DEFAULTS));
    expect(result.totalPremium).toBe(19_600);
    expect(result.referralHits).toEqual([]);
    const high = compiled.rater.rate(testRatingInput({ ...TEST_RISK_DEFAULTS, sumInsured: 2_500_000 }));
    expect(high.referralHits.map((hit) => hit.code)).toEqual(["HIGH_SUM_INSURED"]);
  });
});

describe("publicationConfirmation", () => {
  const current = {
    id: "v1",
    name: "D/C-PI 2026",
    status: "PUBLISHED" as const,
    productCode: "D/C-PI",
    effectiveFrom: "2026-01-01",
    effectiveTo: null,
  };
  const other = { ...current, id: "p1", name: "PI001 2026", productCode: "PI001" };
  const draft = { name: "D/C-PI 2027", productCode: "D/C-PI", effectiveFrom: "2027-01-01", effectiveTo: null };

  it("names the version, its effective date and the version of the same product whose period it closes", () => {
    expect(publicationConfirmation([current, other], draft)).toBe(
      'Publish "D/C-PI 2027" (D/C-PI), effective from 01/01/2027? It closes the period of "D/C-PI 2026" ' +
        "(effective from 01/01/2026) on 01/01/2027. A published version cannot be changed or withdrawn.",
    );
  });

  it("says when no period closes, and ignores drafts", () => {
    const otherDraft = { ...current, status: "DRAFT" as const };
    expect(publicationConfirmation([otherDraft], { ...draft, effectiveTo: "2027-06-30" })).toBe(
      'Publish "D/C-PI 2027" (D/C-PI), effective from 01/01/2027 to 30/06/2027? It closes no published ' +
        "version's period. A published version cannot be changed or withdrawn.",
    );
  });

  it("says why the server will refuse a period that cannot be published", () => {
    expect(publicationConfirmation([current], { ...draft, effectiveFrom: "2025-06-01" })).toContain(
      "It cannot be published as it is: Overlaps the published version",
    );
  });
});

describe("a rating version's title", () => {
  it("is its name, with the version number where the name does not say it", () => {
    expect(ratingVersionTitle({ name: "D/C-PI 1.0.0", version: "1.0.0" })).toBe("D/C-PI 1.0.0");
    expect(ratingVersionTitle({ name: "Spring rates (v1.1.0)", version: "1.1.0" })).toBe("Spring rates (v1.1.0)");
    expect(ratingVersionTitle({ name: "Spring rates", version: "1.1.0" })).toBe("Spring rates, version 1.1.0");
    expect(ratingVersionTitle({ name: "D/C-PI 1.0.0", version: "1.0" })).toBe("D/C-PI 1.0.0, version 1.0");
    expect(ratingVersionTitle({ name: " Spring rates ", version: null })).toBe("Spring rates");
  });
});
