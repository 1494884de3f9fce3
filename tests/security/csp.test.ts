/**
 * The content security policy against the built app in Chromium: every screen (signed out, each role, the
 * wizard, the review, the admin area, not-found) loads with no `securitypolicyviolation` event and no CSP error
 * in the console. And SameSite in a real browser: a page on another site that auto-submits a form to the API
 * and fetches it with credentials neither carries the session cookie nor gets past the origin check, so the
 * victim stays signed in and nothing is created.
 *
 * Uses the browser-test harness (tests/e2e): its global setup builds the app when stale and starts the
 * production server (`node dist/server/main.js`) on a fresh PGlite; its Chromium launcher.
 */
import { createServer, type Server } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestProject } from "vitest/node";
import { FINANCIAL_OVERVIEW, MATERIAL_FACT_DECLARATION, STEP_ONE, STEP_SEVEN } from "../api/quotes-fixtures";
import startProductionServer from "../e2e/global-setup";
import { DEMO_USERS, type DemoRole, launchBrowser } from "../e2e/support/browser";

let baseURL = "";
let stopServer: (() => Promise<void>) | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const fakeProject = {
    provide: (key: string, value: string) => {
      if (key === "baseURL") baseURL = value;
    },
  } as unknown as TestProject;
  stopServer = await startProductionServer(fakeProject);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stopServer?.();
}, 60_000);

async function signedInContext(role: DemoRole | undefined): Promise<BrowserContext> {
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({ baseURL, locale: "en-GB", timezoneId: "Europe/London" });
  if (role) {
    const user = DEMO_USERS[role];
    const response = await context.request.post("/api/auth/login", {
      data: { email: user.email, password: user.password },
    });
    expect(response.status(), `sign-in as ${role}`).toBe(200);
  }
  return context;
}

/** Records CSP violations from the first script on, in every frame the page opens. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) violations.push(text);
  });
  return violations;
}

async function apiJson(context: BrowserContext, method: "post" | "patch", url: string, data: unknown) {
  const response = await context.request[method](url, { data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data as { id: string; version: number };
}

describe("the content security policy in Chromium", { timeout: 300_000 }, () => {
  it("is never violated on any screen", async () => {
    // A referred quote gives the wizard and the review screen real content.
    const broker = await signedInContext("BROKER");
    const quote = await apiJson(broker, "post", "/api/quotes", { ...STEP_ONE, proposerName: "Policy Check Ltd" });
    await apiJson(broker, "patch", `/api/quotes/${quote.id}`, { financialOverview: FINANCIAL_OVERVIEW });
    await apiJson(broker, "patch", `/api/quotes/${quote.id}`, { declaration: MATERIAL_FACT_DECLARATION });
    await apiJson(broker, "post", `/api/quotes/${quote.id}/rate`, STEP_SEVEN);
    await apiJson(broker, "post", `/api/quotes/${quote.id}/refer`, {});
    await broker.close();

    const screens: { role: DemoRole | undefined; paths: string[] }[] = [
      { role: undefined, paths: ["/login", "/no-such-page"] },
      {
        role: "BROKER",
        paths: ["/dashboard", "/quotes", "/quote/new", `/quote/${quote.id}`, `/uw/review/${quote.id}`, "/uw/dashboard"],
      },
      { role: "UNDERWRITER", paths: ["/dashboard", `/uw/review/${quote.id}`] },
      { role: "ADMIN", paths: ["/admin/dashboard", "/admin/rating", "/admin/users", "/admin/audit", "/no-such-page"] },
    ];
    const found: string[] = [];
    let visited = 0;
    for (const { role, paths } of screens) {
      const context = await signedInContext(role);
      for (const path of paths) {
        const page = await context.newPage();
        const violations = await watchPolicy(page);
        const response = await page.goto(path, { waitUntil: "networkidle" });
        expect(response?.status(), path).toBe(200);
        expect(response?.headers()["content-security-policy"], path).toContain("script-src 'self'");
        // The app has rendered something of its own (not a blank page blocked by the policy).
        await page.locator("#root *").first().waitFor({ state: "attached", timeout: 30_000 });
        await page.waitForTimeout(300);
        for (const violation of violations) found.push(`${role ?? "signed out"} ${path}: ${violation}`);
        visited += 1;
        await page.close();
      }
      await context.close();
    }
    expect(visited).toBe(15);
    expect(found).toEqual([]);
  });
});

describe("SameSite cookies and the origin check in Chromium", { timeout: 300_000 }, () => {
  let attacker: Server | undefined;
  afterAll(() => new Promise<void>((done) => (attacker ? attacker.close(() => done()) : done())));

  it("keeps another site's form post and credentialed fetch from acting for a signed-in user", async () => {
    // Another site: "localhost" is a different site from "127.0.0.1", where the product runs.
    const target = baseURL;
    attacker = createServer((request, response) => {
      response.setHeader("content-type", "text/html");
      if (request.url === "/form") {
        response.end(
          `<form id="f" method="POST" action="${target}/api/auth/logout" enctype="text/plain">` +
            '<input name="x" value="y"></form><script>document.getElementById("f").submit()</script>',
        );
        return;
      }
      response.end(
        `<script>fetch(${JSON.stringify(`${target}/api/quotes`)}, { method: "POST", credentials: "include", mode: "no-cors",` +
          ` headers: { "content-type": "text/plain" }, body: ${JSON.stringify(JSON.stringify({ ...STEP_ONE, proposerName: "Forged Ltd" }))} })` +
          '.then(() => { document.title = "sent" }, () => { document.title = "sent" })</script>',
      );
    });
    await new Promise<void>((done) => attacker?.listen(0, "127.0.0.1", () => done()));
    const address = attacker.address();
    const attackerURL = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;

    const victim = await signedInContext("BROKER");
    const before = await victim.request.get("/api/quotes?q=Forged");
    const countBefore = (await before.json()).meta.total as number;

    const page = await victim.newPage();
    const logout = page.waitForResponse((response) => response.url().endsWith("/api/auth/logout"));
    await page.goto(`${attackerURL}/form`);
    const answer = await logout;
    // The cross-site form post reached the server without the Lax cookie and was refused by its Origin.
    expect(answer.status()).toBe(403);
    expect((await answer.request().allHeaders()).cookie ?? "").not.toContain("pqe_session");

    await page.goto(`${attackerURL}/fetch`);
    await page.waitForFunction(() => document.title === "sent", undefined, { timeout: 30_000 });

    const me = await victim.request.get("/api/me");
    expect(me.status(), "the victim is still signed in").toBe(200);
    const after = await victim.request.get("/api/quotes?q=Forged");
    expect((await after.json()).meta.total).toBe(countBefore);
    await victim.close();
  });
});
