/**
 * Every screen of docs/product/screens.md's route table on a desktop (1440x900) and on a phone (390x844): nothing scrolls
 * sideways and axe-core finds no serious or critical violation; on the phone the dashboard shows cards with
 * their actions, the wizard a compact step indicator, and step 7 a pinned premium summary.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiSession, type CreatedQuote, completeQuoteData, createDraftQuote, quoteInStatus } from "./support/api";
import {
  type DemoRole,
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  expectTouchTargets,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  signInContext,
  visible,
  waitForPath,
} from "./support/browser";
import { sharedBrowser } from "./support/session";

const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const TAG = `Rsp${Date.now().toString(36)}`;

let broker: ApiSession;
let underwriter: ApiSession;
let quoted: CreatedQuote;
let referred: CreatedQuote;
let rated: CreatedQuote;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

const ui = sharedBrowser();

beforeAll(async () => {
  quoted = await quoteInStatus("QUOTED", `${TAG} Quoted Builders Ltd`, { broker, underwriter });
  referred = await quoteInStatus("REFERRED", `${TAG} Referred Builders Ltd`, { broker, underwriter });
  // A draft with every step saved and a premium, so step 7 offers Complete.
  rated = await createDraftQuote(broker, `${TAG} Rated Builders Ltd`);
  await completeQuoteData(broker, rated.id);
  await broker.data("POST", `/api/quotes/${rated.id}/rate`, { turnoverBand: "up_to_500k" });
});

interface Screen {
  name: string;
  role: DemoRole | null;
  path: () => string;
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name, level: 1 });

const SCREENS: Screen[] = [
  { name: "login", role: null, path: () => "/login", ready: heading("Sign in") },
  {
    name: "dashboard",
    role: "BROKER",
    path: () => "/dashboard",
    ready: (page) => page.locator(`[data-testid="quote-row"][data-reference="${quoted.reference}"]`),
  },
  {
    name: "quote-new",
    role: "BROKER",
    path: () => "/quote/new",
    ready: (page) => page.getByLabel("Company name"),
  },
  {
    name: "quote-step-2",
    role: "BROKER",
    path: () => `/quote/${rated.id}/step/2`,
    ready: (page) => page.getByRole("button", { name: "Continue to Design Liability" }),
  },
  {
    name: "quote-step-7",
    role: "BROKER",
    path: () => `/quote/${rated.id}/step/7`,
    ready: (page) => page.getByRole("button", { name: "Complete", exact: true }),
  },
  { name: "uw-dashboard", role: "UNDERWRITER", path: () => "/uw/dashboard", ready: heading("Review Queue") },
  {
    name: "uw-review",
    role: "UNDERWRITER",
    path: () => `/uw/review/${referred.id}`,
    ready: heading("Review Required"),
  },
  { name: "admin-dashboard", role: "ADMIN", path: () => "/admin", ready: heading("Admin Dashboard") },
  { name: "admin-rating", role: "ADMIN", path: () => "/admin/rating", ready: heading("Rating Versions") },
  { name: "admin-users", role: "ADMIN", path: () => "/admin/users", ready: heading("User Management") },
  { name: "admin-audit", role: "ADMIN", path: () => "/admin/audit", ready: heading("Audit Logs") },
  { name: "not-found", role: "BROKER", path: () => "/no-such-screen", ready: heading("404 Page Not Found") },
];

describe.each(SIZES)("at $width x $height ($name)", (size) => {
  const contexts = new Map<DemoRole | "none", BrowserContext>();

  async function pageAs(role: DemoRole | null): Promise<Page> {
    const key = role ?? "none";
    let context = contexts.get(key);
    if (!context) {
      context = await newContext(ui.browser);
      if (role) await signInContext(context, role);
      contexts.set(key, context);
    }
    const page = await context.newPage();
    // Signed out, the session lookup answers 401: that is how the app knows to show the sign-in screen.
    if (!role) expectBrowserErrors(page, [SIGNED_OUT_SESSION_LOOKUP]);
    await page.setViewportSize({ width: size.width, height: size.height });
    return page;
  }

  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  it.each(SCREENS)("$name fits the width and passes axe-core", async (screen) => {
    const page = await pageAs(screen.role);
    try {
      await page.goto(screen.path());
      await visible(screen.ready(page));
      await screenshot(page, `responsive-${screen.name}-${size.width}`);
      await expectNoSideScroll(page, screen.name);
      // No violation of any impact: the serious ones fail inside the helper, the minor and moderate ones here.
      expect(
        await expectAccessible(page, `${screen.name} at ${size.width}`),
        `${screen.name} at ${size.width}`,
      ).toEqual([]);
    } finally {
      await page.close();
    }
  });

  if (size.name !== "phone") return;

  it("shows the dashboard's quotes as cards with their actions", async () => {
    const page = await pageAs("BROKER");
    await page.goto("/dashboard");
    const card = page.locator(`li[data-testid="quote-row"][data-reference="${quoted.reference}"]`);
    await visible(card);
    await expect.poll(() => page.locator("table").count()).toBe(0);
    await visible(card.getByRole("button", { name: /Download/ }));
    await visible(card.getByRole("button", { name: /e-?mail/i }));
    await visible(card.getByText("COMPLETED", { exact: true }));
    const box = await card.boundingBox();
    expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(size.width);
    // Every control a finger meets is 40 px high: the card's actions and the top bar's buttons.
    await expectTouchTargets(card);
    for (const name of ["Menu", "Logout"]) {
      const button = page.getByRole("banner").getByRole("button", { name, exact: true });
      expect((await button.boundingBox())?.height ?? 0, name).toBeGreaterThanOrEqual(40);
    }
    await page.close();
  });

  it("opens the navigation from the Menu button", async () => {
    const page = await pageAs("BROKER");
    await page.goto("/dashboard");
    await visible(heading("Dashboard")(page));
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await visible(menu);
    await screenshot(page, "responsive-menu-390");
    await expectAccessible(page, "menu at 390");
    await menu.getByRole("link", { name: "New Quote" }).click();
    await waitForPath(page, "/quote/new");
    await expect.poll(() => menu.count()).toBe(0);
    await page.close();
  });

  it("moves between steps with the compact step indicator", async () => {
    const page = await pageAs("BROKER");
    await page.goto(`/quote/${rated.id}/step/2`);
    const count = page.getByTestId("compact-step-count");
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe("Step 2 of 7");
    await visible(page.getByRole("navigation", { name: "Quote steps" }).getByText("Financial Overview"));
    await page.getByRole("button", { name: "All steps" }).click();
    await visible(page.getByRole("list", { name: "All quote steps" }));
    await screenshot(page, "responsive-step-menu-390");
    await page.getByRole("button", { name: /^Step 4: Activity Split/ }).click();
    await waitForPath(page, `/quote/${rated.id}/step/4`);
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe("Step 4 of 7");
    await page.close();
  });

  it("keeps step 7's total premium and Complete on screen", async () => {
    const page = await pageAs("BROKER");
    await page.goto(`/quote/${rated.id}/step/7`);
    const summary = page.getByRole("region", { name: "Premium summary" });
    const complete = summary.getByRole("button", { name: "Complete", exact: true });
    await visible(complete);
    await expect.poll(async () => (await summary.textContent()) ?? "").toMatch(/Premium \(inclusive\)\s*£[\d,]+\.\d\d/);
    // Pinned: at the top of the page it already sits inside the window, at its bottom edge.
    const box = await summary.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(size.height + 1);
    expect(box?.y ?? 0).toBeGreaterThan(size.height / 2);
    await page.screenshot({ path: "test-results/screenshots/responsive-step-7-sticky-390.png" });
    await page.close();
  });
});
