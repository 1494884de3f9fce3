/**
 * Driving the quote wizard in the browser the way a broker does: by labels, roles and the texts docs/product/
 * gives, never by CSS classes. Shared by the wizard and underwriting browser tests.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { ApiSession, CreatedQuote } from "./support/api";
import { expectAccessible, screenshot, toastText, visible } from "./support/browser";

export const STEP_TITLES = [
  "Insureds Details",
  "Financial Overview",
  "Design Liability",
  "Activity Split",
  "Contracts",
  "Declaration",
  "Quote",
] as const;

export function stepButton(page: Page, step: number): Locator {
  return page.getByRole("navigation", { name: "Quote steps" }).getByRole("button", {
    name: new RegExp(`^Step ${step}:`),
  });
}

/**
 * Moves to a step the way the broker would at the page's width: the step indicator's button on a wide window,
 * the 'All steps' menu of the compact indicator on a phone.
 */
export async function chooseStep(page: Page, step: number): Promise<void> {
  const menu = page.getByRole("navigation", { name: "Quote steps" }).getByRole("button", { name: "All steps" });
  if (await menu.isVisible()) {
    await menu.click();
    await page
      .getByRole("list", { name: "All quote steps" })
      .getByRole("button", { name: new RegExp(`^Step ${step}:`) })
      .click();
    return;
  }
  await stepButton(page, step).click();
}

export async function expectOnStep(page: Page, step: number): Promise<void> {
  // On a phone the full indicator is hidden and the compact one says 'Step n of 7'.
  const compact = page.getByTestId("compact-step-count");
  // Each look answers at once: a look that waited for an indicator not yet drawn (the phone's before the screen
  // has rendered, or the desktop's, never drawn on a phone) would outlast the poll instead of being retried.
  const current = async () => {
    if (await compact.isVisible()) return ((await compact.textContent()) ?? "").trim();
    const button = stepButton(page, step);
    if ((await button.count()) === 0) return "no step indicator yet";
    const marked = await button.getAttribute("aria-current", { timeout: 1_000 }).catch(() => null);
    return marked === "step" ? `Step ${step} of 7` : "another step";
  };
  await expect.poll(current, { timeout: 15_000 }).toBe(`Step ${step} of 7`);
}

/** A field's message, found through the input's aria-describedby (so it is the one "under its field"). */
export async function messageUnder(page: Page, fieldId: string): Promise<string> {
  const message = page.locator(`#${fieldId}-error`);
  await message.waitFor({ state: "visible", timeout: 10_000 });
  const describedBy = (await page.locator(`#${cssEscape(fieldId)}`).getAttribute("aria-describedby")) ?? "";
  expect(describedBy.split(" "), `${fieldId} points at its message`).toContain(`${fieldId}-error`);
  return ((await message.textContent()) ?? "").trim();
}

function cssEscape(id: string): string {
  return id.replace(/([.:[\]])/g, "\\$1");
}

export async function setSwitch(page: Page, name: string, on: boolean): Promise<void> {
  const control = page.getByRole("switch", { name, exact: true });
  if ((await control.getAttribute("aria-checked")) !== String(on)) await control.click();
  await expect.poll(() => control.getAttribute("aria-checked")).toBe(String(on));
}

/** Picks an option of a select by the select's accessible name and the option's text. */
export async function chooseOption(page: Page, selectName: string | RegExp, option: string): Promise<void> {
  await page.getByRole("combobox", { name: selectName }).selectOption({ label: option });
}

export async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectAccessible(page, name);
}

/**
 * Fills step 1 without a register lookup, ready for 'Continue to Financial Overview'. `incorporated: null`
 * leaves the incorporation date alone (a sole trader is not asked for one).
 */
export async function fillInsuredsDetails(
  page: Page,
  details: { name: string; activity?: string; address?: string; incorporated?: string | null; directors?: number },
): Promise<void> {
  await page.getByLabel("Company name").fill(details.name);
  await page.getByLabel("Business activity").fill(details.activity ?? "Design and Build Contractor");
  await page.getByLabel("Business address").fill(details.address ?? "4 Canal Wharf, Leeds LS11 5PS");
  if (details.incorporated !== null) {
    await page.getByLabel("Incorporation date").fill(details.incorporated ?? "14/03/2012");
  }
  await page.getByLabel("Number of directors/partners/principals").fill(String(details.directors ?? 2));
}

