/**
 * The review's "Risk Assessment Details" (docs/product/screens.md "Underwriter review screen"): what the broker
 * declared, and beside it what the quote was rated on where the two differ, so the underwriter reads the same risk
 * the premium, step 7 and the documents describe.
 */
import type { TurnoverBand } from "../constants";
import type { Maybe, StoredQuoteSections } from "../quote/rating-input";
import { brokerChosenBandNote, turnoverBandUsed } from "../quote/rating-turnover";
import { TURNOVER_BAND_LABELS } from "../quote/turnover-band";
import type { RatingInput } from "../rating/input";

export interface RiskAssessmentFacts {
  /** 'Annual Turnover': the declared turnover (the rated one when none is declared), whole pounds. */
  annualTurnover: number;
  declaredTurnover: number | null;
  /** The turnover the premium was rated on, whole pounds. */
  ratedTurnover: number;
  turnoverBandUsed: TurnoverBand | null;
  /** 'Turnover band used for rating', e.g. "£1m – £1.5m". */
  turnoverBandUsedLabel: string | null;
  /** "Rated on £1m – £1.5m, chosen by the broker (declared turnover £850,000)" when the broker chose a higher band. */
  turnoverBandNote: string | null;
  /** 'Industry': the business activity as declared ("Structural Engineer"). */
  industry: string;
  /** The industry the rating used ("construction"). */
  ratingIndustry: string;
  employees: number;
  /** 'Public Liability Limit' (the spec's label): the cover limit chosen, whole pounds. */
  publicLiabilityLimit: number;
  previousClaims: boolean;
  exportBusiness: boolean;
  hazardousActivities: boolean;
  operates24_7: boolean;
}

/** The rating industry as a label ("construction" -> "Construction"). */
export function ratingIndustryLabel(industry: string): string {
  return industry.charAt(0).toUpperCase() + industry.slice(1);
}

/** Whether the declared activity and the rating industry say different things (shown side by side then). */
export function industryDiffers(facts: Pick<RiskAssessmentFacts, "industry" | "ratingIndustry">): boolean {
  return facts.industry.trim().toLowerCase() !== facts.ratingIndustry.trim().toLowerCase();
}

export function riskAssessmentOf(
  quote: Pick<StoredQuoteSections, "insuredsDetails" | "financialOverview"> & { turnoverBand?: Maybe<TurnoverBand> },
  input: RatingInput,
): RiskAssessmentFacts {
  const declaredRaw = quote.financialOverview?.turnover;
  const declared = typeof declaredRaw === "number" ? declaredRaw : null;
  const band = turnoverBandUsed(quote.turnoverBand, declared);
  const activity = quote.insuredsDetails?.businessActivity?.trim();
  return {
    annualTurnover: declared ?? input.turnover,
    declaredTurnover: declared,
    ratedTurnover: input.turnover,
    turnoverBandUsed: band,
    turnoverBandUsedLabel: band === null ? null : TURNOVER_BAND_LABELS[band],
    turnoverBandNote: brokerChosenBandNote(quote.turnoverBand, declared),
    industry: activity ? activity : ratingIndustryLabel(input.industry),
    ratingIndustry: input.industry,
    employees: input.employees,
    publicLiabilityLimit: input.sumInsured,
    previousClaims: input.hasClaims,
    exportBusiness: input.hasExports,
    hazardousActivities: input.hasHazardous,
    operates24_7: input.operates24_7,
  };
}
