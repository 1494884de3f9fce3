/**
 * Cancelling a policy on the policy screen (docs/product/screens.md "Policy", docs/product/life-cycle.md
 * "Cancellation"): a broker asks for the return premium, sees the server's figures, confirms, and the screen shows
 * the policy cancelled with the same total returned; on a phone the dialog and the transactions fit the width; an
 * administrator is offered no cancellation; a broker's back-dated date and a policy cancelled meanwhile are told in
 * the server's words.
 */
import { copyFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMISSION_LABELS, commissionLineLabel } from "../../src/domain/format/commission";
import { formatDateGb, todayInLondon } from "../../src/domain/format/dates";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { CANCELLATION_MESSAGES } from "../../src/domain/quote/cancellation";
import type { CancellationFiguresAnswer } from "../../src/domain/quote/policy-schema";
import { addDays } from "../../src/domain/quote/renewal";
import { ApiSession, type IssuedPolicy, issuePolicy } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  expectTouchTargets,
  failedRequest,
  screenshot,
  toastText,
  visible,
} from "./support/browser";
import { DESKTOP, sharedSignedInBrowsers } from "./support/session";

const today = todayInLondon(new Date());
const policies = {} as Record<"desktop" | "phone" | "admin" | "backDated", IssuedPolicy>;
let broker: ApiSession;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  const run = Date.now().toString(36);
  const issue = (name: string, inceptionDate: string) =>
    issuePolicy(broker, {
      proposerName: `Cancellation ${name} ${run} Ltd`,
      businessAddress: "3 Notice Lane, York YO1 7HH",
      inceptionDate,
    });
  // Starting in ten days, a broker may cancel from the inception date; one that started a month ago, from today.
  policies.desktop = await issue("Desktop", addDays(today, 10));
  policies.phone = await issue("Phone", addDays(today, 10));
  policies.admin = await issue("Admin", addDays(today, 10));
  policies.backDated = await issue("Back Dated", addDays(today, -30));
});

const ui = sharedSignedInBrowsers(["BROKER", "ADMIN"], { viewport: DESKTOP, freshPageEachTest: true });

const policyPath = (policy: IssuedPolicy) => `/policies/${encodeURIComponent(policy.policyNumber)}`;
const figuresPath = (policy: IssuedPolicy) =>
  `/api/policies/${encodeURIComponent(policy.policyNumber)}/cancellation/figures`;

/** Screenshots land with the others and, to be looked at, in /tmp too. */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  copyFileSync(join(resolve(import.meta.dirname, "../../test-results/screenshots"), `${name}.png`), `/tmp/${name}.png`);
}

async function openPolicy(page: Page, policy: IssuedPolicy, status: string): Promise<void> {
  await page.goto(policyPath(policy));
  await visible(page.getByRole("heading", { level: 1, name: `Policy ${policy.policyNumber}` }));
  await visible(page.getByTestId("policy-status").getByText(status, { exact: true }));
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Cancel policy" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel policy" });
  await visible(dialog.getByLabel("Cancellation date"));
  return dialog;
}

/** The figures row's amount as shown, e.g. "£1,234.56". */
const figure = (dialog: Locator, label: string) =>
  dialog
    .getByTestId("cancellation-figures")
    .locator("div", { has: dialog.page().getByText(label, { exact: true }) })
    .locator("dd");

/** The server's own figures for the date, to hold what the dialog shows against. */
async function serverFigures(policy: IssuedPolicy, effectiveDate: string): Promise<CancellationFiguresAnswer> {
  return broker.data<CancellationFiguresAnswer>("POST", figuresPath(policy), { effectiveDate });
}

const shownMoney = (money: string) => formatGbp(parseMoneyString(money) ?? Number.NaN);

