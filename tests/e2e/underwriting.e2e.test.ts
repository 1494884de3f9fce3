import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  failedRequest,
  screenshot,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { sharedSignedInBrowsers } from "./support/session";
import {
  checkScreen,
  createdQuoteId,
  expectOnStep,
  fillInsuredsDetails,
  fillStepsTwoToSix,
  quoteOf,
} from "./wizard-helpers";

let broker: ApiSession;
const TAG = `Uw${Date.now().toString(36)}`;
const MATERIAL_FACT = "Have you ever failed to complete a project, or had a contract terminated before completion?";
const MATERIAL_FACT_HIT = "A material fact was answered Yes in the declaration";

function pence(amount: string | null): number {
  if (amount === null) throw new Error("no amount");
  const [pounds = "0", pennies = "0"] = amount.split(".");
  return Number(pounds) * 100 + Number(pennies.padEnd(2, "0"));
}

function gbp(amountPence: number): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(amountPence / 100);
}

/** Half-up to the penny for the positive amounts here. */
function roundPence(value: number): number {
  return Math.floor(value + 0.5);
}

/** The review screen as an underwriter sees it, top bar included, with no serious or critical axe-core violation. */
async function checkUnderwriterScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectAccessible(page, name);
}

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const ui = sharedSignedInBrowsers(["BROKER", "UNDERWRITER"]);

