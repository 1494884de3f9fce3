import { describe, expect, it } from "vitest";
import { navigationFor } from "./navigation";

function active(role: "BROKER" | "UNDERWRITER" | "ADMIN", location: string): string[] {
  return navigationFor(role)
    .filter((link) => link.isActive(location))
    .map((link) => link.label);
}

describe("side navigation (docs/product/screens.md)", () => {
  it("gives brokers Dashboard, New Quote, their figures and User Management", () => {
    expect(navigationFor("BROKER").map((link) => [link.label, link.href])).toEqual([
      ["Dashboard", "/dashboard"],
      ["New Quote", "/quote/new"],
      ["Management Information", "/mi"],
      ["User Management", "/admin/users"],
    ]);
  });

  it("gives underwriters their review queue as well, active on the queue and on the reviews", () => {
    expect(navigationFor("UNDERWRITER").map((link) => [link.label, link.href])).toEqual([
      ["Dashboard", "/dashboard"],
      ["Review Queue", "/uw/dashboard"],
      ["New Quote", "/quote/new"],
      ["Management Information", "/mi"],
      ["Bordereau", "/bordereau"],
      ["User Management", "/admin/users"],
    ]);
    expect(active("UNDERWRITER", "/bordereau")).toEqual(["Bordereau"]);
    expect(active("UNDERWRITER", "/mi")).toEqual(["Management Information"]);
    expect(active("UNDERWRITER", "/uw/dashboard")).toEqual(["Review Queue"]);
    expect(active("UNDERWRITER", "/uw/review/8d3c0f4e")).toEqual(["Review Queue"]);
    expect(active("UNDERWRITER", "/dashboard")).toEqual(["Dashboard"]);
  });

  it("gives administrators the four admin links, the figures and the bordereau", () => {
    expect(navigationFor("ADMIN").map((link) => [link.label, link.href])).toEqual([
      ["Dashboard", "/admin/dashboard"],
      ["Rating Versions", "/admin/rating"],
      ["User Management", "/admin/users"],
      ["Audit Logs", "/admin/audit"],
      ["Management Information", "/mi"],
      ["Bordereau", "/bordereau"],
    ]);
  });

  it("marks New Quote active on every quote path, but not on the /quotes list", () => {
    expect(active("BROKER", "/quote/new")).toEqual(["New Quote"]);
    expect(active("BROKER", "/quote/8d3c0f4e")).toEqual(["New Quote"]);
    expect(active("BROKER", "/quotes")).toEqual([]);
    expect(active("BROKER", "/dashboard")).toEqual(["Dashboard"]);
  });

  it("marks Rating Versions active on any path under /admin/rating", () => {
    expect(active("ADMIN", "/admin/rating")).toEqual(["Rating Versions"]);
    expect(active("ADMIN", "/admin/rating/anything")).toEqual(["Rating Versions"]);
    expect(active("ADMIN", "/admin/ratings")).toEqual([]);
    expect(active("ADMIN", "/admin/audit")).toEqual(["Audit Logs"]);
  });
});
