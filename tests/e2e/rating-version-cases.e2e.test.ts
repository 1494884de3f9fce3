import { describe, expect, it } from "vitest";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { defaultRatingInput } from "../../src/domain/rating/input";
import { ApiSession } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  failedRequest,
  screenshot,
  toastText,
  visible,
} from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";

const ui = sharedSignedInBrowser("ADMIN", { viewport: DESKTOP });
const RUN = Date.now().toString(36);
const VERSION_NAME = `PI001 cases ${RUN}`;

describe("rating version test cases", () => {
  it("adds a case from the test risk that passes on Test Rating", async () => {
    await ui.page.goto("/admin/rating");
    await ui.page.getByRole("button", { name: "New Version" }).click();
    await visible(ui.page.getByRole("heading", { name: "New Version" }));
    await ui.page.getByLabel("Name").fill(VERSION_NAME);
    await ui.page.getByLabel("Effective From").fill("2027-01-01");
    await ui.page
      .getByLabel("Configuration (JSON)")
      .fill(JSON.stringify({ ...PI001_RATING_CONFIG, baseRate: 400 }, null, 2));

    await ui.page.getByRole("button", { name: "Add case from test risk" }).click();
    const testCase = ui.page.getByRole("listitem", { name: "Test case 1: Case 1" });
    await visible(testCase);
    await ui.page.getByRole("button", { name: "Test Rating" }).click();
    await visible(testCase.getByText(/^Pass:/));
    await visible(ui.page.getByRole("status").filter({ hasText: "All 1 test cases pass" }));
  });

  it("shows a failing case with its difference in words on Test Rating and on Validate", async () => {
    const testCase = ui.page.getByRole("listitem", { name: /^Test case 1/ });
    await testCase.getByLabel("Case name").fill("Small architect");
    const expected = testCase.getByLabel("Expected total (£)");
    const rated = await expected.inputValue();
    await expected.fill("1.00");
    await ui.page.getByRole("button", { name: "Test Rating" }).click();
    const failure = testCase.getByText(/^Fail:/);
    await visible(failure);
    const pence = Math.round(Number(rated) * 100) - 100;
    const difference = `+£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
    expect(await testCase.textContent()).toContain(`difference ${difference}`);
    await visible(ui.page.getByRole("status").filter({ hasText: "1 of 1 test cases fail" }));

    await ui.page.getByRole("button", { name: "Validate" }).click();
    await visible(testCase.getByText(/^Fail:/));
  });

  it("explains an unknown quote reference when adding a case from a quote", async () => {
    // The unknown reference is answered 404, which the screen explains.
    expectBrowserErrors(ui.page, [failedRequest(404, "/api/rating/versions/case-from-quote")]);
    await ui.page.getByLabel("Quote reference").fill("DCPI-999999");
    await ui.page.getByRole("button", { name: "Add case from quote" }).click();
    expect(await toastText(ui.page, "Add Case Error")).toContain("Quote not found");
    expect(await ui.page.getByRole("listitem", { name: /^Test case/ }).count()).toBe(1);
  });

  it("saves the failing case, and publishing is refused naming it", async () => {
    await ui.page.getByRole("button", { name: "Save" }).click();
    await toastText(ui.page, "Rating Version Created");
    await visible(ui.page.getByRole("heading", { name: `Edit ${VERSION_NAME}` }));
    await visible(ui.page.getByRole("listitem", { name: "Test case 1: Small architect" }));

    // Publishing with a failing case is answered 409, which the screen names.
    const versionId = new URL(ui.page.url()).searchParams.get("version");
    expectBrowserErrors(ui.page, [failedRequest(409, `/api/rating/versions/${versionId}/publish`)]);
    await ui.page.getByRole("button", { name: "Publish", exact: true }).click();
    await ui.page.getByRole("alertdialog").getByRole("button", { name: "Publish version" }).click();
    await visible(ui.page.getByRole("alert").filter({ hasText: "Not published: Test cases fail: Small architect" }));
  });

  it("compares the draft with the published version it replaces, listing the changed base rate", async () => {
    await ui.page.getByRole("button", { name: "Compare with published" }).click();
    const changes = ui.page.getByRole("list", { name: "Changes against the published version" });
    await visible(changes);
    const baseRate = changes.getByRole("listitem").filter({ hasText: "Changed: Base rate" });
    await visible(baseRate);
    expect(await baseRate.textContent()).toContain("100 → 400");
    await expectAccessible(ui.page, "rating version editor with test cases");
    await screenshot(ui.page, "admin-rating-cases-1440");

    await ui.page.setViewportSize({ width: 390, height: 844 });
    await visible(ui.page.getByRole("listitem", { name: "Test case 1: Small architect" }));
    const overflow = await ui.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(ui.page, "admin-rating-cases-390");
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

    await ui.page.setViewportSize({ width: 1440, height: 900 });
    await ui.page.goto("/admin/rating");
    await ui.page.getByRole("button", { name: `Edit ${name}` }).click();
    await visible(ui.page.getByRole("heading", { name: "New Version" }));
    const copied = ui.page.getByRole("listitem", { name: "Test case 1: Reference risk" });
    await visible(copied);
    expect(await copied.getByLabel("Expected total (£)").inputValue()).toBe("196.00");
    await ui.page.getByRole("button", { name: "Test Rating" }).click();
    await visible(copied.getByText(/^Pass:/));
  });
});
