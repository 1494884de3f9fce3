/**
 * Load a receipt on the rating editor (docs/product/receipts.md "Verifying"): an administrator loads a rating
 * receipt and the browser rates it again with the engine, saying "Verified", or "Not verified" with the part that
 * differs and the first differing line; on a desktop and on a phone.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { RatingReceipt } from "../../src/domain/receipt/receipt";
import { expectAccessible, expectNoSideScroll, screenshot, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";

const ui = sharedSignedInBrowser("ADMIN", { viewport: DESKTOP });
const genuine = readFileSync(
  join(import.meta.dirname, "..", "fixtures", "receipts", "engine-1-referrals.json"),
  "utf8",
);

function tampered(): string {
  const receipt = JSON.parse(genuine) as RatingReceipt;
  receipt.result.totalPremium += 100;
  return JSON.stringify(receipt);
}

async function load(page: Page, name: string, text: string) {
  await page
    .getByLabel("Load a receipt")
    .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

describe("Load a receipt", () => {
  for (const viewport of [DESKTOP, { width: 390, height: 844 }]) {
    it(`verifies a genuine receipt and names what differs in a tampered one at ${viewport.width}x${viewport.height}`, async () => {
      await ui.page.setViewportSize(viewport);
      await ui.page.goto("/admin/rating");
      await ui.page.getByRole("button", { name: "New Version" }).click();
      await visible(ui.page.getByRole("heading", { name: "Verify a rating receipt" }));

      await load(ui.page, "receipt.json", genuine);
      const status = ui.page.getByRole("status").filter({ hasText: "receipt.json" });
      await visible(status);
      expect(await status.textContent()).toContain("Verified: receipt.json");
      expect(await status.textContent()).toContain("verified");
      await screenshot(ui.page, `receipt-check-verified-${viewport.width}`);

      await load(ui.page, "tampered.json", tampered());
      const refused = ui.page.getByRole("status").filter({ hasText: "tampered.json" });
      await visible(refused);
      const words = (await refused.textContent()) ?? "";
      expect(words).toContain("Not verified: tampered.json");
      expect(words).toContain("not verified: result differs");
      expect(words).toMatch(/receipt: {2}"totalPremium": \d+,/);
      await expectAccessible(ui.page, `Load a receipt at ${viewport.width}`);
      await expectNoSideScroll(ui.page, `Load a receipt at ${viewport.width}`);
      await screenshot(ui.page, `receipt-check-not-verified-${viewport.width}`);
    });
  }
});
