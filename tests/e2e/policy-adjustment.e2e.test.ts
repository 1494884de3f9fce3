/**
 * Changing a policy on the policy screen (docs/product/screens.md "Policy", docs/product/life-cycle.md "Mid-term
 * adjustments"): a broker changes the excess from a future date, sees the server's return premium, confirms, and
 * the screen shows the new excess, the Adjustment transaction with the same total and the endorsement; on a phone
 * the dialog fits the width; a broker raising the limit of indemnity is told it needs an underwriter, sends it to
 * the underwriters, and an underwriter approves it from the queue; an administrator is offered no change.
 */
import { copyFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateGb, todayInLondon } from "../../src/domain/format/dates";
import { EXCESS_OPTION_LABELS } from "../../src/domain/format/excess";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { ADJUSTMENT_MESSAGES } from "../../src/domain/quote/adjustment";
import type { AdjustmentFiguresAnswer } from "../../src/domain/quote/policy-schema";
import { addDays } from "../../src/domain/quote/renewal";
import { ApiSession, type IssuedPolicy, issuePolicy } from "./support/api";
import { expectAccessible, expectNoSideScroll, screenshot, toastText, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowsers } from "./support/session";

const today = todayInLondon(new Date());
const policies = {} as Record<"desktop" | "phone" | "limit" | "admin", IssuedPolicy>;
let broker: ApiSession;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  const run = Date.now().toString(36);
  const issue = (name: string) =>
    issuePolicy(broker, {
      proposerName: `Adjustment ${name} ${run} Ltd`,
      businessAddress: "5 Endorsement Row, York YO1 7HH",
      inceptionDate: addDays(today, 10),
    });
  policies.desktop = await issue("Desktop");
  policies.phone = await issue("Phone");
  policies.limit = await issue("Limit");
  policies.admin = await issue("Admin");
});

const ui = sharedSignedInBrowsers(["BROKER", "UNDERWRITER", "ADMIN"], { viewport: DESKTOP, freshPageEachTest: true });

const policyPath = (policy: IssuedPolicy) => `/policies/${encodeURIComponent(policy.policyNumber)}`;
const figuresPath = (policy: IssuedPolicy) =>
  `/api/policies/${encodeURIComponent(policy.policyNumber)}/adjustments/figures`;

/** Screenshots land with the others and, to be looked at, in /tmp too. */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  copyFileSync(join(resolve(import.meta.dirname, "../../test-results/screenshots"), `${name}.png`), `/tmp/${name}.png`);
}

async function openPolicy(page: Page, policy: IssuedPolicy): Promise<void> {
  await page.goto(policyPath(policy));
  await visible(page.getByRole("heading", { level: 1, name: `Policy ${policy.policyNumber}` }));
  await visible(page.getByTestId("policy-status").getByText("In force", { exact: true }));
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Change policy" }).click();
  const dialog = page.getByRole("dialog", { name: "Change policy" });
  await visible(dialog.getByLabel("Change takes effect from"));
  return dialog;
}

/** The figures row's amount as shown, e.g. "£1,234.56". */
const figure = (dialog: Locator, label: string) =>
  dialog
    .getByTestId("adjustment-figures")
    .locator("div", { has: dialog.page().getByText(label, { exact: true }) })
    .locator("dd");

/** A row of the policy screen's cards, by its label. */
const coverRow = (page: Page, label: string) =>
  page.locator("dl > div", { has: page.getByText(label, { exact: true }) }).locator("dd");

const shownSize = (money: string) => formatGbp(Math.abs(parseMoneyString(money) ?? Number.NaN));

