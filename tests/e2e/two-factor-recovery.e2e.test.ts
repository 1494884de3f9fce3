/**
 * The ways back when a second factor is lost (docs/product/permissions.md "Two-factor sign-in"), on a desktop and a
 * phone: a user renews their recovery codes on Account with a current code, and an administrator resets the second
 * factor of a user who lost their phone, which signs that user out. The test plays the authenticator app with the
 * same RFC 6238 library the server uses.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCodeAt } from "../../src/server/auth/totp";
import { ApiSession, newBrokerAccount } from "./support/api";
import {
  DEMO_USERS,
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
import { DESKTOP_AND_PHONE, sharedBrowser } from "./support/session";

const RUN = Date.now().toString(36);
const PASSWORD = "Harbour-Quiet-Violin-9";
const STEP_MS = 30_000;
const SIZES = DESKTOP_AND_PHONE;

const session = sharedBrowser();
let admin: ApiSession;

beforeAll(async () => {
  admin = await ApiSession.signIn("ADMIN");
});

/** The code an authenticator app shows `aheadMs` from now (one step ahead is still accepted, and not yet used). */
const codeAt = (secret: string, aheadMs = 0) => totpCodeAt(secret, new Date(Date.now() + aheadMs));

/**
 * A new broker signed in on `context` with the password, who then sets up an authenticator app (through the API,
 * as Account's own screen is tested in two-factor.e2e.test.ts); answers the app's secret.
 */
async function enrolledBroker(context: BrowserContext, label: string): Promise<{ name: string; secret: string }> {
  const { name, email } = await newBrokerAccount(admin, "Sasha", label, RUN, PASSWORD);
  expect((await context.request.post("/api/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const started = await context.request.post("/api/me/two-factor/enrolment");
  expect(started.status()).toBe(200);
  const { secret } = ((await started.json()) as { data: { secret: string } }).data;
  const confirmed = await context.request.post("/api/me/two-factor/enrolment/confirm", {
    data: { code: codeAt(secret) },
  });
  expect(confirmed.status()).toBe(200);
  return { name, secret };
}

async function recoveryCodesShown(page: Page): Promise<string[]> {
  const list = await visible(page.getByRole("list", { name: "Recovery codes" }));
  return (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
}

for (const [size, viewport] of SIZES) {
  describe(`two-factor recovery at ${size}`, () => {
    const contexts: BrowserContext[] = [];
    const context = async () => {
      const made = await newContext(session.browser, { viewport });
      contexts.push(made);
      return made;
    };
    afterAll(async () => {
      for (const made of contexts) await made.close();
    });

    it("renews the recovery codes on Account with a current code, showing them once with how many the old set had left", async () => {
      const here = await context();
      const { secret } = await enrolledBroker(here, `Renew${size}`);
      const page = await here.newPage();
      expectBrowserErrors(page, [failedRequest(401, "/api/me/two-factor/recovery-codes")]);
      await page.goto("/account");
      await (await visible(page.getByRole("button", { name: "New Recovery Codes" }))).click();
      const field = await visible(page.getByLabel("Code from the app, for new recovery codes"));
      await expectAccessible(page, `new recovery codes at ${size}`);
      await expectNoSideScroll(page, `new recovery codes at ${size}`);
      await screenshot(page, `two-factor-renew-codes-${size}`);

      // A wrong code is named under the field, and counted like a wrong password.
      await field.fill("000000");
      await page.getByRole("button", { name: "Show New Codes" }).click();
      expect(await (await visible(page.locator("#two-factor-code-error"))).textContent()).toBe(
        "This code is not right, or has been used already",
      );
      await field.fill(codeAt(secret, STEP_MS));
      await page.getByRole("button", { name: "Show New Codes" }).click();
      const codes = await recoveryCodesShown(page);
      expect(codes).toHaveLength(10);
      await visible(page.getByText("Your old set had 10 unused codes left, and none of them works any more."));
      await expectAccessible(page, `new recovery codes shown at ${size}`);
      await expectNoSideScroll(page, `new recovery codes shown at ${size}`);
      await screenshot(page, `two-factor-renewed-codes-${size}`);
      await page.getByRole("button", { name: "I Have Saved Them" }).click();
      await visible(page.getByText("10 recovery codes left."));
      // Shown once: back on Account, no code is on screen any more.
      await page.reload();
      await visible(page.getByRole("button", { name: "New Recovery Codes" }));
      expect(await page.getByRole("list", { name: "Recovery codes" }).count()).toBe(0);
    });

    it("lets an administrator reset the second factor of a user who lost it, signing that user out", async () => {
      const lostContext = await context();
      const lost = await enrolledBroker(lostContext, `Lost${size}`);
      const adminContext = await context();
      await signInContext(adminContext, "ADMIN");
      const page = await adminContext.newPage();
      await page.goto("/admin/users");
      const reset = await visible(page.getByRole("button", { name: `Reset two-factor of ${lost.name}` }));
      // Only users with a second factor on offer it: the demo broker signs in with a password alone.
      await visible(page.getByRole("button", { name: `End sessions of ${DEMO_USERS.BROKER.name}` }));
      expect(await page.getByRole("button", { name: `Reset two-factor of ${DEMO_USERS.BROKER.name}` }).count()).toBe(0);
      await expectNoSideScroll(page, `reset two-factor offered at ${size}`);
      await screenshot(page, `two-factor-reset-offered-${size}`);
      await reset.click();
      const dialog = await visible(page.getByRole("alertdialog", { name: "Reset two-factor sign-in" }));
      expect(await dialog.textContent()).toContain(`Reset the second factor of "${lost.name}"?`);
      await expectAccessible(page, `reset two-factor dialog at ${size}`);
      await screenshot(page, `two-factor-reset-dialog-${size}`);
      await dialog.getByRole("button", { name: "Reset Two-Factor" }).click();
      expect(await toastText(page, "Two-Factor Reset")).toContain(
        `${lost.name} was signed out and signs in with their password alone until they set it up again.`,
      );
      await expect.poll(() => reset.count()).toBe(0);
      await expectNoSideScroll(page, `two-factor reset at ${size}`);
      await screenshot(page, `two-factor-reset-done-${size}`);

      // The user's session has ended: Account sends them to sign in.
      const lostPage = await lostContext.newPage();
      expectBrowserErrors(lostPage, [SIGNED_OUT_SESSION_LOOKUP]);
      await lostPage.goto("/account");
      await waitForPath(lostPage, "/login");
    });
  });
}
