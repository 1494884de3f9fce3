import { describe, expect, it } from "vitest";
import { deriveRatingInput } from "../quote/rating-input";
import { industryDiffers, riskAssessmentOf } from "./risk-assessment";

describe("the review's risk assessment", () => {
  const quote = {
    insuredsDetails: { businessActivity: "Structural Engineer" },
    financialOverview: { turnover: 1_900_000 },
    turnoverBand: "1_5m_to_2m" as const,
  };

  it("shows the declared turnover and activity, with the band and industry rated on beside them", () => {
    const input = deriveRatingInput(quote, { turnoverBand: "1_5m_to_2m" });
    const facts = riskAssessmentOf(quote, input);
    expect(facts).toMatchObject({
      annualTurnover: 1_900_000,
      declaredTurnover: 1_900_000,
      ratedTurnover: 1_750_000,
      turnoverBandUsed: "1_5m_to_2m",
      turnoverBandUsedLabel: "£1.5m to £2m",
      turnoverBandNote: null,
      industry: "Structural Engineer",
      ratingIndustry: "construction",
    });
    expect(industryDiffers(facts)).toBe(true);
  });

  it("says when the broker chose a band above the declared turnover's", () => {
    const chosen = { ...quote, financialOverview: { turnover: 850_000 }, turnoverBand: "1m_to_1_5m" as const };
    const facts = riskAssessmentOf(chosen, deriveRatingInput(chosen, { turnoverBand: "1m_to_1_5m" }));
    expect(facts.ratedTurnover).toBe(1_250_000);
    expect(facts.turnoverBandNote).toBe("Rated on £1m – £1.5m, chosen by the broker (declared turnover £850,000)");
  });
});
