/**
 * Broker commission in the browser (docs/product/firms.md "Commission"): step 7 shows the demo broker's firm's
 * commission (15%) and the net premium due from the broker beside the premium; the underwriter's review shows it
 * and sets another rate for the quote, refusing one outside the rating version's limits under the field; at
 * 1440x900 and 390x844.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import type { Quote } from "../../src/domain/quote/quote";
import { ApiSession, completeQuoteData, createDraftQuote } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  failedRequest,
  screenshot,
  toastText,
  visible,
} from "./support/browser";
import { sharedSignedInBrowsers } from "./support/session";
import { expectOnStep, stepButton } from "./wizard-helpers";

const ui = sharedSignedInBrowsers(["BROKER", "UNDERWRITER"]);
const RUN = Date.now().toString(36);

const SIZES = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

let broker: ApiSession;
beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const gbp = (amount: string | undefined) => formatGbp(parseMoneyString(amount ?? "") ?? Number.NaN);

async function commissionOf(id: string): Promise<NonNullable<Quote["commission"]>> {
  const quote = await broker.data<Quote>("GET", `/api/quotes/${id}`);
  if (!quote.commission) throw new Error("The demo broker's quote carries no commission");
  return quote.commission;
}

async function expectCommissionShown(page: Page, label: string, commission: NonNullable<Quote["commission"]>) {
  const lines = page.getByTestId("commission");
  await visible(lines.getByText(label, { exact: true }));
  await visible(lines.getByText(gbp(commission.amount), { exact: true }));
  await visible(lines.getByText("Net premium due from broker", { exact: true }));
  await visible(lines.getByText(gbp(commission.netPremium), { exact: true }));
}

describe("broker commission", () => {
  for (const size of SIZES) {
    it(`shows the commission on step 7 and lets the underwriter set this quote's rate at ${size.name}`, async () => {
      const quote = await createDraftQuote(broker, `Commission Client ${RUN} ${size.name}`);
      await completeQuoteData(broker, quote.id);

      const { page } = ui.broker;
      // Arrived on step 7 from the desktop's step list, as other tests do; what follows is at this size.
      await page.setViewportSize(SIZES[0]);
      await page.goto(`/quote/${quote.id}`);
      await expectOnStep(page, 1);
      await stepButton(page, 7).click();
      await toastText(page, "Premium Calculated");
      await page.setViewportSize(size);
      await expectCommissionShown(page, "Broker commission (15%)", await commissionOf(quote.id));
      await page.getByTestId("commission").scrollIntoViewIfNeeded();
      await screenshot(page, `commission-step-7-${size.name}`);
      await expectAccessible(page, `step 7 with commission at ${size.name}`);
      if (size.name === "390") await expectNoSideScroll(page, "step 7 at 390");

      const review = ui.underwriter.page;
      await review.setViewportSize(size);
      await review.goto(`/uw/review/${quote.id}`);
      await visible(review.getByRole("heading", { name: "Broker Commission" }));
      await expectCommissionShown(review, "Broker commission (15%)", await commissionOf(quote.id));
      const rate = review.getByLabel("Commission rate (%)");
      // The rate above the version's limits is the server's to refuse: its 400 is expected.
      expectBrowserErrors(review, [failedRequest(400, `/api/quotes/${quote.id}/uw/commission`)]);
      await rate.fill("45");
      await review.getByRole("button", { name: "Set rate" }).click();
      await visible(review.getByText("Commission rate must be from 0% to 40% under this quote's rating version"));
      await rate.fill("120");
      await review.getByRole("button", { name: "Set rate" }).click();
      await visible(
        review.getByText("Commission rate must be a percentage from 0 to 100, with at most two decimal places"),
      );
      await expectAccessible(review, `review with a refused commission rate at ${size.name}`);
      await rate.fill("10");
      await review.getByRole("button", { name: "Set rate" }).click();
      await toastText(review, "Commission Set");
      const changed = await commissionOf(quote.id);
      expect(changed).toMatchObject({ ratePercent: 10, overridden: true });
      await expectCommissionShown(review, "Broker commission (10%, set by an underwriter)", changed);
      await review.getByTestId("commission").scrollIntoViewIfNeeded();
      await screenshot(review, `commission-review-${size.name}`);
      await expectAccessible(review, `review with commission at ${size.name}`);
      if (size.name === "390") await expectNoSideScroll(review, "review at 390");
    });
  }
});
