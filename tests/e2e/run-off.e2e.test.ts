/**
 * Run-off cover in the browser (docs/product/life-cycle.md "Run-off", docs/product/screens.md): a broker quotes
 * run-off from a policy in force and lands on the new quote, whose step 7 shows the period and a worksheet that
 * reads the policy's last annual base premium times the factor; a new proposal chooses run-off on step 7 on a phone;
 * a refused start date is told under its field; the issued run-off policy shows its period and offers no change.
 * At 1440x900 and 390x844.
 */
import { copyFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateGb, todayInLondon } from "../../src/domain/format/dates";
import { formatGbp, parseMoneyString, roundHalfUp } from "../../src/domain/money";
import { addDays, policyExpiryDate } from "../../src/domain/quote/renewal";
import { RUN_OFF_MESSAGES } from "../../src/domain/quote/run-off";
import { ApiSession, completeQuoteData, createDraftQuote, type IssuedPolicy, issuePolicy } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  failedRequest,
  screenshot,
  signedInPage,
  toastText,
  visible,
} from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";
import { chooseStep, expectOnStep, quoteOf, stepButton } from "./wizard-helpers";

const today = todayInLondon(new Date());
const run = Date.now().toString(36);
let broker: ApiSession;
const policies = {} as Record<"desktop" | "phone" | "issued", IssuedPolicy>;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  const issue = (name: string) =>
    issuePolicy(broker, {
      proposerName: `Run-off ${name} ${run} Ltd`,
      businessAddress: "9 Closing Row, Leeds LS2 8AA",
      inceptionDate: addDays(today, 10),
    });
  policies.desktop = await issue("Desktop");
  policies.phone = await issue("Phone");
  policies.issued = await issue("Issued");
});

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP, freshPageEachTest: true });

const policyPath = (policyNumber: string) => `/policies/${encodeURIComponent(policyNumber)}`;
const pence = (amount: string) => parseMoneyString(amount) ?? Number.NaN;

/** Screenshots land with the others and, to be looked at, in /tmp too. */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  copyFileSync(join(resolve(import.meta.dirname, "../../test-results/screenshots"), `${name}.png`), `/tmp/${name}.png`);
}

/** The worksheet's rows as [step, applied, value], read from the table itself. */
async function worksheetRows(page: Page): Promise<string[][]> {
  await page.getByText("How this premium was built").click();
  const table = page.getByRole("table", { name: "Rating worksheet" });
  await visible(table);
  return table.evaluate((element) =>
    [...element.querySelectorAll("tbody tr")].map((row) =>
      [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? ""),
    ),
  );
}

async function openRunOffDialog(page: Page, policyNumber: string) {
  await page.goto(policyPath(policyNumber));
  await visible(page.getByRole("heading", { level: 1, name: `Policy ${policyNumber}` }));
  await page.getByRole("button", { name: "Quote run-off" }).click();
  const dialog = page.getByRole("dialog", { name: "Quote run-off" });
  await visible(dialog.getByLabel("Run-off period"));
  return dialog;
}

