/**
 * Every screen of docs/product/screens.md's route table on a desktop (1440x900) and on a phone (390x844): nothing scrolls
 * sideways and axe-core finds no serious or critical violation; on the phone the dashboard shows cards with
 * their actions, the wizard a compact step indicator, and step 7 a pinned premium summary.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { defaultRatingInput } from "../../src/domain/rating/input";
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
let draftVersion: { id: string; name: string };

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
  // A draft of the quotes' product with a test case and a changed base rate, so the editor shows everything it
  // can: the cases, an impact analysis of the quotes above and a comparison with the published version.
  const admin = await ApiSession.signIn("ADMIN");
  const name = `${TAG} editor draft`;
  const created = await admin.data<{ id: string }>("POST", "/api/rating/versions", {
    name,
    notes: "Drafted to see the editor on a phone",
    json: { ...PI001_RATING_CONFIG, baseRate: 400 },
    effectiveFrom: "2041-01-01",
    testCases: [
      {
        name: "Reference risk",
        input: defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 0 }),
        expectedTotal: "196.00",
        expectedReferrals: [],
      },
    ],
  });
  draftVersion = { id: created.id, name };
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
  {
    name: "admin-rating-editor",
    role: "ADMIN",
    path: () => "/admin/rating?version=new",
    ready: (page) => page.getByRole("heading", { name: "New Version" }),
  },
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

  it("fits the rating version editor in a phone's width, with Logout in view", async () => {
    // A phone's browser, which widens its layout to content too wide for the screen and so pushes the top bar's
    // Logout past the screen's edge.
    const viewport = { width: size.width, height: size.height };
    const context = await newContext(ui.browser, { viewport, isMobile: true, hasTouch: true });
    await signInContext(context, "ADMIN");
    const page = await context.newPage();
    const fits = async (screen: string) => {
      await screenshot(page, `responsive-${screen}-390`);
      await expectNoSideScroll(page, screen);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(size.width);
      const logout = await page.getByRole("banner").getByRole("button", { name: "Logout", exact: true }).boundingBox();
      expect(logout, screen).not.toBeNull();
      expect(logout?.x ?? -1, screen).toBeGreaterThanOrEqual(0);
      expect((logout?.x ?? 0) + (logout?.width ?? Number.POSITIVE_INFINITY), screen).toBeLessThanOrEqual(size.width);
    };
    try {
      // A new version starts from the published configuration, whose referral codes are long single words.
      await page.goto("/admin/rating?version=new");
      await visible(page.getByRole("heading", { name: "New Version" }));
      await page.getByRole("button", { name: "Test Rating" }).click();
      await visible(page.getByRole("heading", { name: "Test Results" }));
      await fits("admin-rating-editor-new");

      // A draft shows everything the editor can: a case's result, the test rating's breakdown, the impact
      // analysis and the comparison with the published version.
      await page.goto(`/admin/rating?version=${encodeURIComponent(draftVersion.id)}`);
      await visible(page.getByRole("heading", { name: `Edit ${draftVersion.name}` }));
      const testCase = page.getByRole("listitem", { name: "Test case 1: Reference risk" });
      await page.getByRole("button", { name: "Validate" }).click();
      await page.getByRole("button", { name: "Test Rating" }).click();
      await visible(testCase.getByText(/^(Pass|Fail):/));
      await testCase.getByText("Rating input (JSON)").click();
      await page.getByRole("button", { name: "Compare with published" }).click();
      await visible(page.getByRole("button", { name: "Compare again" }));
      await page.getByRole("button", { name: "Run Impact Analysis" }).click();
      await visible(page.getByText(/^Analysed [\d,]+ quotes in/), 60_000);
      await fits("admin-rating-editor-draft");
    } finally {
      await context.close();
    }
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
