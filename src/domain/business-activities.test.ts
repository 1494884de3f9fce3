import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUSINESS_ACTIVITIES, DEFAULT_BUSINESS_ACTIVITY_LIMIT, searchBusinessActivities } from "./business-activities";

describe("business activities list", () => {
  it("offers several hundred construction and trades titles, each once", () => {
    expect(BUSINESS_ACTIVITIES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(BUSINESS_ACTIVITIES.map((title) => title.toLowerCase())).size).toBe(BUSINESS_ACTIVITIES.length);
  });

  it("includes the titles brokers quote most, in UK wording", () => {
    for (const title of [
      "Architect",
      "Bricklayer",
      "Building Surveyor",
      "Civil Engineer",
      "Design and Build Contractor",
      "Quantity Surveyor",
      "Structural Engineer",
      "Plasterer",
    ]) {
      expect(BUSINESS_ACTIVITIES).toContain(title);
    }
  });

  it("is sorted alphabetically and every title fits the 200-character field", () => {
    const sorted = [...BUSINESS_ACTIVITIES].sort((a, b) => a.localeCompare(b, "en-GB"));
    expect(BUSINESS_ACTIVITIES).toEqual(sorted);
    for (const title of BUSINESS_ACTIVITIES) {
      expect(title.trim()).toBe(title);
      expect(title.length).toBeLessThanOrEqual(200);
    }
  });
});

describe("searchBusinessActivities", () => {
  it("lists the first titles alphabetically for a blank query", () => {
    expect(searchBusinessActivities("   ", 3)).toEqual(BUSINESS_ACTIVITIES.slice(0, 3));
    expect(searchBusinessActivities("")).toHaveLength(DEFAULT_BUSINESS_ACTIVITY_LIMIT);
  });

  it("puts the exact title first, then titles starting with the query", () => {
    const results = searchBusinessActivities("architect", 10);
    expect(results[0]).toBe("Architect");
    expect(results[1]).toBe("Architectural Designer");
    expect(results).toContain("Landscape Architect");
    expect(results.indexOf("Architectural Designer")).toBeLessThan(results.indexOf("Landscape Architect"));
  });

  it("ignores case and accents", () => {
    expect(searchBusinessActivities("BRICKLAYER")).toEqual(["Bricklayer"]);
    expect(searchBusinessActivities("façade engineer")).toEqual(["Facade Engineer"]);
  });

  it("matches every word of a multi-word query anywhere in the title", () => {
    expect(searchBusinessActivities("struct eng")).toContain("Structural Engineer");
    expect(searchBusinessActivities("surveyor building")).toContain("Building Surveyor");
  });

  it("returns nothing for a query no title matches (the picker then shows 'No business activity found.')", () => {
    expect(searchBusinessActivities("astronaut")).toEqual([]);
  });

  it("never returns more than the limit, and only titles from the list", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 50 }), (query, limit) => {
        const results = searchBusinessActivities(query, limit);
        expect(results.length).toBeLessThanOrEqual(limit);
        for (const title of results) expect(BUSINESS_ACTIVITIES).toContain(title);
        expect(new Set(results).size).toBe(results.length);
      }),
    );
  });
});
