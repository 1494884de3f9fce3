/**
 * Passwords on screen (docs/product/permissions.md "Passwords"), on a desktop and a phone: changing your own from
 * Account, and an administrator's reset link opened from the e-mail, used once.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RULE_MESSAGES } from "../../src/domain/auth/password-rule";
import { ApiSession, newBrokerAccount } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  failedRequest,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  signInContext,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { emailedResetLink, resetLinksSentTo } from "./support/mail";
import { DESKTOP, sharedBrowser, type Viewport } from "./support/session";

const RUN = Date.now().toString(36);
const PHONE: Viewport = { width: 390, height: 844 };
const FIRST_PASSWORD = "Harbour-Quiet-Violin-9";
const NEW_PASSWORD = "Copper-Lantern-Meadow-4";

const session = sharedBrowser();
let admin: ApiSession;
beforeAll(async () => {
  admin = await ApiSession.signIn("ADMIN");
});

const newUser = (label: string) => newBrokerAccount(admin, "Casey", label, RUN, FIRST_PASSWORD);

async function signInStatus(context: BrowserContext, email: string, password: string): Promise<number> {
  return (await context.request.post("/api/auth/login", { data: { email, password } })).status();
}

function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) count++;
  });
  return () => count;
}

for (const [size, viewport] of [
  ["1440", DESKTOP],
  ["390", PHONE],
] as const) {
  describe(`passwords at ${size}`, () => {
    const contexts: BrowserContext[] = [];
    const context = async () => {
      const made = await newContext(session.browser, { viewport });
      contexts.push(made);
      return made;
    };
    afterAll(async () => {
      for (const made of contexts) await made.close();
    });

    it("changes your own password from Account: the rule before sending, a wrong current password, then success", async () => {
      const user = await newUser(`Changer${size}`);
      const here = await context();
      const elsewhere = await context();
      expect(await signInStatus(here, user.email, FIRST_PASSWORD)).toBe(200);
      expect(await signInStatus(elsewhere, user.email, FIRST_PASSWORD)).toBe(200);
      const page = await here.newPage();
      await page.goto("/dashboard");
      await (await visible(page.getByRole("link", { name: /account$/ }))).click();
      await waitForPath(page, "/account");
      await visible(page.getByRole("heading", { name: "Account", level: 1 }));
      const sent = countRequests(page, "/api/me/password");

      // A common password: the rule's message under the field, and nothing sent.
      await page.getByLabel("Current password").fill(FIRST_PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill("Password1234");
      await page.getByLabel("Confirm new password").fill("Password1234");
      await page.getByRole("button", { name: "Change Password" }).click();
      expect(await (await visible(page.locator("#new-password-error"))).textContent()).toBe(
        PASSWORD_RULE_MESSAGES.common,
      );
      expect(await page.getByLabel("New password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      await screenshot(page, `account-common-password-${size}`);
      // The user's own name is refused too.
      await page.getByLabel("New password", { exact: true }).fill(`Copper-${user.name.split(" ")[1]}-Meadow`);
      await page.getByRole("button", { name: "Change Password" }).click();
      expect(await (await visible(page.locator("#new-password-error"))).textContent()).toBe(
        PASSWORD_RULE_MESSAGES.containsName,
      );
      expect(sent()).toBe(0);

      // A wrong current password: the server's answer under that field.
      expectBrowserErrors(page, [failedRequest(400, "/api/me/password")]);
      await page.getByLabel("Current password").fill("Not-My-Password-77");
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change Password" }).click();
      expect(await (await visible(page.locator("#current-password-error"))).textContent()).toBe(
        "Current password is incorrect",
      );
      expect(sent()).toBe(1);
      await screenshot(page, `account-wrong-current-${size}`);

      await page.getByLabel("Current password").fill(FIRST_PASSWORD);
      await page.getByRole("button", { name: "Change Password" }).click();
      expect(await toastText(page, "Password Changed")).toContain("other session was signed out");
      expect(await page.getByLabel("Current password").inputValue()).toBe("");
      await expectAccessible(page, `account at ${size}`);
      await expectNoSideScroll(page, `account at ${size}`);
      await screenshot(page, `account-changed-${size}`);

      // This tab stays signed in; the other one is signed out; the new password signs in, the old one not.
      expect((await here.request.get("/api/me")).status()).toBe(200);
      expect((await elsewhere.request.get("/api/me")).status()).toBe(401);
      const third = await context();
      expect(await signInStatus(third, user.email, FIRST_PASSWORD)).toBe(401);
      expect(await signInStatus(third, user.email, NEW_PASSWORD)).toBe(200);
    });

    it("sends a reset link from User Management; the link sets a new password once, then says it was used", async () => {
      const user = await newUser(`Resetter${size}`);
      const adminContext = await context();
      await signInContext(adminContext, "ADMIN");
      const adminPage = await adminContext.newPage();
      await adminPage.goto("/admin/users");
      const before = await resetLinksSentTo(user.email);
      await (await visible(adminPage.getByRole("button", { name: `Send reset link to ${user.name}` }))).click();
      expect(await toastText(adminPage, "Reset Link Sent")).toContain(user.email);
      await screenshot(adminPage, `admin-reset-link-sent-${size}`);

      const link = await emailedResetLink(user.email, before);
      const holder = await context();
      const page = await holder.newPage();
      expectBrowserErrors(page, [SIGNED_OUT_SESSION_LOOKUP]);
      await page.goto(link);
      await visible(page.getByRole("heading", { name: "Set a new password" }));
      await visible(page.getByText(`For ${user.name} (${user.email})`));
      await page.getByLabel("New password", { exact: true }).fill("123456789012");
      await page.getByLabel("Confirm new password").fill("123456789012");
      await page.getByRole("button", { name: "Set Password" }).click();
      expect(await (await visible(page.locator("#new-password-error"))).textContent()).toBe(
        PASSWORD_RULE_MESSAGES.common,
      );
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}x`);
      await page.getByRole("button", { name: "Set Password" }).click();
      expect(await (await visible(page.locator("#confirm-password-error"))).textContent()).toBe(
        PASSWORD_RULE_MESSAGES.mismatch,
      );
      await expectAccessible(page, `reset page at ${size}`);
      await screenshot(page, `reset-page-${size}`);
      await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set Password" }).click();
      await visible(page.getByRole("heading", { name: "Password set" }));
      await expectNoSideScroll(page, `reset done at ${size}`);
      await screenshot(page, `reset-done-${size}`);
      const signIn = await context();
      expect(await signInStatus(signIn, user.email, FIRST_PASSWORD)).toBe(401);
      expect(await signInStatus(signIn, user.email, NEW_PASSWORD)).toBe(200);

      // The same link again: a clear refusal, and no form.
      expectBrowserErrors(page, [SIGNED_OUT_SESSION_LOOKUP, failedRequest(410, "/api/auth/password-reset/link")]);
      await page.goto("/");
      await page.goto(link);
      await visible(page.getByRole("heading", { name: "This link cannot be used" }));
      expect(await page.getByRole("alert").textContent()).toBe(
        "This password reset link has already been used. Ask an administrator to send you a new one.",
      );
      expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
      await expectAccessible(page, `used reset link at ${size}`);
      await screenshot(page, `reset-link-used-${size}`);
    });
  });
}