/** Fills the reason, asks for the figures and checks them against the server's for the same date. */
async function showFigures(dialog: Locator, policy: IssuedPolicy, effectiveDate: string) {
  await dialog.getByLabel("Reason for cancelling").fill("The insured has sold the business");
  await expect.poll(() => dialog.getByRole("button", { name: "Confirm cancellation" }).isDisabled()).toBe(true);
  await dialog.getByRole("button", { name: "Show return premium" }).click();
  await visible(dialog.getByTestId("cancellation-figures"));
  const expected = await serverFigures(policy, effectiveDate);
  expect(await figure(dialog, "Premium paid").textContent()).toBe(shownMoney(expected.paid.totalPremium));
  expect(await figure(dialog, "Premium kept").textContent()).toBe(shownMoney(expected.retainedPremium));
  expect(await figure(dialog, "Return premium").textContent()).toBe(shownMoney(expected.returnPremium));
  expect(await figure(dialog, "IPT returned").textContent()).toBe(shownMoney(expected.returnTaxes));
  const total = (await figure(dialog, "Total returned").textContent()) ?? "";
  expect(total).toBe(shownMoney(expected.returnTotal));
  // The demo broker's firm takes commission: what the broker gives back on the return, and what they are returned.
  const commission = expected.commission;
  if (!commission) throw new Error("The demo broker's policy carries no commission");
  const returnedCommission = commissionLineLabel(commission, COMMISSION_LABELS.commissionReturned);
  expect(await figure(dialog, returnedCommission).textContent()).toBe(shownMoney(commission.amount));
  expect(await figure(dialog, COMMISSION_LABELS.netReturned).textContent()).toBe(shownMoney(commission.netPremium));
  return { total, expected };
}

/** After confirming: the screen shows the answer, the button is gone and focus sits on the summary. */
async function expectCancelled(page: Page, policy: IssuedPolicy, effectiveDate: string, total: string) {
  expect(await toastText(page, "Policy Cancelled")).toContain(`${total} returned`);
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  await visible(page.getByTestId("policy-status").getByText("Cancelled", { exact: true }));
  const summary = page.getByTestId("policy-cancellation");
  await visible(summary.getByText(`Cancelled from ${formatDateGb(effectiveDate)}`));
  await visible(summary.getByText("Reason: The insured has sold the business"));
  expect(await summary.textContent()).toContain(`Total returned: ${total}`);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("policy-cancellation");
  expect(await page.getByRole("button", { name: "Cancel policy" }).count()).toBe(0);
  const returned = page.locator('[data-testid="policy-transaction"][data-kind="CANCELLATION"]');
  // The same total as the figures shown, as a return: the table's Total column, or the phone card's figure.
  expect(await returned.count()).toBe(1);
  expect(await returned.getByTestId("transaction-total").textContent()).toBe(`-${total}`);
  expect(await returned.textContent()).toContain("Cancellation");
  await visible(page.getByRole("button", { name: `Download Cancellation notice for ${policy.policyNumber}` }));
  await visible(page.getByTestId("policy-history").getByText("Policy cancelled"));
}

