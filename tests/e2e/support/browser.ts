/**
 * Browser-test helpers: Debian's Chromium driven by playwright-core (never `playwright install`), axe-core
 * checks, screenshots kept under test-results/screenshots/, and sign-in as the demo users (README.md).
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, expect, inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../support/chromium";

export type DemoRole = "ADMIN" | "BROKER" | "UNDERWRITER";

export const DEMO_USERS: Record<DemoRole, { name: string; email: string; password: string }> = {
  ADMIN: { name: "Ada Admin", email: "admin@example.com", password: "Admin-Demo-2026" },
  BROKER: { name: "Ben Broker", email: "broker@example.com", password: "Broker-Demo-2026" },
  UNDERWRITER: { name: "Uma Underwriter", email: "underwriter@example.com", password: "Underwriter-Demo-2026" },
};

export function baseURL(): string {
  return inject("baseURL");
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true });
}

/** `options` such as a phone's: a mobile browser widens its layout to content too wide for the screen. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
    locale: "en-GB",
    timezoneId: "Europe/London",
    ...options,
  });
  context.on("page", watchBrowserErrors);
  return context;
}

/**
 * What a user would see go wrong, or what a developer's console would show: every `console.error` and every
 * uncaught error or unhandled rejection in a page fails the test it happens in (or, outside a test, the next
 * test to end, and after the file's last test the file itself), unless the test said it expects it with
 * `expectBrowserErrors`. Every page of a context made by `newContext` is watched.
 */
interface BrowserError {
  page: Page;
  /** The page's address when it happened. */
  at: string;
  text: string;
}
const browserErrors: BrowserError[] = [];
const expectedErrors = new Map<Page | BrowserContext, RegExp[]>();

function watchBrowserErrors(page: Page): void {
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    browserErrors.push({ page, at: page.url(), text: `console.error: ${message.text()}${url ? ` (${url})` : ""}` });
  });
  page.on("pageerror", (error) => {
    browserErrors.push({ page, at: page.url(), text: `uncaught: ${error.stack || error.message || String(error)}` });
  });
}

/**
 * Declares errors this test expects in `where` (a page, or every page of a context), each matched by one of
 * `patterns` against "console.error: <text> (<url>)" or "uncaught: <stack>". Holds until the test ends. Use it
 * only where the product answers with an error on purpose, e.g. the session lookup's 401 when signed out.
 */
export function expectBrowserErrors(where: Page | BrowserContext, patterns: readonly RegExp[]): void {
  expectedErrors.set(where, [...(expectedErrors.get(where) ?? []), ...patterns]);
}

/**
 * Chromium logs every request answered with an error status as a console error. This matches that line for a
 * request to `path` (the query aside) answered with `status`.
 */
export function failedRequest(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of ${status} \\([^)]*\\) \\(https?://[^/]+${escaped}(\\?[^)]*)?\\)$`,
  );
}

/** Signed out, the session lookup (GET /api/me) answers 401 on purpose: that is how the app learns it. */
export const SIGNED_OUT_SESSION_LOOKUP = failedRequest(401, "/api/me");

function unexpectedBrowserErrors(): string[] {
  const unexpected = browserErrors.filter(({ page, text }) => {
    const patterns = [...(expectedErrors.get(page) ?? []), ...(expectedErrors.get(page.context()) ?? [])];
    return !patterns.some((pattern) => pattern.test(text));
  });
  browserErrors.length = 0;
  expectedErrors.clear();
  return unexpected.map(({ at, text }) => `${at}: ${text}`);
}

afterEach(() => {
  expect(unexpectedBrowserErrors(), "errors in the browser").toEqual([]);
});
afterAll(() => {
  expect(unexpectedBrowserErrors(), "errors in the browser after the last test").toEqual([]);
});

/** Signs a whole browser context in through the API (the form itself is tested once per role). */
export async function signInContext(context: BrowserContext, role: DemoRole): Promise<void> {
  const user = DEMO_USERS[role];
  const response = await context.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), `sign-in as ${role}`).toBe(200);
}

export async function signedInPage(browser: Browser, role: DemoRole): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  await signInContext(context, role);
  return { context, page: await context.newPage() };
}

/** Signs in through the sign-in form on screen, as a user whose session has ended does. */
export async function signInWithForm(page: Page, role: DemoRole): Promise<void> {
  await page.getByLabel("Email").fill(DEMO_USERS[role].email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_USERS[role].password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Waits until the locator is visible (Playwright's own wait, with a clear failure). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator;
}

export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

const SCREENSHOT_DIR = resolve(import.meta.dirname, "../../../test-results/screenshots");

/**
 * Waits until every transition and finite animation on the page has ended. A control that has just become
 * enabled eases its colours for 150 ms; judged mid-way, its text fails contrast that it meets once settled.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await motionSettled(page);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * No serious or critical axe-core violation on the screen as it is now (with `everyImpact`, no violation at all).
 * Answers the minor and moderate ones as `id (impact): target` lines, for a report.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { everyImpact = false }: { everyImpact?: boolean } = {},
): Promise<string[]> {
  await motionSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const fails = (impact: string | null | undefined) => everyImpact || impact === "serious" || impact === "critical";
  const failing = results.violations.filter((violation) => fails(violation.impact));
  const summary = failing.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(" "))
        .join("\n  ")}`,
  );
  expect(summary, `accessibility of ${screen}`).toEqual([]);
  return results.violations
    .filter((violation) => !fails(violation.impact))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/**
 * The page does not scroll sideways: the document is no wider than the window. On failure, names the innermost
 * elements reaching past the right edge, the ones pushing the page wider.
 */
export async function expectNoSideScroll(page: Page, screen: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    past: [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter(
        (element) =>
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }));
  expect(
    widths.scroll,
    `${screen} scrolls sideways (${widths.scroll} > ${widths.inner}): ${widths.past.join(" | ")}`,
  ).toBeLessThanOrEqual(widths.inner);
}

/** Every button and link inside `within` is at least `minimum` CSS pixels high: a target a finger can hit. */
export async function expectTouchTargets(within: Locator, minimum = 40): Promise<void> {
  const targets = await within.locator("a[href], button").evaluateAll((elements) =>
    elements.map((element) => ({
      name: element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName,
      height: element.getBoundingClientRect().height,
    })),
  );
  expect(targets.length, "touch targets to measure").toBeGreaterThan(0);
  const small = targets.filter((target) => target.height < minimum);
  expect(small, `controls under ${minimum} px high`).toEqual([]);
}

/** A toast's title and description as shown, once one with this title is on screen (titles read exactly). */
export async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator("li[data-toast]", { hasText: title }).first();
  await toast.waitFor({ state: "visible", timeout: 15_000 });
  return ((await toast.textContent()) ?? "").replace(/\s+/g, " ").trim();
}
