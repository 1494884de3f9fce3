/**
 * Step 7's choices (docs/product/screens.md and docs/product/life-cycle.md): turnover band, cover limit, excess option and additional covers. They
 * are the only part of the rating input the client supplies (docs/product/life-cycle.md); everything else comes from the
 * stored quote on the server.
 */
import { DEFAULT_COVER_LIMIT, DEFAULT_TURNOVER, type TurnoverBand } from "@domain/constants";
import type { DefenceCosts, LimitBasis } from "@domain/format/limit-basis";
import { turnoverBandFor } from "@domain/format/turnover";
import {
  ADDITIONAL_COVERS,
  type AdditionalCoverFlag,
  type AdditionalCoverLimit,
} from "@domain/quote/additional-covers";
import type { Quote } from "@domain/quote/quote";
import { turnoverBandUsed } from "@domain/quote/rating-turnover";
import type { RateQuoteRequestInput, RiskInput } from "@domain/quote/risk";
import type { ExcessOption } from "@domain/rating/input";

export type CoverSelections = Record<AdditionalCoverFlag, boolean> & Record<AdditionalCoverLimit, number | null>;

export interface QuoteSelections {
  turnoverBand: TurnoverBand;
  coverLimit: number;
  excess: ExcessOption;
  covers: CoverSelections;
  limitBasis: LimitBasis;
  defenceCosts: DefenceCosts;
  /** Run-off cover for this many years (docs/product/life-cycle.md "Run-off"); null: annual cover. */
  runOffYears: number | null;
}

/** What the quote was last rated with; before any rating, the financial overview's figures. */
export function selectionsFromQuote(quote: Quote): QuoteSelections {
  const overview = quote.financialOverview;
  const risk = quote.risk;
  const covers = {} as CoverSelections;
  for (const cover of ADDITIONAL_COVERS) {
    const ticked = risk?.[cover.flag] ?? overview?.[cover.flag] ?? false;
    covers[cover.flag] = ticked;
    covers[cover.limit] = ticked ? (risk?.[cover.limit] ?? overview?.[cover.limit] ?? null) : null;
  }
  return {
    // Never below the declared turnover's band: a quote saved before the server refused that starts at the declared band.
    turnoverBand: turnoverBandUsed(quote.turnoverBand, overview?.turnover) ?? turnoverBandFor(DEFAULT_TURNOVER),
    coverLimit: risk?.coverLimitAggregate ?? overview?.coverLimitAggregate ?? DEFAULT_COVER_LIMIT,
    excess: risk?.excessDiscount ?? "standard",
    covers,
    limitBasis: quote.limitBasis,
    defenceCosts: quote.defenceCosts,
    runOffYears: quote.runOffYears,
  };
}

/** A ticked cover without a limit yet is left out of the rating until the broker picks one. */
export function riskFromSelections(selections: QuoteSelections): RiskInput {
  const risk: RiskInput = {
    coverLimitAggregate: selections.coverLimit,
    excessDiscount: selections.excess,
  };
  for (const cover of ADDITIONAL_COVERS) {
    const limit = selections.covers[cover.limit];
    const ticked = selections.covers[cover.flag] && limit !== null;
    risk[cover.flag] = ticked;
    risk[cover.limit] = ticked ? limit : null;
  }
  return risk;
}

export function rateRequestBody(selections: QuoteSelections, version: number): RateQuoteRequestInput {
  return {
    risk: riskFromSelections(selections),
    turnoverBand: selections.turnoverBand,
    limitBasis: selections.limitBasis,
    defenceCosts: selections.defenceCosts,
    runOffYears: selections.runOffYears,
    expectedVersion: version,
  };
}

/**
 * The financial overview with step 7's cover limit and additional covers, sent with completion and referral
 * (docs/product/permissions.md) so the stored quote and its documents show what was rated.
 */
export function financialOverviewWithSelections(quote: Quote, selections: QuoteSelections) {
  const overview = quote.financialOverview;
  if (!overview) return undefined;
  const risk = riskFromSelections(selections);
  const covers = Object.fromEntries(
    ADDITIONAL_COVERS.flatMap((cover) => [
      [cover.flag, risk[cover.flag] ?? false],
      [cover.limit, risk[cover.limit] ?? null],
    ]),
  );
  return { ...overview, coverLimitAggregate: selections.coverLimit, ...covers };
}