describe("cancelling a policy", () => {
  it("a broker sees the server's figures at 1440 px, confirms, and the screen shows the policy cancelled", async () => {
    const { page } = ui.broker;
    const policy = policies.desktop;
    await openPolicy(page, policy, "In force");
    await visible(page.getByTestId("policy-paid-to-date").getByText(shownMoney(policy.totalPremium)));
    const dialog = await openDialog(page);
    // From the earliest date offered: for a policy not yet started, its inception date.
    expect(await dialog.getByLabel("Cancellation date").inputValue()).toBe(formatDateGb(policy.inceptionDate));
    const { total } = await showFigures(dialog, policy, policy.inceptionDate);
    expect(await dialog.getByTestId("cancellation-basis").textContent()).toBe(
      "From inception: only the minimum retained premium is kept. Fees are not returned.",
    );
    await keepScreenshot(page, "policy-cancel-dialog-1440");
    await expectAccessible(page, "cancellation dialog");

    await dialog.getByRole("button", { name: "Confirm cancellation" }).click();
    await expectCancelled(page, policy, policy.inceptionDate, total);
    await keepScreenshot(page, "policy-cancelled-1440");
    // The notice is saved as the other documents are, under its own name.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Download Cancellation notice for ${policy.policyNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${policy.reference}-cancellation-notice.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await toastText(page, "Documents Downloaded");
    await expectAccessible(page, "cancelled policy");
    await expectNoSideScroll(page, "cancelled policy at 1440 px");
  });

  it("fits a phone's width: the dialog, its buttons and the transactions at 390 px", async () => {
    const { page } = ui.broker;
    const policy = policies.phone;
    await page.setViewportSize({ width: 390, height: 844 });
    await openPolicy(page, policy, "In force");
    const dialog = await openDialog(page);
    const { total } = await showFigures(dialog, policy, policy.inceptionDate);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    for (const name of ["Keep policy", "Confirm cancellation"]) {
      const button = await dialog.getByRole("button", { name }).boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= 390, `${name} inside the window`).toBe(true);
    }
    await expectTouchTargets(dialog);
    await keepScreenshot(page, "policy-cancel-dialog-390");
    await expectAccessible(page, "cancellation dialog on a phone");

    await dialog.getByRole("button", { name: "Confirm cancellation" }).click();
    await expectCancelled(page, policy, policy.inceptionDate, total);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSideScroll(page, "cancelled policy at 390 px");
    await keepScreenshot(page, "policy-cancelled-390");
    await expectAccessible(page, "cancelled policy on a phone");
  });

  it("offers an administrator no cancellation", async () => {
    const { page } = ui.admin;
    await openPolicy(page, policies.admin, "In force");
    await visible(page.getByRole("heading", { level: 2, name: "Documents" }));
    expect(await page.getByRole("button", { name: "Cancel policy" }).count()).toBe(0);
  });

  it("tells a broker a back-dated date in the server's words, and a policy cancelled meanwhile", async () => {
    const { page } = ui.broker;
    const policy = policies.backDated;
    await openPolicy(page, policy, "In force");
    const dialog = await openDialog(page);
    const date = dialog.getByLabel("Cancellation date");
    // A policy already running: a broker's earliest date is today.
    expect(await date.inputValue()).toBe(formatDateGb(today));
    // The server's 400 and 409 are answers this test asks for.
    expectBrowserErrors(page, [
      failedRequest(400, figuresPath(policy)),
      failedRequest(409, `/api/policies/${encodeURIComponent(policy.policyNumber)}/cancellation`),
    ]);
    await date.fill(formatDateGb(addDays(today, -1)));
    await dialog.getByRole("button", { name: "Show return premium" }).click();
    await visible(dialog.getByText(CANCELLATION_MESSAGES.brokerBackDated));
    expect(await date.getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByTestId("cancellation-figures").count()).toBe(0);
    await keepScreenshot(page, "policy-cancel-back-dated-1440");

    // Today is allowed; then the policy is cancelled elsewhere before the broker confirms.
    await date.fill(formatDateGb(today));
    await expect.poll(() => date.getAttribute("aria-invalid")).toBeNull();
    await showFigures(dialog, policy, today);
    const { version } = await broker.data<{ version: number }>(
      "GET",
      `/api/policies/${encodeURIComponent(policy.policyNumber)}`,
    );
    await broker.data("POST", `/api/policies/${encodeURIComponent(policy.policyNumber)}/cancellation`, {
      effectiveDate: today,
      reason: "Cancelled at the insurer's office",
      expectedVersion: version,
    });
    await dialog.getByRole("button", { name: "Confirm cancellation" }).click();
    await visible(dialog.getByRole("alert").getByText(CANCELLATION_MESSAGES.notInForce("Cancelled")));
    // Behind the dialog the screen now shows the policy as it is.
    await visible(page.getByTestId("policy-status").getByText("Cancelled", { exact: true }));
    // ...and the dialog offers nothing more to confirm, only to close it.
    await expect.poll(() => dialog.getByRole("button", { name: "Confirm cancellation" }).isDisabled()).toBe(true);
    await keepScreenshot(page, "policy-cancel-conflict-1440");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Cancel policy" }).count()).toBe(0);
  });
});
