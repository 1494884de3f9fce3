import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateGb, todayInLondon } from "../../src/domain/format/dates";
import { PLAUSIBLE_DATE_MESSAGES } from "../../src/domain/quote/plausible-dates";
import { addDays } from "../../src/domain/quote/renewal";
import { ApiSession, completeQuoteData, createDraftQuote, quoteInStatus } from "./support/api";
import { expectBrowserErrors, failedRequest, toastText, visible, waitForPath } from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";
import {
  checkScreen,
  chooseOption,
  createdQuoteId,
  expectOnStep,
  fillInsuredsDetails,
  fillPercentTable,
  fillStepsTwoToSix,
  messageUnder,
  quoteOf,
  setSwitch,
  stepButton,
} from "./wizard-helpers";

let broker: ApiSession;
let underwriter: ApiSession;
const TAG = `Wz${Date.now().toString(36)}`;
const VALIDATION_TOAST = "Please fix validation errors";

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

const ui = sharedSignedInBrowser("BROKER", { freshPageEachTest: true });

/** A draft with every section saved through the API, opened in the wizard on step 7 (where it is rated). */
async function openRatedDraft(name: string): Promise<string> {
  const quote = await createDraftQuote(broker, `${TAG} ${name}`);
  await completeQuoteData(broker, quote.id);
  await ui.page.goto(`/quote/${quote.id}`);
  await expectOnStep(ui.page, 1);
  await stepButton(ui.page, 7).click();
  await expectOnStep(ui.page, 7);
  expect(await toastText(ui.page, "Premium Calculated")).toContain("Premium Calculated");
  await expect.poll(async () => (await quoteOf(broker, quote.id)).basePremium).not.toBeNull();
  return quote.id;
}

function pence(amount: string | null): number {
  if (amount === null) throw new Error("no amount");
  const [pounds = "0", pennies = "0"] = amount.split(".");
  return Number(pounds) * 100 + Number(pennies.padEnd(2, "0"));
}