export async function fillPercentTable(page: Page, entries: Record<string, number>): Promise<void> {
  for (const [label, value] of Object.entries(entries)) {
    await page.getByLabel(label, { exact: true }).fill(String(value));
  }
}

/** Steps 2 to 6 with a clean, quotable risk; `declare` answers Yes to the named declaration questions. */
export async function fillStepsTwoToSix(
  page: Page,
  options: { turnover?: string; declare?: string[]; shots?: string; beforeSubmit?: () => Promise<void> } = {},
): Promise<void> {
  await expectOnStep(page, 2);
  await page.getByLabel("Annual revenue").fill(options.turnover ?? "400000");
  await page.getByLabel("Largest single project value in the last 3 years").fill("150000");
  if (options.shots) await checkScreen(page, `${options.shots}-step-2`);
  await page.getByRole("button", { name: "Continue to Design Liability" }).click();
  expect(await toastText(page, "Financial Overview Saved")).toContain("Financial Overview Saved");

  await expectOnStep(page, 3);
  await fillPercentTable(page, { "In-house design": 100 });
  if (options.shots) await checkScreen(page, `${options.shots}-step-3`);
  await page.getByRole("button", { name: "Continue to Activity Split" }).click();
  expect(await toastText(page, "Design Liability Saved")).toContain("Design Liability Saved");

  await expectOnStep(page, 4);
  await fillPercentTable(page, { "Civil engineering": 60, "Structural engineering": 40 });
  await visible(page.getByText("Total: 100%"));
  if (options.shots) await checkScreen(page, `${options.shots}-step-4`);
  await page.getByRole("button", { name: "Continue to Contracts" }).click();
  expect(await toastText(page, "Activity Split Saved")).toContain("Activity Split Saved");

  await expectOnStep(page, 5);
  await fillPercentTable(page, { "Domestic private dwellings": 70, "Offices and retail": 30 });
  if (options.shots) await checkScreen(page, `${options.shots}-step-5`);
  await page.getByRole("button", { name: "Continue to Declaration" }).click();
  expect(await toastText(page, "Contracts Saved")).toContain("Contracts Saved");

  await expectOnStep(page, 6);
  for (const question of options.declare ?? []) await setSwitch(page, question, true);
  await options.beforeSubmit?.();
  if (options.shots) await checkScreen(page, `${options.shots}-step-6`);
  await page.getByRole("button", { name: "Continue to Submit" }).click();
  expect(await toastText(page, "Premium Calculated")).toMatch(/Total premium £[\d,]+\.\d{2}/);
  await expectOnStep(page, 7);
}

export async function quoteOf(session: ApiSession, id: string) {
  return session.data<{
    id: string;
    reference: string;
    status: string;
    version: number;
    basePremium: string | null;
    taxes: string | null;
    totalPremium: string | null;
    fees: { code: string; label: string; amount: string }[];
    premiumOverridden: boolean;
    referralHits: { code: string; description: string }[];
    financialOverview: Record<string, unknown> | null;
    risk: Record<string, unknown> | null;
    inceptionDate: string;
    runOffYears: number | null;
  }>("GET", `/api/quotes/${id}`);
}

const QUOTE_STEP_PATH = /^\/quote\/([^/]+)\/step\/([1-7])$/;

/** The id in /quote/{id}/step/2, where the wizard goes once step 1 has created the quote. */
export async function createdQuoteId(page: Page): Promise<string> {
  await page.waitForURL((url) => QUOTE_STEP_PATH.test(url.pathname), { timeout: 15_000 });
  return decodeURIComponent(QUOTE_STEP_PATH.exec(new URL(page.url()).pathname)?.[1] ?? "");
}

/** Waits for the address to name `step` of quote `id` (/quote/{id}/step/{n}). */
export async function expectStepAddress(page: Page, id: string, step: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/quote/${encodeURIComponent(id)}/step/${step}`, {
    timeout: 15_000,
  });
}

export type { CreatedQuote };
