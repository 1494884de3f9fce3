/**
 * Builds the rating input of a D/C-PI quote from what is stored on the server (docs/product/life-cycle.md and docs/product/rating.md). The
 * client's step-7 `risk` contributes only its selections: turnover band, cover limit, excess option and
 * additional covers. Every referral-relevant fact (declaration answers, overseas work, growth, special
 * areas, financial interest, declared turnover) comes from the stored sections.
 */

import { isBlank } from "../checks";
import { DEFAULT_COVER_LIMIT, DEFAULT_EMPLOYEES, DEFAULT_LARGEST_PROJECT_VALUE, type TurnoverBand } from "../constants";
import { type DefenceCosts, defenceCostsOf, type LimitBasis, limitBasisOf } from "../format/limit-basis";
import { defaultRatingInput, type ExcessOption, type RatingInput } from "../rating/input";
import { ADDITIONAL_COVERS } from "./additional-covers";
import type { Contracts } from "./contracts";
import type { Declaration } from "./declaration";
import { DECLARATION_ANSWERS, hasMaterialFacts } from "./declaration-questions";
import type { FinancialOverview } from "./financial-overview";
import type { InsuredsDetails } from "./insureds-details";
import { ratingTurnover } from "./rating-turnover";
import { priorActsYears } from "./retroactive-cover";

export { ratedTurnoverOf, ratingTurnover } from "./rating-turnover";

export type Maybe<T> = T | null | undefined;

/** The stored quote's parts the derivation reads (a quote row or a `Quote` response both fit). */
export type StoredQuoteSections = {
  numberOfQualifiedStaff?: Maybe<number>;
  hasFinancialInterest?: Maybe<boolean>;
  insuredsDetails?: Maybe<Partial<InsuredsDetails>>;
  financialOverview?: Maybe<Partial<FinancialOverview>>;
  contracts?: Maybe<Partial<Contracts>>;
  declaration?: Maybe<Partial<Declaration>>;
  /** The band chosen at the last rating, used when this request does not choose one. */
  turnoverBand?: Maybe<TurnoverBand>;
  /** The excess option chosen at the last rating (stored risk.excessDiscount). */
  excessOption?: Maybe<ExcessOption>;
  /** How the limit applies and where defence costs sit, as last chosen (columns of their own). */
  limitBasis?: Maybe<LimitBasis>;
  defenceCosts?: Maybe<DefenceCosts>;
};

/** What step 7 may choose. Additional covers follow the financial overview's names. */
export type RatingSelections = {
  turnoverBand?: Maybe<TurnoverBand>;
  coverLimit?: Maybe<number>;
  excessOption?: Maybe<ExcessOption>;
  limitBasis?: Maybe<LimitBasis>;
  defenceCosts?: Maybe<DefenceCosts>;
} & Partial<Record<(typeof ADDITIONAL_COVERS)[number]["flag"], Maybe<boolean>>> &
  Partial<Record<(typeof ADDITIONAL_COVERS)[number]["limit"], Maybe<number>>>;