describe("quote wizard", () => {
  it("takes a clean risk from step 1 to QUOTED, with every step accessible and on screen", async () => {
    await ui.page.goto("/quote/new");
    await visible(ui.page.getByRole("heading", { name: "Insureds Details" }));
    expect(await ui.page.title()).toBe("PI Quote Engine - New Quote");
    // Defaults of docs/product/errors.md: inception today (London), one director, no qualified staff.
    const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(new Date());
    expect(await ui.page.getByLabel("Inception date").inputValue()).toBe(today);
    expect(await ui.page.getByLabel("Number of directors/partners/principals").inputValue()).toBe("1");
    expect(await ui.page.getByLabel("Number of qualified staff").inputValue()).toBe("0");
    await checkScreen(ui.page, "wizard-step-1-empty");
    await fillInsuredsDetails(ui.page, { name: `${TAG} Clean Build Ltd`, directors: 3 });
    // Directors are copied into qualified staff until staff is edited by hand.
    expect(await ui.page.getByLabel("Number of qualified staff").inputValue()).toBe("3");
    await checkScreen(ui.page, "wizard-step-1");
    await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    expect(await toastText(ui.page, "Quote Created")).toMatch(/Quote Created\s*Reference DCPI-\d{6}/);
    const id = await createdQuoteId(ui.page);
    await fillStepsTwoToSix(ui.page, { shots: "wizard" });

    await visible(ui.page.getByRole("heading", { name: "Premium Calculation" }));
    for (const text of [
      "Base Premium",
      "Subtotal (before taxes)",
      "Insurance Premium Tax (IPT)",
      "Premium (inclusive)",
    ]) {
      await visible(ui.page.getByText(text, { exact: true }));
    }
    await visible(ui.page.getByText("Standard Excess"));
    await visible(ui.page.getByText("12 Months"));
    const rated = await quoteOf(broker, id);
    expect(rated.referralHits).toEqual([]);
    expect(pence(rated.totalPremium)).toBe(
      pence(rated.basePremium) + rated.fees.reduce((sum, fee) => sum + pence(fee.amount), 0) + pence(rated.taxes),
    );
    await ui.page.getByText("How this premium was built").click();
    await visible(ui.page.getByRole("cell", { name: "Base rate", exact: true }));
    await checkScreen(ui.page, "wizard-step-7");
    await ui.page.getByRole("button", { name: "Complete", exact: true }).click();
    expect(await toastText(ui.page, "Quote Completed")).toContain("Quote Completed");
    await waitForPath(ui.page, "/dashboard");
    expect((await quoteOf(broker, id)).status).toBe("QUOTED");
  }, 240_000);

  it("shows every step-1 validation message of docs/product/errors.md under its field", async () => {
    await ui.page.goto("/quote/new");
    await ui.page.getByLabel("Number of directors/partners/principals").fill("");
    await ui.page.getByLabel("Number of qualified staff").fill("-1");
    await ui.page.getByLabel("Inception date").fill("");
    await setSwitch(ui.page, "Does the insured have a financial interest in any other company or organisation?", true);
    await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    expect(await toastText(ui.page, "Error")).toContain(VALIDATION_TOAST);
    expect(await messageUnder(ui.page, "proposerName")).toBe("Company name is required");
    expect(await messageUnder(ui.page, "businessActivity")).toBe("Business activity is required");
    expect(await messageUnder(ui.page, "businessAddress")).toBe("Business address is required");
    expect(await messageUnder(ui.page, "inceptionDate")).toBe("Inception date is required");
    expect(await messageUnder(ui.page, "numberOfDirectors")).toBe(
      "Number of directors/partners/principals is required",
    );
    expect(await messageUnder(ui.page, "numberOfQualifiedStaff")).toBe(
      "Number of qualified staff must be 0 or greater",
    );
    await checkScreen(ui.page, "wizard-step-1-validation");
    // The details rule is judged once the fields it depends on are valid.
    await fillInsuredsDetails(ui.page, { name: `${TAG} Interest Ltd` });
    await ui.page.getByLabel("Number of qualified staff").fill("2");
    // A date the product cannot cover is refused in the form, in the same words as the server's.
    await ui.page.getByLabel("Inception date").fill("31/12/9999");
    await ui.page.getByLabel("Incorporation date").fill("01/01/9999");
    await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    expect(await messageUnder(ui.page, "inceptionDate")).toBe(PLAUSIBLE_DATE_MESSAGES.inceptionDate);
    expect(await messageUnder(ui.page, "incorporationDate")).toBe(PLAUSIBLE_DATE_MESSAGES.incorporationDate);
    await ui.page.getByLabel("Incorporation date").fill("14/03/2012");
    await ui.page.getByLabel("Inception date").fill(formatDateGb(addDays(todayInLondon(new Date()), 5)));
    await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    expect(await messageUnder(ui.page, "financialInterestDetails")).toBe(
      "Please provide details about the other company/organisation",
    );
    await expectOnStep(ui.page, 1);
    // Turning the switch off clears the details (and the rule with them).
    await ui.page.getByLabel("Details of the other company/organisation").fill("Sister company");
    await setSwitch(ui.page, "Does the insured have a financial interest in any other company or organisation?", false);
    await setSwitch(ui.page, "Does the insured have a financial interest in any other company or organisation?", true);
    expect(await ui.page.getByLabel("Details of the other company/organisation").inputValue()).toBe("");
  });

  it("shows the validation messages of steps 2 to 5 under their fields, and the 'Validation Error' panel", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Validation Ltd`);
    await ui.page.goto(`/quote/${quote.id}`);
    await stepButton(ui.page, 2).click();
    await expectOnStep(ui.page, 2);
    await setSwitch(ui.page, "Is all of your turnover from work in the UK?", false);
    await ui.page.getByRole("button", { name: "Continue to Design Liability" }).click();
    expect(await messageUnder(ui.page, "turnover")).toBe("Turnover is required");
    expect(await messageUnder(ui.page, "largestSingleProjectValue")).toBe("Largest single project value is required");
    await checkScreen(ui.page, "wizard-step-2-validation");
    // Thousand separators as the broker types.
    await ui.page.getByLabel("Annual revenue").fill("1250000");
    expect(await ui.page.getByLabel("Annual revenue").inputValue()).toBe("1,250,000");
    await ui.page.getByLabel("Largest single project value in the last 3 years").fill("200000");
    // The overseas rule is judged once the amounts it sits beside are valid.
    await ui.page.getByRole("button", { name: "Continue to Design Liability" }).click();
    expect(await messageUnder(ui.page, "overseasWorkSplit")).toBe(
      "Please provide % split for overseas work by territory",
    );
    // Back to UK only clears the overseas split and the non-UK-jurisdiction answer.
    await ui.page.getByLabel("% split for overseas work by territory").fill("Ireland 10%");
    await setSwitch(ui.page, "Is any work carried out under a non-UK jurisdiction or law?", true);
    await setSwitch(ui.page, "Is all of your turnover from work in the UK?", true);
    await setSwitch(ui.page, "Is all of your turnover from work in the UK?", false);
    expect(await ui.page.getByLabel("% split for overseas work by territory").inputValue()).toBe("");
    expect(
      await ui.page
        .getByRole("switch", { name: "Is any work carried out under a non-UK jurisdiction or law?" })
        .getAttribute("aria-checked"),
    ).toBe("false");
    await setSwitch(ui.page, "Is all of your turnover from work in the UK?", true);
    await ui.page.getByRole("button", { name: "Continue to Design Liability" }).click();
    await expectOnStep(ui.page, 3);

    await ui.page.getByRole("button", { name: "Continue to Activity Split" }).click();
    expect(await toastText(ui.page, "Error")).toContain(VALIDATION_TOAST);
    await visible(
      ui.page.locator("#turnoverSplitTotal-error", { hasText: "Turnover split percentages must total 100%" }),
    );
    await fillPercentTable(ui.page, { "In-house design": 90, Other: 10 });
    await setSwitch(
      ui.page,
      "Do you undertake design or supervisory work for a fee, separate from construction contracts?",
      true,
    );
    await ui.page.getByLabel("Fees for other work (£)").fill("5000");
    // Fees read as money (£, separators) and step by 1,000 with the arrow keys (docs/product/rating.md).
    expect(await ui.page.getByLabel("Fees for other work (£)").inputValue()).toBe("5,000");
    await ui.page.getByLabel("Fees for other work (£)").press("ArrowUp");
    expect(await ui.page.getByLabel("Fees for other work (£)").inputValue()).toBe("6,000");
    expect(await ui.page.getByLabel("In-house design").getAttribute("step")).toBe("0.1");
    await ui.page.getByRole("button", { name: "Continue to Activity Split" }).click();
    expect(await messageUnder(ui.page, "turnoverSplitOtherDetails")).toBe("Please provide details for other turnover");
    expect(await messageUnder(ui.page, "feesOtherWorkDetails")).toBe("Please provide details for other work fees");
    await checkScreen(ui.page, "wizard-step-3-validation");
    await ui.page.getByLabel("Details of other turnover").fill("Temporary works design");
    await ui.page.getByLabel("Details of the other work").fill("Expert witness reports");
    await ui.page.getByRole("button", { name: "Continue to Activity Split" }).click();
    await expectOnStep(ui.page, 4);

    await fillPercentTable(ui.page, { "Civil engineering": 80, Other: 20 });
    await visible(ui.page.getByText("Total: 100%"));
    await ui.page.getByRole("button", { name: "Continue to Contracts" }).click();
    expect(await messageUnder(ui.page, "otherDetails")).toBe("Please provide details for other activities");
    await ui.page.getByLabel("Details of other activities").fill("Party wall surveys");
    await ui.page.getByRole("button", { name: "Continue to Contracts" }).click();
    await expectOnStep(ui.page, 5);

    await ui.page.getByLabel("Do you have recurring contracts or framework agreements with any client?").click();
    await visible(ui.page.getByRole("group", { name: "Contract 1" }));
    await expect.poll(() => ui.page.getByRole("button", { name: /Remove contract/ }).count()).toBe(0);
    await ui.page.getByRole("button", { name: "Continue to Declaration" }).click();
    expect(await messageUnder(ui.page, "recurringContracts-0-clientName")).toBe("Client name is required");
    expect(await messageUnder(ui.page, "recurringContracts-0-valueToFirm")).toBe("Value to your firm is required");
    expect(await messageUnder(ui.page, "recurringContracts-0-scopeOfWork")).toBe("Scope of work is required");
    expect(await messageUnder(ui.page, "recurringContracts-0-startDate")).toBe("Start date is required");
    const panel = ui.page.getByRole("alert").filter({ hasText: "Validation Error" });
    await visible(panel);
    expect(await panel.textContent()).toContain("Client name is required");
    await checkScreen(ui.page, "wizard-step-5-validation");

    // Entries: add and remove (the first cannot be removed); unticking clears the list, ticking starts one.
    await ui.page.getByRole("button", { name: "Add contract" }).click();
    await visible(ui.page.getByRole("group", { name: "Contract 2" }));
    await ui.page.getByRole("button", { name: "Remove contract 2" }).click();
    await expect.poll(() => ui.page.getByRole("group", { name: "Contract 2" }).count()).toBe(0);
    await ui.page.getByLabel("Client name").fill("Northern Homes plc");
    await ui.page.getByLabel("Do you have recurring contracts or framework agreements with any client?").click();
    await expect.poll(() => ui.page.getByRole("group", { name: "Contract 1" }).count()).toBe(0);
    await ui.page.getByLabel("Do you have recurring contracts or framework agreements with any client?").click();
    expect(await ui.page.getByLabel("Client name").inputValue()).toBe("");
    await ui.page.getByLabel("Client name").fill("Northern Homes plc");
    await ui.page.getByLabel("Value to your firm").fill("250000");
    await ui.page.getByLabel("Scope of work").fill("Design and build of social housing");
    await ui.page.getByLabel("Start date").fill("06/01/2025");
    // With the entries valid, the table's total is judged.
    await ui.page.getByRole("button", { name: "Continue to Declaration" }).click();
    await visible(ui.page.locator("#contractTypeTotal-error", { hasText: "Total percentage must equal 100%" }));
    expect(await panel.textContent()).toContain("Total percentage must equal 100%");
    await fillPercentTable(ui.page, { "Housing schemes (under 3 floors)": 100 });
    await ui.page.getByRole("button", { name: "Save contracts" }).click();
    expect(await toastText(ui.page, "Contracts Saved")).toContain("Contracts Saved");
    const saved = await quoteOf(broker, quote.id);
    expect(
      (saved as unknown as { contracts: { recurringContracts: unknown[] } }).contracts.recurringContracts,
    ).toHaveLength(1);
  }, 240_000);

  it("moves freely from an unchanged step, blocks an invalid change and saves a valid one before moving", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Leave Rules Ltd`);
    await completeQuoteData(broker, quote.id);
    const before = await quoteOf(broker, quote.id);
    await ui.page.goto(`/quote/${quote.id}`);
    await expectOnStep(ui.page, 1);
    // Steps with a saved section show a tick.
    await visible(stepButton(ui.page, 3).getByText("(completed)"));
    await stepButton(ui.page, 2).click();
    await expectOnStep(ui.page, 2);
    await stepButton(ui.page, 4).click();
    await expectOnStep(ui.page, 4);
    await stepButton(ui.page, 2).click();
    await expectOnStep(ui.page, 2);
    expect((await quoteOf(broker, quote.id)).version).toBe(before.version);

    await ui.page.getByLabel("Annual revenue").fill("");
    await stepButton(ui.page, 3).click();
    expect(await toastText(ui.page, "Error")).toContain(VALIDATION_TOAST);
    await expectOnStep(ui.page, 2);

    await ui.page.getByLabel("Annual revenue").fill("450000");
    // A save that fails while leaving keeps the broker on the step, with docs/product/errors.md's navigation message.
    expectBrowserErrors(ui.page, [failedRequest(503, `/api/quotes/${quote.id}`)]);
    await ui.page.route(`**/api/quotes/${quote.id}`, (route) =>
      route.request().method() === "PATCH" ? route.fulfill({ status: 503, body: "" }) : route.continue(),
    );
    await stepButton(ui.page, 3).click();
    expect(await toastText(ui.page, "Save Error")).toContain(
      "Failed to save changes before navigating. Please try again.",
    );
    await expectOnStep(ui.page, 2);
    await ui.page.unroute(`**/api/quotes/${quote.id}`);

    await stepButton(ui.page, 3).click();
    expect(await toastText(ui.page, "Financial Overview Saved")).toContain("Financial Overview Saved");
    await expectOnStep(ui.page, 3);
    const after = await quoteOf(broker, quote.id);
    expect(after.financialOverview?.turnover).toBe(450_000);
    expect(after.version).toBeGreaterThan(before.version);
  });

  it("asks before a change reopens a completed quote, and reopens it only when confirmed", async () => {
    const quote = await quoteInStatus("QUOTED", `${TAG} Reopen Ltd`, { broker, underwriter });
    await ui.page.goto(`/quote/${quote.id}`);
    // A quote that is not a draft opens on step 7 with its stored premium.
    await expectOnStep(ui.page, 7);
    await visible(ui.page.getByText("Premium (inclusive)"));
    await stepButton(ui.page, 2).click();
    await expectOnStep(ui.page, 2);
    // 900,000 moves the insured into a higher turnover band: the price changes, so the quote would reopen.
    await ui.page.getByLabel("Annual revenue").fill("900000");
    await stepButton(ui.page, 3).click();
    const dialog = ui.page.getByRole("alertdialog", { name: "Reopen this quote?" });
    await visible(dialog);
    await checkScreen(ui.page, "wizard-reopen-confirmation");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expectOnStep(ui.page, 2);
    expect((await quoteOf(broker, quote.id)).status).toBe("QUOTED");

    await stepButton(ui.page, 3).click();
    await ui.page.getByRole("alertdialog").getByRole("button", { name: "Change and reopen" }).click();
    expect(await toastText(ui.page, "Financial Overview Saved")).toContain("Financial Overview Saved");
    await expectOnStep(ui.page, 3);
    expect((await quoteOf(broker, quote.id)).status).toBe("DRAFT");
  });

  it("searches the company register after 2 characters and fills the insured from the chosen company", async () => {
    const answer = (await broker.send("GET", "/api/companies/search?q=Abbott")).body as {
      items: {
        title: string;
        company_number: string;
        company_status?: string;
        date_of_creation?: string;
        address?: Record<string, string>;
      }[];
    };
    const company = answer.items[0];
    if (!company) throw new Error("the demo register has no Abbott company");
    const officers = await broker.data<{ numberOfDirectors: number }>(
      "GET",
      `/api/companies/${company.company_number}/officers`,
    );
    const searches: string[] = [];
    // Hold the register's answer until the loading text has been seen, so a fast answer on a busy
    // machine cannot hide it (a fixed delay made this test flaky under CI load).
    let release: () => void = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    await ui.page.route("**/api/companies/search**", async (route) => {
      searches.push(new URL(route.request().url()).searchParams.get("q") ?? "");
      await released;
      await route.continue();
    });
    await ui.page.goto("/quote/new");
    const name = ui.page.getByLabel("Company name");
    await name.pressSequentially("A");
    await ui.page.waitForTimeout(500);
    expect(searches).toEqual([]);
    await name.pressSequentially("bbott");
    // The combobox keeps a hidden copy of the loading text in its closed list; wait for the one on screen.
    await visible(ui.page.getByText("Searching companies...").filter({ visible: true }));
    release();
    const option = ui.page.getByRole("option", { name: company.title }).first();
    await visible(option);
    expect(searches).toEqual(["Abbott"]);
    expect(await option.textContent()).toContain(company.company_number);
    await checkScreen(ui.page, "wizard-step-1-company-search");
    await option.click();
    expect(await name.inputValue()).toBe(company.title);
    await expect
      .poll(() => ui.page.getByLabel("Business address").inputValue())
      .toContain(company.address?.postal_code ?? "");
    expect(await ui.page.getByLabel("Incorporation date").inputValue()).toBe(formatDateGb(company.date_of_creation));
    const directors = String(Math.max(1, officers.numberOfDirectors));
    await expect.poll(() => ui.page.getByLabel("Number of directors/partners/principals").inputValue()).toBe(directors);
    expect(await ui.page.getByLabel("Number of qualified staff").inputValue()).toBe(directors);
    // Once a company is chosen, searching stops.
    await ui.page.waitForTimeout(600);
    expect(searches).toEqual(["Abbott"]);
  });

  it("offers the sole-trader switch when the register has no match, and stops searching once it is on", async () => {
    const searches: string[] = [];
    ui.page.on("request", (request) => {
      if (request.url().includes("/api/companies/search")) searches.push(request.url());
    });
    await ui.page.goto("/quote/new");
    await ui.page.getByLabel("Company name").fill("Qzxv Nobody Trading");
    await visible(ui.page.getByText("No company was found with that name in the public company register."));
    await checkScreen(ui.page, "wizard-step-1-sole-trader");
    const count = searches.length;
    await setSwitch(ui.page, "Is the insured a sole trader?", true);
    await ui.page.getByLabel("Company name").fill("Jo Bloggs Joinery");
    await ui.page.waitForTimeout(700);
    expect(searches.length).toBe(count);
    await fillInsuredsDetails(ui.page, { name: "Jo Bloggs Joinery", activity: "Joiner", incorporated: null });
    await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    expect(await toastText(ui.page, "Quote Created")).toContain("Quote Created");
    await expectOnStep(ui.page, 2);
  });

  it("finds business activities in the searchable list, and says when none matches", async () => {
    await ui.page.goto("/quote/new");
    const activity = ui.page.getByLabel("Business activity");
    await activity.fill("struct eng");
    await visible(ui.page.getByRole("option", { name: "Structural Engineer", exact: true }));
    const first = ((await ui.page.getByRole("option").first().textContent()) ?? "").trim();
    expect(first).toMatch(/Structural Engineer/);
    await activity.press("ArrowDown");
    await activity.press("Enter");
    expect(await activity.inputValue()).toBe(first);
    await activity.fill("qqqqzz");
    await visible(ui.page.getByText("No business activity found."));
  });

  it("re-rates on the excess cards and returns to standard when the active card is clicked again", async () => {
    const id = await openRatedDraft("Excess Ltd");
    const standard = await quoteOf(broker, id);
    const twoTimes = ui.page.getByRole("button", { name: /2x Excess \(15% OFF\)/ });
    await visible(twoTimes.getByText(/Save £[\d,]+\.\d{2} on the base premium/));
    await twoTimes.click();
    await visible(ui.page.getByText("Excess (2x)"));
    await expect.poll(async () => (await quoteOf(broker, id)).basePremium).not.toBe(standard.basePremium);
    const discounted = await quoteOf(broker, id);
    expect(
      Math.abs(pence(discounted.basePremium) - Math.round(pence(standard.basePremium) * 0.85)),
    ).toBeLessThanOrEqual(1);
    expect(await twoTimes.getAttribute("aria-pressed")).toBe("true");
    await checkScreen(ui.page, "wizard-step-7-excess-2x");
    await twoTimes.click();
    await visible(ui.page.getByText("Standard Excess"));
    await expect.poll(async () => (await quoteOf(broker, id)).basePremium).toBe(standard.basePremium);
  });

  it("overrides the base premium, keeps it through re-rating, and resets to the calculated premium", async () => {
    const id = await openRatedDraft("Override Ltd");
    const calculated = await quoteOf(broker, id);
    await ui.page.getByRole("button", { name: "Override Premium" }).click();
    const amount = ui.page.getByLabel("Enter New Base Premium (£)");
    await amount.fill("0");
    await ui.page.getByRole("button", { name: "Apply Override" }).click();
    expect(await toastText(ui.page, "Invalid Amount")).toContain("Please enter a valid premium amount");
    await amount.fill("2500");
    await ui.page.getByRole("button", { name: "Apply Override" }).click();
    expect(await toastText(ui.page, "Premium Override Applied")).toContain("Premium Override Applied");
    await visible(ui.page.getByText("Premium Override Active"));
    await visible(ui.page.getByText("Base premium has been manually overridden"));
    const overridden = await quoteOf(broker, id);
    expect(overridden.premiumOverridden).toBe(true);
    expect(overridden.basePremium).toBe("2500.00");
    await visible(ui.page.getByLabel("Premium breakdown").getByText("£2,500.00"));
    await checkScreen(ui.page, "wizard-step-7-override");
    // A re-rating while overridden does not replace the shown breakdown.
    await chooseOption(ui.page, "Turnover band", "£500k – £1m");
    expect(await toastText(ui.page, "Premium Calculated")).toContain("Premium Calculated");
    await visible(ui.page.getByLabel("Premium breakdown").getByText("£2,500.00"));
    await ui.page.getByRole("button", { name: "Reset Premium" }).click();
    expect(await toastText(ui.page, "Premium Override Removed")).toContain("Premium Override Removed");
    const reset = await quoteOf(broker, id);
    expect(reset.premiumOverridden).toBe(false);
    expect(reset.basePremium).not.toBe("2500.00");
    await expect.poll(() => ui.page.getByText("Premium Override Active").count()).toBe(0);
    expect(calculated.premiumOverridden).toBe(false);
  });

  it("adds an additional cover with a custom amount as a fee line, and unticking clears it", async () => {
    const id = await openRatedDraft("Covers Ltd");
    await ui.page.getByLabel("Contents Insurance", { exact: true }).click();
    await chooseOption(ui.page, "Contents Insurance limit", "Other (specify amount)");
    await visible(ui.page.getByText("Minimum £1,000, Maximum £1,000,000"));
    const custom = ui.page.getByLabel("Contents Insurance: amount (£)");
    expect(await custom.getAttribute("min")).toBe("1000");
    expect(await custom.getAttribute("max")).toBe("1000000");
    await custom.fill("12345");
    await custom.press("Enter");
    expect(await toastText(ui.page, "Premium Calculated")).toContain("Premium Calculated");
    await expect
      .poll(async () => (await quoteOf(broker, id)).fees.map((fee) => fee.label).join("|"))
      .toContain("Contents");
    expect((await quoteOf(broker, id)).risk?.contentsLimit).toBe(12_345);
    await visible(ui.page.getByLabel("Premium breakdown").getByText(/Contents/));
    await checkScreen(ui.page, "wizard-step-7-covers");
    await ui.page.getByLabel("Contents Insurance", { exact: true }).click();
    await expect
      .poll(async () => (await quoteOf(broker, id)).fees.map((fee) => fee.label).join("|"))
      .not.toContain("Contents");
    expect((await quoteOf(broker, id)).risk?.contentsLimit ?? null).toBeNull();
  });

  it("downloads the statement of fact and the wording from step 7, and keeps them unavailable while data is missing", async () => {
    const draft = await createDraftQuote(broker, `${TAG} Incomplete Ltd`);
    await ui.page.goto(`/quote/${draft.id}`);
    await stepButton(ui.page, 7).click();
    await expectOnStep(ui.page, 7);
    expect(await ui.page.getByLabel("Statement of Fact").isDisabled()).toBe(true);
    expect(await ui.page.getByLabel("Policy Schedule").isDisabled()).toBe(true);
    expect(await ui.page.getByLabel("D&C Policy Wording").isDisabled()).toBe(false);
    await visible(ui.page.getByText(/Missing: .*turnover/));

    await openRatedDraft("Documents Ltd");
    await ui.page.getByLabel("Statement of Fact").click();
    const [download] = await Promise.all([
      ui.page.waitForEvent("download"),
      ui.page.getByRole("button", { name: "Download Selected" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^DCPI-\d{6}-statement-of-fact\.pdf$/);
    expect(await toastText(ui.page, "Documents Downloaded")).toContain("1 document(s) downloaded successfully");
    await ui.page.getByLabel("Statement of Fact").click();
    await ui.page.getByLabel("D&C Policy Wording").click();
    const [wording] = await Promise.all([
      ui.page.waitForEvent("download"),
      ui.page.getByRole("button", { name: "Download Selected" }).click(),
    ]);
    expect(wording.suggestedFilename()).toBe("First_Underwriting_D&C_PI_Wording.pdf");
  });

  it("shows 'Complete Previous Steps' on step 7 before the quote exists", async () => {
    await ui.page.goto("/quote/new");
    await stepButton(ui.page, 7).click();
    await expectOnStep(ui.page, 7);
    const button = ui.page.getByRole("button", { name: "Complete Previous Steps" });
    await visible(button);
    expect(await button.isDisabled()).toBe(true);
    await visible(ui.page.getByText("Premium calculation will appear here once quote is rated"));
    await checkScreen(ui.page, "wizard-step-7-no-quote");
  });
  it("completes the whole wizard with the keyboard alone", async () => {
    await ui.page.goto("/quote/new");
    await visible(ui.page.getByRole("heading", { name: "Insureds Details" }));
    await tabTo(ui.page, "Company name");
    await ui.page.keyboard.type(`${TAG} Keyboard Builders Ltd`);
    await tabTo(ui.page, "Business activity");
    await ui.page.keyboard.type("joiner");
    await ui.page.keyboard.press("ArrowDown");
    await ui.page.keyboard.press("Enter");
    expect(await ui.page.getByLabel("Business activity").inputValue()).toMatch(/Joiner/);
    await tabTo(ui.page, "Business address");
    await ui.page.keyboard.type("12 Mill Lane, York YO1 7HH");
    await tabTo(ui.page, "Incorporation date");
    await ui.page.keyboard.type("14/03/2012");
    await tabTo(ui.page, "Number of directors/partners/principals");
    await ui.page.keyboard.press("ControlOrMeta+a");
    await ui.page.keyboard.type("2");
    await tabTo(ui.page, "Continue to Financial Overview");
    await ui.page.keyboard.press("Enter");
    expect(await toastText(ui.page, "Quote Created")).toContain("Quote Created");
    const id = await createdQuoteId(ui.page);

    await expectOnStep(ui.page, 2);
    await tabTo(ui.page, "Annual revenue");
    await ui.page.keyboard.type("400000");
    await tabTo(ui.page, "Largest single project value in the last 3 years");
    await ui.page.keyboard.type("150000");
    await tabTo(ui.page, "Continue to Design Liability");
    await ui.page.keyboard.press("Enter");
    await expectOnStep(ui.page, 3);
    for (const [field, next, step] of [
      ["In-house design", "Continue to Activity Split", 4],
      ["Civil engineering", "Continue to Contracts", 5],
      ["Domestic private dwellings", "Continue to Declaration", 6],
    ] as const) {
      await tabTo(ui.page, field);
      await ui.page.keyboard.press("ControlOrMeta+a");
      await ui.page.keyboard.type("100");
      await tabTo(ui.page, next);
      await ui.page.keyboard.press("Enter");
      await expectOnStep(ui.page, step);
    }
    await tabTo(ui.page, "Continue to Submit");
    await ui.page.keyboard.press("Enter");
    expect(await toastText(ui.page, "Premium Calculated")).toContain("Premium Calculated");
    await expectOnStep(ui.page, 7);
    await tabTo(ui.page, "Complete");
    await ui.page.keyboard.press("Enter");
    expect(await toastText(ui.page, "Quote Completed")).toContain("Quote Completed");
    await waitForPath(ui.page, "/dashboard");
    expect((await quoteOf(broker, id)).status).toBe("QUOTED");
  }, 240_000);
});

/** Presses Tab until the focused element's accessible name is `name` (its label, aria-label or text). */
async function tabTo(target: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 200; presses += 1) {
    const focused = await target.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return "";
      const ariaLabel = element.getAttribute("aria-label");
      if (ariaLabel) return ariaLabel.trim();
      const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
      if (label) return (label.textContent ?? "").trim();
      return (element.textContent ?? "").trim();
    });
    if (focused === name) return;
    await target.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${name}"`);
}
