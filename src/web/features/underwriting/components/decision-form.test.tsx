// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DecisionDraft, DecisionForm } from "./decision-form";

beforeAll(() => {
  // jsdom has no layout observers; Radix's slider only needs them to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

const BEYOND = "The premium £12,400.00 is above your authority of £10,000.00";

function renderForm(draft: DecisionDraft, authority: { beyond: string[]; counterMin: number; counterMax: number }) {
  render(
    <DecisionForm
      draft={draft}
      onChange={() => {}}
      onSubmit={() => {}}
      submitting={false}
      errors={{}}
      authority={authority}
    />,
  );
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("the decision form within an underwriter's authority", () => {
  it("names what is beyond it and closes Approve and Counter Offer, leaving Decline", () => {
    renderForm(
      { decision: "APPROVED", multiplier: 1, note: "", fileNote: "" },
      { beyond: [BEYOND], counterMin: 0.85, counterMax: 1.15 },
    );
    expect(screen.getByRole("note").textContent).toContain(BEYOND);
    expect(button("Approve").disabled).toBe(true);
    expect(button("Counter Offer").disabled).toBe(true);
    expect(button("Decline").disabled).toBe(false);
    expect(button("Submit Decision").disabled).toBe(true);
  });

  it("keeps the counter slider to the underwriter's range", () => {
    renderForm(
      { decision: "COUNTER", multiplier: 1, note: "", fileNote: "" },
      { beyond: [], counterMin: 0.95, counterMax: 1.05 },
    );
    expect(screen.queryByRole("note")).toBeNull();
    const thumb = screen.getByRole("slider", { name: "Premium adjustment multiplier" });
    expect([thumb.getAttribute("aria-valuemin"), thumb.getAttribute("aria-valuemax")]).toEqual(["0.95", "1.05"]);
    expect(button("Submit Decision").disabled).toBe(false);
  });
});
