import { describe, expect, it } from "vitest";
import { ratingConfigSchema } from "../rating/config-schema";
import { DC_PI_RATING_CONFIG } from "../rating/configs/dc-pi";
import { backdatedInceptionHit, backdatedInceptionWarning, daysInThePast } from "./backdating";

describe("backdated inception", () => {
  it("refers an inception more than the configured days before today, with its date in the reason", () => {
    expect(backdatedInceptionHit("2026-11-11", "2026-11-26")).toEqual({
      code: "BACKDATED_INCEPTION",
      description: "Inception date 11/11/2026 is more than 14 days in the past",
    });
  });

  it("does not refer an inception exactly the configured days back, today, or in the future", () => {
    expect(daysInThePast("2026-11-12", "2026-11-26")).toBe(14);
    expect(backdatedInceptionHit("2026-11-12", "2026-11-26")).toBeNull();
    expect(backdatedInceptionHit("2026-11-26", "2026-11-26")).toBeNull();
    expect(backdatedInceptionHit("2027-01-01", "2026-11-26")).toBeNull();
    expect(backdatedInceptionHit(null, "2026-11-26")).toBeNull();
  });

  it("uses the configuration's number of days, across a month and a clock change", () => {
    expect(backdatedInceptionHit("2026-10-20", "2026-10-28", 7)?.description).toBe(
      "Inception date 20/10/2026 is more than 7 days in the past",
    );
    expect(backdatedInceptionHit("2026-10-21", "2026-10-28", 7)).toBeNull();
  });

  it("has no ', ' in its reason, so the referral reason still splits into its lines", () => {
    expect(backdatedInceptionHit("2025-12-31", "2026-11-26")?.description).not.toContain(", ");
  });

  it("is 14 days in a configuration without a backdating part, and can be set", () => {
    const { backdating: _omitted, ...withoutPart } = DC_PI_RATING_CONFIG as Record<string, unknown>;
    expect(ratingConfigSchema.parse(withoutPart).backdating).toEqual({ maxDaysPast: 14 });
    expect(ratingConfigSchema.parse({ ...withoutPart, backdating: { maxDaysPast: 30 } }).backdating.maxDaysPast).toBe(
      30,
    );
    expect(ratingConfigSchema.safeParse({ ...withoutPart, backdating: { maxDaysPast: -1 } }).success).toBe(false);
  });

  it("warns on step 1 in the same words", () => {
    expect(backdatedInceptionWarning()).toBe(
      "This date is more than 14 days in the past: the quote will be referred to an underwriter",
    );
  });
});
