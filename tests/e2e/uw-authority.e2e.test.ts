/**
 * An underwriter's authority on screen (docs/product/permissions.md "Authority"): the seeded junior underwriter
 * opens a referral beyond it, is told why and cannot approve it, sees it marked in the queue; the administrator
 * edits an authority on the Users screen. At 1440 x 900 and 390 x 844.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiSession, type CreatedQuote, quoteInStatus } from "./support/api";
import {
  expectAccessible,
  expectNoSideScroll,
  newContext,
  screenshot,
  signedInPage,
  toastText,
  visible,
} from "./support/browser";
import { sharedBrowser, type Viewport } from "./support/session";

/** The second seeded underwriter (README.md), whose authority excludes claims-related referrals. */
const JUNIOR = { email: "junior.underwriter@example.com", password: "Junior-Underwriter-Demo-2026" };
const TAG = `Ua${Date.now().toString(36)}`;
const SIZES: readonly (Viewport & { name: string })[] = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
];
const PREVIOUS_CLAIMS = "(PREVIOUS_CLAIMS) is not one your authority may clear";

const session = sharedBrowser();
let junior: BrowserContext;
let quote: CreatedQuote;

beforeAll(async () => {
  const broker = await ApiSession.signIn("BROKER");
  const underwriter = await ApiSession.signIn("UNDERWRITER");
  // Referred for a previous claim: a claims-related referral the junior underwriter may not clear.
  quote = await quoteInStatus("REFERRED", `${TAG} Claims History Ltd`, { broker, underwriter });
  junior = await newContext(session.browser);
  const signedIn = await junior.request.post("/api/auth/login", { data: JUNIOR });
  expect(signedIn.status(), "sign-in as the junior underwriter").toBe(200);
}, 120_000);

afterAll(async () => {
  await junior?.close();
});

describe("a referral beyond the junior underwriter's authority", () => {
  for (const size of SIZES) {
    it(`says so on the review and closes Approve, leaving Decline (${size.name})`, async () => {
      const page = await junior.newPage();
      await page.setViewportSize(size);
      await page.goto(`/uw/review/${quote.id}`);
      const note = page.getByRole("note").filter({ hasText: "Beyond your authority" });
      await visible(note);
      expect(await note.textContent()).toContain(PREVIOUS_CLAIMS);
      const approve = page.getByRole("button", { name: "Approve", exact: true });
      expect(await approve.isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Counter Offer" }).isDisabled()).toBe(true);
      await page.getByRole("button", { name: "Decline", exact: true }).click();
      expect(await page.getByRole("button", { name: "Submit Decision" }).isEnabled()).toBe(true);
      await expectNoSideScroll(page, `review beyond authority at ${size.name}`);
      await expectAccessible(page, `review beyond authority at ${size.name}`);
      await screenshot(page, `uw-review-beyond-authority-${size.name}`);
      await page.close();
    }, 60_000);

    it(`marks it 'needs higher authority' in the queue, and filters by it (${size.name})`, async () => {
      const page = await junior.newPage();
      await page.setViewportSize(size);
      await page.goto("/uw/dashboard");
      const row = page.getByTestId("queue-row").filter({ hasText: quote.reference });
      await visible(row);
      await visible(row.getByText("needs higher authority", { exact: true }));
      const filter = page.getByLabel("Authority", { exact: true });
      await filter.selectOption({ label: "Within my authority" });
      await row.waitFor({ state: "detached" });
      await filter.selectOption({ label: "Needs higher authority" });
      await visible(page.getByTestId("queue-row").filter({ hasText: quote.reference }));
      await expectNoSideScroll(page, `queue at ${size.name}`);
      await expectAccessible(page, `queue at ${size.name}`);
      await screenshot(page, `uw-queue-authority-${size.name}`);
      await page.close();
    }, 60_000);
  }
});

describe("the administrator edits an underwriter's authority", () => {
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    admin = await signedInPage(session.browser, "ADMIN");
  });

  afterAll(async () => {
    await admin?.context.close();
  });

  for (const size of SIZES) {
    it(`shows the authority, refuses a bad value in words, and saves a new limit (${size.name})`, async () => {
      const { page } = admin;
      await page.setViewportSize(size);
      await page.goto("/admin/users");
      const row = page.getByTestId("user-row").filter({ hasText: JUNIOR.email });
      await visible(row);
      expect(await row.getByTestId("authority-summary").textContent()).toContain("Counter 0.95x-1.05x");
      await row.getByRole("button", { name: "Edit authority of Sam Junior-Underwriter" }).click();
      const dialog = page.getByRole("dialog", { name: "Authority of Sam Junior-Underwriter" });
      await visible(dialog);
      const limit = dialog.getByLabel("Highest cover limit (£)");
      // The desktop run raises the seeded £1,000,000 to £2,000,000; the phone run puts it back.
      const [before, newLimit] = size.name === "1440" ? ["1000000", "2,000,000"] : ["2000000", "1,000,000"];
      expect(await limit.inputValue()).toBe(before);
      await limit.fill("0");
      await dialog.getByRole("button", { name: "Save Authority" }).click();
      await visible(dialog.getByText("Highest cover limit must be a whole number of pounds above zero"));
      await expectAccessible(page, `authority dialog at ${size.name}`);
      await screenshot(page, `admin-authority-dialog-${size.name}`);

      await limit.fill(newLimit);
      await dialog.getByRole("button", { name: "Save Authority" }).click();
      expect(await toastText(page, "Authority Saved")).toContain("Sam Junior-Underwriter");
      await visible(row.getByText(`Cover limit up to £${newLimit}`, { exact: false }));
      await expectNoSideScroll(page, `users at ${size.name}`);
      await screenshot(page, `admin-users-authority-${size.name}`);
    }, 60_000);
  }
});
