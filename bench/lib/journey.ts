/**
 * One broker's quote, from step 1 to the issued policy, as the web app sends it (docs/product/screens.md and
 * docs/product/life-cycle.md): step 1 creates the DRAFT, steps 2 to 6 each save their section with the version the
 * wizard holds, step 7 rates with the broker's selections, completes (sending the financial overview with the
 * selections, as the wizard does) and issues. Every quote is one that does not refer (all UK, turnover and cover
 * limit at most £2,000,000, subcontractors' insurance confirmed, no claims, no material fact), so it is issued
 * without an underwriter. Figures vary by quote so the ratings do not all take one path.
 */
import { todayInLondon } from "../../src/domain/format/dates";
import { turnoverBandFor } from "../../src/domain/format/turnover";
import { ADDITIONAL_COVERS } from "../../src/domain/quote/financial-overview";
import { addDays } from "../../src/domain/quote/renewal";
import { ACTIVITY_SPLIT, CLEAN_DECLARATION, CONTRACTS, DESIGN_LIABILITY } from "../../tests/api/quotes-fixtures";

export const JOURNEY_STEPS = [
  "create",
  "financialOverview",
  "designLiability",
  "activitySplit",
  "contracts",
  "declaration",
  "rate",
  "complete",
  "issue",
] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

/** The five section saves of steps 2 to 6, in the wizard's order. */
export const SECTION_STEPS = [
  "financialOverview",
  "designLiability",
  "activitySplit",
  "contracts",
  "declaration",
] as const;
export type SectionStep = (typeof SECTION_STEPS)[number];

export interface JourneyRequest {
  step: JourneyStep;
  method: "POST" | "PATCH";
  path: string;
  body: unknown;
}

const COVER_LIMITS = [500_000, 1_000_000, 2_000_000] as const;

/** The quote's figures: `index` picks them, each within what rates without a referral. */
function figuresOf(index: number) {
  return {
    turnover: 250_000 + (index % 16) * 100_000,
    coverLimit: COVER_LIMITS[index % COVER_LIMITS.length] as number,
    largestProject: 50_000 + (index % 9) * 100_000,
    directors: 1 + (index % 4),
    staff: index % 30,
  };
}

function financialOverviewOf(index: number) {
  const figures = figuresOf(index);
  return {
    coverLimitAggregate: figures.coverLimit,
    turnover: figures.turnover,
    largestSingleProjectValue: figures.largestProject,
    isAllTurnoverUK: true,
    hasNonUKJurisdictionWork: false,
    turnoverIncrease20Percent: false,
    hasContentsInsurance: false,
    contentsLimit: null,
  };
}

/** The step-7 selections as the wizard's rate and complete send them (every additional cover unticked). */
function selectedRisk(index: number) {
  const risk: Record<string, unknown> = {
    coverLimitAggregate: figuresOf(index).coverLimit,
    excessDiscount: "standard",
  };
  for (const cover of ADDITIONAL_COVERS) {
    risk[cover.flag] = false;
    risk[cover.limit] = null;
  }
  return risk;
}

function sectionBody(step: SectionStep, index: number): Record<string, unknown> {
  switch (step) {
    case "financialOverview":
      return { financialOverview: financialOverviewOf(index) };
    case "designLiability":
      return { designLiability: DESIGN_LIABILITY };
    case "activitySplit":
      return { activitySplit: ACTIVITY_SPLIT };
    case "contracts":
      return { contracts: CONTRACTS };
    case "declaration":
      return { declaration: CLEAN_DECLARATION };
  }
}

/**
 * The request of `step` for quote number `index` (its id once step 1 has made it; the version the wizard holds
 * then is the number of writes so far, since every step writes once).
 */
export function journeyRequest(step: JourneyStep, index: number, quoteId: string, now: Date): JourneyRequest {
  const position = JOURNEY_STEPS.indexOf(step);
  const expectedVersion = position;
  const figures = figuresOf(index);
  switch (step) {
    case "create": {
      const details = {
        proposerName: `Journey Contractor ${index} Ltd`,
        businessActivity: "Design and Build Contractor",
        businessAddress: `${index % 200} Station Road, York YO1 1AA`,
        inceptionDate: addDays(todayInLondon(now), 14),
        incorporationDate: "2010-01-01",
        isSoleTrader: false,
        numberOfDirectors: figures.directors,
        numberOfQualifiedStaff: figures.staff,
        hasFinancialInterest: false,
      };
      const { businessActivity: _nestedOnly, ...flat } = details;
      return {
        step,
        method: "POST",
        path: "/api/quotes",
        body: { productCode: "D/C-PI", ...flat, ratingVersionId: "default-version", insuredsDetails: details },
      };
    }
    case "rate":
      return {
        step,
        method: "POST",
        path: `/api/quotes/${quoteId}/rate`,
        body: { risk: selectedRisk(index), turnoverBand: turnoverBandFor(figures.turnover), expectedVersion },
      };
    case "complete":
      return {
        step,
        method: "PATCH",
        path: `/api/quotes/${quoteId}`,
        body: { status: "QUOTED", financialOverview: financialOverviewOf(index), expectedVersion },
      };
    case "issue":
      return { step, method: "POST", path: `/api/quotes/${quoteId}/issue`, body: { expectedVersion } };
    default:
      return {
        step,
        method: "PATCH",
        path: `/api/quotes/${quoteId}`,
        body: { ...sectionBody(step, index), expectedVersion },
      };
  }
}
