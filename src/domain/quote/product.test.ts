import { describe, expect, it } from "vitest";
import { policyNumberFor, productTypeOf } from "./product";

describe("product and policy names", () => {
  it("names each product beside its code, and nothing for an unknown code", () => {
    expect(productTypeOf("D/C-PI")).toBe("Design and Construct Professional Indemnity");
    expect(productTypeOf("PI001")).toBe("Professional Indemnity");
    expect(productTypeOf("XX")).toBeNull();
  });

  it("makes the policy number from the quote's number", () => {
    expect(policyNumberFor("DCPI-000042")).toBe("DCPI/POL/000042");
    expect(() => policyNumberFor("DCPI-")).toThrow(/without a number/);
  });
});
