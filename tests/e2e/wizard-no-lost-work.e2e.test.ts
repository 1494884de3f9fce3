/**
 * No lost work in the wizard (ADR 0029): the address names the step, so reload, Back and Forward keep
 * the broker's place; leaving with entries not yet saved asks first; an expired session keeps what was
 * typed through signing in again; one click on Continue sends one save; a stale write offers Reload.
 */
import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession, completeQuoteData, createDraftQuote } from "./support/api";
import {
  baseURL,
  expectBrowserErrors,
  failedRequest,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  signedInPage,
  signInWithForm,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";
import { expectOnStep, expectStepAddress, quoteOf, setSwitch, stepButton } from "./wizard-helpers";

let broker: ApiSession;
const TAG = `Nl${Date.now().toString(36)}`;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP, freshPageEachTest: true });

function stepPath(id: string, step: number): string {
  return `/quote/${id}/step/${step}`;
}

const revenue = (page: Page) => page.getByLabel("Annual revenue");
const largestProject = (page: Page) => page.getByLabel("Largest single project value in the last 3 years");

/** The PATCHes of one quote that this tab sends from now on. */
function countPatches(page: Page, id: string): { count: () => number } {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && new URL(request.url()).pathname === `/api/quotes/${id}`) seen.push(request);
  });
  return { count: () => seen.length };
}

