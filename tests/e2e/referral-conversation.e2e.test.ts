/**
 * The conversation on a referral, at 1440 x 900 and at 390 x 844: the underwriter asks the broker instead of
 * deciding, the queue says the referral awaits the broker, the broker sees the question on the dashboard and
 * step 7 and answers, the underwriter reads the answer and approves; and a broker withdraws a referral.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession, quoteInStatus } from "./support/api";
import {
  DEMO_USERS,
  expectAccessible,
  expectNoSideScroll,
  screenshot,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { DESKTOP, sharedSignedInBrowsers, type Viewport } from "./support/session";
import { expectOnStep, quoteOf } from "./wizard-helpers";

let broker: ApiSession;
let underwriter: ApiSession;
const TAG = `Qa${Date.now().toString(36)}`;
const PHONE: Viewport = { width: 390, height: 844 };

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

const ui = sharedSignedInBrowsers(["BROKER", "UNDERWRITER"], { viewport: DESKTOP });

function rowOf(page: Page, reference: string) {
  return page.locator(`[data-testid="quote-row"][data-reference="${reference}"]`);
}

async function look(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectAccessible(page, name);
}

for (const [size, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`a question to the broker, answered and decided (${size}, ${viewport.width} x ${viewport.height})`, () => {
    const question = `Was the claim of 2023 settled in full? (${size})`;
    const answer = `Yes: settled in March 2024 for £12,000, no further exposure (${size}).`;
    let quote: Awaited<ReturnType<typeof quoteInStatus>>;

    beforeAll(async () => {
      await ui.broker.page.setViewportSize(viewport);
      await ui.underwriter.page.setViewportSize(viewport);
      quote = await quoteInStatus("REFERRED", `${TAG} ${size} Asked Ltd`, { broker, underwriter });
    });

    it("lets the underwriter ask instead of deciding; the queue says it awaits the broker", async () => {
      const page = ui.underwriter.page;
      await page.goto(`/uw/review/${quote.id}`);
      await visible(page.getByRole("heading", { name: "Review Required" }));
      const card = page.getByTestId("review-questions");
      await card.getByRole("button", { name: "Send question" }).click();
      await visible(card.getByText("Write the question for the broker"));
      await card.getByLabel("Ask the broker").fill(question);
      await card.getByRole("button", { name: "Send question" }).click();
      expect(await toastText(page, "Question Sent")).toContain("The broker has been asked");
      await visible(card.getByText("Awaiting the broker's answer"));
      expect(await card.getByLabel("Ask the broker").count()).toBe(0);
      await visible(page.getByText("Question sent to the broker"));
      await look(page, `conversation-review-asked-${size}`);
      if (size === "phone") await expectNoSideScroll(page, "review with a question at 390");

      await page.goto("/uw/dashboard");
      await visible(page.getByRole("heading", { name: "Review Queue" }));
      const toggle = page.getByRole("button", { name: "Awaiting the broker", exact: true });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
      const row = page.locator(`[data-testid="queue-row"][data-reference="${quote.reference}"]`);
      await visible(row);
      expect(await row.getByTestId("awaiting-broker").textContent()).toBe("Awaiting the broker");
      // Only referrals awaiting the broker stay while the toggle is on.
      // Polled: the button shows pressed at once, while the list may still be the one before the filter.
      const rows = page.getByTestId("queue-row");
      const awaiting = page.locator('[data-testid="queue-row"] [data-testid="awaiting-broker"]');
      await expect.poll(async () => (await rows.count()) - (await awaiting.count())).toBe(0);
      await look(page, `conversation-queue-awaiting-broker-${size}`);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    });

    it("shows the broker the question on the dashboard row and step 7, where they answer it", async () => {
      const page = ui.broker.page;
      await page.goto("/dashboard");
      const row = rowOf(page, quote.reference);
      const onRow = row.getByTestId("row-question");
      await visible(onRow);
      expect(await onRow.textContent()).toContain(question);
      expect(await onRow.textContent()).toContain(`Question from ${DEMO_USERS.UNDERWRITER.name}`);
      await look(page, `conversation-dashboard-question-${size}`);
      await onRow.getByRole("link", { name: `Answer on step 7 of ${quote.reference}` }).click();
      // Step 7 drawn first: expectOnStep reads the desktop indicator while the phone's is not yet on screen.
      const panel = page.getByTestId("referral-conversation");
      await visible(panel.getByText(question));
      await expectOnStep(page, 7);
      await look(page, `conversation-step-7-question-${size}`);
      if (size === "phone") await expectNoSideScroll(page, "step 7 with a question at 390");
      await panel.getByLabel("Your answer").fill(answer);
      await panel.getByRole("button", { name: "Send answer" }).click();
      expect(await toastText(page, "Answer Sent")).toContain("back with the underwriters");
      await visible(panel.getByText(answer));
      expect(await panel.getByLabel("Your answer").count()).toBe(0);
      expect((await quoteOf(broker, quote.id)).status).toBe("REFERRED");
      await page.goto("/dashboard");
      await visible(rowOf(page, quote.reference));
      expect(await rowOf(page, quote.reference).getByTestId("row-question").count()).toBe(0);
    });

    it("shows the underwriter the answer on the review, who then approves", async () => {
      const page = ui.underwriter.page;
      await page.goto(`/uw/review/${quote.id}`);
      const card = page.getByTestId("review-questions");
      await visible(card.getByText(answer));
      await visible(card.getByText(question));
      await visible(page.getByText("Broker answered"));
      await look(page, `conversation-review-answered-${size}`);
      await page.getByRole("button", { name: "Approve" }).click();
      await page.getByRole("button", { name: "Submit Decision" }).click();
      expect(await toastText(page, "Decision Recorded")).toContain("Quote approved successfully");
      await waitForPath(page, "/dashboard");
      expect((await quoteOf(broker, quote.id)).status).toBe("UW_APPROVED");
    });
  });
}

describe("a broker withdraws a referral (desktop and phone)", () => {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`returns the quote to draft after a confirmation (${size})`, async () => {
      // A tab of its own: nothing of the previous test's wizard is left behind.
      const page = await ui.broker.context.newPage();
      await page.setViewportSize(viewport);
      const quote = await quoteInStatus("REFERRED", `${TAG} ${size} Withdrawn Ltd`, { broker, underwriter });
      await page.goto(`/quote/${quote.id}/step/7`);
      const panel = page.getByTestId("referral-conversation");
      await visible(panel.getByRole("button", { name: "Withdraw referral" }));
      await expectOnStep(page, 7);
      await panel.getByRole("button", { name: "Withdraw referral" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Withdraw this referral?" });
      await visible(dialog);
      await look(page, `conversation-withdraw-confirm-${size}`);
      // Cancel changes nothing.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect((await quoteOf(broker, quote.id)).status).toBe("REFERRED");

      await panel.getByRole("button", { name: "Withdraw referral" }).click();
      await dialog.getByRole("button", { name: "Withdraw referral" }).click();
      expect(await toastText(page, "Referral Withdrawn")).toContain("is a draft again");
      await expect.poll(async () => (await quoteOf(broker, quote.id)).status).toBe("DRAFT");
      await page.getByTestId("referral-conversation").waitFor({ state: "detached" });
      await visible(page.getByRole("button", { name: "Request Underwriter Review" }).first());
      await look(page, `conversation-withdrawn-${size}`);
      await page.close();
    });
  }
});
