/**
 * The screen shows the server's figures (step 7's card, the stored quote, the policy schedule and the
 * dashboard agree to the penny, also with an override), one click sends one request, and a toast never covers
 * the action a broker clicks next.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { ApiSession, completeQuoteData, createDraftQuote } from "./support/api";
import {
  expectBrowserErrors,
  failedRequest,
  screenshot,
  signedInPage,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";
import { chooseOption, chooseStep, expectOnStep, quoteOf, stepButton } from "./wizard-helpers";

let broker: ApiSession;
const TAG = `Fa${Date.now().toString(36)}`;
const workDir = mkdtempSync(join(tmpdir(), "pqe-figures-"));

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP, freshPageEachTest: true });

afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
});

function gbp(amount: string | null): string {
  const pence = amount === null ? null : parseMoneyString(amount);
  if (pence === null) throw new Error(`not an amount: ${amount}`);
  return formatGbp(pence);
}

const isRate = (id: string) => (url: string) => new URL(url).pathname === `/api/quotes/${id}/rate`;

/** A draft with every section saved through the API, opened on step 7, where it is rated on arrival. */
async function openOnStepSeven(name: string, declaration: Record<string, boolean> = {}): Promise<string> {
  const quote = await createDraftQuote(broker, `${TAG} ${name}`);
  await completeQuoteData(broker, quote.id, declaration);
  await ui.page.goto(`/quote/${quote.id}`);
  await expectOnStep(ui.page, 1);
  const rated = ui.page.waitForResponse((response) => isRate(quote.id)(response.url()));
  await stepButton(ui.page, 7).click();
  expect((await rated).status()).toBe(200);
  await expectOnStep(ui.page, 7);
  await toastText(ui.page, "Premium Calculated");
  return quote.id;
}

/** Does `action` and waits for the rating it causes to be answered. */
async function rateBy(id: string, action: () => Promise<void>): Promise<void> {
  const answered = ui.page.waitForResponse((response) => isRate(id)(response.url()));
  await action();
  expect((await answered).status()).toBe(200);
}

/** The Premium Calculation card's lines as shown: [label, amount] for every line with an amount. */
async function cardLines(): Promise<[string, string][]> {
  return ui.page.getByLabel("Premium breakdown").evaluate((list) =>
    [...list.querySelectorAll("dt")]
      .map((term) => [term, term.nextElementSibling] as const)
      .filter(([, value]) => value !== null && value.querySelector("dl") === null)
      .map(([term, value]) => [term.textContent?.trim() ?? "", value?.textContent?.trim() ?? ""]),
  );
}

