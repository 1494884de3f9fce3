import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isBlank, percent, requiredText, sumPercent, toFieldIssues, totalsOneHundred } from "./validation";

describe("shared validation blocks", () => {
  it("treats missing, wrong-type and whitespace-only text alike as missing, with one message", () => {
    const schema = requiredText("Name is required");
    for (const value of [undefined, null, 42, "", "   "]) {
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe("Name is required");
    }
    expect(schema.parse("  Acme  ")).toBe("Acme");
  });

  it("accepts percentages from 0 to 100 inclusive only", () => {
    expect(percent().safeParse(0).success).toBe(true);
    expect(percent().safeParse(100).success).toBe(true);
    expect(percent().safeParse(-0.1).success).toBe(false);
    expect(percent().safeParse(100.1).success).toBe(false);
  });

  it("accepts totals within 0.01 of 100 and refuses anything further", () => {
    expect(totalsOneHundred([33.3, 33.3, 33.4])).toBe(true);
    expect(totalsOneHundred([99.99])).toBe(true);
    expect(totalsOneHundred([100.01])).toBe(true);
    expect(totalsOneHundred([99.98])).toBe(false);
    expect(totalsOneHundred([100.02])).toBe(false);
    expect(sumPercent([0.1, 0.2])).toBe(0.3);
  });

  it("knows blank text", () => {
    expect(isBlank(" \t")).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank("x")).toBe(false);
  });

  it("turns zod issues into dotted API paths", () => {
    const schema = z.object({
      contracts: z.object({ list: z.array(z.object({ name: requiredText("Client name is required") })) }),
    });
    const result = schema.safeParse({ contracts: { list: [{ name: "" }] } });
    expect(result.success).toBe(false);
    expect(toFieldIssues(result.error as z.ZodError)).toEqual([
      { path: "contracts.list.0.name", message: "Client name is required" },
    ]);
  });
});
