import { describe, expect, it } from "vitest";
import { diffRatingConfigs } from "./config-diff";
import { DEFAULT_CANCELLATION } from "./config-schema";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";

const published = JSON.parse(JSON.stringify(DC_PI_RATING_CONFIG)) as unknown as Record<string, unknown>;

function draftWith(change: (draft: typeof DC_PI_RATING_CONFIG) => void): Record<string, unknown> {
  const draft = JSON.parse(JSON.stringify(DC_PI_RATING_CONFIG));
  change(draft);
  return draft as unknown as Record<string, unknown>;
}

describe("diffRatingConfigs", () => {
  it("names the retroactive cover's factors by their years, and its addition to a configuration without it", () => {
    const draft = draftWith((config) => {
      const band = config.retroactiveCover?.bands[2];
      if (band) band.factor = 0.9;
      if (config.retroactiveCover) config.retroactiveCover.unlimited = 1.05;
    });
    expect(diffRatingConfigs(published, draft)).toEqual([
      {
        path: "Retroactive cover › Years of prior acts › Up to 5 years › Factor",
        kind: "changed",
        before: "0.95",
        after: "0.9",
      },
      { path: "Retroactive cover › Unlimited retroactive cover", kind: "changed", before: "1", after: "1.05" },
    ]);
    const { retroactiveCover: _left, ...before } = published;
    expect(diffRatingConfigs(before, published).map((change) => [change.kind, change.path])).toContainEqual([
      "added",
      "Retroactive cover › Years of prior acts › More years › Factor",
    ]);
  });

  it("names the run-off factors by their years, and their addition to a configuration without them", () => {
    const draft = draftWith((config) => {
      const period = config.runOff?.[5];
      if (period) period.factor = 2.8;
    });
    expect(diffRatingConfigs(published, draft)).toEqual([
      { path: "Run-off factors › 6 years › Factor", kind: "changed", before: "2.7", after: "2.8" },
    ]);
    const { runOff: _left, ...before } = published;
    const added = diffRatingConfigs(before, published);
    expect(added).toHaveLength(12);
    expect(added[0]).toEqual({ path: "Run-off factors › 1 year › Factor", kind: "added", before: null, after: "0.85" });
  });

  it("finds nothing between a configuration and itself", () => {
    expect(diffRatingConfigs(published, JSON.parse(JSON.stringify(published)))).toEqual([]);
  });

  it("names a changed base rate and a band's multiplier as an admin reads them, base rate first", () => {
    const draft = draftWith((config) => {
      const band = config.factors?.turnover;
      if (Array.isArray(band) && band[1]) band[1].multiplier = 1.05;
      config.baseRate = 800;
    });
    expect(diffRatingConfigs(published, draft)).toEqual([
      { path: "Base rate", kind: "changed", before: "750", after: "800" },
      { path: "Factors › Turnover band › 250,001–500,000 › Multiplier", kind: "changed", before: "1", after: "1.05" },
    ]);
  });

  it("matches fees and referral rules by code: an added fee is one addition, a removed rule is one removal", () => {
    const draft = draftWith((config) => {
      config.fees = [...(config.fees ?? []), { code: "ADMIN_FEE", label: "Admin fee", amount: 10 }];
      config.referralRules = (config.referralRules ?? []).slice(1);
    });
    const firstRule = (DC_PI_RATING_CONFIG.referralRules ?? [])[0];
    const changes = diffRatingConfigs(published, draft);
    expect(changes.filter((c) => c.kind === "added").map((c) => c.path)).toEqual([
      "Fees › ADMIN_FEE › Label",
      "Fees › ADMIN_FEE › Amount",
    ]);
    expect(changes.filter((c) => c.kind === "removed").map((c) => c.path)).toEqual([
      `Referral rules › ${firstRule?.code} › Description`,
      `Referral rules › ${firstRule?.code} › Condition`,
    ]);
    expect(changes.every((c) => c.kind !== "changed")).toBe(true);
  });

  it("names caps in words", () => {
    const draft = draftWith((config) => {
      config.caps = { ...config.caps, minPremium: 1 };
    });
    expect(diffRatingConfigs(published, draft)).toEqual([
      expect.objectContaining({ path: "Caps › Minimum premium", kind: "changed", after: "1" }),
    ]);
  });

  it("names the backdating limit in words", () => {
    const draft = draftWith((config) => {
      config.backdating = { maxDaysPast: 30 };
    });
    expect(diffRatingConfigs(published, draft)).toEqual([
      { path: "Backdated inception › Referred after days in the past", kind: "added", before: null, after: "30" },
    ]);
  });

  it("names the cancellation terms, matching short-period steps by their months", () => {
    const withTerms = { ...published, cancellation: JSON.parse(JSON.stringify(DEFAULT_CANCELLATION)) };
    const draft = JSON.parse(JSON.stringify(withTerms));
    draft.cancellation.minimumRetainedPremium = 300;
    draft.cancellation.shortPeriodScale[2].retainedPercent = 45;
    draft.cancellation.shortPeriodScale.push({ upToMonths: 10, retainedPercent: 90 });
    expect(diffRatingConfigs(withTerms, draft)).toEqual([
      {
        path: "Cancellation › Short-period scale › Up to 3 months › Retained %",
        kind: "changed",
        before: "40",
        after: "45",
      },
      {
        path: "Cancellation › Short-period scale › Up to 10 months › Retained %",
        kind: "added",
        before: null,
        after: "90",
      },
      { path: "Cancellation › Minimum retained premium", kind: "changed", before: "250", after: "300" },
    ]);
  });
});
