import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, signedInPage, toastText, visible } from "./support/browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Unique per run, so names never collide with another file's data on the shared server. */
const RUN = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, "ADMIN"));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("admin: a new user's password", () => {
  it("says the 12-character rule under the field, refuses 'short' without a request, then adds the user", async () => {
    const email = `pat.${RUN}@example.com`;
    await page.goto("/admin/users");
    await visible(page.getByRole("heading", { name: "User Management", level: 1 }));
    await visible(page.getByText("At least 12 characters"));
    await page.getByLabel("Full Name").fill(`Pat Password ${RUN}`);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password").fill("short");
    let registrations = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/auth/register") registrations++;
    });
    await page.getByRole("button", { name: "Add User" }).click();
    const error = await visible(page.locator("#new-user-password-error"));
    expect(await error.textContent()).toBe("Password must be at least 12 characters");
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "admin-safety-short-password");
    expect(registrations).toBe(0);

    await page.getByLabel("Password").fill("Long-Enough-2026");
    const created = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/auth/register",
    );
    await page.getByRole("button", { name: "Add User" }).click();
    expect((await created).status()).toBe(201);
    await toastText(page, "User Created");
    await visible(page.getByTestId("user-row").filter({ hasText: email }));
    expect(registrations).toBe(1);
  });
});
