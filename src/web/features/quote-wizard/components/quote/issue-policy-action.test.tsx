// @vitest-environment jsdom

import type { Role } from "@domain/auth/schemas";
import type { QuoteStatus } from "@domain/quote/status";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { quoteTermsQueryKey } from "@web/lib/api/terms";
import { meQueryKey } from "@web/lib/query-keys";
import { afterEach, describe, expect, it } from "vitest";
import { IssuePolicyAction, issueConfirmationText } from "./issue-policy-action";

afterEach(cleanup);

const DAY_MS = 24 * 60 * 60 * 1000;
const BROKER_ID = "u-broker";
const NOW = new Date("2026-11-26T10:00:00.000Z");

function quoteOf(status: QuoteStatus, ratedDaysAgo: number | null) {
  return {
    id: "q-1",
    reference: "DCPI-000042",
    version: 4,
    status,
    brokerId: BROKER_ID,
    ratedAt: ratedDaysAgo === null ? null : new Date(NOW.getTime() - ratedDaysAgo * DAY_MS).toISOString(),
    proposerName: "Acme Build Ltd",
    totalPremium: "1173.20",
    inceptionDate: "2026-12-01",
  } satisfies Parameters<typeof IssuePolicyAction>[0]["quote"];
}

/** The signed-in user is read from the session cache the app fills at sign-in. */
function renderFor(
  role: Role,
  userId: string,
  quote: ReturnType<typeof quoteOf>,
  label?: string,
  openPreBind: string[] = [],
) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, { id: userId, name: "Someone", email: "s@example.com", role, createdAt: "" });
  // The quote's terms as the server answers them, read when the confirmation opens.
  queryClient.setQueryData(quoteTermsQueryKey(quote.id), { endorsements: [], subjectivities: [], openPreBind });
  render(
    <QueryClientProvider client={queryClient}>
      <IssuePolicyAction quote={quote} now={NOW} size="sm" label={label} />
    </QueryClientProvider>,
  );
}

const issueButton = () => screen.queryByRole("button", { name: /^Issue Policy/ });

describe("Issue Policy, wherever a completed quote is shown", () => {
  it("is offered on a completed quote within its validity to its broker and to underwriters only", () => {
    renderFor("BROKER", BROKER_ID, quoteOf("QUOTED", 29));
    expect(issueButton()).toBeTruthy();
    cleanup();
    renderFor("UNDERWRITER", "u-uw", quoteOf("QUOTED", 2));
    expect(issueButton()).toBeTruthy();
    cleanup();
    renderFor("BROKER", "u-other", quoteOf("QUOTED", 2));
    expect(issueButton()).toBeNull();
    cleanup();
    renderFor("ADMIN", "u-admin", quoteOf("QUOTED", 2));
    expect(issueButton()).toBeNull();
  });

  it("is not offered on a draft, an approved, an issued or an expired quote", () => {
    for (const [status, ratedDaysAgo] of [
      ["DRAFT", 1],
      ["UW_APPROVED", 1],
      ["ISSUED", 1],
      ["QUOTED", 31],
      ["QUOTED", null],
    ] as const) {
      renderFor("BROKER", BROKER_ID, quoteOf(status, ratedDaysAgo));
      expect(issueButton(), `${status} rated ${ratedDaysAgo} days ago`).toBeNull();
      cleanup();
    }
  });

  it("asks first, naming the insured, the premium and the inception date, and Cancel leaves the quote as it was", async () => {
    renderFor("BROKER", BROKER_ID, quoteOf("QUOTED", 2), "Issue Policy DCPI-000042");
    fireEvent.click(screen.getByRole("button", { name: "Issue Policy DCPI-000042" }));
    // The dialog's code loads on first use, so it appears a moment after the click.
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(
      "Issue a policy for Acme Build Ltd at a premium of £1,173.20 (inclusive of IPT), incepting on 01/12/2026? Once issued, the quote can no longer be changed.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Issue Policy DCPI-000042" })).toBeTruthy();
  });

  it("names the pre-bind subjectivities still open instead of offering to issue, where the row did not know them", async () => {
    renderFor("BROKER", BROKER_ID, quoteOf("QUOTED", 2), "Issue Policy DCPI-000042", ["Signed proposal form"]);
    fireEvent.click(screen.getByRole("button", { name: "Issue Policy DCPI-000042" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(
      "The policy cannot be issued until the underwriter marks these subjectivities satisfied or waived: Signed proposal form",
    );
    expect(dialog.textContent).not.toContain("Issue a policy for");
    const confirm = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Issue Policy");
    expect(confirm?.hasAttribute("disabled")).toBe(true);
  });

  it("names the insured, the premium and the inception date in the confirmation", () => {
    expect(issueConfirmationText(quoteOf("QUOTED", 2))).toBe(
      "Issue a policy for Acme Build Ltd at a premium of £1,173.20 (inclusive of IPT), incepting on 01/12/2026? Once issued, the quote can no longer be changed.",
    );
  });
});
