import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addWorkingMinutes, subtractWorkingMinutes, workingMinutesBetween } from "./working-hours";

const at = (iso: string) => new Date(iso);

describe("working hours", () => {
  it("counts Monday to Friday 09:00-17:00 UK time, in summer and in winter", () => {
    // Thursday 26 November 2026, GMT: 10:00 to 15:30 is five and a half working hours.
    expect(workingMinutesBetween(at("2026-11-26T10:00:00Z"), at("2026-11-26T15:30:00Z"))).toBe(330);
    // Wednesday 1 July 2026, BST: 08:00 UTC is 09:00 in the UK, 16:00 UTC is 17:00.
    expect(workingMinutesBetween(at("2026-07-01T07:00:00Z"), at("2026-07-01T17:00:00Z"))).toBe(480);
    // Friday 16:00 to Monday 10:00: one hour on Friday, one on Monday.
    expect(workingMinutesBetween(at("2026-11-27T16:00:00Z"), at("2026-11-30T10:00:00Z"))).toBe(120);
    // A bank holiday counts for nothing: Christmas Day 2026 is a Friday, 28 December the substitute day.
    expect(workingMinutesBetween(at("2026-12-24T16:00:00Z"), at("2026-12-29T10:00:00Z"))).toBe(120);
    expect(workingMinutesBetween(at("2026-11-26T15:00:00Z"), at("2026-11-26T10:00:00Z"))).toBe(0);
  });

  it("finds when a four-hour target falls due", () => {
    expect(addWorkingMinutes(at("2026-11-26T10:00:00Z"), 240)).toEqual(at("2026-11-26T14:00:00Z"));
    // Friday 16:00: one hour on Friday, three on Monday.
    expect(addWorkingMinutes(at("2026-11-27T16:00:00Z"), 240)).toEqual(at("2026-11-30T12:00:00Z"));
    // Referred on a Saturday: due at 13:00 on Monday.
    expect(addWorkingMinutes(at("2026-11-28T11:00:00Z"), 240)).toEqual(at("2026-11-30T13:00:00Z"));
    // In summer the clock reads an hour ahead of UTC.
    expect(addWorkingMinutes(at("2026-07-01T06:00:00Z"), 240)).toEqual(at("2026-07-01T12:00:00Z"));
    // Across the clocks going back (Sunday 25 October 2026).
    expect(addWorkingMinutes(at("2026-10-23T15:00:00Z"), 240)).toEqual(at("2026-10-26T12:00:00Z"));
    expect(subtractWorkingMinutes(at("2026-11-30T12:00:00Z"), 240)).toEqual(at("2026-11-27T16:00:00Z"));
    expect(subtractWorkingMinutes(at("2026-11-28T11:00:00Z"), 240)).toEqual(at("2026-11-27T13:00:00Z"));
  });

  const instant = fc
    .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) })
    .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000));

  it("adds and subtracts as it counts", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 5_000 }), (from, minutes) => {
        const due = addWorkingMinutes(from, minutes);
        expect(workingMinutesBetween(from, due)).toBeCloseTo(minutes, 6);
        const back = subtractWorkingMinutes(due, minutes);
        expect(workingMinutesBetween(back, due)).toBeCloseTo(minutes, 6);
        expect(back.getTime()).toBeLessThanOrEqual(due.getTime());
      }),
    );
  });

  it("never lets a later referral fall due earlier", () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(addWorkingMinutes(early, 240).getTime()).toBeLessThanOrEqual(addWorkingMinutes(late, 240).getTime());
      }),
    );
  });
});