describe("the step lives in the address", () => {
  it("opens /quote/{id} on the step the rules pick and names it, and a reload on every step stays there", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Reload Ltd`);
    await completeQuoteData(broker, quote.id);

    await ui.page.goto(`/quote/${quote.id}`);
    await expectStepAddress(ui.page, quote.id, 1);
    await expectOnStep(ui.page, 1);

    for (let step = 1; step <= 7; step++) {
      await ui.page.goto(stepPath(quote.id, step));
      await expectOnStep(ui.page, step);
      await ui.page.reload();
      await expectOnStep(ui.page, step);
      expect(new URL(ui.page.url()).pathname).toBe(stepPath(quote.id, step));
      if (step < 7) await visible(ui.page.getByRole("heading", { name: `Step ${step} of 7` }));
    }
    await screenshot(ui.page, "no-lost-work-step-7-after-reload");
  });

  it("moves between steps with browser Back and Forward, saving a changed step and refusing an invalid one", async () => {
    const quote = await createDraftQuote(broker, `${TAG} History Ltd`);
    await ui.page.goto(stepPath(quote.id, 1));
    await expectOnStep(ui.page, 1);
    await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    await expectStepAddress(ui.page, quote.id, 2);
    await revenue(ui.page).fill("400000");
    await largestProject(ui.page).fill("150000");
    await ui.page.getByRole("button", { name: "Continue to Design Liability" }).click();
    expect(await toastText(ui.page, "Financial Overview Saved")).toContain("Financial Overview Saved");
    await expectStepAddress(ui.page, quote.id, 3);
    await expectOnStep(ui.page, 3);

    await ui.page.goBack();
    await expectStepAddress(ui.page, quote.id, 2);
    await expectOnStep(ui.page, 2);
    expect(await revenue(ui.page).inputValue()).toMatch(/^400,?000$/);

    await ui.page.goForward();
    await expectStepAddress(ui.page, quote.id, 3);
    await expectOnStep(ui.page, 3);

    // A changed step is saved before Back leaves it.
    await ui.page.goBack();
    await expectOnStep(ui.page, 2);
    await revenue(ui.page).fill("450000");
    await ui.page.goBack();
    expect(await toastText(ui.page, "Financial Overview Saved")).toContain("Financial Overview Saved");
    await expectStepAddress(ui.page, quote.id, 1);
    await expectOnStep(ui.page, 1);
    expect((await quoteOf(broker, quote.id)).financialOverview?.turnover).toBe(450000);

    // An invalid change cannot be left: the step stays and the address is put back.
    await ui.page.goForward();
    await expectOnStep(ui.page, 2);
    // Not all UK work, and no overseas split given: the step is invalid.
    await setSwitch(ui.page, "Is all of your turnover from work in the UK?", false);
    await ui.page.goBack();
    expect(await toastText(ui.page, "Error")).toContain("Please fix validation errors");
    await expectStepAddress(ui.page, quote.id, 2);
    await expectOnStep(ui.page, 2);
    await visible(ui.page.locator("#overseasWorkSplit-error"));
    expect(
      await ui.page
        .getByRole("switch", { name: "Is all of your turnover from work in the UK?" })
        .getAttribute("aria-checked"),
    ).toBe("false");

    // The dashboard's Continue reopens the step the broker was on.
    await setSwitch(ui.page, "Is all of your turnover from work in the UK?", true);
    await stepButton(ui.page, 3).click();
    await expectStepAddress(ui.page, quote.id, 3);
    await ui.page.goto("/dashboard");
    const continueLink = ui.page.getByRole("link", { name: `Continue ${quote.reference}` });
    await visible(continueLink);
    expect(await continueLink.getAttribute("href")).toBe(stepPath(quote.id, 3));
    await continueLink.click();
    await expectStepAddress(ui.page, quote.id, 3);
    await expectOnStep(ui.page, 3);
  });
});

describe("leaving the wizard with entries not yet saved", () => {
  it("asks on browser Back, a sidebar link and closing the tab; never when nothing changed", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Leave Ltd`);
    await ui.page.goto("/dashboard");
    await ui.page.getByRole("link", { name: `Continue ${quote.reference}` }).click();
    await expectStepAddress(ui.page, quote.id, 1);
    await stepButton(ui.page, 2).click();
    await expectStepAddress(ui.page, quote.id, 2);

    // Unchanged: Back leaves at once, without a question.
    await ui.page.goBack();
    await expectStepAddress(ui.page, quote.id, 1);
    await ui.page.goBack();
    await waitForPath(ui.page, "/dashboard");

    await ui.page.goForward();
    await expectStepAddress(ui.page, quote.id, 1);
    await ui.page.getByLabel("Business address").fill("9 Changed Road, York YO1 7HH");
    await ui.page.goBack();
    const dialog = ui.page.getByRole("alertdialog", { name: "Leave this quote?" });
    await visible(dialog);
    await screenshot(ui.page, "no-lost-work-leave-dialog");
    expect(new URL(ui.page.url()).pathname).toBe(stepPath(quote.id, 1));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await ui.page.getByLabel("Business address").inputValue()).toBe("9 Changed Road, York YO1 7HH");

    // A sidebar link asks the same; staying keeps the entry, leaving drops it.
    await ui.page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).first().click();
    await visible(dialog);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(ui.page.url()).pathname).toBe(stepPath(quote.id, 1));

    // Closing the tab asks through the browser's own question.
    const question = new Promise<{ type: string; dismiss: () => Promise<void> }>((resolve) =>
      ui.page.once("dialog", (asked) => resolve({ type: asked.type(), dismiss: () => asked.dismiss() })),
    );
    await ui.page.close({ runBeforeUnload: true });
    const asked = await question;
    expect(asked.type).toBe("beforeunload");
    await asked.dismiss();
    expect(ui.page.isClosed()).toBe(false);

    await ui.page.goBack();
    await visible(dialog);
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await waitForPath(ui.page, "/dashboard");
    expect((await quoteOf(broker, quote.id)).financialOverview).toBeNull();
  });
  it("asks before Logout, keeps the entry on Cancel, and signs out only once the broker agrees", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Logout Ltd`);
    const { version } = await quoteOf(broker, quote.id);
    // A context of its own: signing out ends that session only.
    const own = await signedInPage(ui.browser, "BROKER");
    try {
      const tab = own.page;
      // Once signed out, the session lookup answers 401.
      expectBrowserErrors(tab, [SIGNED_OUT_SESSION_LOOKUP]);
      await tab.setViewportSize({ width: 1440, height: 900 });
      await tab.goto(stepPath(quote.id, 1));
      await expectOnStep(tab, 1);
      const logout = tab.getByRole("button", { name: "Logout" });

      await tab.getByLabel("Business address").fill("10 Logout Lane, York YO1 7HH");
      await logout.click();
      const dialog = tab.getByRole("alertdialog", { name: "Leave this quote?" });
      await visible(dialog);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(new URL(tab.url()).pathname).toBe(stepPath(quote.id, 1));
      expect(await tab.getByLabel("Business address").inputValue()).toBe("10 Logout Lane, York YO1 7HH");
      expect((await own.context.request.get("/api/me")).status()).toBe(200);

      await logout.click();
      await visible(dialog);
      await dialog.getByRole("button", { name: "Leave without saving" }).click();
      await waitForPath(tab, "/login");
      expect((await own.context.request.get("/api/me")).status()).toBe(401);
      // Nothing was saved on the way out.
      expect((await quoteOf(broker, quote.id)).version).toBe(version);
    } finally {
      await own.context.close();
    }
  });
});

describe("a session that expires mid-step", () => {
  it("keeps the typed values through signing in again and returns to the same step", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Expiry Ltd`);
    const own = await signedInPage(ui.browser, "BROKER");
    const tab = own.page;
    try {
      await tab.setViewportSize({ width: 1440, height: 900 });
      await tab.goto(stepPath(quote.id, 2));
      await expectOnStep(tab, 2);
      await revenue(tab).fill("420000");
      await largestProject(tab).fill("175000");
      const typedRevenue = await revenue(tab).inputValue();
      const typedLargest = await largestProject(tab).inputValue();

      // The session ends on the server: the next save is answered 401, and so is the session lookup.
      expectBrowserErrors(tab, [failedRequest(401, `/api/quotes/${quote.id}`), SIGNED_OUT_SESSION_LOOKUP]);
      const signOut = await own.context.request.post("/api/auth/logout");
      expect(signOut.status()).toBe(200);
      const refused = tab.waitForResponse(
        (response) => response.request().method() === "PATCH" && response.url().endsWith(`/api/quotes/${quote.id}`),
      );
      await tab.getByRole("button", { name: "Continue to Design Liability" }).click();
      expect((await refused).status()).toBe(401);
      expect(await toastText(tab, "Session expired")).toContain("Sign in again to continue; your entries are kept");
      await tab.waitForURL((url) => url.pathname === "/login");
      expect(new URL(tab.url()).searchParams.get("next")).toBe(stepPath(quote.id, 2));
      await screenshot(tab, "no-lost-work-session-expired");

      await signInWithForm(tab, "BROKER");
      await expectStepAddress(tab, quote.id, 2);
      await expectOnStep(tab, 2);
      await expect.poll(() => revenue(tab).inputValue()).toBe(typedRevenue);
      expect(await largestProject(tab).inputValue()).toBe(typedLargest);
      const kept = await tab.evaluate(() =>
        Object.keys(sessionStorage).filter((key) => key.startsWith("pi-quote:kept-entries:")),
      );
      expect(kept).toEqual([]);
      await screenshot(tab, "no-lost-work-entries-restored");

      await tab.getByRole("button", { name: "Continue to Design Liability" }).click();
      expect(await toastText(tab, "Financial Overview Saved")).toContain("Financial Overview Saved");
      await expectOnStep(tab, 3);
      const saved = await quoteOf(broker, quote.id);
      expect(saved.financialOverview?.turnover).toBe(420000);
      expect(saved.financialOverview?.largestSingleProjectValue).toBe(175000);
    } finally {
      await own.context.close();
    }
  });

  it("sends a signed-out visitor to /login?next= and signs in to that page, never to another site", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Next Ltd`);
    const own = await newContext(ui.browser);
    try {
      const tab = await own.newPage();
      // Signed out, the session lookup answers 401: that is how the app knows to ask for a sign-in.
      expectBrowserErrors(tab, [SIGNED_OUT_SESSION_LOOKUP]);
      await tab.goto(stepPath(quote.id, 3));
      await tab.waitForURL((url) => url.pathname === "/login");
      expect(new URL(tab.url()).searchParams.get("next")).toBe(stepPath(quote.id, 3));
      await signInWithForm(tab, "BROKER");
      await expectStepAddress(tab, quote.id, 3);
      await expectOnStep(tab, 3);

      // A crafted link to another host signs in to the dashboard instead.
      await own.clearCookies();
      await tab.goto(`/login?next=${encodeURIComponent("//evil.example/")}`);
      await signInWithForm(tab, "BROKER");
      await waitForPath(tab, "/dashboard");
      expect(new URL(tab.url()).host).toBe(new URL(baseURL()).host);
    } finally {
      await own.close();
    }
  });
});

describe("one click, one save", () => {
  it("a double click on Continue sends one PATCH", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Double Ltd`);
    const before = await quoteOf(broker, quote.id);
    await ui.page.goto(stepPath(quote.id, 2));
    await expectOnStep(ui.page, 2);
    await revenue(ui.page).fill("300000");
    await largestProject(ui.page).fill("90000");
    const patches = countPatches(ui.page, quote.id);
    await ui.page.getByRole("button", { name: "Continue to Design Liability" }).dblclick();
    expect(await toastText(ui.page, "Financial Overview Saved")).toContain("Financial Overview Saved");
    await expectOnStep(ui.page, 3);
    expect(patches.count()).toBe(1);
    expect((await quoteOf(broker, quote.id)).version).toBe(before.version + 1);
  });
});

