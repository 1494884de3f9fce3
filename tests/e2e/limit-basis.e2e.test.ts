import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { ApiSession, completeQuoteData, createDraftQuote } from "./support/api";
import { expectAccessible, expectNoSideScroll, screenshot, toastText, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";
import { chooseOption, expectOnStep, quoteOf, stepButton } from "./wizard-helpers";

let broker: ApiSession;
const TAG = `Lb${Date.now().toString(36)}`;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP, freshPageEachTest: true });

function gbp(amount: string | null): string {
  const pence = parseMoneyString(amount ?? "");
  if (pence === null) throw new Error(`not an amount: ${amount}`);
  return formatGbp(pence);
}

const isRate = (id: string) => (url: string) => new URL(url).pathname === `/api/quotes/${id}/rate`;

/** A complete draft opened on step 7 and rated there, as a broker arrives at it. */
async function draftOnStepSeven(page: Page, name: string): Promise<string> {
  const quote = await createDraftQuote(broker, name);
  await completeQuoteData(broker, quote.id);
  await page.goto(`/quote/${quote.id}`);
  await expectOnStep(page, 1);
  const answered = page.waitForResponse((response) => isRate(quote.id)(response.url()));
  await stepButton(page, 7).click();
  expect((await answered).status()).toBe(200);
  await toastText(page, "Premium Calculated");
  return quote.id;
}

/** Chooses on step 7 and waits for the rating the choice makes. */
async function chooseAndRate(page: Page, id: string, select: string, option: string): Promise<void> {
  const answered = page.waitForResponse((response) => isRate(id)(response.url()));
  await chooseOption(page, select, option);
  expect((await answered).status()).toBe(200);
}

describe("limit basis and defence costs on step 7", () => {
  it("prices each and every claim with defence costs in addition, the grid follows, and the schedule prints it", async () => {
    const id = await draftOnStepSeven(ui.page, `${TAG} Desk Ltd`);
    const before = await quoteOf(broker, id);
    expect(before).toMatchObject({ limitBasis: "AGGREGATE", defenceCosts: "INCLUSIVE" });

    await chooseAndRate(ui.page, id, "Limit basis", "Each and every claim");
    await chooseAndRate(ui.page, id, "Defence costs", "Defence costs in addition to the limit");
    const after = await quoteOf(broker, id);
    expect(after).toMatchObject({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });
    expect(parseMoneyString(after.totalPremium ?? "")).toBeGreaterThan(
      parseMoneyString(before.totalPremium ?? "") ?? 0,
    );
    const breakdown = ui.page.getByLabel("Premium breakdown");
    await visible(breakdown.getByText(gbp(after.totalPremium), { exact: true }));
    await visible(ui.page.getByText("Each and every claim", { exact: true }).last());
    await checkBoth(ui.page, "limit-basis-step-7-1440");

    // The grid opens on the quote's basis, its current cell at the new premium; switching it shows other prices.
    await ui.page.getByRole("button", { name: "Compare options" }).click();
    const dialog = ui.page.getByRole("dialog", { name: "Compare options" });
    const current = await visible(dialog.getByRole("button", { name: /Current choice/ }));
    await expect(current.textContent()).resolves.toContain(gbp(after.totalPremium));
    await expect(dialog.getByRole("combobox", { name: "Limit basis" }).inputValue()).resolves.toBe("EACH_AND_EVERY");
    await screenshot(ui.page, "limit-basis-options-1440");
    await dialog.getByRole("combobox", { name: "Limit basis" }).selectOption({ label: "In the aggregate" });
    await dialog
      .getByRole("combobox", { name: "Defence costs" })
      .selectOption({ label: "Defence costs included within the limit" });
    await visible(dialog.getByRole("button", { name: /^£1,000,000 cover limit, Standard Excess, premium / }));
    await expect
      .poll(() => dialog.getByRole("button", { name: /^£1,000,000 cover limit, Standard Excess/ }).textContent())
      .toContain(gbp(before.totalPremium));
    expect(await dialog.getByRole("button", { name: /Current choice/ }).count()).toBe(0);
    await expectAccessible(ui.page, "options on another basis");
    await ui.page.keyboard.press("Escape");

    await ui.page.getByLabel("Policy Schedule").click();
    const [download] = await Promise.all([
      ui.page.waitForEvent("download"),
      ui.page.getByRole("button", { name: "Download Selected" }).click(),
    ]);
    const text = execFileSync("pdftotext", ["-raw", (await download.path()) ?? "", "-"], { encoding: "utf8" });
    expect(text.replace(/\s+/g, " ")).toContain("£1,000,000 each and every claim, defence costs in addition");
  });

  it("works the same on a phone", async () => {
    const id = await draftOnStepSeven(ui.page, `${TAG} Phone Ltd`);
    // Arrived on step 7 as the other tests do; everything after happens on the phone.
    await ui.page.setViewportSize({ width: 390, height: 844 });
    const before = await quoteOf(broker, id);
    await chooseAndRate(ui.page, id, "Limit basis", "Each and every claim");
    await chooseAndRate(ui.page, id, "Defence costs", "Defence costs in addition to the limit");
    const after = await quoteOf(broker, id);
    expect(after.totalPremium).not.toBe(before.totalPremium);
    await visible(ui.page.getByRole("region", { name: "Premium summary" }).getByText(gbp(after.totalPremium)));
    await expectNoSideScroll(ui.page, "limit basis on a phone");
    await checkBoth(ui.page, "limit-basis-step-7-390");

    await ui.page.getByRole("button", { name: "Compare options" }).click();
    const dialog = ui.page.getByRole("dialog", { name: "Compare options" });
    await expect(
      (await visible(dialog.getByRole("button", { name: /Current choice/ }))).textContent(),
    ).resolves.toContain(gbp(after.totalPremium));
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(ui.page, "limit-basis-options-390");
  });
});

async function checkBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectAccessible(page, name);
}
