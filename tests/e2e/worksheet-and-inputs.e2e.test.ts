import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession, createDraftQuote, quoteInStatus } from "./support/api";
import { screenshot, toastText, visible } from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";
import { expectOnStep, quoteOf, setSwitch, stepButton } from "./wizard-helpers";

let broker: ApiSession;
let underwriter: ApiSession;
const TAG = `Ws${Date.now().toString(36)}`;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

const ui = sharedSignedInBrowser("BROKER", { freshPageEachTest: true });

/** A draft whose financial overview is saved (declared turnover as given), opened in the wizard on `step`. */
async function openDraftOnStep(name: string, step: number, turnover = 180_000): Promise<string> {
  const quote = await createDraftQuote(broker, `${TAG} ${name}`);
  await broker.data("PATCH", `/api/quotes/${quote.id}`, {
    financialOverview: { coverLimitAggregate: 1_000_000, turnover, largestSingleProjectValue: 150_000 },
  });
  await ui.page.goto(`/quote/${quote.id}`);
  await expectOnStep(ui.page, 1);
  await stepButton(ui.page, step).click();
  await expectOnStep(ui.page, step);
  return quote.id;
}

function gbp(amount: string | null): string {
  if (amount === null) throw new Error("no amount");
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(Number(amount));
}

/** The worksheet's rows as [step, applied, value], read from the table itself. */
async function worksheetRows(): Promise<string[][]> {
  return ui.page
    .getByRole("table", { name: "Rating worksheet" })
    .evaluate((table) =>
      [...table.querySelectorAll("tbody tr")].map((row) =>
        [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? ""),
      ),
    );
}

