import { describe, expect, it } from "vitest";
import { toFieldIssues } from "../validation";
import { adjustmentLabel, isValidCounterMultiplier, underwriterDecisionSchema } from "./decision";

function issuesOf(value: unknown) {
  const result = underwriterDecisionSchema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
}

describe("underwriter decision", () => {
  it("accepts APPROVED, DECLINED and COUNTER only", () => {
    expect(underwriterDecisionSchema.parse({ decision: "APPROVED" })).toEqual({ decision: "APPROVED" });
    expect(underwriterDecisionSchema.parse({ decision: "DECLINED", uwNote: " Too hazardous " })).toEqual({
      decision: "DECLINED",
      uwNote: "Too hazardous",
    });
    expect(issuesOf({ decision: "MAYBE" })).toEqual([
      { path: "decision", message: "Decision must be APPROVED, DECLINED or COUNTER" },
    ]);
  });

  it("needs a reason for the client on a decline, and keeps the note for the file apart", () => {
    const reason = [{ path: "uwNote", message: "Say why the quote is declined: the broker and the client read it" }];
    expect(issuesOf({ decision: "DECLINED" })).toEqual(reason);
    expect(issuesOf({ decision: "DECLINED", uwNote: "  ", fileNote: "Outside appetite" })).toEqual(reason);
    expect(issuesOf({ decision: "APPROVED", fileNote: "x".repeat(4_001) })).toEqual([
      { path: "fileNote", message: "The note for the file must be at most 4000 characters" },
    ]);
    expect(underwriterDecisionSchema.parse({ decision: "APPROVED", fileNote: " Watch at renewal " })).toEqual({
      decision: "APPROVED",
      fileNote: "Watch at renewal",
    });
  });

  it("requires a multiplier for a counter offer and refuses one otherwise", () => {
    expect(issuesOf({ decision: "COUNTER" })).toEqual([
      { path: "adjustmentMultiplier", message: "A counter offer needs an adjustment multiplier" },
    ]);
    expect(issuesOf({ decision: "APPROVED", adjustmentMultiplier: 1.1 })).toEqual([
      { path: "adjustmentMultiplier", message: "An adjustment multiplier is sent only with a counter offer" },
    ]);
    expect(underwriterDecisionSchema.parse({ decision: "APPROVED", adjustmentMultiplier: null })).toEqual({
      decision: "APPROVED",
      adjustmentMultiplier: null,
    });
  });

  it("holds the multiplier between 0.85 and 1.15 in steps of 0.01", () => {
    for (const multiplier of [0.85, 0.9, 1, 1.1, 1.15, 0.1 + 1]) {
      expect(isValidCounterMultiplier(multiplier)).toBe(true);
    }
    for (const multiplier of [0.84, 1.16, 1.005, Number.NaN]) {
      expect(isValidCounterMultiplier(multiplier)).toBe(false);
      expect(issuesOf({ decision: "COUNTER", adjustmentMultiplier: multiplier })).toEqual([
        {
          path: "adjustmentMultiplier",
          message: "Adjustment multiplier must be between 0.85 and 1.15 in steps of 0.01",
        },
      ]);
    }
    expect(underwriterDecisionSchema.parse({ decision: "COUNTER", adjustmentMultiplier: 1.1000000000000001 })).toEqual({
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
    });
  });

  it("limits the note to 4000 characters", () => {
    expect(issuesOf({ decision: "APPROVED", uwNote: "x".repeat(4000) })).toEqual([]);
    expect(issuesOf({ decision: "APPROVED", uwNote: "x".repeat(4001) })).toEqual([
      { path: "uwNote", message: "Underwriter notes must be at most 4000 characters" },
    ]);
  });

  it("labels the slider as the review screen shows it", () => {
    expect(adjustmentLabel(1)).toBe("No adjustment (1.00x)");
    expect(adjustmentLabel(1.1)).toBe("+10% adjustment (1.10x)");
    expect(adjustmentLabel(0.85)).toBe("-15% adjustment (0.85x)");
    expect(adjustmentLabel(1.15)).toBe("+15% adjustment (1.15x)");
  });
});
