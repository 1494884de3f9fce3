import { TOAST_REMOVE_DELAY_MS } from "@domain/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The store is module state: each test imports a fresh copy.
async function freshStore() {
  vi.resetModules();
  return import("./toast-store");
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toast store (docs/product/rating.md)", () => {
  it("shows at most one toast: a new one replaces the one on screen", async () => {
    const store = await freshStore();
    store.toast({ title: "Preparing Email" });
    store.toast({ title: "Email Ready", description: "Attach the zip" });
    expect(store.readToasts()).toEqual([
      expect.objectContaining({ title: "Email Ready", description: "Attach the zip", open: true }),
    ]);
  });

  it("keeps a dismissed toast, closed, until the removal delay has passed", async () => {
    const store = await freshStore();
    const id = store.toast({ title: "User Deleted" });
    store.dismissToast(id);
    expect(store.readToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.readToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.readToasts()).toEqual([]);
  });
});
