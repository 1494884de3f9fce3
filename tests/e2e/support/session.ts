/**
 * The browser a test file works in, signed in as demo users: Chromium is launched before the file's tests, a
 * context per role is signed in, and everything is closed afterwards. The fields are filled once the file's
 * beforeAll hooks have run; hooks the file registers before the call run first (data made through the API),
 * those after it run later (scripts added to a context).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type DemoRole, launchBrowser, signedInPage } from "./browser";

export interface Viewport {
  width: number;
  height: number;
}

/** The desktop the screens are looked at on. */
export const DESKTOP: Viewport = { width: 1440, height: 900 };
/** The phone the screens are looked at on. */
export const PHONE: Viewport = { width: 390, height: 844 };
/** For a test run on both: each viewport with its width as the screenshots' names carry it. */
export const DESKTOP_AND_PHONE = [
  ["1440", DESKTOP],
  ["390", PHONE],
] as const;

export interface SignedInTab {
  context: BrowserContext;
  page: Page;
}

export interface SignedInOptions {
  /** The size of every page made here (otherwise the context's own, 1366 x 900). */
  viewport?: Viewport;
  /** A fresh tab before each test, so no toast, dialog or listener of the previous test is left behind. */
  freshPageEachTest?: boolean;
}

/** Chromium for the file's tests, closed after them; contexts are the tests' own. */
export function sharedBrowser(): { readonly browser: Browser } {
  const session = {} as { browser: Browser };
  beforeAll(async () => {
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}

/** Chromium with a signed-in context and page for each role, in the order given (keyed by the role in lower case). */
export function sharedSignedInBrowsers<R extends DemoRole>(
  roles: readonly R[],
  options: SignedInOptions = {},
): { readonly browser: Browser } & { readonly [K in Lowercase<R>]: SignedInTab } {
  const session = {} as { browser: Browser } & Record<string, SignedInTab>;
  const keyOf = (role: R) => role.toLowerCase();
  beforeAll(async () => {
    session.browser = await launchBrowser();
    for (const role of roles) session[keyOf(role)] = await signedInPage(session.browser, role);
    if (options.viewport) {
      for (const role of roles) await session[keyOf(role)]?.page.setViewportSize(options.viewport);
    }
  });
  if (options.freshPageEachTest) {
    beforeEach(async () => {
      for (const role of roles) {
        const tab = session[keyOf(role)] as SignedInTab;
        await tab.page.close();
        tab.page = await tab.context.newPage();
        if (options.viewport) await tab.page.setViewportSize(options.viewport);
      }
    });
  }
  afterAll(async () => {
    for (const role of roles) await session[keyOf(role)]?.context.close();
    await session.browser?.close();
  });
  return session as { readonly browser: Browser } & { readonly [K in Lowercase<R>]: SignedInTab };
}

/** Chromium with one context and page signed in as `role`. */
export function sharedSignedInBrowser(
  role: DemoRole,
  options: SignedInOptions = {},
): { readonly browser: Browser } & SignedInTab {
  const session = sharedSignedInBrowsers([role], options);
  const tab = () => (session as unknown as Record<string, SignedInTab>)[role.toLowerCase()] as SignedInTab;
  return {
    get browser() {
      return session.browser;
    },
    get context() {
      return tab().context;
    },
    get page() {
      return tab().page;
    },
  };
}
