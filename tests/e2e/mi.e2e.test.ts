/**
 * The management information screen: an underwriter opens it from the navigation, reads this month's premium in
 * the chart's table exactly as the API holds it, downloads the CSV, and is told when the range is reversed; a
 * broker sees the figures of their own quotes without a firm filter; both read it on a phone without side scroll.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { formatMiCell, MI_CHARTS, type MiTable } from "../../src/domain/mi/mi";
import { ApiSession, quoteInStatus } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  failedRequest,
  screenshot,
  signedInPage,
  visible,
  waitForPath,
} from "./support/browser";
import { sharedBrowser } from "./support/session";

const ui = sharedBrowser();
const RUN = Date.now().toString(36);
const MONTH = todayInLondon(new Date()).slice(0, 7);

/** The chart's card, found by its title. */
const card = (page: Page, title: string) => page.getByRole("region", { name: title });

/** This month's row of the premium chart's table, opened from its "Show as table" when closed. */
async function premiumRow(page: Page) {
  const premium = card(page, "Gross written premium by month");
  const details = premium.locator("details");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await premium.getByText("Show as table").click();
  }
  return visible(premium.getByRole("row", { name: new RegExp(`^${MONTH}`) }));
}

describe("the management information screen", () => {
  it("shows an underwriter the book's figures from the navigation, as the API holds them, with CSV and a refused reversed range", async () => {
    const broker = await ApiSession.signIn("BROKER");
    const underwriter = await ApiSession.signIn("UNDERWRITER");
    await quoteInStatus("ISSUED", `Figures Builders ${RUN}`, { broker, underwriter });

    const { context, page } = await signedInPage(ui.browser, "UNDERWRITER");
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/dashboard");
      await page.getByRole("link", { name: "Management Information" }).first().click();
      await waitForPath(page, "/mi");
      await visible(page.getByRole("heading", { name: "Management information", level: 1 }));
      await page.mouse.move(1200, 800);
      for (const title of [
        "Gross written premium by month",
        "Quotes, policies bound and referrals by month",
        "Referral decisions and time to decide by month",
        "Gross written premium by turnover band",
        "Gross written premium by firm",
      ]) {
        await visible(card(page, title).locator("canvas").first());
      }

      // The table's figure is the API's, which the API tests hold equal to the book.
      const api = await underwriter.data<MiTable>("GET", `/api/mi/premium?from=${MONTH}&to=${MONTH}`);
      const total = api.rows[0]?.total ?? null;
      expect(Number(total)).toBeGreaterThan(0);
      await expect.poll(async () => (await premiumRow(page)).textContent()).toContain(formatMiCell("money", total));

      // One firm's figures: the firm filter offers the firms with figures, and the table follows it.
      const firms = await underwriter.data<MiTable>("GET", `/api/mi/firms?from=${MONTH}&to=${MONTH}`);
      const firm = firms.rows.find((row) => typeof row.firmId === "string");
      expect(firm).toBeDefined();
      const firmTotal = (
        await underwriter.data<MiTable>("GET", `/api/mi/premium?from=${MONTH}&to=${MONTH}&firmId=${firm?.firmId}`)
      ).rows[0]?.total;
      await page.getByLabel("Firm", { exact: true }).selectOption({ label: String(firm?.firm) });
      await expect
        .poll(async () => (await premiumRow(page)).textContent())
        .toContain(formatMiCell("money", firmTotal ?? null));
      await page.getByLabel("Firm", { exact: true }).selectOption({ label: "All firms" });

      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        card(page, "Gross written premium by month").getByRole("button", { name: "CSV" }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(new RegExp(`^mi-premium-\\d{4}-\\d{2}-to-${MONTH}\\.csv$`));
      const text = await readFile(await csv.path(), "utf8");
      expect(text).toContain('"Month","New business","Renewals","Adjustments","Cancellations","Gross written premium"');
      expect(text).toContain(`"${MONTH}",`);

      await expectAccessible(page, "management information");
      await screenshot(page, "mi-desktop");
      await page.setViewportSize({ width: 390, height: 844 });
      await visible(card(page, "Gross written premium by firm").locator("canvas").first());
      await expectNoSideScroll(page, "management information on a phone");
      await screenshot(page, "mi-phone");

      // A range that ends before it starts is refused by the server for each chart, and said once.
      expectBrowserErrors(
        page,
        MI_CHARTS.map((chart) => failedRequest(400, `/api/mi/${chart}`)),
      );
      await page.getByLabel("From month").fill("2099-01");
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("The range must not end before it starts");
      await screenshot(page, "mi-reversed-range-phone");
    } finally {
      await context.close();
    }
  });

  it("shows a broker the figures of their own quotes, with no firm filter, on a phone", async () => {
    const { context, page } = await signedInPage(ui.browser, "BROKER");
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/mi");
      await visible(page.getByText("The quotes you act for", { exact: false }));
      await visible(card(page, "Quotes, policies bound and referrals by month").locator("canvas").first());
      expect(await page.getByLabel("Firm", { exact: true }).count()).toBe(0);
      await expectAccessible(page, "management information, broker");
      await expectNoSideScroll(page, "management information, broker, on a phone");
      await screenshot(page, "mi-broker-phone");
    } finally {
      await context.close();
    }
  });
});
