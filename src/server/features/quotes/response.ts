/**
 * The quote as the API answers it (the domain's `quoteSchema`): money as two-decimal strings, times as ISO
 * strings, the stored rating's hits and explanation beside the premium.
 */

import { defenceCostsOf, limitBasisOf } from "../../../domain/format/limit-basis";
import { penceToMoneyString } from "../../../domain/money";
import { quoteCommissionOf } from "../../../domain/quote/commission";
import type { Quote } from "../../../domain/quote/quote";
import type { QuoteRow } from "../../db/schema";
import type { BrokerSummary, RenewedPolicyRow } from "./repository";

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** Stored pence as the API's two-decimal string; nothing stored answers null. */
export function money(pence: number | null): string | null {
  return pence === null ? null : penceToMoneyString(pence);
}

/** The stored fees as the API answers them: each with its code, label and two-decimal amount. */
export function feesAnswer(fees: QuoteRow["fees"]): { code: string; label: string; amount: string }[] {
  return (fees ?? []).map((fee) => ({ code: fee.code, label: fee.label, amount: penceToMoneyString(fee.amount) }));
}

/** The policy a renewal renews or a run-off continues, as one quote's answer names it. */
function sourcePolicy(policy: RenewedPolicyRow | null) {
  if (policy === null) return null;
  return {
    id: policy.id,
    reference: policy.reference,
    policyNumber: policy.policyNumber,
    totalPremium: money(policy.totalPremium),
  };
}

/**
 * `decidedBy` is who recorded the decision as read with the quote; a write that has just cleared the decision
 * (a reopen) answers no decider, whatever was read before it.
 */
export function toQuoteResponse(
  quote: QuoteRow,
  broker: BrokerSummary | null,
  decidedBy: BrokerSummary | null,
  renewalOf: RenewedPolicyRow | null = null,
): Quote {
  const rating = quote.ratingResult;
  return {
    id: quote.id,
    reference: quote.reference,
    status: quote.status,
    productCode: quote.productCode,
    productType: quote.productType,
    contactEmail: quote.contactEmail,
    version: quote.version,
    policyNumber: quote.policyNumber,
    brokerId: quote.brokerId,
    firmId: quote.firmId,
    broker,
    proposerName: quote.proposerName,
    tradingName: quote.tradingName,
    businessAddress: quote.businessAddress,
    inceptionDate: quote.inceptionDate,
    incorporationDate: quote.incorporationDate,
    isSoleTrader: quote.isSoleTrader,
    tradingSince: quote.tradingSince,
    numberOfDirectors: quote.numberOfDirectors,
    numberOfQualifiedStaff: quote.numberOfQualifiedStaff,
    hasFinancialInterest: quote.hasFinancialInterest,
    financialInterestDetails: quote.financialInterestDetails,
    insuredsDetails: quote.insuredsDetails ?? null,
    financialOverview: quote.financialOverview ?? null,
    designLiability: quote.designLiability ?? null,
    activitySplit: quote.activitySplit ?? null,
    contracts: quote.contracts ?? null,
    declaration: quote.declaration ?? null,
    risk: quote.risk ?? null,
    turnoverBand: quote.turnoverBand ?? null,
    limitBasis: limitBasisOf(quote.limitBasis),
    defenceCosts: defenceCostsOf(quote.defenceCosts),
    basePremium: money(quote.basePremium),
    fees: feesAnswer(quote.fees),
    taxes: money(quote.taxes),
    totalPremium: money(quote.totalPremium),
    premiumOverridden: quote.premiumOverridden,
    commission: quoteCommissionOf(quote),
    ratingVersionId: quote.ratingVersionId,
    referralReason: quote.referralReason,
    referralHits: rating?.referralHits ?? [],
    ratingTrace: rating?.trace ?? [],
    ratedAt: iso(quote.ratedAt),
    referredAt: iso(quote.referredAt),
    decision: quote.decision,
    adjustmentMultiplier: quote.adjustmentMultiplier,
    uwNote: quote.uwNote,
    decidedAt: iso(quote.decidedAt),
    decidedBy: quote.decidedBy === null ? null : decidedBy,
    issuedAt: iso(quote.issuedAt),
    renewalOfId: quote.renewalOfId,
    renewalOf: quote.renewalOfId === null ? null : sourcePolicy(renewalOf),
    declarationConfirmed: quote.declarationConfirmed,
    runOffYears: quote.runOffYears,
    runOffOfId: quote.runOffOfId,
    runOffOf: quote.runOffOfId === null ? null : sourcePolicy(renewalOf),
    runOffAnnualPremium: quote.runOffAnnualPremium === null ? null : money(quote.runOffAnnualPremium),
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  };
}
