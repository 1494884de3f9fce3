// @vitest-environment jsdom

import { FINANCIAL_OVERVIEW_MESSAGES } from "@domain/quote/financial-overview";
import type { AdjustmentFiguresAnswer, PolicyView } from "@domain/quote/policy-schema";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AdjustPolicyForm, ASK_AN_UNDERWRITER, NOTHING_CHANGED } from "./adjust-policy-form";
import { json, stubApi } from "./stub-api.test-support";

beforeAll(() => {
  // jsdom has no layout observers; Radix's checkbox only needs them to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWERS: PolicyView["answers"] = {
  proposerName: "Acme Build Ltd",
  tradingName: null,
  businessAddress: "1 High Street, York YO1 1AA",
  businessActivity: "Architectural design",
  turnover: 900_000,
  coverLimitAggregate: 1_000_000,
  excessDiscount: "standard",
  hasDirectorsOfficersInsurance: false,
  directorsOfficersLimit: 0,
  hasContentsInsurance: true,
  contentsLimit: 10_000,
  hasBusinessEquipmentComputers: false,
  businessEquipmentComputersLimit: 0,
  hasBusinessEquipmentSpecialist: false,
  businessEquipmentSpecialistLimit: 0,
  hasStockContents: false,
  stockContentsLimit: 0,
};

const CUSTOM_LIMIT_MESSAGE = FINANCIAL_OVERVIEW_MESSAGES.customCoverLimit;

const POLICY = {
  policyNumber: "DCPI/POL/000042",
  reference: "DCPI-000042",
  period: { inceptionDate: "2030-01-01", expiryDate: "2030-12-31" },
  adjustFrom: "2030-01-01",
  version: 7,
  answers: ANSWERS,
  insured: { proposerName: "Acme Build Ltd" },
} as unknown as PolicyView;

const figuresFor = (effectiveDate: string, more: Partial<AdjustmentFiguresAnswer> = {}): AdjustmentFiguresAnswer => ({
  effectiveDate,
  changes: [{ label: "Excess", from: "Standard Excess", to: "Excess (2x)" }],
  annualBefore: "750.00",
  annualAfter: "637.50",
  daysInPeriod: 365,
  daysRemaining: 365,
  premium: "-112.50",
  taxes: "-13.50",
  total: "-126.00",
  waived: false,
  referralReasons: [],
  canBind: true,
  // 15% of -£112.50 is -£16.875, rounded away from zero; the net is the total returned less it.
  commission: { ratePercent: 15, amount: "-16.88", netPremium: "-109.12", overridden: false },
  ...more,
});

function renderForm() {
  const onChanged = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AdjustPolicyForm policy={POLICY} onChanged={onChanged} onClose={() => {}} onBusy={() => {}} />
    </QueryClientProvider>,
  );
  return { onChanged };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const showButton = () => screen.getByRole("button", { name: "Show premium change" });
const confirmButton = () => screen.queryByRole("button", { name: "Confirm change" }) as HTMLButtonElement | null;

describe("the change form", () => {
  it("sends only the answers changed, shows the server's figures and confirms them at the policy's version", async () => {
    const changed = { ...POLICY, version: 8 };
    const calls = stubApi((call) =>
      call.url.endsWith("/figures")
        ? json(200, { data: figuresFor(String(call.body.effectiveDate)) })
        : json(201, { data: changed }),
    );
    const { onChanged } = renderForm();
    expect(field("Change takes effect from").value).toBe("01/01/2030");
    expect(field("Insured name").value).toBe("Acme Build Ltd");
    expect(confirmButton()?.disabled).toBe(true);
    // Typed back to what it was: not a change.
    fireEvent.change(field("Insured name"), { target: { value: "Acme Build Ltd " } });
    fireEvent.change(field("Excess"), { target: { value: "2x" } });
    fireEvent.click(showButton());
    await screen.findByTestId("adjustment-figures");
    expect(calls[0]).toEqual({
      url: "/api/policies/DCPI%2FPOL%2F000042/adjustments/figures",
      body: { effectiveDate: "2030-01-01", changes: { excessDiscount: "2x" } },
    });
    const shown = screen.getByTestId("adjustment-figures").textContent;
    expect(shown).toContain("Return premium£112.50");
    expect(shown).toContain("Days remaining365 of 365 days");
    expect(shown).toContain("Total returned£126.00");
    expect(shown).toContain("Broker commission returned (15%)£16.88");
    expect(shown).toContain("Net premium returned to broker£109.12");
    expect(screen.getByTestId("adjustment-changes").textContent).toBe("Excess: was Standard Excess, now Excess (2x)");

    fireEvent.click(confirmButton() as HTMLButtonElement);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed));
    expect(calls[1]).toEqual({
      url: "/api/policies/DCPI%2FPOL%2F000042/adjustments",
      body: { effectiveDate: "2030-01-01", changes: { excessDiscount: "2x" }, expectedVersion: 7 },
    });
  });

  it("words the commission on an additional premium as due from the broker, and shows none for a policy without", async () => {
    const additional = figuresFor("2030-01-01", {
      premium: "112.50",
      taxes: "13.50",
      total: "126.00",
      commission: { ratePercent: 15, amount: "16.88", netPremium: "109.12", overridden: false },
    });
    let answer = additional;
    stubApi(() => json(200, { data: answer }));
    renderForm();
    fireEvent.change(field("Excess"), { target: { value: "2x" } });
    fireEvent.click(showButton());
    await screen.findByTestId("adjustment-figures");
    let shown = screen.getByTestId("adjustment-figures").textContent;
    expect(shown).toContain("Total to pay£126.00");
    expect(shown).toContain("Broker commission (15%)£16.88");
    expect(shown).toContain("Net premium due from broker£109.12");

    answer = { ...additional, commission: null };
    fireEvent.change(field("Excess"), { target: { value: "standard" } });
    fireEvent.change(field("Excess"), { target: { value: "2x" } });
    fireEvent.click(showButton());
    await waitFor(() => expect(screen.getByTestId("adjustment-figures").textContent).not.toContain("commission"));
    shown = screen.getByTestId("adjustment-figures").textContent;
    expect(shown).toContain("Total to pay£126.00");
    expect(shown).not.toContain("Net premium");
  });

  it("says nothing has changed without asking the server, and sends a cover ticked with its limit", async () => {
    const calls = stubApi((call) => json(200, { data: figuresFor(String(call.body.effectiveDate)) }));
    renderForm();
    fireEvent.click(showButton());
    expect((await screen.findByRole("alert")).textContent).toBe(NOTHING_CHANGED);
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByLabelText("Stock Insurance"));
    fireEvent.click(showButton());
    await screen.findByText("Choose a limit for Stock Insurance");
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Stock Insurance limit"), { target: { value: "20000" } });
    fireEvent.change(field("Trading name (optional)"), { target: { value: "Acme Design" } });
    fireEvent.click(showButton());
    await screen.findByTestId("adjustment-figures");
    expect(calls[0]?.body.changes).toEqual({
      tradingName: "Acme Design",
      hasStockContents: true,
      stockContentsLimit: 20000,
    });
  });

  it("takes another amount for a cover as step 7 does, checked before anything is sent", async () => {
    const calls = stubApi((call) => json(200, { data: figuresFor(String(call.body.effectiveDate)) }));
    renderForm();
    fireEvent.change(screen.getByLabelText("Contents Insurance limit"), { target: { value: "other" } });
    const amount = () => screen.getByLabelText("Contents Insurance: amount (£)") as HTMLInputElement;
    fireEvent.change(amount(), { target: { value: "500" } });
    fireEvent.click(showButton());
    await waitFor(() => expect(amount().getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById("adjustment-contentsLimit-other-error")?.textContent).toBe(CUSTOM_LIMIT_MESSAGE);
    expect(calls).toHaveLength(0);
    fireEvent.change(amount(), { target: { value: "12,500" } });
    fireEvent.click(showButton());
    await screen.findByTestId("adjustment-figures");
    expect(calls[0]?.body.changes).toEqual({ contentsLimit: 12500 });
  });

  it("never shows figures for answers the broker has since changed", async () => {
    let release: (response: Response) => void = () => {};
    stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    renderForm();
    fireEvent.change(field("Excess"), { target: { value: "2x" } });
    fireEvent.click(showButton());
    await waitFor(() => expect(screen.getByText("Working out the premium...")).toBeTruthy());
    fireEvent.change(field("Insured name"), { target: { value: "Acme Design Ltd" } });
    release(json(200, { data: figuresFor("2030-01-01") }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Show premium change" })).toBeTruthy());
    expect(screen.queryByTestId("adjustment-figures")).toBeNull();
    expect(confirmButton()?.disabled).toBe(true);
  });

  it("offers no confirmation for a change a broker cannot make, names why, and sends it to an underwriter", async () => {
    const reasons = ["Raises the limit of indemnity above the policy's"];
    const sent = stubApi((call) =>
      call.url.endsWith("/change-requests")
        ? json(201, { data: { ...POLICY, pendingChange: { id: "waiting" } } })
        : json(200, {
            data: figuresFor(String(call.body.effectiveDate), { referralReasons: reasons, canBind: false }),
          }),
    );
    const { onChanged } = renderForm();
    fireEvent.change(field("Limit of indemnity"), { target: { value: "2000000" } });
    fireEvent.click(showButton());
    const referral = await screen.findByTestId("adjustment-referral");
    expect(referral.textContent).toBe(`This change needs an underwriter:${reasons[0]}`);
    expect(screen.getByText(ASK_AN_UNDERWRITER)).toBeTruthy();
    expect(confirmButton()).toBeNull();
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send to an underwriter" }));
    await waitFor(() => expect(sent.at(-1)?.url).toMatch(/\/change-requests$/));
    expect(sent.at(-1)?.body).toMatchObject({
      changes: { coverLimitAggregate: 2_000_000 },
      expectedVersion: POLICY.version,
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it("puts the server's 400 at its field and a 409 in the form, in the server's words", async () => {
    let next = () => json(200, { data: figuresFor("2030-01-01") });
    stubApi(() => next());
    renderForm();
    fireEvent.change(field("Annual turnover (£)"), { target: { value: "1,200,000" } });
    next = () =>
      json(400, {
        code: "VALIDATION_FAILED",
        error: "Request validation failed",
        issues: [{ path: "changes.turnover", message: "Turnover must be at most £1,000,000" }],
      });
    fireEvent.click(showButton());
    await screen.findByText("Turnover must be at most £1,000,000");
    expect(field("Annual turnover (£)").getAttribute("aria-invalid")).toBe("true");

    next = () => json(200, { data: figuresFor("2030-01-01") });
    fireEvent.change(field("Annual turnover (£)"), { target: { value: "950000" } });
    fireEvent.click(showButton());
    await screen.findByTestId("adjustment-figures");
    next = () =>
      json(409, { code: "VERSION_CONFLICT", error: "This policy was changed by someone else: open it again" });
    fireEvent.click(confirmButton() as HTMLButtonElement);
    const alert = await screen.findByText("This policy was changed by someone else: open it again");
    expect(alert.getAttribute("role")).toBe("alert");
    // The figures were for the policy as it was: they are asked for again.
    expect(screen.queryByTestId("adjustment-figures")).toBeNull();
  });
});
