/**
 * A review link ends with its review (docs/product/permissions.md "Review links"): once the underwriter has decided,
 * the e-mailed link shows 'Review Link Ended' with the server's reason and a way to sign in, on a desktop and a phone.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "../../src/domain/api/errors";
import { ApiSession, quoteInStatus } from "./support/api";
import {
  DEMO_USERS,
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  expectTouchTargets,
  failedRequest,
  launchBrowser,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  visible,
} from "./support/browser";
import { emailedReviewLink } from "./support/mail";

const TAG = `Rle${Date.now().toString(36)}`;
let browser: Browser;
let broker: ApiSession;
let underwriter: ApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

afterAll(async () => {
  await browser?.close();
});

describe("an e-mailed review link after the decision", () => {
  it("shows 'Review Link Ended' with the reason and a Sign in button, at 1440x900 and 390x844", async () => {
    const quote = await quoteInStatus("REFERRED", `${TAG} Decided Ltd`, { broker, underwriter });
    const link = await emailedReviewLink(quote.id, DEMO_USERS.UNDERWRITER.email);
    await underwriter.data("POST", `/api/quotes/${quote.id}/uw/decision`, { decision: "APPROVED" });

    for (const [name, viewport] of [
      ["desktop", { width: 1440, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const context = await newContext(browser, { viewport });
      try {
        const page = await context.newPage();
        // Signed out (the session lookup answers 401) and the link ended (410): both are expected.
        expectBrowserErrors(page, [SIGNED_OUT_SESSION_LOOKUP, failedRequest(410, `/api/uw/review/${quote.id}`)]);
        const review = page.waitForResponse((response) => response.url().includes(`/api/uw/review/${quote.id}`));
        await page.goto(link);
        expect((await review).status()).toBe(410);
        const alert = page.getByRole("alert");
        await visible(alert.getByRole("heading", { name: "Review Link Ended" }));
        await visible(alert.getByText(ERROR_CATALOGUE.REVIEW_LINK_ENDED.message));
        // Nothing of the quote is shown to the link's holder once the review is over.
        expect(await page.getByText(quote.reference).count()).toBe(0);
        const signIn = alert.getByRole("link", { name: "Sign in" });
        expect(await signIn.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/uw/review/${quote.id}`)}`);
        await expectNoSideScroll(page, `review link ended (${name})`);
        // A finger's reach on the phone; a mouse on the desktop.
        if (name === "phone") await expectTouchTargets(alert);
        await expectAccessible(page, `review link ended (${name})`);
        await screenshot(page, `review-link-ended-${name}`);
      } finally {
        await context.close();
      }
    }
  });
});