describe("referral, counter offer and completion", () => {
  let quoteId = "";
  let original: Awaited<ReturnType<typeof quoteOf>>;

  it("refers a risk with a material fact answered Yes instead of completing it", async () => {
    const page = ui.broker.page;
    await page.goto("/quote/new");
    await fillInsuredsDetails(page, { name: `${TAG} Risky Structures Ltd` });
    await page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    expect(await toastText(page, "Quote Created")).toContain("Quote Created");
    quoteId = await createdQuoteId(page);
    await fillStepsTwoToSixWithMaterialFact(page);

    const box = page.getByRole("region", { name: "Underwriter Review Required" });
    await visible(box);
    expect(await box.textContent()).toContain(MATERIAL_FACT_HIT);
    expect(await box.textContent()).toContain(
      'To proceed, click "Request Underwriter Review" below. You cannot complete the quote directly.',
    );
    await visible(page.getByRole("heading", { name: "Referral reasons" }));
    expect(await page.getByRole("button", { name: "Complete", exact: true }).count()).toBe(0);
    await checkScreen(page, "wizard-step-7-referral");
    await page.getByRole("button", { name: "Request Underwriter Review" }).click();
    expect(await toastText(page, "Quote Referred")).toContain("Quote Referred");
    await waitForPath(page, "/dashboard");
    original = await quoteOf(broker, quoteId);
    expect(original.status).toBe("REFERRED");
    expect(original.referralHits.map((hit) => hit.description)).toContain(MATERIAL_FACT_HIT);
  }, 180_000);

  it("lets the underwriter counter at 1.10 with the premium of docs/product/rating.md's formula", async () => {
    const page = ui.underwriter.page;
    await page.goto(`/uw/review/${quoteId}`);
    await visible(page.getByRole("heading", { name: "Review Required" }));
    expect(await page.title()).toBe("PI Quote Engine - Underwriter Review");
    for (const label of ["Reference", "Proposer", "Product", "Inception Date", "Current Premium", "Status"]) {
      await visible(page.getByText(label, { exact: true }).first());
    }
    await visible(page.getByText(original.reference, { exact: true }).first());
    for (const label of ["Annual Turnover", "Industry", "Employees", "Public Liability Limit"]) {
      await visible(page.getByText(label, { exact: true }));
    }
    for (const badge of [
      "Previous Claims: No",
      "Export Business: No",
      "Hazardous Activities: No",
      "24/7 Operations: No",
    ]) {
      await visible(page.getByText(badge, { exact: true }));
    }
    await visible(page.getByRole("listitem").filter({ hasText: MATERIAL_FACT_HIT }));
    await visible(page.getByText("Referred for underwriting"));
    await visible(page.getByText("Under review"));
    await checkUnderwriterScreen(page, "underwriter-review");

    await page.getByRole("button", { name: "Counter Offer" }).click();
    await visible(page.getByText("No adjustment (1.00x)"));
    const slider = page.getByRole("slider", { name: "Premium adjustment multiplier" });
    await slider.focus();
    for (let step = 0; step < 10; step += 1) await slider.press("ArrowRight");
    await visible(page.getByText("+10% adjustment (1.10x)"));
    await visible(page.getByText("+10%", { exact: true }));

    // docs/product/rating.md by hand: adjusted base = base × 1.10; tax rate = taxes ÷ (base + fees); final = base' + fees + tax.
    const base = pence(original.basePremium);
    const fees = original.fees.reduce((sum, fee) => sum + pence(fee.amount), 0);
    const taxes = pence(original.taxes);
    const adjustedBase = roundPence(base * 1.1);
    const adjustedTax = roundPence(((adjustedBase + fees) * taxes) / (base + fees));
    const expectedTotal = adjustedBase + fees + adjustedTax;
    await visible(page.getByText(gbp(expectedTotal), { exact: true }));
    await page.getByLabel("Underwriter Notes").fill("Terminated contract explained; load 10%.");
    // A decision not yet recorded is asked about before the review is left, and kept on Cancel.
    await page.getByRole("navigation").getByRole("link", { name: "Review Queue" }).first().click();
    const leave = page.getByRole("alertdialog", { name: "Leave this review?" });
    await visible(leave);
    await screenshot(page, "underwriter-review-leave");
    await leave.getByRole("button", { name: "Cancel" }).click();
    await leave.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe(`/uw/review/${quoteId}`);
    expect(await page.getByLabel("Underwriter Notes").inputValue()).toBe("Terminated contract explained; load 10%.");
    await checkUnderwriterScreen(page, "underwriter-review-counter");
    await page.getByRole("button", { name: "Submit Decision" }).click();
    expect(await toastText(page, "Decision Recorded")).toContain("Quote counter successfully");
    await waitForPath(page, "/dashboard");
    const countered = await quoteOf(broker, quoteId);
    expect(countered.status).toBe("UW_APPROVED");
    expect(pence(countered.totalPremium)).toBe(expectedTotal);
    expect(pence(countered.basePremium)).toBe(adjustedBase);
  }, 120_000);

  it("lets the broker complete the approved quote at the counter premium", async () => {
    const page = ui.broker.page;
    const approved = await quoteOf(broker, quoteId);
    await page.goto(`/quote/${quoteId}`);
    await expectOnStep(page, 7);
    await visible(page.getByLabel("Premium breakdown").getByText(gbp(pence(approved.totalPremium)), { exact: true }));
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    expect(await toastText(page, "Quote Completed")).toContain("Quote Completed");
    await waitForPath(page, "/dashboard");
    const completed = await quoteOf(broker, quoteId);
    expect(completed.status).toBe("QUOTED");
    expect(completed.totalPremium).toBe(approved.totalPremium);
  });

  it("shows a broker the review read-only, and 'Quote Not Found' for a quote nobody can see", async () => {
    const page = ui.broker.page;
    await page.goto(`/uw/review/${quoteId}`);
    await visible(page.getByRole("heading", { name: "Decision Recorded: Counter offer (+10%)" }));
    expect(await page.getByRole("button", { name: "Submit Decision" }).count()).toBe(0);
    // A quote nobody can see is answered 404, which the screen shows as 'Quote Not Found'.
    expectBrowserErrors(page, [failedRequest(404, "/api/uw/review/00000000-0000-4000-8000-000000000000")]);
    await page.goto("/uw/review/00000000-0000-4000-8000-000000000000");
    await visible(page.getByText("Quote Not Found"));
    await visible(page.getByText("The requested quote could not be found or you don't have permission to access it."));
    await checkScreen(page, "underwriter-review-not-found");
  });
});

async function fillStepsTwoToSixWithMaterialFact(page: Page): Promise<void> {
  await fillStepsTwoToSix(page, {
    declare: [MATERIAL_FACT],
    beforeSubmit: async () => {
      const panel = page.getByRole("region", { name: "Additional Information Required" });
      await visible(panel);
      await page.getByLabel("Design & Construct details").fill("A 2019 fit-out contract was terminated by consent.");
      await page.getByLabel("Comprehensive details").fill("Client insolvency; no claim made; see attached letter.");
      await checkScreen(page, "wizard-step-6-material-fact");
    },
  });
}
