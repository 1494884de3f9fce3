/**
 * The Bordereau screen: an underwriter picks this month and downloads its premium bordereau as CSV and as Excel;
 * a broker is sent to the dashboard; the screen reads on a phone.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { ApiSession, quoteInStatus } from "./support/api";
import { expectAccessible, screenshot, signedInPage, toastText, visible, waitForPath } from "./support/browser";
import { sharedBrowser } from "./support/session";

const ui = sharedBrowser();
const RUN = Date.now().toString(36);

async function chooseThisMonth(page: Page) {
  const month = page.getByRole("combobox", { name: "Month" });
  const thisMonth = await month.getByRole("option", { name: /\(so far\)$/ }).textContent();
  await month.selectOption({ label: (thisMonth ?? "").trim() });
}

describe("the monthly bordereau screen", () => {
  it("downloads this month's transactions, a policy issued among them, as CSV and Excel for an underwriter", async () => {
    const broker = await ApiSession.signIn("BROKER");
    const underwriter = await ApiSession.signIn("UNDERWRITER");
    const issued = await quoteInStatus("ISSUED", `Bordereau Builders ${RUN}`, { broker, underwriter });
    const policy = await broker.data<{ policyNumber: string; inceptionDate: string }>(
      "GET",
      `/api/quotes/${issued.id}`,
    );

    const { context, page } = await signedInPage(ui.browser, "UNDERWRITER");
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/dashboard");
      await page.getByRole("link", { name: "Bordereau" }).first().click();
      await waitForPath(page, "/bordereau");
      await visible(page.getByRole("heading", { name: "Bordereau", level: 1 }));
      // The pointer leaves the side navigation it clicked, as a user's does: while hovered, the navigation widens
      // over the screen's left edge and would take the next click.
      await page.mouse.move(1200, 800);
      await chooseThisMonth(page);

      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download CSV" }).click(),
      ]);
      const month = todayInLondon(new Date()).slice(0, 7);
      expect(csv.suggestedFilename()).toBe(`bordereau-${month}.csv`);
      const text = await readFile(await csv.path(), "utf8");
      // Every header and text field is quoted; dates and money are not.
      expect(text).toContain(
        '"Certificate Reference","Quote Reference","Transaction Type - Original Premium etc","Effective Date of Transaction","Insured Full Name or Company Name"',
      );
      expect(text).toContain(
        `"${policy.policyNumber}","${issued.reference}","New business",${policy.inceptionDate},"Bordereau Builders ${RUN}"`,
      );
      expect(text.trimEnd().split("\r\n").at(-1)).toMatch(/^"Total","\d+ transactions?",/);
      expect(await toastText(page, "Bordereau downloaded")).toContain(`bordereau-${month}.csv`);

      const [xlsx] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download Excel (XLSX)" }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toBe(`bordereau-${month}.xlsx`);
      // An XLSX file is a zip archive.
      expect((await readFile(await xlsx.path())).subarray(0, 2).toString("latin1")).toBe("PK");

      await expectAccessible(page, "bordereau");
      await screenshot(page, "bordereau-desktop");
      await page.setViewportSize({ width: 390, height: 844 });
      await visible(page.getByRole("button", { name: "Download CSV" }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "bordereau-phone");
    } finally {
      await context.close();
    }
  });

  it("sends a broker to the dashboard", async () => {
    const { context, page } = await signedInPage(ui.browser, "BROKER");
    try {
      await page.goto("/bordereau");
      await waitForPath(page, "/dashboard");
      await expect(page.getByRole("link", { name: "Bordereau" }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
