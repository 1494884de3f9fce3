import { beforeAll, describe, expect, it } from "vitest";
import { formatDateGb, todayInLondon } from "../../src/domain/format/dates";
import { addDays } from "../../src/domain/quote/renewal";
import { ApiSession } from "./support/api";
import { expectAccessible, screenshot, toastText, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";
import { createdQuoteId, expectOnStep } from "./wizard-helpers";

const INCEPTION = addDays(todayInLondon(new Date()), 5);

let broker: ApiSession;
const TAG = `Kb${Date.now().toString(36)}`;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP });

/** The focused element's id (empty for the page body: focus was dropped). */
function focusedId(): Promise<string> {
  return ui.page.evaluate(() => document.activeElement?.id ?? "");
}

async function tab(shift = false): Promise<string> {
  await ui.page.keyboard.press(shift ? "Shift+Tab" : "Tab");
  return focusedId();
}

/** Replaces what the focused text box holds by typing, as a keyboard user does. */
async function retype(text: string): Promise<void> {
  await ui.page.keyboard.press("ControlOrMeta+A");
  await ui.page.keyboard.type(text);
}

/** Every WCAG 2.1 A and AA rule axe-core knows, whatever its impact. */
async function expectNoViolation(screen: string): Promise<void> {
  await expectAccessible(ui.page, screen, { everyImpact: true });
}

async function expectStepFocused(step: number, title: string): Promise<void> {
  await expectOnStep(ui.page, step);
  await expect.poll(focusedId).toBe("wizard-step-heading");
  expect(await ui.page.evaluate(() => document.activeElement?.textContent)).toBe(`Step ${step} of 7`);
  await expect
    .poll(() => ui.page.locator("#wizard-step-announcement").textContent())
    .toBe(`Step ${step} of 7: ${title}`);
}