/** Asks for the figures and holds them against the server's own for the same date and change. */
async function showFigures(
  dialog: Locator,
  policy: IssuedPolicy,
  body: { effectiveDate: string; changes: Record<string, unknown> },
  session: ApiSession = broker,
): Promise<AdjustmentFiguresAnswer> {
  await dialog.getByRole("button", { name: "Show premium change" }).click();
  await visible(dialog.getByTestId("adjustment-figures"));
  const expected = await session.data<AdjustmentFiguresAnswer>("POST", figuresPath(policy), body);
  expect(await figure(dialog, "Year's premium before").textContent()).toBe(shownSize(expected.annualBefore));
  expect(await figure(dialog, "Year's premium after").textContent()).toBe(shownSize(expected.annualAfter));
  expect(await figure(dialog, "Days remaining").textContent()).toBe(
    `${expected.daysRemaining} of ${expected.daysInPeriod} days`,
  );
  return expected;
}

describe("changing a policy", () => {
  it("a broker changes the excess from a future date at 1440 px, sees the return premium and confirms", async () => {
    const { page } = ui.broker;
    const policy = policies.desktop;
    await openPolicy(page, policy);
    const dialog = await openDialog(page);
    // A policy not yet started: the earliest date offered is its inception date.
    const date = dialog.getByLabel("Change takes effect from");
    expect(await date.inputValue()).toBe(formatDateGb(policy.inceptionDate));
    expect(await dialog.getByLabel("Insured name").inputValue()).toBe(policy.proposerName);
    const effectiveDate = addDays(policy.inceptionDate, 30);
    await date.fill(formatDateGb(effectiveDate));
    await dialog.getByLabel("Excess", { exact: true }).selectOption({ label: EXCESS_OPTION_LABELS["2x"] });
    const expected = await showFigures(dialog, policy, { effectiveDate, changes: { excessDiscount: "2x" } });
    expect(parseMoneyString(expected.total)).toBeLessThan(0);
    expect(await dialog.getByTestId("adjustment-changes").textContent()).toBe(
      `Excess: was ${EXCESS_OPTION_LABELS.standard}, now ${EXCESS_OPTION_LABELS["2x"]}`,
    );
    expect(await figure(dialog, "Return premium").textContent()).toBe(shownSize(expected.premium));
    expect(await figure(dialog, "IPT returned").textContent()).toBe(shownSize(expected.taxes));
    const total = (await figure(dialog, "Total returned").textContent()) ?? "";
    expect(total).toBe(shownSize(expected.total));
    expect(await dialog.getByTestId("adjustment-referral").count()).toBe(0);
    await keepScreenshot(page, "policy-change-dialog-1440");
    await expectAccessible(page, "change dialog");

    await dialog.getByRole("button", { name: "Confirm change" }).click();
    expect(await toastText(page, "Policy Changed")).toContain(
      `changed from ${formatDateGb(effectiveDate)}: ${total} returned`,
    );
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // Focus goes back to the button, which stays for the next change.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Change policy");
    expect(await coverRow(page, "Excess").textContent()).toContain(`(${EXCESS_OPTION_LABELS["2x"]})`);
    const adjustment = page.locator('[data-testid="policy-transaction"][data-kind="ADJUSTMENT"]');
    expect(await adjustment.count()).toBe(1);
    expect(await adjustment.getByTestId("transaction-total").textContent()).toBe(`-${total}`);
    expect(await adjustment.textContent()).toContain("Adjustment");
    expect(await adjustment.textContent()).toContain(formatDateGb(effectiveDate));
    await keepScreenshot(page, "policy-changed-1440");

    // The endorsement is saved as the other documents are, under the server's name.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Download Endorsement No. 1 for ${policy.policyNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${policy.reference}-endorsement-1.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await toastText(page, "Documents Downloaded");
    await expectAccessible(page, "changed policy");
    await expectNoSideScroll(page, "changed policy at 1440 px");
  });

  it("fits a phone's width: the dialog and its buttons at 390 px", async () => {
    const { page } = ui.broker;
    const policy = policies.phone;
    await page.setViewportSize({ width: 390, height: 844 });
    await openPolicy(page, policy);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Excess", { exact: true }).selectOption({ label: EXCESS_OPTION_LABELS["5x"] });
    await showFigures(dialog, policy, { effectiveDate: policy.inceptionDate, changes: { excessDiscount: "5x" } });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const buttons = await dialog.getByRole("button").evaluateAll((elements) =>
      elements.map((element) => ({
        name: element.textContent?.trim(),
        height: element.getBoundingClientRect().height,
        right: element.getBoundingClientRect().right,
      })),
    );
    expect(buttons.map((button) => button.name)).toContain("Confirm change");
    expect(buttons.filter((button) => button.height < 40 || button.right > 390)).toEqual([]);
    // A cover's tick is a small box: its whole row, label included, is what a finger presses.
    const rows = await dialog
      .getByTestId("cover-tick-row")
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(rows.length).toBe(5);
    expect(rows.filter((height) => height < 40)).toEqual([]);
    await keepScreenshot(page, "policy-change-dialog-390");
    await dialog.getByRole("heading", { name: "Change policy" }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, "policy-change-dialog-390-top");
    await expectAccessible(page, "change dialog on a phone");
  });

  it("sends a broker's higher limit to the underwriters, where it waits until one approves it from the queue", async () => {
    const policy = policies.limit;
    const raise = async (page: Page, session: ApiSession) => {
      await openPolicy(page, policy);
      const dialog = await openDialog(page);
      await dialog.getByLabel("Limit of indemnity").selectOption("2000000");
      const expected = await showFigures(
        dialog,
        policy,
        { effectiveDate: policy.inceptionDate, changes: { coverLimitAggregate: 2_000_000 } },
        session,
      );
      const referral = dialog.getByTestId("adjustment-referral");
      await visible(referral.getByText("This change needs an underwriter:"));
      await visible(referral.getByText(ADJUSTMENT_MESSAGES.higherLimit));
      return { dialog, expected };
    };

    const { page } = ui.broker;
    const { dialog, expected } = await raise(page, broker);
    expect(await dialog.getByRole("button", { name: "Confirm change" }).count()).toBe(0);
    await visible(dialog.getByTestId("adjustment-ask-underwriter"));
    await keepScreenshot(page, "policy-change-needs-underwriter-1440");
    await dialog.getByRole("button", { name: "Send to an underwriter" }).click();
    await toastText(page, "Change Sent to an Underwriter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    const waiting = page.getByTestId("pending-change");
    await visible(waiting.getByText("Limit of indemnity: £1,000,000 → £2,000,000"));
    await visible(waiting.getByText(ADJUSTMENT_MESSAGES.higherLimit, { exact: false }));
    expect(await waiting.getByRole("button", { name: "Approve change" }).count()).toBe(0);
    // Nothing on the policy changes while it waits.
    expect(await coverRow(page, "Limit of indemnity").textContent()).toBe(formatGbp(1_000_000 * 100));
    await keepScreenshot(page, "policy-change-waiting-1440");

    const uw = ui.underwriter.page;
    await uw.goto("/uw/dashboard");
    const row = uw.locator(`[data-testid="policy-change-row"][data-policy="${policy.policyNumber}"]`);
    await visible(row);
    await keepScreenshot(uw, "uw-queue-policy-changes-1440");
    await row.getByRole("link", { name: `Open policy ${policy.policyNumber}` }).click();
    const pending = uw.getByTestId("pending-change");
    await pending.getByRole("button", { name: "Approve change" }).click();
    await toastText(uw, "Change Approved");
    await expect.poll(() => uw.getByTestId("pending-change").count()).toBe(0);
    await expect.poll(() => coverRow(uw, "Limit of indemnity").textContent()).toBe(formatGbp(2_000_000 * 100));
    const adjustment = uw.locator('[data-testid="policy-transaction"][data-kind="ADJUSTMENT"]');
    expect(await adjustment.getByTestId("transaction-total").textContent()).toBe(
      formatGbp(parseMoneyString(expected.total) ?? Number.NaN),
    );
    await expectAccessible(uw, "policy after an approved change");
  });

  it("offers an administrator no change", async () => {
    const { page } = ui.admin;
    await openPolicy(page, policies.admin);
    await visible(page.getByRole("heading", { level: 2, name: "Documents" }));
    expect(await page.getByRole("button", { name: "Change policy" }).count()).toBe(0);
  });
});
