// @vitest-environment jsdom

import type { Role } from "@domain/auth/schemas";
import { formatDateGb } from "@domain/format/dates";
import type { Quote } from "@domain/quote/quote";
import { quoteSchema } from "@domain/quote/quote";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { meQueryKey } from "@web/lib/query-keys";
import { afterEach, describe, expect, it } from "vitest";
import { IssuePolicy } from "./issue-policy";

afterEach(cleanup);

const DAY_MS = 24 * 60 * 60 * 1000;
const BROKER_ID = "u-broker";

function completedQuote(ratedDaysAgo: number): Quote {
  return quoteSchema.parse({
    id: "q-1",
    reference: "DCPI-000042",
    status: "QUOTED",
    productCode: "D/C-PI",
    productType: null,
    contactEmail: null,
    version: 4,
    policyNumber: null,
    brokerId: BROKER_ID,
    firmId: null,
    broker: null,
    proposerName: "Acme Build Ltd",
    tradingName: null,
    businessAddress: "1 High Street, Leeds",
    inceptionDate: "2026-12-01",
    incorporationDate: null,
    numberOfDirectors: 1,
    numberOfQualifiedStaff: 1,
    hasFinancialInterest: false,
    financialInterestDetails: null,
    insuredsDetails: null,
    financialOverview: null,
    designLiability: null,
    activitySplit: null,
    contracts: null,
    declaration: null,
    risk: null,
    turnoverBand: null,
    basePremium: "750.00",
    fees: [],
    taxes: "90.00",
    totalPremium: "1173.20",
    premiumOverridden: false,
    ratingVersionId: null,
    referralReason: null,
    referralHits: [],
    ratingTrace: [],
    ratedAt: new Date(Date.now() - ratedDaysAgo * DAY_MS).toISOString(),
    referredAt: null,
    decision: null,
    adjustmentMultiplier: null,
    uwNote: null,
    decidedBy: null,
    decidedAt: null,
    issuedAt: null,
    createdAt: "2026-11-01T09:00:00.000Z",
    updatedAt: "2026-11-01T09:00:00.000Z",
  });
}

/** The signed-in user is read from the session cache the app fills at sign-in. */
function renderFor(role: Role, userId: string, quote: Quote, onRerate: () => Promise<unknown> | undefined) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, {
    id: userId,
    name: "Someone",
    email: "s@example.com",
    role,
    createdAt: "",
    firmId: null,
    isFirmLead: false,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <IssuePolicy quote={quote} busy={false} onRerate={onRerate} />
    </QueryClientProvider>,
  );
}

describe("step 7's binding panel", () => {
  it("offers Issue Policy to the quote's broker and to underwriters, within the validity", () => {
    const quote = completedQuote(2);
    renderFor("BROKER", BROKER_ID, quote, () => undefined);
    expect(screen.getByText(/^Valid until \d\d\/\d\d\/\d{4}$/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Issue Policy" })).toBeTruthy();
    cleanup();
    renderFor("UNDERWRITER", "u-uw", quote, () => undefined);
    expect(screen.getByRole("button", { name: "Issue Policy" })).toBeTruthy();
    cleanup();
    renderFor("BROKER", "u-other", quote, () => undefined);
    expect(screen.queryByRole("button", { name: "Issue Policy" })).toBeNull();
  });

  it("says an expired quote must be re-rated and re-rates once however often Re-rate is pressed", async () => {
    const quote = completedQuote(31);
    let calls = 0;
    let answer: () => void = () => {};
    renderFor("BROKER", BROKER_ID, quote, () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        answer = resolve;
      });
    });
    const validUntil = formatDateGb(new Date(new Date(quote.ratedAt ?? 0).getTime() + 30 * DAY_MS));
    expect(screen.getByText("Quote expired")).toBeTruthy();
    expect(screen.getByText(new RegExp(`This quote was valid until ${validUntil}\\.`))).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Issue Policy" })).toBeNull();
    const rerate = screen.getByRole("button", { name: "Re-rate" });
    fireEvent.click(rerate);
    fireEvent.click(rerate);
    expect(calls).toBe(1);
    await act(async () => answer());
    fireEvent.click(rerate);
    expect(calls).toBe(2);
  });
});
