/**
 * Two-factor sign-in and re-authentication on screen (docs/product/permissions.md "Two-factor sign-in",
 * "Re-authentication"), on a desktop and a phone: setting up an authenticator app on Account, signing in with its
 * code and with a recovery code, and the 'Confirm it's you' dialog repeating an action without losing what was
 * typed. The test plays the authenticator app with the same RFC 6238 library the server uses.
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
import { type OwnServer, START_TIMEOUT_MS, startOwnServer } from "./support/own-server";
import { DESKTOP_AND_PHONE, sharedBrowser } from "./support/session";

const RUN = Date.now().toString(36);
const PASSWORD = "Harbour-Quiet-Violin-9";
const STEP_MS = 30_000;
const SIZES = DESKTOP_AND_PHONE;

const session = sharedBrowser();
let admin: ApiSession;
/**
 * The dialog needs a sign-in older than the re-authentication window: a server of the file's own whose window is a
 * minute (REAUTHENTICATION_MINUTES=1, the shortest allowed), with administrators signed in at the start, so that
 * their sign-in is old enough by the last test.
 */
const REAUTHENTICATION_WINDOW_MS = 60_000;
let shortWindow: OwnServer | undefined;
const staleAdmins = new Map<string, BrowserContext>();
let staleSince = 0;

beforeAll(async () => {
  admin = await ApiSession.signIn("ADMIN");
  shortWindow = await startOwnServer({ REAUTHENTICATION_MINUTES: "1" });
  staleSince = Date.now();
  for (const [size, viewport] of SIZES) {
    const context = await newContext(session.browser, { viewport, baseURL: shortWindow.base });
    await signInContext(context, "ADMIN");
    staleAdmins.set(size, context);
  }
}, START_TIMEOUT_MS + 60_000);
afterAll(async () => {
  for (const context of staleAdmins.values()) await context.close();
  await shortWindow?.stop();
});

const newUser = (label: string) => newBrokerAccount(admin, "Morgan", label, RUN, PASSWORD);

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The code an authenticator app shows `aheadMs` from now (one step ahead is still accepted, and not yet used). */
const codeAt = (secret: string, aheadMs = 0) => totpCodeAt(secret, new Date(Date.now() + aheadMs));