describe("the wizard by keyboard", () => {
  it("fills and continues steps 1 to 3 with the keyboard alone, announcing each step", async () => {
    await ui.page.goto("/quote/new");
    await visible(ui.page.getByRole("heading", { name: "Insureds Details" }));
    // A fresh wizard starts on its heading, so the first Tab reaches the first field.
    await expectStepFocused(1, "Insureds Details");
    await expectNoViolation("step 1");

    expect(await tab()).toBe("proposerName");
    const name = `${TAG} Qzxv Keyboard Works`;
    // The register answers for the whole name before the sole-trader question joins the order of fields.
    const searched = ui.page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get("q") === name && response.ok(),
    );
    await ui.page.keyboard.type(name);
    await searched;
    await visible(ui.page.getByText("No company was found with that name in the public company register."));
    expect(await tab()).toBe("tradingName");
    expect(await tab()).toBe("soleTrader");
    await ui.page.keyboard.press("Space");
    await expect.poll(() => ui.page.locator("#soleTrader").getAttribute("aria-checked")).toBe("true");
    expect(await tab()).toBe("businessActivity");

    // With the list open, Tab leaves for the next field in order, and Shift+Tab comes back: also when the
    // list has only its 'nothing found' line.
    const list = ui.page.getByRole("listbox", { name: "Suggestions" });
    await ui.page.keyboard.type("qqqqzz");
    await visible(ui.page.getByText("No business activity found."));
    expect(await tab()).toBe("businessAddress");
    expect(await tab(true)).toBe("businessActivity");
    await retype("struct eng");
    await visible(list.getByRole("option", { name: "Structural Engineer", exact: true }));
    expect(await tab()).toBe("businessAddress");
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await tab(true)).toBe("businessActivity");

    // The combobox pattern: arrows move the active option, Escape closes the list and keeps focus.
    const input = ui.page.locator("#businessActivity");
    await ui.page.keyboard.press("ArrowDown");
    await visible(list.getByRole("option").first());
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    const active = await input.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    expect(await ui.page.locator(`[id="${active}"]`).getAttribute("aria-selected")).toBe("true");
    await ui.page.keyboard.press("Escape");
    await expect.poll(() => input.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await focusedId()).toBe("businessActivity");
    // The arrow opens it again; Enter chooses the active option.
    await ui.page.keyboard.press("ArrowDown");
    await visible(list.getByRole("option").first());
    const chosen = ((await list.getByRole("option").first().textContent()) ?? "").trim();
    await ui.page.keyboard.press("Enter");
    expect(await input.inputValue()).toBe(chosen);
    expect(await tab()).toBe("businessAddress");
    await ui.page.keyboard.type("4 Canal Wharf, Leeds LS11 5PS");

    // Each date is one stop: one Tab in, one Tab out.
    expect(await tab()).toBe("tradingSince");
    await ui.page.keyboard.type("1/6/2015");
    await visible(ui.page.getByText("For example, 27/03/2026").first());
    expect(await tab()).toBe("inceptionDate");
    expect(await ui.page.locator("#tradingSince").inputValue()).toBe("01/06/2015");
    // A day soon after today, typed as ISO: the field shows it as DD/MM/YYYY and stores it as typed.
    await retype(INCEPTION);
    expect(await tab()).toBe("numberOfDirectors");
    expect(await ui.page.locator("#inceptionDate").inputValue()).toBe(formatDateGb(INCEPTION));
    await retype("2");
    expect(await tab()).toBe("numberOfQualifiedStaff");
    expect(await tab()).toBe("hasFinancialInterest");
    await screenshot(ui.page, "keyboard-step-1");
    await expectNoViolation("step 1 filled");
    await ui.page.keyboard.press("Space");
    await expect.poll(() => ui.page.locator("#hasFinancialInterest").getAttribute("aria-checked")).toBe("true");
    expect(await tab()).toBe("financialInterestDetails");
    await ui.page.keyboard.type("Sister company in Leeds");
    await ui.page.keyboard.press("Tab");
    expect(await ui.page.evaluate(() => document.activeElement?.textContent)).toBe("Continue to Financial Overview");
    await ui.page.keyboard.press("Enter");
    expect(await toastText(ui.page, "Quote Created")).toContain("Quote Created");
    const id = await createdQuoteId(ui.page);

    // Step 2: focus on its heading, announced; the next Tab reaches the first field.
    await expectStepFocused(2, "Financial Overview");
    await screenshot(ui.page, "keyboard-step-2");
    await expectNoViolation("step 2");
    expect(await tab()).toBe("turnover");
    await ui.page.keyboard.type("400000");
    expect(await tab()).toBe("largestSingleProjectValue");
    await ui.page.keyboard.type("150000");
    // Enter in a field sends the step, as Continue does.
    await ui.page.keyboard.press("Enter");
    expect(await toastText(ui.page, "Financial Overview Saved")).toContain("Financial Overview Saved");

    await expectStepFocused(3, "Design Liability");
    await expectNoViolation("step 3");
    expect(await tab()).toBe("turnoverSplitInHouseDesign");
    await ui.page.keyboard.type("100");
    await screenshot(ui.page, "keyboard-step-3");
    await ui.page.keyboard.press("Enter");
    expect(await toastText(ui.page, "Design Liability Saved")).toContain("Design Liability Saved");
    await expectStepFocused(4, "Activity Split");

    // Back by the keyboard: Tab along to the step's Back button, Enter; focus returns to step 3's heading.
    for (let stops = 0; stops < 40; stops++) {
      await ui.page.keyboard.press("Tab");
      if ((await ui.page.evaluate(() => document.activeElement?.textContent)) === "Back") break;
    }
    expect(await ui.page.evaluate(() => document.activeElement?.textContent)).toBe("Back");
    await ui.page.keyboard.press("Enter");
    await expectStepFocused(3, "Design Liability");
    // Browser Back and a reload put focus on the step shown, too.
    await ui.page.goBack();
    await expectStepFocused(4, "Activity Split");
    await ui.page.reload();
    await expectStepFocused(4, "Activity Split");
    // The step indicator comes just before the heading: Shift+Tab reaches its last step, Enter opens it, and
    // step 7's own layout has the same heading to land on.
    await ui.page.keyboard.press("Shift+Tab");
    expect(await ui.page.evaluate(() => document.activeElement?.textContent)).toMatch(/Step 7: Quote/);
    await ui.page.keyboard.press("Enter");
    await expectStepFocused(7, "Quote");
    await expectNoViolation("step 7");

    const stored = await broker.data<Record<string, unknown>>("GET", `/api/quotes/${id}`);
    expect(stored.isSoleTrader).toBe(true);
    expect(stored.tradingSince).toBe("2015-06-01");
    expect(stored.inceptionDate).toBe(INCEPTION);
    expect(stored.insuredsDetails).toMatchObject({ businessActivity: chosen });
    expect(stored.financialOverview).toMatchObject({ turnover: 400000, largestSingleProjectValue: 150000 });
    expect(stored.designLiability).toMatchObject({ turnoverSplitInHouseDesign: 100 });
  }, 180_000);
});
