import { describe, expect, it } from "vitest";
import {
  allowedTurnoverBands,
  brokerChosenBandNote,
  ratingTurnover,
  turnoverBandRefusal,
  turnoverBandUsed,
} from "./rating-turnover";

describe("the turnover band against the declared turnover", () => {
  it("refuses a band below the declared turnover's band, naming both", () => {
    expect(turnoverBandRefusal("up_to_500k", 850_000)).toBe(
      "The declared turnover of £850,000 falls in £500k – £1m: choose that band or a higher one",
    );
    expect(turnoverBandRefusal("1m_to_1_5m", 1_900_000)).toContain("falls in £1.5m to £2m");
    expect(turnoverBandRefusal("1m_to_1_5m", 2_500_000)).toBe(
      "The declared turnover of £2,500,000 is above every band: choose £1.5m to £2m",
    );
  });

  it("accepts the declared band, a higher band, and any band when nothing is declared", () => {
    expect(turnoverBandRefusal("500k_to_1m", 850_000)).toBeNull();
    expect(turnoverBandRefusal("1_5m_to_2m", 850_000)).toBeNull();
    expect(turnoverBandRefusal("up_to_500k", null)).toBeNull();
    expect(turnoverBandRefusal(undefined, 850_000)).toBeNull();
    // A threshold belongs to the band below it.
    expect(turnoverBandRefusal("up_to_500k", 500_000)).toBeNull();
  });

  it("offers step 7 the declared band and the higher ones", () => {
    expect(allowedTurnoverBands(850_000)).toEqual(["500k_to_1m", "1m_to_1_5m", "1_5m_to_2m"]);
    expect(allowedTurnoverBands(null)).toHaveLength(4);
  });

  it("records a higher band as the broker's choice, in words", () => {
    expect(brokerChosenBandNote("1m_to_1_5m", 850_000)).toBe(
      "Rated on £1m – £1.5m, chosen by the broker (declared turnover £850,000)",
    );
    expect(brokerChosenBandNote("500k_to_1m", 850_000)).toBeNull();
    expect(brokerChosenBandNote("1m_to_1_5m", null)).toBeNull();
  });

  it("rates a band saved below the declared one (before it was refused) on the declared band", () => {
    expect(turnoverBandUsed("up_to_500k", 850_000)).toBe("500k_to_1m");
    expect(ratingTurnover("up_to_500k", 850_000)).toBe(750_000);
    expect(turnoverBandUsed("1m_to_1_5m", 850_000)).toBe("1m_to_1_5m");
    expect(ratingTurnover("1m_to_1_5m", 850_000)).toBe(1_250_000);
    expect(turnoverBandUsed(null, 850_000)).toBe("500k_to_1m");
  });
});
