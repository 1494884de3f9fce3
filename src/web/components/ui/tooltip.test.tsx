// @vitest-environment jsdom
import { TOOLTIP_OPEN_DELAY_MS } from "@domain/constants";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

beforeAll(() => {
  // jsdom has no layout observers; Radix's popper only needs them to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

const HINT = "Zip the documents and open an email to underwriting";
const button = () => screen.getByRole("button", { name: "Email documents" });

/** A hint as a screen first shows it: Radix Tooltip not fetched yet. */
async function freshHint(onClick = () => {}) {
  vi.resetModules();
  const { Tooltip } = await import("./tooltip");
  render(
    <Tooltip content={HINT}>
      <button type="button" aria-label="Email documents" onClick={onClick}>
        @
      </button>
    </Tooltip>,
  );
}

describe("tooltip", () => {
  it("shows on focus once its code has arrived, with focus kept on the trigger and the hint tied to it", async () => {
    await freshHint();
    act(() => button().focus());
    expect(screen.queryByRole("tooltip")).toBeNull();
    const hint = await screen.findByRole("tooltip");
    expect(hint.textContent).toBe(HINT);
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute("aria-describedby")).toBe(hint.id);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await vi.waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    expect(document.activeElement).toBe(button());
  });

  it("shows after the open delay while the pointer rests on the trigger, not before", async () => {
    await freshHint();
    vi.useFakeTimers();
    try {
      fireEvent.pointerEnter(button());
      fireEvent.pointerMove(button());
      await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_OPEN_DELAY_MS - 50));
      expect(screen.queryByRole("tooltip")).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(100));
    } finally {
      vi.useRealTimers();
    }
    expect((await screen.findByRole("tooltip")).textContent).toBe(HINT);
    expect(document.activeElement).not.toBe(button());
  });

  it("shows no hint after a press, and the press reaches the trigger", async () => {
    const pressed = vi.fn();
    await freshHint(pressed);
    vi.useFakeTimers();
    try {
      fireEvent.pointerEnter(button());
      fireEvent.pointerMove(button());
      fireEvent.pointerDown(button());
      act(() => button().focus());
      fireEvent.pointerUp(document);
      fireEvent.click(button());
      await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_OPEN_DELAY_MS * 2));
    } finally {
      vi.useRealTimers();
    }
    expect(pressed).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});
