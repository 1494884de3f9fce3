import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession, type CreatedQuote, type QuoteStatusName, quoteInStatus } from "./support/api";
import {
  expectAccessible,
  expectNoSideScroll,
  expectTouchTargets,
  newContext,
  screenshot,
  signedInPage,
  signInContext,
  toastText,
  visible,
} from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";

/** Every quote of this file carries this tag in its name, so a search finds exactly them. */
const TAG = `Zq${Date.now().toString(36)}`;
const quotes = new Map<string, CreatedQuote>();

const CASES: { key: string; status: QuoteStatusName; completeData?: boolean }[] = [
  { key: "draft", status: "DRAFT" },
  { key: "draft-complete", status: "DRAFT", completeData: true },
  { key: "quoted", status: "QUOTED" },
  { key: "referred", status: "REFERRED" },
  { key: "requested", status: "UW_REQUESTED" },
  { key: "approved", status: "UW_APPROVED" },
  { key: "declined", status: "UW_DECLINED" },
  { key: "issued", status: "ISSUED" },
];

function nameOf(key: string): string {
  return `${TAG} ${key} Ltd`;
}

function rowOf(key: string): Locator {
  const quote = quotes.get(key);
  if (!quote) throw new Error(`no quote ${key}`);
  return ui.page.locator(`[data-testid="quote-row"][data-reference="${quote.reference}"]`);
}

async function searchFor(text: string): Promise<void> {
  const box = ui.page.getByPlaceholder("Search quotes by reference, company, broker, or product");
  await box.fill(text);
}

beforeAll(async () => {
  const sessions = { broker: await ApiSession.signIn("BROKER"), underwriter: await ApiSession.signIn("UNDERWRITER") };
  for (const { key, status, completeData } of CASES) {
    quotes.set(key, await quoteInStatus(status, nameOf(key), sessions, { completeData: completeData ?? false }));
  }
});

const ui = sharedSignedInBrowser("BROKER");

beforeAll(async () => {
  // A mailto: link would hand over to a mail program; record it instead so the test can read the draft.
  await ui.context.addInitScript(() => {
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.href.startsWith("mailto:")) {
        (window as unknown as { lastMailto: string }).lastMailto = this.href;
        return;
      }
      click.call(this);
    };
  });
});

