// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { matchRoute, useRouter } from "wouter";
import { paths, policyNumberOf, routePatterns } from "./paths";

/** The parser the router itself matches addresses with. */
const { parser } = renderHook(() => useRouter()).result.current;
const match = (pattern: string, path: string) => matchRoute(parser, pattern, path);

describe("paths and the router's patterns", () => {
  it("match each address the links build to the route that opens it, with its values", () => {
    expect(match(routePatterns.quoteStep, paths.quoteStep("8d3c0f4e", 3))).toMatchObject([
      true,
      { id: "8d3c0f4e", step: "3" },
    ]);
    expect(match(routePatterns.quote, paths.quote("8d3c0f4e"))).toMatchObject([true, { id: "8d3c0f4e" }]);
    expect(match(routePatterns.underwriterReview, paths.underwriterReview("8d3c0f4e"))).toMatchObject([
      true,
      { quoteId: "8d3c0f4e" },
    ]);
    for (const section of ["dashboard", "rating", "users", "audit"] as const) {
      expect(match(routePatterns.adminSection, paths.admin[section])).toMatchObject([true, { section }]);
    }
    expect(match(routePatterns.adminSection, paths.admin.root)[0]).toBe(true);
  });

  it("carry a policy number's slashes in one segment, and give the number back whole", () => {
    const [matched, params] = match(routePatterns.policy, paths.policy("DCPI/POL/000042"));
    expect(matched).toBe(true);
    expect(policyNumberOf((params as { policyNumber: string }).policyNumber)).toBe("DCPI/POL/000042");
    // A malformed escape is taken as written (and then simply not found), never a thrown error.
    expect(policyNumberOf("DCPI%E0%A4%A")).toBe("DCPI%E0%A4%A");
  });

  it("keep a step address out of the plain quote route, and the list out of the wizard's area", () => {
    expect(match(routePatterns.quote, paths.quoteStep("8d3c0f4e", 2))[0]).toBe(false);
    expect(paths.quotes.startsWith(`${paths.quoteArea}/`)).toBe(false);
    expect(paths.quoteNew.startsWith(`${paths.quoteArea}/`)).toBe(true);
    expect(paths.underwriterReview("x").startsWith(`${paths.underwriterReviewArea}/`)).toBe(true);
  });
});
