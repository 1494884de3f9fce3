/**
 * A rating version's test cases in the editor (docs/product/screens.md): a case added from the test risk passes,
 * then fails with its difference in words once its expected total is changed; publishing is refused naming it;
 * 'Compare with published' lists the changed base rate; a copy of a published version keeps its cases. The one
 * version published is of a product of its own, listed last, so other files' versions and templates stand.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { defaultRatingInput } from "../../src/domain/rating/input";
import { ApiSession } from "./support/api";
import { expectAccessible, launchBrowser, screenshot, signedInPage, toastText, visible } from "./support/browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const RUN = Date.now().toString(36);
const VERSION_NAME = `PI001 cases ${RUN}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, "ADMIN"));
  await page.setViewportSize({ width: 1440, height: 900 });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("rating version test cases", () => {
  it("adds a case from the test risk that passes on Test Rating", async () => {
    await page.goto("/admin/rating");
    await page.getByRole("button", { name: "New Version" }).click();
    await visible(page.getByRole("heading", { name: "New Version" }));
    await page.getByLabel("Name").fill(VERSION_NAME);
    await page.getByLabel("Effective From").fill("2027-01-01");
    await page
      .getByLabel("Configuration (JSON)")
      .fill(JSON.stringify({ ...PI001_RATING_CONFIG, baseRate: 400 }, null, 2));

    await page.getByRole("button", { name: "Add case from test risk" }).click();
    const testCase = page.getByRole("listitem", { name: "Test case 1: Case 1" });
    await visible(testCase);
    await page.getByRole("button", { name: "Test Rating" }).click();
    await visible(testCase.getByText(/^Pass:/));
    await visible(page.getByRole("status").filter({ hasText: "All 1 test cases pass" }));
  });

  it("shows a failing case with its difference in words on Test Rating and on Validate", async () => {
    const testCase = page.getByRole("listitem", { name: /^Test case 1/ });
    await testCase.getByLabel("Case name").fill("Small architect");
    const expected = testCase.getByLabel("Expected total (£)");
    const rated = await expected.inputValue();
    await expected.fill("1.00");
    await page.getByRole("button", { name: "Test Rating" }).click();
    const failure = testCase.getByText(/^Fail:/);
    await visible(failure);
    const pence = Math.round(Number(rated) * 100) - 100;
    const difference = `+£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
    expect(await testCase.textContent()).toContain(`difference ${difference}`);
    await visible(page.getByRole("status").filter({ hasText: "1 of 1 test cases fail" }));

    await page.getByRole("button", { name: "Validate" }).click();
    await visible(testCase.getByText(/^Fail:/));
  });

  it("explains an unknown quote reference when adding a case from a quote", async () => {
    await page.getByLabel("Quote reference").fill("DCPI-999999");
    await page.getByRole("button", { name: "Add case from quote" }).click();
    expect(await toastText(page, "Add Case Error")).toContain("Quote not found");
    expect(await page.getByRole("listitem", { name: /^Test case/ }).count()).toBe(1);
  });

  it("saves the failing case, and publishing is refused naming it", async () => {
    await page.getByRole("button", { name: "Save" }).click();
    await toastText(page, "Rating Version Created");
    await visible(page.getByRole("heading", { name: `Edit ${VERSION_NAME}` }));
    await visible(page.getByRole("listitem", { name: "Test case 1: Small architect" }));

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Publish version" }).click();
    await visible(page.getByRole("alert").filter({ hasText: "Not published: Test cases fail: Small architect" }));
  });

  it("compares the draft with the published version it replaces, listing the changed base rate", async () => {
    await page.getByRole("button", { name: "Compare with published" }).click();
    const changes = page.getByRole("list", { name: "Changes against the published version" });
    await visible(changes);
    const baseRate = changes.getByRole("listitem").filter({ hasText: "Changed: Base rate" });
    await visible(baseRate);
    expect(await baseRate.textContent()).toContain("100 → 400");
    await expectAccessible(page, "rating version editor with test cases");
    await screenshot(page, "admin-rating-cases-1440");

    await page.setViewportSize({ width: 390, height: 844 });
    await visible(page.getByRole("listitem", { name: "Test case 1: Small architect" }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "admin-rating-cases-390");
  });

  it("starts a copy of a published version with that version's cases", async () => {
    const admin = await ApiSession.signIn("ADMIN");
    const name = `Copied cases ${RUN}`;
    // docs/product/rating.md's PI001 example: £150 minimum premium + £25 fee + 12% IPT = £196.00.
    const input = defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 0 });
    const created = await admin.data<{ id: string }>("POST", "/api/rating/versions", {
      name,
      json: { ...PI001_RATING_CONFIG, productCode: `ZZ-CASES-${RUN}` },
      effectiveFrom: "2026-01-01",
      testCases: [{ name: "Reference risk", input, expectedTotal: "196.00", expectedReferrals: [] }],
    });
    await admin.data("POST", `/api/rating/versions/${created.id}/publish`);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/admin/rating");
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await visible(page.getByRole("heading", { name: "New Version" }));
    const copied = page.getByRole("listitem", { name: "Test case 1: Reference risk" });
    await visible(copied);
    expect(await copied.getByLabel("Expected total (£)").inputValue()).toBe("196.00");
    await page.getByRole("button", { name: "Test Rating" }).click();
    await visible(copied.getByText(/^Pass:/));
  });
});
