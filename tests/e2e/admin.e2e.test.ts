import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/auth/schemas";
import { formatDateGb } from "../../src/domain/format/dates";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import type { RatingVersion } from "../../src/domain/rating/version";
import {
  DEMO_USERS,
  expectAccessible,
  expectNoSideScroll,
  expectTouchTargets,
  screenshot,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";

const ui = sharedSignedInBrowser("ADMIN");
/** Unique per run, so names never collide with another file's data on the shared server. */
const RUN = Date.now().toString(36);
const VERSION_NAME = `PI001 test ${RUN}`;
const USER_NAME = `Tessa Tester ${RUN}`;
const USER_EMAIL = `tessa.${RUN}@example.com`;

describe("admin: rating versions", () => {
  it("lists the seeded published versions with the product's columns", async () => {
    await ui.page.goto("/admin/rating");
    await visible(ui.page.getByRole("heading", { name: "Rating Versions", level: 1 }));
    expect(await ui.page.title()).toBe("PI Quote Engine - Admin - Rating Versions");
    const rows = ui.page.getByTestId("rating-version-row");
    await visible(rows);
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    for (const header of ["Version", "Status", "Effective From", "Effective To", "Created By", "Actions"]) {
      await visible(ui.page.getByRole("columnheader", { name: header }));
    }
    await visible(rows.first().getByText("PUBLISHED"));
    await visible(ui.page.getByRole("button", { name: /^View .* \(not available\)$/ }));
    await visible(ui.page.getByRole("button", { name: /^Roll back .* \(not available\)$/ }));
    await expectAccessible(ui.page, "rating versions");
    await screenshot(ui.page, "admin-rating-versions");
  });

  it("validates the JSON, reporting every problem with its path", async () => {
    await ui.page.getByRole("button", { name: "New Version" }).click();
    await visible(ui.page.getByRole("heading", { name: "New Version" }));
    const json = ui.page.getByLabel("Configuration (JSON)");

    await json.fill('{ "version": "1.0.0", ');
    await ui.page.getByRole("button", { name: "Validate" }).click();
    expect(await toastText(ui.page, "Validation Error")).toContain("Invalid JSON configuration");

    const broken = { ...PI001_RATING_CONFIG, baseRate: -5, caps: { minPremium: 150, maxMultiplier: 0 } };
    await json.fill(JSON.stringify(broken, null, 2));
    await ui.page.getByRole("button", { name: "Validate" }).click();
    const problems = ui.page.getByRole("alert").filter({ hasText: "problems in the configuration" });
    await visible(problems);
    await visible(problems.getByText("baseRate", { exact: true }));
    await visible(problems.getByText("caps.maxMultiplier", { exact: true }));
    await screenshot(ui.page, "admin-rating-validation");

    await json.fill(JSON.stringify(PI001_RATING_CONFIG, null, 2));
    await ui.page.getByRole("button", { name: "Validate" }).click();
    await visible(ui.page.getByText("The configuration is valid"));
  });

  it("test-rates with the real engine: premium, factor trace, what a cancellation returns and the high sum insured note", async () => {
    await ui.page.getByRole("button", { name: "Test Rating" }).click();
    const results = ui.page.getByRole("region", { name: "Premium breakdown" });
    await visible(ui.page.getByRole("heading", { name: "Test Results" }));
    // docs/product/rating.md defaults on the product's example: 1.2 x 0.95 = 1.14 -> £114 floored to £150; + £25 fee; + 12% = £196.
    await visible(results.getByText("£196.00").first());
    await visible(ui.page.getByRole("region", { name: "Factor trace" }).getByText("turnover", { exact: true }));
    expect(await ui.page.getByText(/High sum insured/).count()).toBe(0);
    // The version's cancellation terms (the D/C-PI defaults here): £250 kept, more than this £150 premium.
    const cancelled = ui.page.getByRole("region", { name: "If cancelled" });
    await visible(cancelled.getByRole("row", { name: /From inception .* £150\.00 £0\.00/ }));
    await visible(cancelled.getByText(/mid-term adjustment under £25\.00 is waived/));

    await ui.page.getByLabel("Sum insured (£)").fill("2500000");
    await ui.page.getByRole("button", { name: "Test Rating" }).click();
    await visible(ui.page.getByText(/High sum insured/));
    await visible(ui.page.getByText("HIGH_SUM_INSURED"));
    await expectAccessible(ui.page, "rating version editor");
    await screenshot(ui.page, "admin-rating-test-results");
  });

  it("saves the draft, then publishes it", async () => {
    // Other browser-test files on this server publish PI001 versions too; a new version must start after
    // the latest one, so this one starts on the 1 January after every PI001 version already published.
    const listed = await ui.page.request.get("/api/rating/versions");
    const versions = ((await listed.json()) as { data: { productCode: string; effectiveFrom: string }[] }).data;
    const latestYear = Math.max(
      2030,
      ...versions.filter((v) => v.productCode === "PI001").map((v) => Number(v.effectiveFrom.slice(0, 4))),
    );
    const effectiveYear = latestYear + 1;
    await ui.page.getByLabel("Name").fill(VERSION_NAME);
    await ui.page.getByLabel("Notes").fill("Browser test version, effective in the future");
    await ui.page.getByLabel("Effective From").fill(`${effectiveYear}-01-01`);
    await ui.page.getByRole("button", { name: "Save" }).click();
    await toastText(ui.page, "Rating Version Created");
    await visible(ui.page.getByRole("heading", { name: `Edit ${VERSION_NAME}` }));

    await ui.page.getByRole("button", { name: "Publish", exact: true }).click();
    await ui.page.getByRole("alertdialog").getByRole("button", { name: "Publish version" }).click();
    expect(await toastText(ui.page, "Version Published")).toContain(
      "Rating version has been published and is now active",
    );
    await waitForPath(ui.page, "/admin/rating");
    const row = ui.page.getByTestId("rating-version-row").filter({ hasText: VERSION_NAME });
    await visible(row.getByText("PUBLISHED"));
    await visible(row.getByText(`01/01/${effectiveYear}`));
  });
});

describe("admin: users", () => {
  it("adds a user, enabling Add User only when every field is filled", async () => {
    await ui.page.goto("/admin/users");
    await visible(ui.page.getByRole("heading", { name: "User Management", level: 1 }));
    const add = ui.page.getByRole("button", { name: "Add User" });
    expect(await add.isDisabled()).toBe(true);
    await ui.page.getByLabel("Full Name").fill(USER_NAME);
    await ui.page.getByLabel("Email Address").fill(USER_EMAIL);
    expect(await add.isDisabled()).toBe(true);
    await ui.page.getByLabel("Password", { exact: true }).fill("Quiet-Harbour-Violin-7");
    await ui.page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Underwriter" });
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await toastText(ui.page, "User Created");
    const row = ui.page.getByTestId("user-row").filter({ hasText: USER_EMAIL });
    await visible(row.getByText("UNDERWRITER"));
    await expectAccessible(ui.page, "user management");
    await screenshot(ui.page, "admin-users");
  });

  it("deletes the user after the exact confirmation", async () => {
    await ui.page.getByRole("button", { name: `Delete user ${USER_NAME}` }).click();
    const dialog = ui.page.getByRole("alertdialog");
    await visible(
      dialog.getByText(`Are you sure you want to delete user "${USER_NAME}"? This action cannot be undone.`),
    );
    await expectAccessible(ui.page, "delete user dialog");
    await screenshot(ui.page, "admin-users-delete-dialog");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toastText(ui.page, "User Deleted");
    await ui.page.getByTestId("user-row").filter({ hasText: USER_EMAIL }).waitFor({ state: "detached" });
  });
});

describe("admin: audit logs", () => {
  it("shows those changes, newest first", async () => {
    await ui.page.goto("/admin/audit");
    await visible(ui.page.getByRole("heading", { name: "Audit Logs", level: 1 }));
    const entries = ui.page.getByTestId("audit-entry");
    await visible(entries);
    const texts = (await entries.allTextContents()).map((text) => text.replace(/\s+/g, " "));
    const deleted = texts.findIndex((text) => text.startsWith("User Deleted"));
    const created = texts.findIndex((text) => text.startsWith("User Created"));
    const published = texts.findIndex((text) => text.startsWith("Rating version Published"));
    expect(deleted, texts.slice(0, 10).join("\n")).toBeGreaterThanOrEqual(0);
    expect(created).toBeGreaterThan(deleted);
    expect(published).toBeGreaterThan(created);
    // In words: no entity type, action or detail by its key, and money as money.
    for (const text of texts) expect(text).not.toMatch(/rating_version|totalPremium|ratingVersionId|_failed|[{}]/);
    expect(texts[published]).toMatch(/Name: .+Product: .+Effective from: \d{2}\/\d{2}\/\d{4}/);
    await expectAccessible(ui.page, "audit logs");
    await screenshot(ui.page, "admin-audit");
  });
});

describe("admin on a phone (390 x 844): users and rating versions as cards", () => {
  let phone: Page;

  beforeAll(async () => {
    phone = await ui.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
  });

  afterAll(async () => {
    await phone?.close();
  });

  /** The card's text as read, spaces collapsed: labels run into their values ('Created24/11/2026'). */
  async function cardText(card: Locator): Promise<string> {
    return ((await card.textContent()) ?? "").replace(/\s+/g, " ");
  }

  it("shows each user as a card with name, e-mail, role and created, and deletes from the card", async () => {
    const name = `Phoebe Phone ${RUN}`;
    const email = `phoebe.${RUN}@example.com`;
    const created = await phone.request.post("/api/auth/register", {
      data: { name, email, password: "Quiet-Harbour-Violin-7", role: "UNDERWRITER" },
    });
    expect(created.status()).toBe(201);
    const user = ((await created.json()) as { data: User }).data;

    await phone.goto("/admin/users");
    await visible(phone.getByRole("heading", { name: "User Management", level: 1 }));
    const card = phone.getByTestId("user-row").filter({ hasText: email });
    await visible(card);
    expect(await card.evaluate((element) => element.tagName)).toBe("LI");
    await visible(phone.getByRole("list", { name: "Users" }));
    expect(await phone.locator("table").count()).toBe(0);
    const text = await cardText(card);
    for (const value of [name, email, "Role UNDERWRITER", `Created${formatDateGb(user.createdAt)}`]) {
      expect(text).toContain(value);
    }
    // The administrator's own card says so and offers no Delete.
    const own = phone.getByTestId("user-row").filter({ hasText: DEMO_USERS.ADMIN.email });
    await visible(own.getByText("You", { exact: true }));
    expect(await own.getByRole("button").count()).toBe(0);

    const remove = card.getByRole("button", { name: `Delete user ${name}` });
    await visible(remove);
    await expectTouchTargets(card);
    await expectNoSideScroll(phone, "user management at 390");
    await expectAccessible(phone, "user management at 390");
    await screenshot(phone, "admin-users-390");

    await remove.click();
    const dialog = phone.getByRole("alertdialog");
    await visible(dialog.getByText(`Are you sure you want to delete user "${name}"? This action cannot be undone.`));
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toastText(phone, "User Deleted");
    await card.waitFor({ state: "detached" });
  });

  it("shows each rating version as a card with its values; Publish asks first and Edit opens the version", async () => {
    const name = `Phone draft ${RUN}`;
    const productCode = `ZZ-PHONE-${RUN}`;
    const created = await phone.request.post("/api/rating/versions", {
      data: {
        name,
        notes: "Drafted for the phone",
        json: { ...PI001_RATING_CONFIG, productCode },
        effectiveFrom: "2040-01-01",
        effectiveTo: "2041-01-01",
      },
    });
    expect(created.status()).toBe(201);
    const version = ((await created.json()) as { data: RatingVersion }).data;

    await phone.goto("/admin/rating");
    await visible(phone.getByRole("heading", { name: "Rating Versions", level: 1 }));
    const card = phone.locator(`[data-testid="rating-version-row"][data-name="${name}"]`);
    await visible(card);
    expect(await card.evaluate((element) => element.tagName)).toBe("LI");
    await visible(phone.getByRole("list", { name: "Rating versions" }));
    expect(await phone.locator("table").count()).toBe(0);
    const text = await cardText(card);
    for (const value of [
      name,
      `${productCode} · Drafted for the phone`,
      "Status DRAFT",
      "Effective from01/01/2040",
      "Effective to01/01/2041",
      `Created by${version.createdBy?.name ?? "missing"}`,
    ]) {
      expect(text).toContain(value);
    }
    expect(version.createdBy?.name).toBe(DEMO_USERS.ADMIN.name);
    // A draft offers Edit, Publish and View; a published version Roll back too (both marked unavailable).
    for (const action of [`Edit ${name}`, `Publish ${name}`, `View ${name} (not available)`]) {
      await visible(card.getByRole("button", { name: action, exact: true }));
    }
    expect(await card.getByRole("button", { name: /^Roll back/ }).count()).toBe(0);
    const published = phone.getByTestId("rating-version-row").filter({ hasText: "PUBLISHED" }).first();
    await visible(published.getByRole("button", { name: /^Roll back .* \(not available\)$/ }));
    await expectTouchTargets(card);
    await expectTouchTargets(published);
    await expectNoSideScroll(phone, "rating versions at 390");
    await expectAccessible(phone, "rating versions at 390");
    await screenshot(phone, "admin-rating-versions-390");

    await card.getByRole("button", { name: `Publish ${name}` }).click();
    const dialog = phone.getByRole("alertdialog");
    await visible(dialog.getByText(`Publish "${name}" (${productCode})`, { exact: false }));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await visible(card.getByText("DRAFT", { exact: true }));

    // By keyboard, as on the desktop: Enter on the card's Edit opens the draft in the editor.
    await card.getByRole("button", { name: `Edit ${name}` }).focus();
    await phone.keyboard.press("Enter");
    await visible(phone.getByRole("heading", { name: `Edit ${name}` }));
    expect(new URL(phone.url()).searchParams.get("version")).toBe(version.id);
  });
});