describe("a stale write", () => {
  it("offers Reload and keeps the typed values on screen until the broker chooses", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Stale Ltd`);
    await ui.page.goto(stepPath(quote.id, 2));
    await expectOnStep(ui.page, 2);
    // Someone else saves the quote after this tab opened it: this tab's save is answered 409.
    expectBrowserErrors(ui.page, [failedRequest(409, `/api/quotes/${quote.id}`)]);
    await broker.data("PATCH", `/api/quotes/${quote.id}`, {
      financialOverview: { turnover: 800_000, largestSingleProjectValue: 200_000 },
    });
    await revenue(ui.page).fill("333000");
    await largestProject(ui.page).fill("111000");
    await ui.page.getByRole("button", { name: "Continue to Design Liability" }).click();
    expect(await toastText(ui.page, "Quote changed elsewhere")).toContain("Your entries stay on screen");
    await expectOnStep(ui.page, 2);
    expect(await revenue(ui.page).inputValue()).toMatch(/^333,?000$/);
    await screenshot(ui.page, "no-lost-work-stale-write");

    await ui.page
      .locator("li[data-toast]", { hasText: "Quote changed elsewhere" })
      .getByRole("button", { name: "Reload" })
      .click();
    await expect.poll(() => revenue(ui.page).inputValue()).toMatch(/^800,?000$/);
    expect((await quoteOf(broker, quote.id)).financialOverview?.turnover).toBe(800000);
  });
});

describe("wizard: a step whose code cannot be fetched", () => {
  it("shows the app's error screen instead of leaving the step on screen with an unhandled failure", async () => {
    const quote = await createDraftQuote(broker, `${TAG} Chunk`);
    await completeQuoteData(broker, quote.id);
    const page = ui.page;
    // The connection drops just as step 4's code is asked for.
    await page.route(/\/assets\/activity-split-step-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    // The failed fetch and React's report of the screen it could not show; an unhandled rejection still fails.
    expectBrowserErrors(page, [/^console\.error: .*activity-split-step-[\w-]+\.js/]);
    await page.goto(stepPath(quote.id, 3));
    await expectOnStep(page, 3);
    await stepButton(page, 4).click();
    await visible(page.getByRole("heading", { name: "This page could not be shown" }));
    await visible(page.getByRole("button", { name: "Reload the page" }));
  });
});
