/**
 * Renewals in the browser (docs/product/screens.md): a broker sees 'Renewals due' on the dashboard for a policy
 * issued eleven months ago, clicks Renew, reviews last year's declaration on step 6 and saves it, and step 7
 * shows last year's premium beside this year's with the change.
 */

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { ApiSession, completeQuoteData } from "./support/api";
import { expectAccessible, launchBrowser, screenshot, signedInPage, toastText, visible } from "./support/browser";
import { expectOnStep } from "./wizard-helpers";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let policy: { id: string; reference: string; policyNumber: string; totalPremium: string; proposerName: string };

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  const broker = await ApiSession.signIn("BROKER");
  // Eleven months ago: the policy's last day is about a month away, inside the 60-day window.
  const inceptionDate = new Date(Date.now() - 330 * DAY_MS).toISOString().slice(0, 10);
  const created = await broker.data<{ id: string }>("POST", "/api/quotes", {
    productCode: "D/C-PI",
    proposerName: `Renewal Test ${Date.now().toString(36)} Ltd`,
    businessAddress: "2 Renewal Row, Leeds LS1 2AB",
    inceptionDate,
    incorporationDate: "2012-06-01",
    numberOfDirectors: 2,
    numberOfQualifiedStaff: 4,
    hasFinancialInterest: false,
    insuredsDetails: { businessActivity: "Design and Build Contractor" },
  });
  await completeQuoteData(broker, created.id);
  await broker.data("POST", `/api/quotes/${created.id}/rate`, { turnoverBand: "up_to_500k" });
  await broker.data("PATCH", `/api/quotes/${created.id}`, { status: "QUOTED" });
  policy = await broker.data("POST", `/api/quotes/${created.id}/issue`, {});
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, "BROKER"));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("renewals", () => {
  it("lists the policy under 'Renewals due' with its number, insured, expiry, premium and Renew", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    const card = page.getByRole("heading", { name: "Renewals due" });
    await visible(card);
    const row = page.locator(`[data-testid="renewal-row"][data-policy-number="${policy.policyNumber}"]`);
    await visible(row);
    await visible(row.getByText(policy.proposerName));
    await visible(row.getByRole("button", { name: `Renew ${policy.policyNumber}` }));
    await screenshot(page, "renewals-due-390");

    await page.setViewportSize({ width: 1440, height: 900 });
    for (const header of ["Policy number", "Insured", "Expiry date", "Premium", "Action"]) {
      await visible(page.getByRole("columnheader", { name: header }));
    }
    await visible(row.getByText(formatGbp(parseMoneyString(policy.totalPremium) ?? 0)));
    await visible(row.getByText(/Expires in \d+ days/));
    await screenshot(page, "renewals-due-1440");
    await expectAccessible(page, "dashboard with renewals due");
  });

  it("renews into the wizard's step 6, which asks for last year's answers to be reviewed and saved", async () => {
    const row = page.locator(`[data-testid="renewal-row"][data-policy-number="${policy.policyNumber}"]`);
    await row.getByRole("button", { name: `Renew ${policy.policyNumber}` }).click();
    expect(await toastText(page, "Renewal created")).toContain(policy.policyNumber);
    await expectOnStep(page, 6);
    const notice = page.getByRole("note");
    await visible(notice.getByText(`Renewal of ${policy.policyNumber}: review last year's answers`));
    await screenshot(page, "renewal-step-6-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "renewal-step-6-390");
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(page, "renewal step 6");

    // Saving the unchanged answers confirms them and moves on to step 7.
    await page.getByRole("button", { name: "Continue to Submit" }).click();
    await expectOnStep(page, 7);
    const change = page.getByTestId("renewal-premium-change");
    await visible(change.getByText(`Renewal of ${policy.policyNumber}`));
    const lastYear = formatGbp(parseMoneyString(policy.totalPremium) ?? 0);
    await visible(change.getByText("Last year's premium"));
    await visible(change.getByText(lastYear).first());
    await visible(change.getByText("This year's premium"));
    await visible(change.getByText(/£0\.00 \(0\.0%\)|[+-]£[\d,]+\.\d{2} \([+-]?\d+\.\d%\)/));
    expect(await change.getByText("Review step 6 and save it").count()).toBe(0);
    await screenshot(page, "renewal-step-7-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "renewal-step-7-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    // Once renewed, the dashboard row links to the renewal instead of offering Renew again.
    await page.goto("/dashboard");
    await visible(
      page
        .locator(`[data-testid="renewal-row"][data-policy-number="${policy.policyNumber}"]`)
        .getByRole("link", { name: /^Renewal DCPI-\d{6}$/ }),
    );
  });
});