for (const [size, viewport] of SIZES) {
  describe(`two-factor sign-in at ${size}`, () => {
    const contexts: BrowserContext[] = [];
    const context = async () => {
      const made = await newContext(session.browser, { viewport });
      contexts.push(made);
      return made;
    };
    afterAll(async () => {
      for (const made of contexts) await made.close();
    });

    it("sets up an authenticator app on Account, then signs in with its code, and once with a recovery code", async () => {
      const user = await newUser(`Enrol${size}`);
      const here = await context();
      const page = await here.newPage();
      expectBrowserErrors(page, [SIGNED_OUT_SESSION_LOOKUP]);
      await signInWithPassword(page, user.email);
      await waitForPath(page, "/dashboard");
      await page.goto("/account");
      await (await visible(page.getByRole("button", { name: "Set Up Two-Factor Sign-In" }))).click();
      await visible(page.getByRole("img", { name: "QR code for your authenticator app" }));
      const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectAccessible(page, `two-factor set-up at ${size}`);
      await expectNoSideScroll(page, `two-factor set-up at ${size}`);
      await screenshot(page, `two-factor-setup-${size}`);

      // A wrong code is named under the field; the right one turns it on and shows the recovery codes once.
      expectBrowserErrors(page, [
        SIGNED_OUT_SESSION_LOOKUP,
        failedRequest(400, "/api/me/two-factor/enrolment/confirm"),
      ]);
      await page.getByLabel("Code from the app").fill("000000");
      await page.getByRole("button", { name: "Turn On" }).click();
      await visible(page.locator("#two-factor-code-error"));
      await page.getByLabel("Code from the app").fill(codeAt(secret));
      await page.getByRole("button", { name: "Turn On" }).click();
      const list = await visible(page.getByRole("list", { name: "Recovery codes" }));
      const recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
      expect(recoveryCodes).toHaveLength(10);
      await expectNoSideScroll(page, `recovery codes at ${size}`);
      await screenshot(page, `two-factor-recovery-codes-${size}`);
      await page.getByRole("button", { name: "I Have Saved Them" }).click();
      await visible(page.getByText("10 recovery codes left."));

      // Signing in again: the password, then the code step.
      const signInTab = await (await context()).newPage();
      expectBrowserErrors(signInTab, [SIGNED_OUT_SESSION_LOOKUP, failedRequest(401, "/api/auth/login/second-factor")]);
      await signInWithPassword(signInTab, user.email);
      const codeField = await visible(signInTab.getByLabel("Code"));
      await expectAccessible(signInTab, `code step at ${size}`);
      await screenshot(signInTab, `sign-in-code-step-${size}`);
      await codeField.fill("123456");
      await signInTab.getByRole("button", { name: "Verify" }).click();
      expect(await (await visible(signInTab.locator("#second-factor-code-error"))).textContent()).toBe(
        "This code is not right, or has been used already",
      );
      await screenshot(signInTab, `sign-in-code-wrong-${size}`);
      await codeField.fill(codeAt(secret, STEP_MS));
      await signInTab.getByRole("button", { name: "Verify" }).click();
      await waitForPath(signInTab, "/dashboard");

      // A recovery code signs in once; the same one again is refused.
      const recovery = recoveryCodes[0] ?? "";
      for (const [attempt, expected] of [
        [1, "/dashboard"],
        [2, null],
      ] as const) {
        const tab = await (await context()).newPage();
        expectBrowserErrors(tab, [SIGNED_OUT_SESSION_LOOKUP, failedRequest(401, "/api/auth/login/second-factor")]);
        await signInWithPassword(tab, user.email);
        await (await visible(tab.getByLabel("Code"))).fill(recovery);
        await tab.getByRole("button", { name: "Verify" }).click();
        if (expected) await waitForPath(tab, expected);
        else await visible(tab.locator("#second-factor-code-error"));
        if (attempt === 2) await screenshot(tab, `sign-in-recovery-code-used-${size}`);
      }
    });
  });
}

describe("re-authentication", () => {
  // Waits out the re-authentication window on the real clock the server keeps.
  const timeout = REAUTHENTICATION_WINDOW_MS + 3 * 60_000;
  it("asks for the password in a dialog once the sign-in is a few minutes old, then adds the user as typed", {
    timeout,
  }, async () => {
    // The administrators signed in at the start: wait until their sign-in is older than the window.
    const wait = staleSince + REAUTHENTICATION_WINDOW_MS + 2000 - Date.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    for (const [size] of SIZES) {
      const adminContext = staleAdmins.get(size);
      if (!adminContext) throw new Error(`No administrator at ${size}`);
      const page = await adminContext.newPage();
      expectBrowserErrors(page, [
        failedRequest(403, "/api/auth/register"),
        failedRequest(400, "/api/me/reauthenticate"),
      ]);
      await page.goto("/admin/users");
      const name = `Jordan Dialog ${size} ${RUN}`;
      const email = `jordan.dialog.${size}.${RUN}@example.com`;
      await (await visible(page.getByLabel("Full Name"))).fill(name);
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Add User" }).click();

      const dialog = await visible(page.getByRole("dialog", { name: "Confirm it's you" }));
      await screenshot(page, `reauthenticate-dialog-${size}`);
      await expectAccessible(page, `re-authentication dialog at ${size}`);
      await dialog.getByLabel("Password").fill("Not-The-Password-1");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await visible(dialog.locator("#reauthenticate-password-error"));
      await dialog.getByLabel("Password").fill(DEMO_USERS.ADMIN.password);
      await dialog.getByRole("button", { name: "Confirm" }).click();
      expect(await toastText(page, "User Created")).toContain(name);
      await expectNoSideScroll(page, `user added after re-authentication at ${size}`);
      await screenshot(page, `reauthenticated-user-created-${size}`);
      const users = (await (await adminContext.request.get("/api/users")).json()) as { data: { email: string }[] };
      expect(users.data.map((u) => u.email)).toContain(email);
    }
  });
});
