/**
 * The wizard by keyboard alone, as a broker who uses no mouse (or a screen reader) meets it: after the first
 * page load every step of 1 to 3 is filled and continued with Tab, Shift+Tab, Space, Enter, the arrow keys
 * and typing. No click and no fill() after page.goto.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import { expectAccessible, launchBrowser, screenshot, signedInPage, toastText, visible } from "./support/browser";
import { createdQuoteId, expectOnStep } from "./wizard-helpers";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let broker: ApiSession;
const TAG = `Kb${Date.now().toString(36)}`;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, "BROKER"));
  await page.setViewportSize({ width: 1440, height: 900 });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The focused element's id (empty for the page body: focus was dropped). */
function focusedId(): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? "");
}

async function tab(shift = false): Promise<string> {
  await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
  return focusedId();
}

/** Replaces what the focused text box holds by typing, as a keyboard user does. */
async function retype(text: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/** Every WCAG 2.1 A and AA rule axe-core knows, whatever its impact. */
async function expectNoViolation(screen: string): Promise<void> {
  await expectAccessible(page, screen, { everyImpact: true });
}

async function expectStepFocused(step: number, title: string): Promise<void> {
  await expectOnStep(page, step);
  await expect.poll(focusedId).toBe("wizard-step-heading");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Step ${step} of 7`);
  await expect.poll(() => page.locator("#wizard-step-announcement").textContent()).toBe(`Step ${step} of 7: ${title}`);
}

describe("the wizard by keyboard", () => {
  it("fills and continues steps 1 to 3 with the keyboard alone, announcing each step", async () => {
    await page.goto("/quote/new");
    await visible(page.getByRole("heading", { name: "Insureds Details" }));
    // A fresh wizard starts on its heading, so the first Tab reaches the first field.
    await expectStepFocused(1, "Insureds Details");
    await expectNoViolation("step 1");

    expect(await tab()).toBe("proposerName");
    const name = `${TAG} Qzxv Keyboard Works`;
    // The register answers for the whole name before the sole-trader question joins the order of fields.
    const searched = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get("q") === name && response.ok(),
    );
    await page.keyboard.type(name);
    await searched;
    await visible(page.getByText("No company was found with that name in the public company register."));
    expect(await tab()).toBe("tradingName");
    expect(await tab()).toBe("soleTrader");
    await page.keyboard.press("Space");
    await expect.poll(() => page.locator("#soleTrader").getAttribute("aria-checked")).toBe("true");
    expect(await tab()).toBe("businessActivity");

    // With the list open, Tab leaves for the next field in order, and Shift+Tab comes back: also when the
    // list has only its 'nothing found' line.
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await page.keyboard.type("qqqqzz");
    await visible(page.getByText("No business activity found."));
    expect(await tab()).toBe("businessAddress");
    expect(await tab(true)).toBe("businessActivity");
    await retype("struct eng");
    await visible(list.getByRole("option", { name: "Structural Engineer", exact: true }));
    expect(await tab()).toBe("businessAddress");
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await tab(true)).toBe("businessActivity");

    // The combobox pattern: arrows move the active option, Escape closes the list and keeps focus.
    const input = page.locator("#businessActivity");
    await page.keyboard.press("ArrowDown");
    await visible(list.getByRole("option").first());
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    const active = await input.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => input.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await focusedId()).toBe("businessActivity");
    // The arrow opens it again; Enter chooses the active option.
    await page.keyboard.press("ArrowDown");
    await visible(list.getByRole("option").first());
    const chosen = ((await list.getByRole("option").first().textContent()) ?? "").trim();
    await page.keyboard.press("Enter");
    expect(await input.inputValue()).toBe(chosen);
    expect(await tab()).toBe("businessAddress");
    await page.keyboard.type("4 Canal Wharf, Leeds LS11 5PS");

    // Each date is one stop: one Tab in, one Tab out.
    expect(await tab()).toBe("tradingSince");
    await page.keyboard.type("1/6/2015");
    await visible(page.getByText("For example, 27/03/2026").first());
    expect(await tab()).toBe("inceptionDate");
    expect(await page.locator("#tradingSince").inputValue()).toBe("01/06/2015");
    await retype("2026-12-01");
    expect(await tab()).toBe("numberOfDirectors");
    expect(await page.locator("#inceptionDate").inputValue()).toBe("01/12/2026");
    await retype("2");
    expect(await tab()).toBe("numberOfQualifiedStaff");
    expect(await tab()).toBe("hasFinancialInterest");
    await screenshot(page, "keyboard-step-1");
    await expectNoViolation("step 1 filled");
    await page.keyboard.press("Space");
    await expect.poll(() => page.locator("#hasFinancialInterest").getAttribute("aria-checked")).toBe("true");
    expect(await tab()).toBe("financialInterestDetails");
    await page.keyboard.type("Sister company in Leeds");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Continue to Financial Overview");
    await page.keyboard.press("Enter");
    expect(await toastText(page, "Quote Created")).toContain("Quote Created");
    const id = await createdQuoteId(page);

    // Step 2: focus on its heading, announced; the next Tab reaches the first field.
    await expectStepFocused(2, "Financial Overview");
    await screenshot(page, "keyboard-step-2");
    await expectNoViolation("step 2");
    expect(await tab()).toBe("turnover");
    await page.keyboard.type("400000");
    expect(await tab()).toBe("largestSingleProjectValue");
    await page.keyboard.type("150000");
    // Enter in a field sends the step, as Continue does.
    await page.keyboard.press("Enter");
    expect(await toastText(page, "Financial Overview Saved")).toContain("Financial Overview Saved");

    await expectStepFocused(3, "Design Liability");
    await expectNoViolation("step 3");
    expect(await tab()).toBe("turnoverSplitInHouseDesign");
    await page.keyboard.type("100");
    await screenshot(page, "keyboard-step-3");
    await page.keyboard.press("Enter");
    expect(await toastText(page, "Design Liability Saved")).toContain("Design Liability Saved");
    await expectStepFocused(4, "Activity Split");

    // Back by the keyboard: Tab along to the step's Back button, Enter; focus returns to step 3's heading.
    for (let stops = 0; stops < 40; stops++) {
      await page.keyboard.press("Tab");
      if ((await page.evaluate(() => document.activeElement?.textContent)) === "Back") break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Back");
    await page.keyboard.press("Enter");
    await expectStepFocused(3, "Design Liability");
    // Browser Back and a reload put focus on the step shown, too.
    await page.goBack();
    await expectStepFocused(4, "Activity Split");
    await page.reload();
    await expectStepFocused(4, "Activity Split");
    // The step indicator comes just before the heading: Shift+Tab reaches its last step, Enter opens it, and
    // step 7's own layout has the same heading to land on.
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Step 7: Quote/);
    await page.keyboard.press("Enter");
    await expectStepFocused(7, "Quote");
    await expectNoViolation("step 7");

    const stored = await broker.data<Record<string, unknown>>("GET", `/api/quotes/${id}`);
    expect(stored.isSoleTrader).toBe(true);
    expect(stored.tradingSince).toBe("2015-06-01");
    expect(stored.inceptionDate).toBe("2026-12-01");
    expect(stored.insuredsDetails).toMatchObject({ businessActivity: chosen });
    expect(stored.financialOverview).toMatchObject({ turnover: 400000, largestSingleProjectValue: 150000 });
    expect(stored.designLiability).toMatchObject({ turnoverSplitInHouseDesign: 100 });
  }, 180_000);
});
