// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DocumentDownloadMenu } from "./document-download-menu";

beforeAll(() => {
  // jsdom has no layout observers; Radix's popper only needs them to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

function openMenu() {
  render(<DocumentDownloadMenu quote={{ id: "q-1", reference: "DCPI-000042", proposerName: "Acme Ltd" }} />);
  fireEvent.click(screen.getByRole("button", { name: "Download documents for DCPI-000042" }));
}

const checkbox = (name: string) => screen.getByRole("checkbox", { name });
const downloadButton = () => screen.getByRole("button", { name: "Download Selected" });

describe("document download menu", () => {
  it("keeps Download Selected disabled, with the product's message, until a document is ticked", () => {
    openMenu();
    expect(downloadButton()).toHaveProperty("disabled", true);
    expect(screen.getByText("No documents selected: Please select at least one document to download")).toBeTruthy();
    fireEvent.click(checkbox("Policy Schedule"));
    expect(downloadButton()).toHaveProperty("disabled", false);
    expect(screen.queryByText(/No documents selected/)).toBeNull();
    fireEvent.click(checkbox("Policy Schedule"));
    expect(downloadButton()).toHaveProperty("disabled", true);
  });

  it("ticks and unticks all three with 'All Documents', and shows a partial choice as mixed", () => {
    openMenu();
    fireEvent.click(checkbox("All Documents"));
    for (const name of ["Statement of Fact", "Policy Schedule", "D&C Policy Wording"]) {
      expect(checkbox(name).getAttribute("aria-checked")).toBe("true");
    }
    fireEvent.click(checkbox("Statement of Fact"));
    expect(checkbox("All Documents").getAttribute("aria-checked")).toBe("mixed");
    fireEvent.click(checkbox("All Documents"));
    expect(checkbox("Statement of Fact").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(checkbox("All Documents"));
    for (const name of ["Statement of Fact", "Policy Schedule", "D&C Policy Wording"]) {
      expect(checkbox(name).getAttribute("aria-checked")).toBe("false");
    }
    expect(downloadButton()).toHaveProperty("disabled", true);
  });
});
