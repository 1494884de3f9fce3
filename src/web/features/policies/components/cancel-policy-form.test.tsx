// @vitest-environment jsdom

import type { CancellationFiguresAnswer, PolicyView } from "@domain/quote/policy-schema";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CancelPolicyForm } from "./cancel-policy-form";
import { json, stubApi } from "./stub-api.test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const POLICY = {
  policyNumber: "DCPI/POL/000042",
  reference: "DCPI-000042",
  period: { inceptionDate: "2026-12-01", expiryDate: "2027-11-30" },
  cancelFrom: "2026-12-01",
  version: 7,
  insured: { proposerName: "Acme Build Ltd" },
} as unknown as PolicyView;

const figuresFor = (effectiveDate: string): CancellationFiguresAnswer => ({
  effectiveDate,
  basis: "shortPeriod",
  daysInPeriod: 365,
  daysInForce: 0,
  scalePercent: 0,
  paid: { basePremium: "750.00", fees: "35.00", taxes: "94.20", totalPremium: "879.20" },
  retainedPremium: "250.00",
  returnPremium: "500.00",
  returnTaxes: "60.00",
  returnTotal: "560.00",
  commission: { ratePercent: 12.5, amount: "62.50", netPremium: "497.50", overridden: false },
});

function renderForm() {
  const onCancelled = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CancelPolicyForm policy={POLICY} onCancelled={onCancelled} onKeep={() => {}} onBusy={() => {}} />
    </QueryClientProvider>,
  );
  return { onCancelled };
}

const dateField = () => screen.getByLabelText("Cancellation date") as HTMLInputElement;
const reasonField = () => screen.getByLabelText("Reason for cancelling") as HTMLTextAreaElement;
const confirmButton = () => screen.getByRole("button", { name: "Confirm cancellation" }) as HTMLButtonElement;

describe("the cancellation form", () => {
  it("shows the server's figures, asks for a reason before confirming, and confirms at the policy's version", async () => {
    const cancelled = { ...POLICY, status: "Cancelled", cancelFrom: null };
    const calls = stubApi((call) =>
      call.url.endsWith("/figures")
        ? json(200, { data: figuresFor(String(call.body.effectiveDate)) })
        : json(201, { data: cancelled }),
    );
    const { onCancelled } = renderForm();
    expect(dateField().value).toBe("01/12/2026");
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Show return premium" }));
    await screen.findByTestId("cancellation-figures");
    expect(calls[0]?.url).toBe("/api/policies/DCPI%2FPOL%2F000042/cancellation/figures");
    const shown = screen.getByTestId("cancellation-figures").textContent;
    expect(shown).toContain("Total returned£560.00");
    expect(shown).toContain("Broker commission returned (12.5%)£62.50");
    expect(shown).toContain("Net premium returned to broker£497.50");

    fireEvent.click(confirmButton());
    await screen.findByText("Enter why the policy is being cancelled");
    expect(reasonField().getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(1);

    fireEvent.change(reasonField(), { target: { value: "The insured has sold the business" } });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onCancelled).toHaveBeenCalledWith(cancelled));
    expect(calls[1]).toEqual({
      url: "/api/policies/DCPI%2FPOL%2F000042/cancellation",
      body: { effectiveDate: "2026-12-01", reason: "The insured has sold the business", expectedVersion: 7 },
    });
  });

  it("puts the server's 400 at its field and a 409 in the form, in the server's words", async () => {
    let next = () => json(400, { code: "VALIDATION_FAILED", error: "Invalid", issues: [] });
    stubApi((call) => (call.url.endsWith("/figures") ? json(200, { data: figuresFor("2026-12-01") }) : next()));
    renderForm();
    fireEvent.change(reasonField(), { target: { value: "Sold" } });
    fireEvent.click(screen.getByRole("button", { name: "Show return premium" }));
    await screen.findByTestId("cancellation-figures");

    next = () =>
      json(400, {
        code: "VALIDATION_FAILED",
        error: "Request validation failed",
        issues: [{ path: "reason", message: "The reason must be at most 500 characters" }],
      });
    fireEvent.click(confirmButton());
    await screen.findByText("The reason must be at most 500 characters");
    expect(reasonField().getAttribute("aria-invalid")).toBe("true");

    next = () =>
      json(409, {
        code: "POLICY_STATE_CONFLICT",
        error: "Only a policy in force can be cancelled: this policy is cancelled",
      });
    fireEvent.click(confirmButton());
    const alert = await screen.findByText("Only a policy in force can be cancelled: this policy is cancelled");
    expect(alert.getAttribute("role")).toBe("alert");
  });

  it("never shows figures for a date the broker has since changed", async () => {
    let release: (response: Response) => void = () => {};
    stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Show return premium" }));
    await waitFor(() => expect(screen.getByText("Working out the return...")).toBeTruthy());
    fireEvent.change(dateField(), { target: { value: "02/12/2026" } });
    release(json(200, { data: figuresFor("2026-12-01") }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Show return premium" })).toBeTruthy());
    expect(screen.queryByTestId("cancellation-figures")).toBeNull();
    expect(confirmButton().disabled).toBe(true);
  });
});
