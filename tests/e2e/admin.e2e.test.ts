import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import {
  expectAccessible,
  launchBrowser,
  screenshot,
  signedInPage,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Unique per run, so names never collide with another file's data on the shared server. */
const RUN = Date.now().toString(36);
const VERSION_NAME = `PI001 test ${RUN}`;
const USER_NAME = `Tessa Tester ${RUN}`;
const USER_EMAIL = `tessa.${RUN}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, "ADMIN"));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("admin: rating versions", () => {
  it("lists the seeded published versions with the product's columns", async () => {
    await page.goto("/admin/rating");
    await visible(page.getByRole("heading", { name: "Rating Versions", level: 1 }));
    expect(await page.title()).toBe("PI Quote Engine - Admin - Rating Versions");
    const rows = page.getByTestId("rating-version-row");
    await visible(rows);
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    for (const header of ["Version", "Status", "Effective From", "Effective To", "Created By", "Actions"]) {
      await visible(page.getByRole("columnheader", { name: header }));
    }
    await visible(rows.first().getByText("PUBLISHED"));
    await visible(page.getByRole("button", { name: /^View .* \(not available\)$/ }));
    await visible(page.getByRole("button", { name: /^Roll back .* \(not available\)$/ }));
    await expectAccessible(page, "rating versions");
    await screenshot(page, "admin-rating-versions");
  });

  it("validates the JSON, reporting every problem with its path", async () => {
    await page.getByRole("button", { name: "New Version" }).click();
    await visible(page.getByRole("heading", { name: "New Version" }));
    const json = page.getByLabel("Configuration (JSON)");

    await json.fill('{ "version": "1.0.0", ');
    await page.getByRole("button", { name: "Validate" }).click();
    expect(await toastText(page, "Validation Error")).toContain("Invalid JSON configuration");

    const broken = { ...PI001_RATING_CONFIG, baseRate: -5, caps: { minPremium: 150, maxMultiplier: 0 } };
    await json.fill(JSON.stringify(broken, null, 2));
    await page.getByRole("button", { name: "Validate" }).click();
    const problems = page.getByRole("alert").filter({ hasText: "problems in the configuration" });
    await visible(problems);
    await visible(problems.getByText("baseRate", { exact: true }));
    await visible(problems.getByText("caps.maxMultiplier", { exact: true }));
    await screenshot(page, "admin-rating-validation");

    await json.fill(JSON.stringify(PI001_RATING_CONFIG, null, 2));
    await page.getByRole("button", { name: "Validate" }).click();
    await visible(page.getByText("The configuration is valid"));
  });

  it("test-rates with the real engine: premium, factor trace and the high sum insured note", async () => {
    await page.getByRole("button", { name: "Test Rating" }).click();
    const results = page.getByRole("region", { name: "Premium breakdown" });
    await visible(page.getByRole("heading", { name: "Test Results" }));
    // docs/product/rating.md defaults on the product's example: 1.2 x 0.95 = 1.14 -> £114 floored to £150; + £25 fee; + 12% = £196.
    await visible(results.getByText("£196.00").first());
    await visible(page.getByRole("region", { name: "Factor trace" }).getByText("turnover", { exact: true }));
    expect(await page.getByText(/High sum insured/).count()).toBe(0);

    await page.getByLabel("Sum insured (£)").fill("2500000");
    await page.getByRole("button", { name: "Test Rating" }).click();
    await visible(page.getByText(/High sum insured/));
    await visible(page.getByText("HIGH_SUM_INSURED"));
    await expectAccessible(page, "rating version editor");
    await screenshot(page, "admin-rating-test-results");
  });

  it("saves the draft, then publishes it", async () => {
    // Other browser-test files on this server publish PI001 versions too; a new version must start after
    // the latest one, so this one starts on the 1 January after every PI001 version already published.
    const listed = await page.request.get("/api/rating/versions");
    const versions = ((await listed.json()) as { data: { productCode: string; effectiveFrom: string }[] }).data;
    const latestYear = Math.max(
      2030,
      ...versions.filter((v) => v.productCode === "PI001").map((v) => Number(v.effectiveFrom.slice(0, 4))),
    );
    const effectiveYear = latestYear + 1;
    await page.getByLabel("Name").fill(VERSION_NAME);
    await page.getByLabel("Notes").fill("Browser test version, effective in the future");
    await page.getByLabel("Effective From").fill(`${effectiveYear}-01-01`);
    await page.getByRole("button", { name: "Save" }).click();
    await toastText(page, "Rating Version Created");
    await visible(page.getByRole("heading", { name: `Edit ${VERSION_NAME}` }));

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Publish version" }).click();
    expect(await toastText(page, "Version Published")).toContain("Rating version has been published and is now active");
    await waitForPath(page, "/admin/rating");
    const row = page.getByTestId("rating-version-row").filter({ hasText: VERSION_NAME });
    await visible(row.getByText("PUBLISHED"));
    await visible(row.getByText(`01/01/${effectiveYear}`));
  });
});

describe("admin: users", () => {
  it("adds a user, enabling Add User only when every field is filled", async () => {
    await page.goto("/admin/users");
    await visible(page.getByRole("heading", { name: "User Management", level: 1 }));
    const add = page.getByRole("button", { name: "Add User" });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel("Full Name").fill(USER_NAME);
    await page.getByLabel("Email Address").fill(USER_EMAIL);
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel("Password", { exact: true }).fill("Tester-Password-2026");
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Underwriter" }).click();
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await toastText(page, "User Created");
    const row = page.getByTestId("user-row").filter({ hasText: USER_EMAIL });
    await visible(row.getByText("UNDERWRITER"));
    await expectAccessible(page, "user management");
    await screenshot(page, "admin-users");
  });

  it("deletes the user after the exact confirmation", async () => {
    await page.getByRole("button", { name: `Delete user ${USER_NAME}` }).click();
    const dialog = page.getByRole("alertdialog");
    await visible(
      dialog.getByText(`Are you sure you want to delete user "${USER_NAME}"? This action cannot be undone.`),
    );
    await expectAccessible(page, "delete user dialog");
    await screenshot(page, "admin-users-delete-dialog");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toastText(page, "User Deleted");
    await page.getByTestId("user-row").filter({ hasText: USER_EMAIL }).waitFor({ state: "detached" });
  });
});

describe("admin: audit logs", () => {
  it("shows those changes, newest first", async () => {
    await page.goto("/admin/audit");
    await visible(page.getByRole("heading", { name: "Audit Logs", level: 1 }));
    const entries = page.getByTestId("audit-entry");
    await visible(entries);
    const texts = (await entries.allTextContents()).map((text) => text.replace(/\s+/g, " "));
    const deleted = texts.findIndex((text) => text.startsWith("user deleted"));
    const created = texts.findIndex((text) => text.startsWith("user created"));
    const published = texts.findIndex((text) => text.startsWith("rating_version published"));
    expect(deleted, texts.slice(0, 10).join("\n")).toBeGreaterThanOrEqual(0);
    expect(created).toBeGreaterThan(deleted);
    expect(published).toBeGreaterThan(created);
    await expectAccessible(page, "audit logs");
    await screenshot(page, "admin-audit");
  });
});
