/**
 * Broker firms in the browser (docs/product/firms.md): the administrator's Broker Firms screen (adding a firm,
 * the FCA number's rule under its field) and placing a broker in a firm, and the demo broker, lead of the demo
 * firm, handing a quote to another broker of the firm, at 1440x900 and at 390x844.
 */
import { describe, expect, it } from "vitest";
import type { Firm } from "../../src/domain/firms/firm";
import { ApiSession, createDraftQuote } from "./support/api";
import { expectAccessible, expectNoSideScroll, screenshot, toastText, visible } from "./support/browser";
import { sharedSignedInBrowsers } from "./support/session";

const ui = sharedSignedInBrowsers(["ADMIN", "BROKER"]);
/** Unique per run, so names never collide with another file's data on the shared server. */
const RUN = Date.now().toString(36);
/** An FCA number of 7 digits no other run uses. */
const FRN = String(1_000_000 + (Date.now() % 8_999_999)).slice(0, 7);

const SIZES = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

describe("broker firms", () => {
  it("adds a firm on the Broker Firms screen, refusing a malformed FCA number under its field", async () => {
    const { page } = ui.admin;
    await page.setViewportSize(SIZES[0]);
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: /Broker Firms/ }).click();
    await visible(page.getByRole("heading", { name: "Broker Firms", level: 1 }));
    await page.getByLabel("Firm Name").fill(`Harbour Brokers ${RUN}`);
    await page.getByLabel("FCA Firm Reference").fill("12345");
    await page.getByLabel("Address").fill("2 Quay Road, Bristol BS1 4QA");
    await page.getByLabel("Commission (%)").fill("12.5");
    await page.getByRole("button", { name: "Add Firm" }).click();
    await visible(page.getByText("FCA firm reference number must be 6 or 7 digits"));
    await page.getByLabel("FCA Firm Reference").fill(FRN);
    await page.getByRole("button", { name: "Add Firm" }).click();
    expect(await toastText(page, "Firm Created")).toContain(`Harbour Brokers ${RUN}`);
    const row = page.getByTestId("firm-row").filter({ hasText: `Harbour Brokers ${RUN}` });
    await visible(row);
    await visible(row.getByText("12.50%"));
    await expectAccessible(page, "broker firms");
    await screenshot(page, "firms-admin-1440");

    await page.setViewportSize(SIZES[1]);
    await visible(page.getByTestId("firm-row").filter({ hasText: `Harbour Brokers ${RUN}` }));
    await expectNoSideScroll(page, "broker firms at 390");
    await expectAccessible(page, "broker firms at 390");
    await screenshot(page, "firms-admin-390");
  });

  it("places a broker in a firm from User Management", async () => {
    const { page } = ui.admin;
    await page.setViewportSize(SIZES[0]);
    await page.goto("/admin/users");
    await page.getByLabel("Full Name").fill(`Fern Firmless ${RUN}`);
    await page.getByLabel("Email Address").fill(`fern.${RUN}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("Quiet-Harbour-Violin-7");
    await page.getByRole("button", { name: "Add User" }).click();
    await toastText(page, "User Created");
    const firm = page.getByLabel(`Firm of Fern Firmless ${RUN}`);
    await visible(firm);
    await firm.selectOption({ label: `Harbour Brokers ${RUN}` });
    expect(await toastText(page, "Firm Changed")).toContain(`a broker of Harbour Brokers ${RUN}`);
    await screenshot(page, "firms-user-management-1440");
  });

  for (const size of SIZES) {
    it(`hands a quote to another broker of the firm at ${size.name}`, async () => {
      const admin = await ApiSession.signIn("ADMIN");
      const broker = await ApiSession.signIn("BROKER");
      const me = await broker.data<{ firmId: string }>("GET", "/api/me");
      const firms = await admin.data<Firm[]>("GET", "/api/firms");
      expect(firms.some((firm) => firm.id === me.firmId)).toBe(true);
      const colleague = `Colin Colleague ${RUN}${size.name}`;
      await admin.data("POST", "/api/auth/register", {
        name: colleague,
        email: `colin.${RUN}.${size.name}@example.com`,
        password: "Quiet-Harbour-Violin-7",
        role: "BROKER",
        firmId: me.firmId,
      });
      const quote = await createDraftQuote(broker, `Handed Client ${RUN} ${size.name}`);

      const { page } = ui.broker;
      await page.setViewportSize(size);
      await page.goto("/dashboard");
      await page.getByPlaceholder("Search quotes by reference, company, broker, or product").fill(quote.reference);
      const handOver = page.getByRole("button", { name: `Hand over ${quote.reference}` });
      await visible(handOver);
      await handOver.click();
      const dialog = page.getByRole("dialog", { name: `Hand over ${quote.reference}` });
      await visible(dialog);
      await dialog
        .getByLabel("New broker")
        .selectOption({ label: `${colleague} (colin.${RUN}.${size.name}@example.com)` });
      await screenshot(page, `firms-hand-over-${size.name}`);
      await expectAccessible(page, `hand-over dialog at ${size.name}`);
      await dialog.getByRole("button", { name: "Hand over" }).click();
      expect(await toastText(page, "Handed Over")).toContain(`${quote.reference} is now with ${colleague}.`);
      // The lead still sees it; it is now the colleague's.
      const held = await broker.data<{ brokerId: string; broker: { name: string } }>("GET", `/api/quotes/${quote.id}`);
      expect(held.broker.name).toBe(colleague);
      if (size.name === "390") await expectNoSideScroll(page, "dashboard at 390 after hand-over");
    });
  }
});