export function deriveRatingInput(quote: StoredQuoteSections, selections: RatingSelections = {}): RatingInput {
  const overview = quote.financialOverview ?? {};
  const declaration = quote.declaration ?? {};
  const details = quote.insuredsDetails ?? {};

  const staff = quote.numberOfQualifiedStaff ?? details.numberOfQualifiedStaff;
  const employees = Math.max(DEFAULT_EMPLOYEES, typeof staff === "number" ? staff : DEFAULT_EMPLOYEES);
  const coverLimit = selections.coverLimit ?? overview.coverLimitAggregate ?? DEFAULT_COVER_LIMIT;
  const previousClaims = declaration.previousClaims === true;
  const isAllTurnoverUK = overview.isAllTurnoverUK !== false;
  // Only meaningful when some turnover is from outside the UK (docs/product/life-cycle.md clears it otherwise).
  const hasNonUKJurisdictionWork = !isAllTurnoverUK && overview.hasNonUKJurisdictionWork === true;
  const hasSpecialAreaWork = !isBlank(quote.contracts?.specialAreaDetails);

  const priorActs = priorActsYears(declaration, details.inceptionDate);

  const answers: Partial<RatingInput> = {};
  const defaults = defaultRatingInput();
  for (const key of DECLARATION_ANSWERS) {
    const answer = declaration[key];
    answers[key] = typeof answer === "boolean" ? answer : defaults[key];
  }

  const covers: Partial<RatingInput> = {};
  for (const cover of ADDITIONAL_COVERS) {
    const chosen = selections[cover.flag] ?? overview[cover.flag] ?? false;
    const limit = selections[cover.limit] ?? overview[cover.limit] ?? 0;
    covers[cover.flag] = chosen === true;
    covers[cover.limit] = chosen === true ? limit : 0;
  }

  return defaultRatingInput({
    ...answers,
    ...covers,
    turnover: ratingTurnover(selections.turnoverBand ?? quote.turnoverBand, overview.turnover),
    industry: "construction",
    employees,
    sumInsured: coverLimit,
    coverLimit,
    claimsLast3Yrs: previousClaims ? 1 : 0,
    hasClaims: previousClaims,
    // The review screen's badges: export business is work outside the UK; hazardous is special-area or
    // asbestos/environmental work. Nothing in the wizard asks about round-the-clock operation.
    hasExports: !isAllTurnoverUK,
    hasHazardous: hasSpecialAreaWork || declaration.asbestosOrEnvironmentalWork === true,
    operates24_7: false,
    excessOption: selections.excessOption ?? quote.excessOption ?? "standard",
    largestSingleProjectValue: overview.largestSingleProjectValue ?? DEFAULT_LARGEST_PROJECT_VALUE,
    isAllTurnoverUK,
    hasNonUKJurisdictionWork,
    turnoverIncrease20Percent: overview.turnoverIncrease20Percent === true,
    hasFinancialInterest: (quote.hasFinancialInterest ?? details.hasFinancialInterest) === true,
    hasSpecialAreaWork,
    hasMaterialFacts: hasMaterialFacts(declaration),
    limitBasis: limitBasisOf(selections.limitBasis ?? quote.limitBasis),
    defenceCosts: defenceCostsOf(selections.defenceCosts ?? quote.defenceCosts),
    priorActsUnlimited: priorActs === null,
    priorActsYears: priorActs ?? 0,
  });
}

/** The step-7 selections carried in a rate request's `risk` (everything else in it is ignored). */
export function selectionsFromRisk(
  risk: Maybe<
    {
      coverLimitAggregate?: Maybe<number>;
      excessDiscount?: Maybe<ExcessOption>;
    } & Omit<RatingSelections, "turnoverBand" | "coverLimit" | "excessOption">
  >,
  turnoverBand?: Maybe<TurnoverBand>,
): RatingSelections {
  const selections: RatingSelections = {
    turnoverBand: turnoverBand ?? undefined,
    coverLimit: risk?.coverLimitAggregate ?? undefined,
    excessOption: risk?.excessDiscount ?? undefined,
  };
  for (const cover of ADDITIONAL_COVERS) {
    if (risk?.[cover.flag] !== undefined && risk[cover.flag] !== null) selections[cover.flag] = risk[cover.flag];
    if (risk?.[cover.limit] !== undefined && risk[cover.limit] !== null) selections[cover.limit] = risk[cover.limit];
  }
  return selections;
}

/** What a stored quote (a quote row or a `Quote` response) holds that its rating input is derived from. */
export type RatedQuote = Omit<StoredQuoteSections, "excessOption"> & {
  /** The step-7 selections kept from the last rating request. */
  risk?: Parameters<typeof selectionsFromRisk>[0];
};

/** The step-7 selections stored on a quote: its kept `risk`, turnover band, limit basis and defence costs. */
export function ratingSelectionsOf(
  quote: Pick<RatedQuote, "risk" | "turnoverBand" | "limitBasis" | "defenceCosts">,
): RatingSelections {
  return {
    ...selectionsFromRisk(quote.risk, quote.turnoverBand),
    limitBasis: limitBasisOf(quote.limitBasis),
    defenceCosts: defenceCostsOf(quote.defenceCosts),
  };
}

/** The rating input of a stored quote with its stored selections: what the server rates it on. */
export function ratingInputOf(quote: RatedQuote): RatingInput {
  return deriveRatingInput(
    {
      numberOfQualifiedStaff: quote.numberOfQualifiedStaff,
      hasFinancialInterest: quote.hasFinancialInterest,
      insuredsDetails: quote.insuredsDetails,
      financialOverview: quote.financialOverview,
      contracts: quote.contracts,
      declaration: quote.declaration,
      turnoverBand: quote.turnoverBand,
      excessOption: quote.risk?.excessDiscount ?? null,
      limitBasis: quote.limitBasis,
      defenceCosts: quote.defenceCosts,
    },
    ratingSelectionsOf(quote),
  );
}
