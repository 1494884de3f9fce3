import { describe, expect, it } from "vitest";
import { decisionInWords, quoteHistoryTitle } from "./history";
import { declarationNarratives } from "./narratives";
import { waitingTime } from "./queue";

describe("how a decision and a quote's history read", () => {
  it("says the decision in words, a counter offer with its signed percentage", () => {
    expect(decisionInWords("APPROVED", null)).toBe("Approved");
    expect(decisionInWords("DECLINED", null)).toBe("Declined");
    expect(decisionInWords("COUNTER", 1.1)).toBe("Counter offer (+10%)");
    expect(decisionInWords("COUNTER", 0.85)).toBe("Counter offer (-15%)");
  });

  it("titles each history line, the decision with what was decided", () => {
    const line = { decision: null, adjustmentMultiplier: null };
    expect(quoteHistoryTitle({ action: "referred", ...line })).toBe("Referred for underwriting");
    expect(quoteHistoryTitle({ action: "issued", ...line })).toBe("Policy issued");
    expect(quoteHistoryTitle({ action: "decision_recorded", decision: "COUNTER", adjustmentMultiplier: 1.05 })).toBe(
      "Decision: Counter offer (+5%)",
    );
  });
});

describe("how long a referral has waited", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  it("counts whole hours, then whole days, as the dashboard does", () => {
    expect(waitingTime("2026-11-23T14:30:00Z", now)).toBe("waiting less than an hour");
    expect(waitingTime("2026-11-23T14:00:00Z", now)).toBe("waiting 1 hour");
    expect(waitingTime("2026-11-23T11:59:00Z", now)).toBe("waiting 3 hours");
    expect(waitingTime("2026-11-21T15:00:00Z", now)).toBe("waiting 2 days");
  });
});

describe("the narratives an underwriter reads", () => {
  it("lists only the answers given, titled, in the wizard's order", () => {
    const narratives = declarationNarratives({
      hasFinancialInterest: false,
      financialInterestDetails: "ignored: no financial interest declared",
      financialOverview: { isAllTurnoverUK: false, overseasWorkSplit: " Ireland 10% " },
      designLiability: null,
      activitySplit: null,
      contracts: {
        hasRecurringContracts: false,
        recurringContracts: [],
        specialAreaDetails: "Two rail bridges",
        otherContractDetails: "  ",
      },
      declaration: { businessDetails: "A 2022 claim", comprehensiveDetails: null },
    } as unknown as Parameters<typeof declarationNarratives>[0]);
    expect(narratives.map((n) => [n.section, n.label, n.text])).toEqual([
      ["Financial overview", "Split of overseas work by territory", "Ireland 10%"],
      ["Contracts", "Details of any work in the special areas", "Two rail bridges"],
      ["Declaration", "Details of business material facts", "A 2022 claim"],
    ]);
  });
});
