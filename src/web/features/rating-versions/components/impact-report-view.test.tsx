// @vitest-environment jsdom

import { summariseImpact, toImpactReport } from "@domain/rating/impact";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ImpactReportView } from "./impact-report-view";

afterEach(cleanup);

const report = toImpactReport(
  summariseImpact([
    {
      quoteId: "6b1d3c1e-0000-4000-8000-000000000001",
      reference: "DCPI-000101",
      proposerName: "Hartley Roofing Ltd",
      before: { totalPremium: 1_000_00, referred: false },
      after: { totalPremium: 1_250_00, referred: true },
    },
    {
      quoteId: "6b1d3c1e-0000-4000-8000-000000000002",
      reference: "DCPI-000102",
      proposerName: "Solent Build Ltd",
      before: { totalPremium: 800_00, referred: false },
      after: { totalPremium: 800_00, referred: false },
    },
  ]),
);

describe("impact report", () => {
  it("shows the headline figures: quotes re-rated, premiums that change, totals and referral rates", () => {
    render(<ImpactReportView report={report} />);
    expect(screen.getByText("Quotes re-rated").nextSibling?.textContent).toBe("2");
    expect(screen.getByText("Premiums that change").nextSibling?.textContent).toBe("1 (50%)");
    expect(screen.getByText("Total premium").nextSibling?.textContent).toBe("£1,800.00 → £2,050.00");
    expect(screen.getByText("+£250.00 in all")).toBeTruthy();
    expect(screen.getByText("Referral rate").nextSibling?.textContent).toBe("0% → 50%");
  });

  it("lists each histogram band with its count, readable as a table", () => {
    render(<ImpactReportView report={report} />);
    const percentTable = screen.getByRole("table", { name: "Change in total premium (percent)" });
    expect(within(percentTable).getByRole("rowheader", { name: "+20% or more" }).nextSibling?.textContent).toBe("1");
    expect(within(percentTable).getByRole("rowheader", { name: "No change" }).nextSibling?.textContent).toBe("1");
  });

  it("links each quote that moves to its quote screen and says when it starts referring", () => {
    render(<ImpactReportView report={report} />);
    const link = screen.getByRole("link", { name: "DCPI-000101" });
    expect(link.getAttribute("href")).toBe("/quote/6b1d3c1e-0000-4000-8000-000000000001");
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText("+£250.00 (+25%)")).toBeTruthy();
    expect(within(row).getByText("Now refers")).toBeTruthy();
    // An unchanged premium is not a mover.
    expect(screen.queryByRole("link", { name: "DCPI-000102" })).toBeNull();
  });

  it("says plainly when no quote is in scope", () => {
    render(<ImpactReportView report={toImpactReport(summariseImpact([]))} />);
    expect(screen.getByText(/No quotes of this product were rated in the last 12 months/)).toBeTruthy();
  });
});
