/**
 * The retroactive date on step 6, at 1440 x 900 and at 390 x 844: the broker answers 'A date' with the previous
 * insurer, is told under the field that a date after inception cannot be, corrects it, rates, and finds the
 * insurance history on the statement of fact.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateGb } from "../../src/domain/format/dates";
import { addDays } from "../../src/domain/quote/renewal";
import { RETROACTIVE_COVER_MESSAGES } from "../../src/domain/quote/retroactive-cover";
import { pdfText } from "../support/pdf-text";
import { ApiSession, completeQuoteData, createDraftQuote } from "./support/api";
import { expectAccessible, expectNoSideScroll, screenshot, toastText, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowsers, type Viewport } from "./support/session";
import { expectOnStep, messageUnder } from "./wizard-helpers";

let broker: ApiSession;
const TAG = `Rd${Date.now().toString(36)}`;
const PHONE: Viewport = { width: 390, height: 844 };

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
});

const ui = sharedSignedInBrowsers(["BROKER", "UNDERWRITER"], { viewport: DESKTOP });

for (const [size, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`the retroactive date on step 6 (${size}, ${viewport.width} x ${viewport.height})`, () => {
    it("refuses a date after inception under the field, takes a corrected one, and prints it", async () => {
      const page = ui.broker.page;
      await page.setViewportSize(viewport);
      const draft = await createDraftQuote(broker, `${TAG} ${size} Continuity Ltd`);
      await completeQuoteData(broker, draft.id);
      const inception = (await broker.data<{ inceptionDate: string }>("GET", `/api/quotes/${draft.id}`)).inceptionDate;

      await page.goto(`/quote/${draft.id}/step/6`);
      await expectOnStep(page, 6);
      await visible(page.getByRole("heading", { name: "Insurance history" }));
      await page.getByLabel("A date", { exact: true }).check();
      await page.getByLabel("Retroactive date from").fill(formatDateGb(addDays(inception, 1)));
      await page.getByLabel("Previous insurer").fill("Acme Mutual");
      await page.getByLabel("Previous policy ends on").fill(formatDateGb(addDays(inception, -1)));
      await page.getByRole("button", { name: "Continue to Submit" }).click();
      expect(await messageUnder(page, "retroactiveDate")).toBe(RETROACTIVE_COVER_MESSAGES.afterInception);
      await expectOnStep(page, 6);
      await screenshot(page, `retroactive-date-refused-${size}`);
      await expectAccessible(page, `retroactive date refused (${size})`);
      await expectNoSideScroll(page, `retroactive date (${size})`);

      await page.getByLabel("Retroactive date from").fill("01/04/2020");
      await page.getByRole("button", { name: "Continue to Submit" }).click();
      expect(await toastText(page, "Premium Calculated")).toMatch(/Total premium £[\d,]+\.\d{2}/);
      await expectOnStep(page, 7);
      const stored = await broker.data<{ declaration: Record<string, unknown> }>("GET", `/api/quotes/${draft.id}`);
      expect(stored.declaration).toMatchObject({
        retroactiveCover: "DATE",
        retroactiveDate: "2020-04-01",
        previousInsurer: "Acme Mutual",
      });
      await screenshot(page, `retroactive-date-rated-${size}`);

      await page.getByLabel("Statement of Fact").click();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download Selected" }).click(),
      ]);
      const text = pdfText(readFileSync(await download.path()));
      expect(text).toContain("Insurance history");
      expect(text).toContain("Retroactive date given 01/04/2020");
      expect(text).toContain("Previous insurer Acme Mutual");
      expect(text).toContain(`Date the previous policy ends ${formatDateGb(addDays(inception, -1))}`);

      // Issued, the policy screen shows it as the schedule prints it.
      await broker.data("PATCH", `/api/quotes/${draft.id}`, { status: "QUOTED" });
      const issued = await broker.data<{ policyNumber: string }>("POST", `/api/quotes/${draft.id}/issue`, {});
      await page.goto(`/policies/${encodeURIComponent(issued.policyNumber)}`);
      await visible(page.getByRole("heading", { name: "Cover" }));
      const row = page.getByText("Retroactive date", { exact: true }).locator("..");
      expect(((await row.textContent()) ?? "").replace(/\s+/g, " ")).toContain("01/04/2020");
      await screenshot(page, `retroactive-date-policy-${size}`);
    });

    it("shows the underwriter the retroactive date of a referred quote", async () => {
      const page = ui.underwriter.page;
      await page.setViewportSize(viewport);
      const draft = await createDraftQuote(broker, `${TAG} ${size} Referred Continuity Ltd`);
      await completeQuoteData(broker, draft.id, { previousClaims: true });
      const { inceptionDate } = await broker.data<{ inceptionDate: string }>("GET", `/api/quotes/${draft.id}`);
      await broker.data("PATCH", `/api/quotes/${draft.id}`, {
        declaration: {
          previousClaims: true,
          businessDetails: "One claim in 2023, settled",
          comprehensiveDetails: "One claim in 2023, settled in full",
          retroactiveCover: "DATE",
          retroactiveDate: "2019-10-01",
          previousInsurer: "Acme Mutual",
          previousPolicyEndDate: inceptionDate,
        },
      });
      await broker.data("POST", `/api/quotes/${draft.id}/rate`, { turnoverBand: "up_to_500k" });
      await broker.data("POST", `/api/quotes/${draft.id}/refer`, {});
      await page.goto(`/uw/review/${draft.id}`);
      await visible(page.getByRole("heading", { name: "Review Required" }));
      await visible(page.getByText("Retroactive Date"));
      await visible(page.getByText("01/10/2019"));
      await screenshot(page, `retroactive-date-review-${size}`);
      await expectAccessible(page, `review with the retroactive date (${size})`);
    });
  });
}
