/**
 * The wizard never loses work through a real idle expiry (docs/product/permissions.md "Sessions"): a server of its
 * own whose sessions end after one minute without use (SESSION_IDLE_MINUTES=1, the shortest the configuration
 * allows), so the browser meets exactly what a user meets after 30 minutes away: the step's save answered 401, the
 * sign-in page, and after signing in the same step with what was typed. On a desktop and a phone at once.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEMO_USERS,
  expectBrowserErrors,
  failedRequest,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  signInWithForm,
  toastText,
} from "./support/browser";
import { type OwnServer, START_TIMEOUT_MS, startOwnServer } from "./support/own-server";
import { DESKTOP, sharedBrowser, type Viewport } from "./support/session";
import { expectOnStep, expectStepAddress } from "./wizard-helpers";

const PHONE: Viewport = { width: 390, height: 844 };
/** A minute of idleness and a little more: the session has surely ended. */
const IDLE_AND_MORE_MS = 65_000;

const session = sharedBrowser();
let server: OwnServer | undefined;
let shortBase = "";

beforeAll(async () => {
  server = await startOwnServer({ SESSION_IDLE_MINUTES: "1" });
  shortBase = server.base;
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await server?.stop();
});

const revenue = (page: Page) => page.getByLabel("Annual revenue");
const largestProject = (page: Page) => page.getByLabel("Largest single project value in the last 3 years");

async function throughAnExpiry(viewport: Viewport, name: string): Promise<() => Promise<void>> {
  const context = await newContext(session.browser, { baseURL: shortBase, viewport });
  const broker = DEMO_USERS.BROKER;
  expect(
    (
      await context.request.post("/api/auth/login", { data: { email: broker.email, password: broker.password } })
    ).status(),
  ).toBe(200);
  const created = await context.request.post("/api/quotes", {
    data: {
      productCode: "D/C-PI",
      proposerName: `Expiry ${name} Ltd`,
      businessAddress: "1 Test Street, Leeds LS1 1AA",
      inceptionDate: new Date().toISOString().slice(0, 10),
      incorporationDate: "2015-04-01",
      numberOfDirectors: 2,
      numberOfQualifiedStaff: 4,
      hasFinancialInterest: false,
      insuredsDetails: { businessActivity: "Design and Build Contractor" },
    },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { data: { id: string; quote?: { id: string } } };
  const id = body.data.quote?.id ?? body.data.id;
  const tab = await context.newPage();
  await tab.goto(`/quote/${id}/step/2`);
  await expectOnStep(tab, 2);
  await revenue(tab).fill("420000");
  await largestProject(tab).fill("175000");
  const typed = [await revenue(tab).inputValue(), await largestProject(tab).inputValue()];

  // The rest runs after the idle time has passed, with nothing sent meanwhile.
  return async () => {
    try {
      expectBrowserErrors(tab, [failedRequest(401, `/api/quotes/${id}`), SIGNED_OUT_SESSION_LOOKUP]);
      const refused = tab.waitForResponse(
        (response) => response.request().method() === "PATCH" && response.url().endsWith(`/api/quotes/${id}`),
      );
      await tab.getByRole("button", { name: "Continue to Design Liability" }).click();
      expect((await refused).status()).toBe(401);
      expect(await toastText(tab, "Session expired")).toContain("Sign in again to continue; your entries are kept");
      await tab.waitForURL((url) => url.pathname === "/login");
      expect(new URL(tab.url()).searchParams.get("next")).toBe(`/quote/${id}/step/2`);
      await screenshot(tab, `wizard-expiry-sign-in-${name}`);

      await signInWithForm(tab, "BROKER");
      await expectStepAddress(tab, id, 2);
      await expectOnStep(tab, 2);
      await expect.poll(() => revenue(tab).inputValue()).toBe(typed[0]);
      expect(await largestProject(tab).inputValue()).toBe(typed[1]);
      await screenshot(tab, `wizard-expiry-entries-back-${name}`);

      await tab.getByRole("button", { name: "Continue to Design Liability" }).click();
      expect(await toastText(tab, "Financial Overview Saved")).toContain("Financial Overview Saved");
      await expectOnStep(tab, 3);
      const saved = (await (await context.request.get(`/api/quotes/${id}`)).json()) as {
        data: { financialOverview?: { turnover?: number; largestSingleProjectValue?: number } };
      };
      expect(saved.data.financialOverview?.turnover).toBe(420000);
      expect(saved.data.financialOverview?.largestSingleProjectValue).toBe(175000);
    } finally {
      await context.close();
    }
  };
}

it("keeps what was typed on a step through an idle expiry and signing in again, at 1440 and at 390", async () => {
  const desktop = await throughAnExpiry(DESKTOP, "desktop");
  const phone = await throughAnExpiry(PHONE, "phone");
  await new Promise((done) => setTimeout(done, IDLE_AND_MORE_MS));
  await desktop();
  await phone();
}, 240_000);