describe("run-off cover", () => {
  it("a broker quotes run-off from a policy at 1440 px and step 7 shows the period and how the single premium was reached", async () => {
    const { page } = ui;
    const policy = policies.desktop;
    const dialog = await openRunOffDialog(page, policy.policyNumber);
    // Six years from the day after the policy ends, unless the broker says otherwise.
    expect(await dialog.getByLabel("Run-off period").inputValue()).toBe("6");
    const dayAfter = addDays(policyExpiryDate(policy.inceptionDate), 1);
    expect(await dialog.getByLabel("Date the firm stops trading").inputValue()).toBe(formatDateGb(dayAfter));
    await keepScreenshot(page, "run-off-dialog-1440");
    await expectAccessible(page, "run-off dialog");
    await dialog.getByRole("button", { name: "Quote run-off" }).click();
    expect(await toastText(page, "Run-off quoted")).toContain(policy.policyNumber);
    await expectOnStep(page, 6);
    const notice = page.getByRole("note", {
      name: `Run-off of ${policy.policyNumber}: review the answers copied from the policy`,
    });
    await visible(notice.getByRole("link", { name: policy.policyNumber }));
    await keepScreenshot(page, "run-off-step-6-1440");
    const id = /\/quote\/([^/]+)\/step\/6/.exec(page.url())?.[1] ?? "";
    const quote = await quoteOf(broker, id);
    expect(quote).toMatchObject({ runOffYears: 6, inceptionDate: dayAfter });

    await stepButton(page, 7).click();
    await expectOnStep(page, 7);
    const period = page.getByLabel("Period of cover");
    await expect.poll(() => period.inputValue()).toBe("6");
    await visible(page.getByTestId("run-off-of").getByRole("link", { name: policy.policyNumber }));
    // Annual cover is not offered to a run-off quoted from a policy.
    expect(await period.locator("option", { hasText: "Annual" }).count()).toBe(0);
    const policyBase = await broker.data<{ basePremium: string }>("GET", `/api/quotes/${policy.id}`);
    const annual = pence(policyBase.basePremium);
    await visible(page.getByTestId("cover-period-note").getByText(formatGbp(annual), { exact: false }));
    const rows = await worksheetRows(page);
    expect(rows.slice(0, 2)).toEqual([
      ["Last annual base premium", "The policy's base premium for its last year", formatGbp(annual)],
      ["Run-off period", "6 years: one single premium", "×2.70"],
    ]);
    expect(rows).toContainEqual(["Base Premium", "", formatGbp(roundHalfUp(annual * 2.7))]);
    await page.getByRole("table", { name: "Rating worksheet" }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, "run-off-step-7-1440");
    await expectAccessible(page, "run-off step 7");
    await expectNoSideScroll(page, "run-off step 7 at 1440 px");

    // The policy names its run-off in its history and offers no second one.
    await page.goto(policyPath(policy.policyNumber));
    await visible(page.getByTestId("policy-history").getByText("Run-off quoted"));
    expect(await page.getByRole("button", { name: "Quote run-off" }).count()).toBe(0);
  });

  it("fits a phone: the dialog tells a refused start under its field, and a new proposal chooses run-off on step 7", async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 390, height: 844 });
    const policy = policies.phone;
    const dialog = await openRunOffDialog(page, policy.policyNumber);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const path = `/api/policies/${encodeURIComponent(policy.policyNumber)}/run-off`;
    expectBrowserErrors(page, [failedRequest(400, path)]);
    const start = dialog.getByLabel("Date the firm stops trading");
    await start.fill(formatDateGb(addDays(policy.inceptionDate, -1)));
    await dialog.getByRole("button", { name: "Quote run-off" }).click();
    const dayAfter = addDays(policyExpiryDate(policy.inceptionDate), 1);
    await visible(dialog.getByText(RUN_OFF_MESSAGES.startOutsidePolicy(policy.inceptionDate, dayAfter)));
    expect(await start.getAttribute("aria-invalid")).toBe("true");
    await keepScreenshot(page, "run-off-dialog-refused-390");
    await expectAccessible(page, "run-off dialog on a phone");
    await dialog.getByRole("button", { name: "Close" }).click();

    const proposal = await createDraftQuote(broker, `Run-off Proposal ${run} Ltd`);
    await completeQuoteData(broker, proposal.id);
    await page.goto(`/quote/${proposal.id}`);
    await expectOnStep(page, 1);
    await chooseStep(page, 7);
    await expectOnStep(page, 7);
    await expect.poll(async () => (await quoteOf(broker, proposal.id)).basePremium).not.toBeNull();
    const annual = pence((await quoteOf(broker, proposal.id)).basePremium ?? "");
    await page.getByLabel("Period of cover").selectOption("3");
    await expect.poll(async () => (await quoteOf(broker, proposal.id)).runOffYears).toBe(3);
    const runOff = await quoteOf(broker, proposal.id);
    expect(pence(runOff.basePremium ?? "")).toBe(roundHalfUp(annual * 1.9));
    const rows = await worksheetRows(page);
    expect(rows).toContainEqual(["Run-off period", "3 years: one single premium", "×1.90"]);
    expect(rows).toContainEqual(["Base rate", "", "£750.00"]);
    await page.getByRole("table", { name: "Rating worksheet" }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, "run-off-proposal-step-7-390");
    await expectNoSideScroll(page, "run-off step 7 at 390 px");
    await expectAccessible(page, "run-off step 7 on a phone");
  });

  it("shows an issued run-off policy's period at both sizes and offers no change to it", async () => {
    const { page } = ui;
    const policy = policies.issued;
    const startDate = addDays(policy.inceptionDate, 30);
    const runOff = await broker.data<{ id: string; declaration: unknown }>(
      "POST",
      `/api/policies/${encodeURIComponent(policy.policyNumber)}/run-off`,
      { years: 6, startDate },
    );
    await broker.data("PATCH", `/api/quotes/${runOff.id}`, { declaration: runOff.declaration });
    await broker.data("PATCH", `/api/quotes/${runOff.id}`, { status: "QUOTED" });
    const issued = await broker.data<{ policyNumber: string }>("POST", `/api/quotes/${runOff.id}/issue`, {});
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(policyPath(issued.policyNumber));
      await visible(page.getByRole("heading", { level: 1, name: `Policy ${issued.policyNumber}` }));
      await visible(page.getByText(formatDateGb(policyExpiryDate(startDate, 6)), { exact: true }));
      await visible(page.getByText("Run-off, 6 years: claims made in the period for work done before it"));
      // Its issue is named as the bordereau names it.
      const issue = page.locator('[data-testid="policy-transaction"][data-kind="NEW_BUSINESS"]');
      expect(await issue.textContent()).toContain("Run-off");
      for (const name of ["Quote run-off", "Cancel policy", "Change policy"]) {
        expect(await page.getByRole("button", { name }).count(), name).toBe(0);
      }
      await keepScreenshot(page, `run-off-policy-${width}`);
      await expectNoSideScroll(page, `run-off policy at ${width} px`);
      await expectAccessible(page, `run-off policy at ${width} px`);
    }
  });

  it("shows an underwriter a referred run-off as run-off, with its period, at both sizes", async () => {
    const proposal = await createDraftQuote(broker, `Run-off Referred ${run} Ltd`);
    await completeQuoteData(broker, proposal.id);
    const rated = await broker.data<{ referralHits: { code: string }[] }>("POST", `/api/quotes/${proposal.id}/rate`, {
      turnoverBand: "up_to_500k",
      risk: { coverLimitAggregate: 5_000_000 },
      runOffYears: 4,
    });
    expect(rated.referralHits.map((hit) => hit.code)).toContain("COVER_LIMIT_ABOVE_2M");
    await broker.data("POST", `/api/quotes/${proposal.id}/refer`, {});
    const { context, page } = await signedInPage(ui.browser, "UNDERWRITER");
    try {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`/uw/review/${proposal.id}`);
        await visible(page.getByRole("heading", { name: "Review Required" }));
        const field = page.locator("div", { has: page.getByText("Period of Cover", { exact: true }) }).last();
        expect(await field.locator("dd").textContent()).toBe("Run-off, 4 years, one single premium");
        await keepScreenshot(page, `run-off-review-${width}`);
        await expectNoSideScroll(page, `run-off review at ${width} px`);
        await expectAccessible(page, `run-off review at ${width} px`);
      }
    } finally {
      await context.close();
    }
  });
});