/** The policy schedule as the server renders it for the quote now, as text (poppler's pdftotext). */
async function scheduleText(id: string): Promise<string> {
  const response = await ui.page.request.post(`/api/quotes/${id}/policy-schedule`);
  expect(response.status()).toBe(200);
  const file = join(workDir, `${id}.pdf`);
  writeFileSync(file, await response.body());
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

/** The requests `method` sends to `path` from now on. */
function watchRequests(target: Page, method: string, path: string | RegExp): { sent: () => number } {
  let count = 0;
  target.on("request", (request: Request) => {
    const pathname = new URL(request.url()).pathname;
    const matches = typeof path === "string" ? pathname === path : path.test(pathname);
    if (request.method() === method && matches) count += 1;
  });
  return { sent: () => count };
}

/**
 * Two clicks in one go, before the page can re-render in between: what a fast double click becomes on a slow
 * machine, where the button is not yet disabled when the second click lands.
 */
async function clickTwiceAtOnce(button: Locator): Promise<void> {
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

async function destructiveToasts(target: Page): Promise<number> {
  return target.locator('li[data-toast][data-variant="destructive"]').count();
}

describe("the screen shows the server's figures", () => {
  it("keeps the card, the stored quote, the schedule and the dashboard equal after covers are added under an override", async () => {
    const id = await openOnStepSeven("Figures Ltd");
    await ui.page.getByRole("button", { name: "Override Premium" }).click();
    await ui.page.getByLabel("Enter New Base Premium (£)").fill("650");
    await ui.page.getByRole("button", { name: "Apply Override" }).click();
    await toastText(ui.page, "Premium Override Applied");
    await visible(ui.page.getByText("Premium Override Active"));

    await rateBy(id, () => ui.page.getByLabel("Directors' & Officers' Insurance", { exact: true }).click());
    await rateBy(id, () => chooseOption(ui.page, "Directors' & Officers' Insurance limit", "£250,000"));
    await rateBy(id, () => ui.page.getByLabel("Contents Insurance", { exact: true }).click());
    await rateBy(id, () => chooseOption(ui.page, "Contents Insurance limit", "Other (specify amount)"));
    await ui.page.getByLabel("Contents Insurance: amount (£)").fill("75000");
    await rateBy(id, () => ui.page.getByLabel("Contents Insurance: amount (£)").press("Enter"));

    // 650 + 35 policy fee + 475 D&O + 320 contents = 1,480.00; IPT 12% 177.60; total 1,657.60.
    const stored = await quoteOf(broker, id);
    expect(stored).toMatchObject({ premiumOverridden: true, basePremium: "650.00", totalPremium: "1657.60" });
    const subtotal =
      (parseMoneyString(stored.basePremium ?? "") ?? 0) +
      stored.fees.reduce((sum, fee) => sum + (parseMoneyString(fee.amount) ?? 0), 0);
    const expected: [string, string][] = [
      ["Base Premium", gbp(stored.basePremium)],
      ...stored.fees.map((fee): [string, string] => [fee.label, gbp(fee.amount)]),
      ["Subtotal (before taxes)", formatGbp(subtotal)],
      ["Insurance Premium Tax (IPT)", gbp(stored.taxes)],
      ["Premium (inclusive)", gbp(stored.totalPremium)],
    ];
    await expect.poll(cardLines).toEqual(expected);
    expect(expected.map(([label]) => label)).toEqual(
      expect.arrayContaining(["Directors' & Officers' Insurance", "Contents Insurance"]),
    );
    // The worksheet explains the stored premium: the override and both covers.
    await ui.page.getByText("How this premium was built").click();
    await visible(ui.page.getByRole("cell", { name: "Manual override" }));
    await screenshot(ui.page, "figures-step-7-override-and-covers");

    const schedule = await scheduleText(id);
    expect(schedule).toContain(`Base premium (set by manual override) ${gbp(stored.basePremium)}`);
    for (const fee of stored.fees) expect(schedule).toContain(`${fee.label} ${gbp(fee.amount)}`);
    expect(schedule).toContain(gbp(stored.taxes));
    expect(schedule).toContain(`Total premium payable (inclusive of IPT) ${gbp(stored.totalPremium)}`);

    await ui.page.goto("/dashboard");
    const row = ui.page.locator(`[data-testid="quote-row"][data-reference="${stored.reference}"]`);
    await visible(row.getByText(gbp(stored.totalPremium)));
  });
});

describe("a quote changed elsewhere", () => {
  it("says so, keeps the priced choice on screen, and takes the broker's next try at the current version", async () => {
    const id = await openOnStepSeven("Other Tab Ltd");
    const before = await quoteOf(broker, id);
    // Another tab rates the same quote: its version moves on under this one.
    await broker.data("POST", `/api/quotes/${id}/rate`, { turnoverBand: "up_to_500k" });
    const fiveTimes = ui.page.getByRole("button", { name: /5x Excess \(25% OFF\)/ });
    // The stale rating is answered 409, which the screen shows as 'Rating Error'.
    expectBrowserErrors(ui.page, [failedRequest(409, `/api/quotes/${id}/rate`)]);

    const refused = ui.page.waitForResponse((response) => isRate(id)(response.url()));
    await fiveTimes.click();
    expect((await refused).status()).toBe(409);
    expect(await toastText(ui.page, "Rating Error")).toContain("Quote was changed by someone else");
    await expect.poll(() => fiveTimes.getAttribute("aria-pressed")).toBe("false");
    expect((await quoteOf(broker, id)).risk?.excessDiscount ?? "standard").toBe("standard");

    await rateBy(id, () => fiveTimes.click());
    await toastText(ui.page, "Premium Calculated");
    await expect.poll(() => fiveTimes.getAttribute("aria-pressed")).toBe("true");
    const after = await quoteOf(broker, id);
    expect(after.risk?.excessDiscount).toBe("5x");
    await expect.poll(cardLines).toContainEqual(["Base Premium", gbp(after.basePremium)]);
    expect(after.basePremium).not.toBe(before.basePremium);
  });
});

describe("one click, one request", () => {
  it("sends one request for a double click on Apply Override, Reset Premium and Complete, with no error", async () => {
    const id = await openOnStepSeven("Double Click Ltd");
    const patches = watchRequests(ui.page, "PATCH", `/api/quotes/${id}`);

    await ui.page.getByRole("button", { name: "Override Premium" }).click();
    await ui.page.getByLabel("Enter New Base Premium (£)").fill("900");
    await ui.page.getByRole("button", { name: "Apply Override" }).dblclick();
    await toastText(ui.page, "Premium Override Applied");
    await visible(ui.page.getByText("Premium Override Active"));
    expect(patches.sent()).toBe(1);
    expect(await destructiveToasts(ui.page)).toBe(0);

    await ui.page.getByRole("button", { name: "Reset Premium" }).dblclick();
    await toastText(ui.page, "Premium Override Removed");
    expect(patches.sent()).toBe(2);
    expect(await destructiveToasts(ui.page)).toBe(0);

    await ui.page.getByRole("button", { name: "Complete", exact: true }).dblclick();
    await waitForPath(ui.page, "/dashboard");
    await toastText(ui.page, "Quote Completed");
    expect(patches.sent()).toBe(3);
    expect(await destructiveToasts(ui.page)).toBe(0);
    expect((await quoteOf(broker, id)).status).toBe("QUOTED");
  });

  it("sends one request for two clicks landing at once on Apply Override and Complete", async () => {
    const id = await openOnStepSeven("Two Clicks Ltd");
    const patches = watchRequests(ui.page, "PATCH", `/api/quotes/${id}`);
    await ui.page.getByRole("button", { name: "Override Premium" }).click();
    await ui.page.getByLabel("Enter New Base Premium (£)").fill("800");
    await clickTwiceAtOnce(ui.page.getByRole("button", { name: "Apply Override" }));
    await visible(ui.page.getByText("Premium Override Active"));
    await toastText(ui.page, "Premium Override Applied");
    expect(patches.sent()).toBe(1);

    await clickTwiceAtOnce(ui.page.getByRole("button", { name: "Complete", exact: true }));
    await waitForPath(ui.page, "/dashboard");
    await toastText(ui.page, "Quote Completed");
    expect(patches.sent()).toBe(2);
    expect(await destructiveToasts(ui.page)).toBe(0);
    expect(await quoteOf(broker, id)).toMatchObject({ status: "QUOTED", basePremium: "800.00" });
  });

  it("refers once for a double click on Request Underwriter Review, with no 'Referral Error'", async () => {
    const id = await openOnStepSeven("Referral Click Ltd", { previousClaims: true });
    const refers = watchRequests(ui.page, "POST", `/api/quotes/${id}/refer`);
    await ui.page.getByRole("button", { name: "Request Underwriter Review" }).dblclick();
    await waitForPath(ui.page, "/dashboard");
    expect(await toastText(ui.page, "Quote Referred")).toContain("was sent to underwriting");
    expect(refers.sent()).toBe(1);
    expect(await destructiveToasts(ui.page)).toBe(0);
    expect((await quoteOf(broker, id)).status).toBe("REFERRED");
  });

  it("saves one rating version and adds one user for a double click in the administration", async () => {
    const admin = await signedInPage(ui.browser, "ADMIN");
    try {
      const adminPage = admin.page;
      await adminPage.setViewportSize({ width: 1440, height: 900 });
      await adminPage.goto("/admin/rating");
      await adminPage.getByRole("button", { name: "New Version" }).click();
      await visible(adminPage.getByRole("heading", { name: "New Version" }));
      await adminPage.getByLabel("Configuration (JSON)").fill(JSON.stringify(PI001_RATING_CONFIG, null, 2));
      await adminPage.getByLabel("Name").fill(`${TAG} double click draft`);
      await adminPage.getByLabel("Effective From").fill("2033-01-01");
      const creations = watchRequests(adminPage, "POST", "/api/rating/versions");
      await adminPage.getByRole("button", { name: "Save" }).dblclick();
      await toastText(adminPage, "Rating Version Created");
      await visible(adminPage.getByRole("heading", { name: `Edit ${TAG} double click draft` }));
      expect(creations.sent()).toBe(1);
      expect(await destructiveToasts(adminPage)).toBe(0);

      const updates = watchRequests(adminPage, "PATCH", /^\/api\/rating\/versions\/[^/]+$/);
      await adminPage.getByLabel("Notes").fill("Saved once from two clicks");
      await clickTwiceAtOnce(adminPage.getByRole("button", { name: "Save" }));
      await toastText(adminPage, "Rating Version Updated");
      expect(updates.sent()).toBe(1);
      expect(creations.sent()).toBe(1);
      expect(await destructiveToasts(adminPage)).toBe(0);

      await adminPage.goto("/admin/users");
      await adminPage.getByLabel("Full Name").fill(`Dora Double ${TAG}`);
      await adminPage.getByLabel("Email Address").fill(`dora.${TAG.toLowerCase()}@example.com`);
      await adminPage.getByLabel("Password", { exact: true }).fill("Quiet-Harbour-Violin-7");
      const registrations = watchRequests(adminPage, "POST", "/api/auth/register");
      await adminPage.getByRole("button", { name: "Add User" }).dblclick();
      await toastText(adminPage, "User Created");
      await visible(adminPage.getByTestId("user-row").filter({ hasText: `dora.${TAG.toLowerCase()}@example.com` }));
      expect(registrations.sent()).toBe(1);
      expect(await destructiveToasts(adminPage)).toBe(0);

      await adminPage.getByLabel("Full Name").fill(`Cora Clicks ${TAG}`);
      await adminPage.getByLabel("Email Address").fill(`cora.${TAG.toLowerCase()}@example.com`);
      await adminPage.getByLabel("Password", { exact: true }).fill("Quiet-Harbour-Violin-7");
      await clickTwiceAtOnce(adminPage.getByRole("button", { name: "Add User" }));
      await visible(adminPage.getByTestId("user-row").filter({ hasText: `cora.${TAG.toLowerCase()}@example.com` }));
      await toastText(adminPage, "User Created");
      expect(registrations.sent()).toBe(2);
      expect(await destructiveToasts(adminPage)).toBe(0);
    } finally {
      await admin.context.close();
    }
  });
});

/**
 * Whether a click at the centre of `button`, scrolled to `block` of the viewport, lands on the button itself
 * (document.elementFromPoint), not on a toast or the toasts' region.
 */
async function clickLandsOn(button: Locator, block: "center" | "end"): Promise<boolean> {
  return button.evaluate((element, where) => {
    element.scrollIntoView({ block: where, inline: "nearest" });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  }, block);
}

/** Radix pauses a toast's timer while the window has no focus: the toast stays until the check is done. */
async function holdToasts(): Promise<void> {
  await ui.page.evaluate(() => window.dispatchEvent(new Event("blur")));
}

describe("toasts never cover an action", () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`leaves Continue and Complete clickable while a toast shows, at ${viewport.width}x${viewport.height}`, async () => {
      await ui.page.setViewportSize(viewport);
      const quote = await createDraftQuote(broker, `${TAG} Toast ${viewport.width} Ltd`);
      await completeQuoteData(broker, quote.id);
      await ui.page.goto(`/quote/${quote.id}`);
      await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
      await expectOnStep(ui.page, 2);
      await ui.page.getByLabel("Annual revenue").fill("450000");
      await ui.page.getByRole("button", { name: "Continue to Design Liability" }).click();
      const saved = ui.page.locator("li[data-toast]", { hasText: "Financial Overview Saved" });
      await visible(saved);
      await holdToasts();
      await expectOnStep(ui.page, 3);

      const next = ui.page.getByRole("button", { name: "Continue to Activity Split" });
      expect(await clickLandsOn(next, "end")).toBe(true);
      expect(await clickLandsOn(next, "center")).toBe(true);
      expect(await saved.isVisible()).toBe(true);
      await screenshot(ui.page, `toast-over-step-3-${viewport.width}`);
      await next.click();
      await expectOnStep(ui.page, 4);
      // The same toast is still up, so the click above went past a visible toast.
      expect(await saved.isVisible()).toBe(true);

      const rated = ui.page.waitForResponse((response) => isRate(quote.id)(response.url()));
      await chooseStep(ui.page, 7);
      expect((await rated).status()).toBe(200);
      const calculated = ui.page.locator("li[data-toast]", { hasText: "Premium Calculated" });
      await visible(calculated);
      await holdToasts();
      const complete = ui.page.getByRole("button", { name: "Complete", exact: true });
      await visible(complete);
      await expect.poll(() => complete.isEnabled()).toBe(true);
      expect(await clickLandsOn(complete, "end")).toBe(true);
      expect(await clickLandsOn(complete, "center")).toBe(true);
      expect(await calculated.isVisible()).toBe(true);
      await screenshot(ui.page, `toast-over-step-7-${viewport.width}`);
      await complete.click();
      await waitForPath(ui.page, "/dashboard");
      await toastText(ui.page, "Quote Completed");
      await holdToasts();
      // The dashboard's own action, where the broker lands with the toast.
      const newQuote = ui.page.locator("#main").getByRole("link", { name: "New Quote" });
      await visible(newQuote);
      expect(await clickLandsOn(newQuote, "center")).toBe(true);
      await screenshot(ui.page, `toast-over-dashboard-${viewport.width}`);
    });
  }
});
