import { beforeAll, describe, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { ApiSession, completeQuoteData, createDraftQuote, quoteInStatus } from "./support/api";
import { expectAccessible, screenshot, toastText, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";
import { expectOnStep, quoteOf, stepButton } from "./wizard-helpers";

let broker: ApiSession;
let underwriter: ApiSession;
const TAG = `Qo${Date.now().toString(36)}`;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP, freshPageEachTest: true });

function gbp(amount: string): string {
  const pence = parseMoneyString(amount);
  if (pence === null) throw new Error(`not an amount: ${amount}`);
  return formatGbp(pence);
}

const isRate = (id: string) => (url: string) => new URL(url).pathname === `/api/quotes/${id}/rate`;

/** Opens the quote on step 7 (a draft is rated on arrival) and waits for its premium. */
async function openOnStepSeven(id: string, rated: boolean): Promise<void> {
  await ui.page.goto(`/quote/${id}`);
  if (rated) {
    await expectOnStep(ui.page, 7);
    return;
  }
  await expectOnStep(ui.page, 1);
  const answered = ui.page.waitForResponse((response) => isRate(id)(response.url()));
  await stepButton(ui.page, 7).click();
  expect((await answered).status()).toBe(200);
  await toastText(ui.page, "Premium Calculated");
}

async function openGrid(): Promise<void> {
  await ui.page.getByRole("button", { name: "Compare options" }).click();
  await visible(ui.page.getByRole("dialog", { name: "Compare options" }));
  await visible(ui.page.getByRole("button", { name: /Current choice/ }));
}

describe("compare options", () => {
  it("shows the grid, marks the current choice and referring cells in text, and re-rates with a chosen cell", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Grid Ltd`);
    await completeQuoteData(broker, quote.id);
    await openOnStepSeven(quote.id, false);
    await openGrid();
    const dialog = ui.page.getByRole("dialog", { name: "Compare options" });
    const current = dialog.getByRole("button", { name: /Current choice/ });
    await expect(current.textContent()).resolves.toContain("£1,000,000 cover limit, Standard Excess");
    await expect(current.textContent()).resolves.toContain("Current choice");
    // Every £5,000,000 cell says in words that it would go to an underwriter.
    const referring = dialog.getByRole("button", { name: /^£5,000,000 cover limit.*Refers to an underwriter/ });
    expect(await referring.count()).toBe(3);
    await expect(referring.first().textContent()).resolves.toContain("Refers");
    await expectAccessible(ui.page, "compare options");
    await screenshot(ui.page, "quote-options-1440");

    const wanted = dialog.getByRole("button", { name: /^£500,000 cover limit, Excess \(2x\)/ });
    const label = (await wanted.textContent()) ?? "";
    const premium = /premium (£[\d,]+\.\d\d)/.exec(label)?.[1];
    expect(premium).toBeDefined();
    const answered = ui.page.waitForResponse((response) => isRate(quote.id)(response.url()));
    await wanted.click();
    expect((await answered).status()).toBe(200);
    await expect(dialog.isVisible()).resolves.toBe(false);
    const stored = await quoteOf(broker, quote.id);
    expect(stored.risk).toMatchObject({ coverLimitAggregate: 500_000, excessDiscount: "2x" });
    expect(gbp(stored.totalPremium ?? "")).toBe(premium);
    await visible(ui.page.getByLabel("Premium breakdown").getByText(premium ?? "", { exact: true }));

    // The grid follows the new choice.
    await openGrid();
    await expect(dialog.getByRole("button", { name: /Current choice/ }).textContent()).resolves.toContain(
      "£500,000 cover limit, Excess (2x)",
    );
  });

  it("asks before reopening a completed quote, and changes nothing when the broker cancels", async () => {
    const quote = await quoteInStatus("QUOTED", `${TAG} Quoted Ltd`, { broker, underwriter });
    await openOnStepSeven(quote.id, true);
    await openGrid();
    await ui.page.getByRole("button", { name: /^£2,000,000 cover limit, Standard Excess/ }).click();
    const prompt = ui.page.getByRole("alertdialog", { name: "Reopen this quote?" });
    await visible(prompt);
    await prompt.getByRole("button", { name: "Cancel" }).click();
    expect((await quoteOf(broker, quote.id)).status).toBe("QUOTED");

    await openGrid();
    const answered = ui.page.waitForResponse((response) => isRate(quote.id)(response.url()));
    await ui.page.getByRole("button", { name: /^£2,000,000 cover limit, Standard Excess/ }).click();
    await ui.page
      .getByRole("alertdialog", { name: "Reopen this quote?" })
      .getByRole("button", { name: "Change and reopen" })
      .click();
    expect((await answered).status()).toBe(200);
    const reopened = await quoteOf(broker, quote.id);
    expect(reopened.status).toBe("DRAFT");
    expect(reopened.risk).toMatchObject({ coverLimitAggregate: 2_000_000, excessDiscount: "standard" });
  });

  it("is readable on a phone", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Phone Ltd`);
    await completeQuoteData(broker, quote.id);
    await openOnStepSeven(quote.id, false);
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await openGrid();
    const dialog = ui.page.getByRole("dialog", { name: "Compare options" });
    // Nothing is cut off sideways: the grid fits the dialog.
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await visible(dialog.getByRole("region", { name: "£5,000,000 cover limit" }));
    await expectAccessible(ui.page, "compare options on a phone");
    await screenshot(ui.page, "quote-options-390");
  });

  it("asks for the statement of fact with its quotation options from step 7's document menu", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Document Ltd`);
    await completeQuoteData(broker, quote.id);
    await openOnStepSeven(quote.id, false);
    const include = ui.page.getByRole("checkbox", { name: /Include quotation options/ });
    await expect(include.isDisabled()).resolves.toBe(true);
    await ui.page.getByRole("checkbox", { name: "Statement of Fact" }).click();
    await include.click();
    const answered = ui.page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/quotes/${quote.id}/statement-of-fact`,
    );
    await ui.page.getByRole("button", { name: "Download Selected" }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get("quotationOptions")).toBe("true");
    await toastText(ui.page, "Documents Downloaded");
  });
});