describe("dashboard", () => {
  it("shows the product's title, texts, figures and every quote column", async () => {
    await ui.page.goto("/dashboard");
    await visible(ui.page.getByRole("heading", { name: "Dashboard", level: 1 }));
    expect(await ui.page.title()).toBe("PI Quote Engine - Dashboard");
    await visible(ui.page.getByText("Manage your quotes and track performance"));
    await visible(ui.page.getByRole("heading", { name: "Recent Quotes" }));
    expect(await ui.page.getByRole("link", { name: "New Quote" }).last().getAttribute("href")).toBe("/quote/new");
    await visible(ui.page.getByRole("region", { name: "Quote figures" }).getByText("Total quotes"));
    await visible(ui.page.getByRole("img", { name: /DRAFT: \d+/ }));
    for (const header of ["Reference", "Company", "Broker", "Product", "Premium", "Status", "Updated", "Actions"]) {
      await visible(ui.page.getByRole("columnheader", { name: header }));
    }
    await searchFor(TAG);
    await visible(rowOf("quoted"));
    // The search is debounced: until it answers, the unfiltered first page (which also holds these rows) shows.
    await expect.poll(() => ui.page.getByTestId("quote-row").count(), { timeout: 15_000 }).toBe(CASES.length);
    await expectAccessible(ui.page, "dashboard");
    await screenshot(ui.page, "dashboard");
  });

  it("searches on the server, case-insensitively, by reference and by company name", async () => {
    const quoted = quotes.get("quoted") as CreatedQuote;
    await searchFor(quoted.reference.toLowerCase());
    await visible(rowOf("quoted"));
    await ui.page.waitForFunction(() => document.querySelectorAll('[data-testid="quote-row"]').length === 1);
    await searchFor(`${TAG} DECLINED`.toLowerCase());
    await visible(rowOf("declined"));
    await ui.page.waitForFunction(() => document.querySelectorAll('[data-testid="quote-row"]').length === 1);
  });

  it("shows the empty state when nothing matches", async () => {
    await searchFor(`${TAG}-no-such-quote`);
    await visible(ui.page.getByText("No quotes found"));
    await visible(ui.page.getByText("Create your first quote to get started"));
    await screenshot(ui.page, "dashboard-empty");
  });

  it("offers each status the row actions docs/product/screens.md gives it", async () => {
    await searchFor(TAG);
    await visible(rowOf("issued"));
    const expectations: Record<
      string,
      { badge: string; continue: boolean; edit: boolean; documents: boolean; email: boolean; issue: boolean }
    > = {
      draft: { badge: "DRAFT", continue: true, edit: true, documents: false, email: false, issue: false },
      "draft-complete": { badge: "DRAFT", continue: true, edit: true, documents: true, email: true, issue: false },
      quoted: { badge: "COMPLETED", continue: false, edit: true, documents: true, email: true, issue: true },
      referred: { badge: "REFERRED", continue: false, edit: true, documents: true, email: false, issue: false },
      requested: { badge: "UW REQUESTED", continue: false, edit: false, documents: true, email: false, issue: false },
      approved: { badge: "UW APPROVED", continue: false, edit: true, documents: true, email: true, issue: false },
      declined: { badge: "UW DECLINED", continue: false, edit: false, documents: true, email: false, issue: false },
    };
    for (const [key, expected] of Object.entries(expectations)) {
      const row = rowOf(key);
      const reference = (quotes.get(key) as CreatedQuote).reference;
      await visible(row.getByText(expected.badge, { exact: true }));
      const has = async (name: string) =>
        (await row.getByRole("link", { name }).or(row.getByRole("button", { name })).count()) > 0;
      expect({
        key,
        continue: await has(`Continue ${reference}`),
        edit: await has(`Edit ${reference}`),
        documents: await has(`Download documents for ${reference}`),
        email: await has(`Email documents for ${reference} to underwriting`),
        issue: await has(`Issue Policy ${reference}`),
      }).toEqual({
        key,
        continue: expected.continue,
        edit: expected.edit,
        documents: expected.documents,
        email: expected.email,
        issue: expected.issue,
      });
    }
    const issued = rowOf("issued");
    await visible(issued.getByText("Issued", { exact: true }));
    // The label stays; beside it, the only way on is to the policy, and (the demo broker leads the demo firm,
    // docs/product/firms.md) handing the policy to another broker of the firm.
    expect(await issued.getByRole("button").filter({ hasNotText: "Hand over" }).count()).toBe(0);
    await visible(issued.getByRole("button", { name: /^Hand over DCPI-\d{6}$/ }));
    expect(await issued.getByRole("link").count()).toBe(1);
    await visible(issued.getByRole("link", { name: /^View policy DCPI\/POL\/\d{6}$/ }));
    expect(await rowOf("quoted").getByRole("link", { name: /^Edit/ }).getAttribute("href")).toBe(
      `/quote/${(quotes.get("quoted") as CreatedQuote).id}`,
    );
  });

  it("downloads a ticked document as a PDF file", async () => {
    const quoted = quotes.get("quoted") as CreatedQuote;
    await rowOf("quoted")
      .getByRole("button", { name: `Download documents for ${quoted.reference}` })
      .click();
    const menu = ui.page.getByRole("dialog", { name: `Documents for ${quoted.reference}` });
    const downloadSelected = menu.getByRole("button", { name: "Download Selected" });
    expect(await downloadSelected.isDisabled()).toBe(true);
    await visible(menu.getByText("No documents selected: Please select at least one document to download"));
    await menu.getByRole("checkbox", { name: "Statement of Fact" }).click();
    await expectAccessible(ui.page, "document download menu");
    await screenshot(ui.page, "dashboard-download-menu");
    const [download] = await Promise.all([ui.page.waitForEvent("download"), downloadSelected.click()]);
    expect(download.suggestedFilename()).toBe(`${quoted.reference}-statement-of-fact.pdf`);
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await toastText(ui.page, "Documents Downloaded")).toContain("1 document(s) downloaded successfully");
    await ui.page.keyboard.press("Escape");
  });

  it("fetches the document menu's and the hints' code on first use, and opens the menu for a press made before it arrives", async () => {
    // A context of its own: nothing of the menu or the hints in its cache yet.
    const context = await newContext(ui.browser);
    try {
      await signInContext(context, "BROKER");
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/popover-panel-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/dashboard");
      await page.getByPlaceholder("Search quotes by reference, company, broker, or product").fill(TAG);
      const quoted = quotes.get("quoted") as CreatedQuote;
      const row = page.locator(`[data-testid="quote-row"][data-reference="${quoted.reference}"]`);
      await visible(row);
      const lateCode = /\/assets\/(popover-panel|document-choices|tooltip-panel)-/;
      expect(fetched.filter((path) => lateCode.test(path))).toEqual([]);

      const trigger = row.getByRole("button", { name: `Download documents for ${quoted.reference}` });
      expect(await trigger.getAttribute("aria-haspopup")).toBe("dialog");
      await trigger.click();
      // The press is taken while the popover's code is held back: the button says the menu is open...
      await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("true");
      expect(await page.getByRole("dialog").count()).toBe(0);
      // ...and the menu opens, with focus in it, once the code arrives.
      release();
      const menu = page.getByRole("dialog", { name: `Documents for ${quoted.reference}` });
      await visible(menu.getByRole("checkbox", { name: "All Documents" }));
      await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.count()).toBe(0);
      expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

      // A hint's code comes with the pointer over its button, and the hint after the open delay. Radix closes a
      // hint on any scroll of the page (here the list settling under 'Renewals due' can scroll it as the hint
      // opens) and opens it again only for a pointer that leaves the button and comes back, as a hand does when
      // a hint goes: each look that finds no hint moves the pointer off the button and back onto it.
      const email = row.getByRole("button", { name: `Email documents for ${quoted.reference} to underwriting` });
      await email.hover();
      await expect.poll(() => fetched.some((path) => /\/assets\/tooltip-panel-/.test(path))).toBe(true);
      const hint = page.getByText("Zip the documents and open an email to underwriting").first();
      await expect
        .poll(
          async () => {
            if (await hint.isVisible()) return true;
            const box = await email.boundingBox();
            if (!box) throw new Error("the e-mail button has no box");
            await page.mouse.move(box.x + box.width / 2, box.y - 24, { steps: 2 });
            await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2, { steps: 2 });
            return false;
          },
          { timeout: 15_000, interval: 1_000 },
        )
        .toBe(true);
      // Focus shows a hint at once, and stays on the link while the hint takes over its first showing.
      const edit = row.getByRole("link", { name: `Edit ${quoted.reference}` });
      await edit.focus();
      await visible(page.getByRole("tooltip", { name: `Edit ${quoted.reference}` }));
      expect(await edit.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await edit.getAttribute("aria-describedby")).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it("packages the three documents in a zip and drafts the e-mail to underwriting", async () => {
    const quoted = quotes.get("quoted") as CreatedQuote;
    const [download] = await Promise.all([
      ui.page.waitForEvent("download"),
      rowOf("quoted")
        .getByRole("button", { name: `Email documents for ${quoted.reference} to underwriting` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${nameOf("quoted")} Insurance Quote Documents.zip`);
    const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(entries).sort()).toEqual([
      `${quoted.reference}-policy-schedule.pdf`,
      `${quoted.reference}-statement-of-fact.pdf`,
      "First_Underwriting_D&C_PI_Wording.pdf",
    ]);
    for (const bytes of Object.values(entries)) expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    await toastText(ui.page, "Email Ready");
    const mailto = new URL(await ui.page.evaluate(() => (window as unknown as { lastMailto: string }).lastMailto));
    expect(mailto.pathname).toBe("underwriting@example.com");
    expect(mailto.searchParams.get("subject")).toBe(
      `Professional Indemnity Quote - ${nameOf("quoted")} (${quoted.reference})`,
    );
    await screenshot(ui.page, "dashboard-email-ready");
  });
});

/** Quotes bound from their dashboard row carry this tag, so the searches above never meet them. */
const ISSUE_TAG = `Iq${Date.now().toString(36)}`;
const VIEWPORTS = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

describe("issuing a policy from the dashboard row", () => {
  const toIssue = new Map<string, CreatedQuote>();

  beforeAll(async () => {
    const sessions = { broker: await ApiSession.signIn("BROKER"), underwriter: await ApiSession.signIn("UNDERWRITER") };
    for (const { name } of VIEWPORTS) {
      toIssue.set(name, await quoteInStatus("QUOTED", `${ISSUE_TAG} ${name} Ltd`, sessions));
    }
  });

  for (const viewport of VIEWPORTS) {
    it(`asks as step 7 does, Cancel changes nothing, and Issue Policy binds the completed quote at ${viewport.name} px`, async () => {
      const quote = toIssue.get(viewport.name) as CreatedQuote;
      await ui.page.setViewportSize({ width: viewport.width, height: viewport.height });
      await ui.page.goto("/dashboard");
      await searchFor(quote.reference);
      const row = ui.page.locator(`[data-testid="quote-row"][data-reference="${quote.reference}"]`);
      await visible(row.getByText("COMPLETED", { exact: true }));
      await expect.poll(() => ui.page.getByTestId("quote-row").count()).toBe(1);
      const issue = row.getByRole("button", { name: `Issue Policy ${quote.reference}` });
      await visible(issue);
      if (viewport.width < 768) await expectTouchTargets(row);
      await screenshot(ui.page, `dashboard-issue-row-${viewport.name}`);

      // Cancel: the dialog closes and the quote is still completed, with Issue Policy still offered.
      await issue.click();
      const dialog = ui.page.getByRole("alertdialog", { name: "Issue Policy" });
      await visible(dialog.getByText(`Issue a policy for ${ISSUE_TAG} ${viewport.name} Ltd at a premium of £`));
      await visible(
        dialog.getByText(/incepting on \d\d\/\d\d\/\d{4}\? Once issued, the quote can no longer be changed\.$/),
      );
      await screenshot(ui.page, `dashboard-issue-confirm-${viewport.name}`);
      await expectAccessible(ui.page, `the dashboard's Issue Policy confirmation at ${viewport.name} px`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await visible(row.getByText("COMPLETED", { exact: true }));
      await visible(issue);

      // Confirm: the policy is issued and the row becomes 'Issued' with its way to the policy.
      await issue.click();
      await dialog.getByRole("button", { name: "Issue Policy" }).click();
      const policyNumber = `DCPI/POL/${quote.reference.slice("DCPI-".length)}`;
      expect(await toastText(ui.page, "Policy Issued")).toContain(
        `Policy ${policyNumber} for ${ISSUE_TAG} ${viewport.name} Ltd`,
      );
      await visible(row.getByText("Issued", { exact: true }));
      await visible(row.getByRole("link", { name: `View policy ${policyNumber}` }));
      expect(await row.getByRole("button", { name: /^Issue Policy/ }).count()).toBe(0);
      await dialog.waitFor({ state: "hidden" });
      await screenshot(ui.page, `dashboard-issued-row-${viewport.name}`);
      await expectNoSideScroll(ui.page, `the dashboard with an issued row at ${viewport.name} px`);
    });
  }

  it("does not offer Issue Policy once a completed quote's 30-day validity has run out", async () => {
    const quoted = quotes.get("quoted") as CreatedQuote;
    const tab = await signedInPage(ui.browser, "BROKER");
    try {
      // The browser's clock 31 days on: the same quote, now past its validity as the dashboard judges it.
      await tab.context.clock.install({ time: new Date(Date.now() + 31 * 24 * 60 * 60 * 1000) });
      for (const viewport of VIEWPORTS) {
        await tab.page.setViewportSize({ width: viewport.width, height: viewport.height });
        await tab.page.goto("/dashboard");
        await tab.page
          .getByPlaceholder("Search quotes by reference, company, broker, or product")
          .fill(quoted.reference);
        const row = tab.page.locator(`[data-testid="quote-row"][data-reference="${quoted.reference}"]`);
        await expect.poll(() => tab.page.getByTestId("quote-row").count()).toBe(1);
        await visible(row.getByText(/^Expired on \d\d\/\d\d\/\d{4}/));
        await visible(row.getByRole("link", { name: `Edit ${quoted.reference}` }));
        expect(await row.getByRole("button", { name: /^Issue Policy/ }).count()).toBe(0);
        await screenshot(tab.page, `dashboard-expired-row-${viewport.name}`);
      }
    } finally {
      await tab.context.close();
    }
  });
});
