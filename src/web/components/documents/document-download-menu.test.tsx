// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
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

const QUOTE = { id: "q-1", reference: "DCPI-000042", proposerName: "Acme Ltd" };
const trigger = () => screen.getByRole("button", { name: "Download documents for DCPI-000042" });

/** The menu as a screen first shows it: its popover and content code not fetched yet. */
async function freshMenu() {
  vi.resetModules();
  const { DocumentDownloadMenu } = await import("./document-download-menu");
  render(<DocumentDownloadMenu quote={QUOTE} />);
}

async function openMenu() {
  await freshMenu();
  fireEvent.click(trigger());
  await screen.findByRole("dialog", { name: "Documents for DCPI-000042" });
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name });
/** A box's state as a screen reader hears it: ticked, not ticked, or mixed. */
const ticked = (name: string) => {
  const box = checkbox(name);
  return box.indeterminate ? "mixed" : String(box.checked);
};
const downloadButton = () => screen.getByRole("button", { name: "Download Selected" });

describe("document download menu", () => {
  it("opens on the first press although its code arrives after it, with focus in the menu as before", async () => {
    await freshMenu();
    expect(trigger().getAttribute("aria-haspopup")).toBe("dialog");
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(trigger());
    // The press is taken before the code is there: the button says so, and the menu follows it.
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    const menu = await screen.findByRole("dialog", { name: "Documents for DCPI-000042" });
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    await vi.waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(checkbox("All Documents"));
  });

  it("keeps its ticks when it closes and opens again", async () => {
    await openMenu();
    fireEvent.click(checkbox("Policy Schedule"));
    fireEvent.click(trigger());
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(trigger());
    await screen.findByRole("dialog", { name: "Documents for DCPI-000042" });
    expect(ticked("Policy Schedule")).toBe("true");
  });

  it("keeps Download Selected disabled, with the product's message, until a document is ticked", async () => {
    await openMenu();
    expect(downloadButton()).toHaveProperty("disabled", true);
    expect(screen.getByText("No documents selected: Please select at least one document to download")).toBeTruthy();
    fireEvent.click(checkbox("Policy Schedule"));
    expect(downloadButton()).toHaveProperty("disabled", false);
    expect(screen.queryByText(/No documents selected/)).toBeNull();
    fireEvent.click(checkbox("Policy Schedule"));
    expect(downloadButton()).toHaveProperty("disabled", true);
  });

  it("ticks and unticks all three with 'All Documents', and shows a partial choice as mixed", async () => {
    await openMenu();
    fireEvent.click(checkbox("All Documents"));
    for (const name of ["Statement of Fact", "Policy Schedule", "D&C Policy Wording"]) {
      expect(ticked(name)).toBe("true");
    }
    fireEvent.click(checkbox("Statement of Fact"));
    expect(ticked("All Documents")).toBe("mixed");
    fireEvent.click(checkbox("All Documents"));
    expect(ticked("Statement of Fact")).toBe("true");
    fireEvent.click(checkbox("All Documents"));
    for (const name of ["Statement of Fact", "Policy Schedule", "D&C Policy Wording"]) {
      expect(ticked(name)).toBe("false");
    }
    expect(downloadButton()).toHaveProperty("disabled", true);
  });
});