describe("the worksheet and the inputs a new broker meets", () => {
  it("reads the premium aloud: base rate, factors in words, the rated turnover band, fees, IPT and total", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Worksheet Ltd`);
    const path = `/api/quotes/${quote.id}`;
    await broker.data("PATCH", path, {
      financialOverview: { coverLimitAggregate: 1_000_000, turnover: 180_000, largestSingleProjectValue: 150_000 },
    });
    await broker.data("PATCH", path, { designLiability: { turnoverSplitInHouseDesign: 100 } });
    await broker.data("PATCH", path, { activitySplit: { professionalServices: 100 } });
    await broker.data("PATCH", path, { contracts: { domesticPrivateDwellings: 100 } });
    await broker.data("PATCH", path, { declaration: {} });
    await ui.page.setViewportSize({ width: 1440, height: 900 });
    await ui.page.goto(`/quote/${quote.id}`);
    await expectOnStep(ui.page, 1);
    await stepButton(ui.page, 7).click();
    await expectOnStep(ui.page, 7);
    expect(await toastText(ui.page, "Premium Calculated")).toContain("Premium Calculated");
    await expect.poll(async () => (await quoteOf(broker, quote.id)).totalPremium).not.toBeNull();
    const stored = await quoteOf(broker, quote.id);

    await ui.page.getByText("How this premium was built").click();
    await visible(ui.page.getByRole("cell", { name: "Base rate", exact: true }));
    const rows = await worksheetRows();
    expect(rows[0]).toEqual(["Base rate", "", "£750.00"]);
    expect(rows).toContainEqual([
      "Turnover band",
      "Declared turnover £180,000 rated in band 250,001–500,000 at its representative value £400,000",
      "×1.00",
    ]);
    expect(rows).toContainEqual(["Cover limit", "Band 500,001–1,000,000", "×1.00"]);
    expect(rows).toContainEqual(["Responsible for manufacturing", "No", "×1.00"]);
    const words = rows.flat().join(" | ");
    expect(words).not.toMatch(/Rating factor|\bfalse\b|\btrue\b/);
    expect(rows.slice(-3)).toEqual([
      ["Policy fee", "", gbp(stored.fees[0]?.amount ?? null)],
      ["Insurance Premium Tax (IPT)", "", gbp(stored.taxes)],
      ["Premium (inclusive)", "", gbp(stored.totalPremium)],
    ]);
    await ui.page.getByRole("table", { name: "Rating worksheet" }).scrollIntoViewIfNeeded();
    await screenshot(ui.page, "worksheet-step-7-1440");
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await visible(ui.page.getByRole("cell", { name: "Turnover band", exact: true }));
    await screenshot(ui.page, "worksheet-step-7-390");
  });

  it("replaces a percentage's 0 with what is typed, and shows fees with £ and thousand separators", async () => {
    const id = await openDraftOnStep("Inputs Ltd", 3);
    const inHouse = ui.page.getByLabel("In-house design", { exact: true });
    expect(await inHouse.inputValue()).toBe("0");
    await inHouse.click();
    await ui.page.keyboard.type("30");
    expect(await inHouse.inputValue()).toBe("30");
    await visible(ui.page.getByText("Total: 30%"));
    // Back into the box from another one: its 30 is replaced as well.
    await ui.page.getByLabel("Maintenance and repair with no design", { exact: true }).click();
    await inHouse.click();
    await ui.page.keyboard.type("100");
    expect(await inHouse.inputValue()).toBe("100");

    await setSwitch(
      ui.page,
      "Do you undertake design or supervisory work for a fee, separate from construction contracts?",
      true,
    );
    const fees = ui.page.getByLabel("Fees for design and supervisory work (£)");
    expect(await fees.inputValue()).toBe("0");
    await fees.click();
    await ui.page.keyboard.type("1250000");
    expect(await fees.inputValue()).toBe("1,250,000");
    expect(await fees.locator("xpath=..").textContent()).toContain("£");
    await screenshot(ui.page, "worksheet-inputs-step-3-fees");
    await ui.page.getByRole("button", { name: "Continue to Activity Split" }).click();
    expect(await toastText(ui.page, "Design Liability Saved")).toContain("Design Liability Saved");
    const saved = await broker.data<{ designLiability: Record<string, unknown> | null }>("GET", `/api/quotes/${id}`);
    expect(saved.designLiability).toMatchObject({ turnoverSplitInHouseDesign: 100, feesDesignSupervisory: 1_250_000 });
  });

  it("shows a new recurring contract's messages only once a save is tried with it, even after a failed save", async () => {
    await openDraftOnStep("Contracts Ltd", 5);
    // A first try fails on the empty contract-type split: the form now counts as submitted.
    await ui.page.getByRole("button", { name: "Continue to Declaration" }).click();
    const panel = ui.page.getByRole("alert").filter({ hasText: "Validation Error" });
    await visible(panel.getByText("Total percentage must equal 100%"));
    await ui.page.getByLabel("Do you have recurring contracts or framework agreements with any client?").click();
    await visible(ui.page.getByText("Contract 1"));
    const messages = ui.page.locator('[id^="recurringContracts-0-"][id$="-error"]');
    await screenshot(ui.page, "worksheet-inputs-step-5-new-contract");
    expect(await messages.count()).toBe(0);
    expect(await panel.textContent()).not.toContain("Client name is required");
    await ui.page.getByRole("button", { name: "Save contracts" }).click();
    await visible(ui.page.locator("#recurringContracts-0-scopeOfWork-error"));
    expect(await messages.allTextContents()).toEqual([
      "Client name is required",
      "Start date is required",
      "Value to your firm is required",
      "Scope of work is required",
    ]);
    expect(await panel.textContent()).toContain("Client name is required");
  });

  it("labels UW_REQUESTED one way on the dashboard: row, chart and filter", async () => {
    const requested = await quoteInStatus("UW_REQUESTED", `${TAG} Requested Ltd`, { broker, underwriter });
    await ui.page.goto("/dashboard");
    await ui.page.getByPlaceholder("Search quotes by reference, company, broker, or product").fill(TAG);
    const row = ui.page.locator(`[data-testid="quote-row"][data-reference="${requested.reference}"]`);
    await visible(row.getByText("UW REQUESTED", { exact: true }));
    expect(await row.textContent()).not.toContain("UW_REQUESTED");
    const chart = ui.page.getByRole("figure").filter({ hasText: "Quotes by status" });
    await visible(chart.getByText("UW REQUESTED", { exact: true }));
    await screenshot(ui.page, "worksheet-dashboard-status-labels");
    const statusFilter = ui.page.getByRole("combobox", { name: "Filter by status" });
    expect(await statusFilter.getByRole("option", { name: "UW REQUESTED", exact: true }).count()).toBe(1);
    expect(await statusFilter.getByRole("option", { name: "UW_REQUESTED" }).count()).toBe(0);
    expect(await ui.page.locator("body").innerText()).not.toContain("UW_REQUESTED");
  });

  it("labels the embedded register's answers as demo data", async () => {
    await ui.page.goto("/quote/new");
    await ui.page.getByLabel("Company name").pressSequentially("Abbott");
    await visible(ui.page.getByRole("option").first());
    await visible(ui.page.getByText("Demo register: fictitious companies", { exact: false }));
    await screenshot(ui.page, "worksheet-step-1-demo-register");
  });
});
