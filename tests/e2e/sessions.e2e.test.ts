/**
 * Sessions on screen (docs/product/permissions.md "Sessions"), on a desktop and a phone: Account lists where the
 * user is signed in and ends one, all the others, or this one; an administrator signs a user out everywhere from
 * User Management.
 */
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession, newBrokerAccount } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  signInContext,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { DESKTOP, sharedBrowser, type Viewport } from "./support/session";

const RUN = Date.now().toString(36);
const PHONE: Viewport = { width: 390, height: 844 };
const PASSWORD = "Harbour-Quiet-Violin-9";
const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const session = sharedBrowser();
let admin: ApiSession;
beforeAll(async () => {
  admin = await ApiSession.signIn("ADMIN");
});

const newUser = (label: string) => newBrokerAccount(admin, "Sam", label, RUN, PASSWORD);

async function signedInAs(email: string, userAgent: string, viewport: Viewport): Promise<BrowserContext> {
  const context = await newContext(session.browser, { userAgent, viewport });
  const response = await context.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return context;
}

const meStatus = async (context: BrowserContext) => (await context.request.get("/api/me")).status();

for (const viewport of [
  { name: "desktop", size: DESKTOP, userAgent: CHROME_ON_WINDOWS, device: "Chrome on Windows" },
  { name: "phone", size: PHONE, userAgent: SAFARI_ON_IPHONE, device: "Safari on iPhone" },
]) {
  describe(`Account's sessions on a ${viewport.name}`, () => {
    it("lists this browser and the others in plain words, ends one, then all the others, then this one", async () => {
      const user = await newUser(`List${viewport.name}`);
      const other = viewport.name === "desktop" ? SAFARI_ON_IPHONE : CHROME_ON_WINDOWS;
      const elsewhere = await signedInAs(user.email, other, DESKTOP);
      const elsewhereToo = await signedInAs(user.email, other, DESKTOP);
      const here = await signedInAs(user.email, viewport.userAgent, viewport.size);
      try {
        const tab = await here.newPage();
        await tab.goto("/account");
        const list = tab.getByRole("list", { name: "Your sessions" });
        await visible(list);
        const items = list.getByTestId("own-session");
        await expect.poll(() => items.count()).toBe(3);
        // This browser first (used last), marked.
        expect(await items.first().textContent()).toContain(`${viewport.device}This browser`);
        expect(await items.first().textContent()).toContain("Address127.0.0.1");
        await expectNoSideScroll(tab, `sessions on a ${viewport.name}`);
        await expectAccessible(tab, `sessions on a ${viewport.name}`);
        await screenshot(tab, `sessions-list-${viewport.name}`);

        // End one of the others: it is signed out, this one is not.
        await items
          .nth(1)
          .getByRole("button", { name: /^End Session on / })
          .click();
        expect(await toastText(tab, "Session Ended")).toContain("is signed out");
        await expect.poll(() => items.count()).toBe(2);
        const statuses = [await meStatus(elsewhere), await meStatus(elsewhereToo)].sort();
        expect(statuses).toEqual([200, 401]);

        // End all the others.
        await tab.getByRole("button", { name: "End All Other Sessions" }).click();
        expect(await toastText(tab, "Other Sessions Ended")).toContain("1 other session was signed out");
        await expect.poll(() => items.count()).toBe(1);
        expect(await meStatus(elsewhere)).toBe(401);
        expect(await meStatus(elsewhereToo)).toBe(401);
        expect(await tab.getByRole("button", { name: "End All Other Sessions" }).count()).toBe(0);
        await screenshot(tab, `sessions-only-this-${viewport.name}`);

        // Ending this one signs out cleanly, to the sign-in page.
        expectBrowserErrors(tab, [SIGNED_OUT_SESSION_LOOKUP]);
        await tab.getByRole("button", { name: "Sign Out Here, this browser" }).click();
        await waitForPath(tab, "/login");
        expect(await meStatus(here)).toBe(401);
        await screenshot(tab, `sessions-signed-out-${viewport.name}`);
      } finally {
        await Promise.all([here.close(), elsewhere.close(), elsewhereToo.close()]);
      }
    });

    it("lets an administrator end every session of a user from User Management", async () => {
      const user = await newUser(`Ended${viewport.name}`);
      const usersBrowser = await signedInAs(user.email, viewport.userAgent, DESKTOP);
      const adminBrowser = await newContext(session.browser, { viewport: viewport.size });
      try {
        await signInContext(adminBrowser, "ADMIN");
        const tab = await adminBrowser.newPage();
        await tab.goto("/admin/users");
        const button = tab.getByRole("button", { name: `End sessions of ${user.name}` });
        await visible(button);
        await button.scrollIntoViewIfNeeded();
        await expectNoSideScroll(tab, `user management on a ${viewport.name}`);
        await screenshot(tab, `sessions-admin-users-${viewport.name}`);
        await button.click();
        const dialog = tab.getByRole("alertdialog");
        await visible(dialog);
        expect(await dialog.textContent()).toContain(`Sign "${user.name}" out everywhere?`);
        await screenshot(tab, `sessions-admin-confirm-${viewport.name}`);
        await dialog.getByRole("button", { name: "End Sessions" }).click();
        expect(await toastText(tab, "Sessions Ended")).toContain(`${user.name} was signed out of 1 session.`);
        expect(await meStatus(usersBrowser)).toBe(401);
        expect(await meStatus(adminBrowser)).toBe(200);
      } finally {
        await Promise.all([usersBrowser.close(), adminBrowser.close()]);
      }
    });
  });
}
