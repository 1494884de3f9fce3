import { describe, expect, it } from "vitest";
import { compileRatingConfig } from "./compile";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { defaultRatingInput } from "./input";
import { optionCell, quotationOptions } from "./options";

function dcPiRater() {
  const compiled = compileRatingConfig(DC_PI_RATING_CONFIG);
  if (!compiled.ok) throw new Error("the D/C-PI configuration compiles");
  return compiled.rater;
}

describe("quotation options", () => {
  it("prices every cover limit by excess option exactly as a single rating with that choice", () => {
    const rater = dcPiRater();
    const input = defaultRatingInput({
      turnover: 750_000,
      coverLimit: 500_000,
      sumInsured: 500_000,
      excessOption: "2x",
    });
    const grid = quotationOptions(rater, input);
    expect(grid.cells).toHaveLength(15);
    for (const cell of grid.cells) {
      const single = rater.rate({
        ...input,
        coverLimit: cell.coverLimit,
        sumInsured: cell.coverLimit,
        excessOption: cell.excess,
      });
      expect(cell.totalPremium).toBe(single.totalPremium);
      expect(cell.refers).toBe(single.referralHits.length > 0);
    }
    expect(grid.cells.filter((cell) => cell.current)).toEqual([optionCell(grid, 500_000, "2x")]);
    expect(optionCell(grid, 1_000_000, "5x")?.excessAmount).toBe(7_500);
    expect(optionCell(grid, 5_000_000, "standard")?.refers).toBe(true);
  });

  it("keeps a manual base override in every cell", () => {
    const grid = quotationOptions(dcPiRater(), defaultRatingInput(), { baseOverridePence: 90_000 });
    expect(new Set(grid.cells.map((cell) => cell.basePremium))).toEqual(new Set([90_000]));
  });
});
