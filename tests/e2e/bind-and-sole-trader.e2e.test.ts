/**
 * Binding a completed quote in the browser (step 7's Issue Policy, its validity on step 7 and the dashboard)
 * and a sole trader's quote through the wizard.
 */
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateGb } from "../../src/domain/format/dates";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { quoteValidUntil } from "../../src/domain/quote/validity";
import { ApiSession, type CreatedQuote, quoteInStatus } from "./support/api";
import { expectAccessible, screenshot, signedInPage, toastText, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowser } from "./support/session";
import { createdQuoteId, expectOnStep, fillInsuredsDetails, fillStepsTwoToSix, setSwitch } from "./wizard-helpers";

let broker: ApiSession;
let underwriter: ApiSession;
const TAG = `Bd${Date.now().toString(36)}`;

type StoredQuote = {
  id: string;
  reference: string;
  status: string;
  proposerName: string;
  inceptionDate: string;
  totalPremium: string | null;
  ratedAt: string | null;
  policyNumber: string | null;
};

function storedQuote(id: string): Promise<StoredQuote> {
  return broker.data<StoredQuote>("GET", `/api/quotes/${id}`);
}

function validUntilText(quote: StoredQuote): string {
  const until = quoteValidUntil(quote);
  if (!until) throw new Error(`${quote.reference} was never rated`);
  return `Valid until ${formatDateGb(until)}`;
}

function rowOf(reference: string) {
  return ui.page.locator(`[data-testid="quote-row"][data-reference="${reference}"]`);
}

async function openDashboardRow(reference: string) {
  await ui.page.goto("/dashboard");
  await ui.page.getByPlaceholder("Search quotes by reference, company, broker, or product").fill(reference);
  return visible(rowOf(reference));
}

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP, freshPageEachTest: true });

describe("binding a completed quote", () => {
  let quoted: CreatedQuote;

  beforeAll(async () => {
    quoted = await quoteInStatus("QUOTED", `${TAG} Bind Ltd`, { broker, underwriter });
  });

  it("shows a completed quote's 30-day validity on the dashboard and on step 7", async () => {
    const stored = await storedQuote(quoted.id);
    const row = await openDashboardRow(quoted.reference);
    await visible(row.getByText(validUntilText(stored), { exact: true }));
    await screenshot(ui.page, "bind-dashboard-valid-until");

    await ui.page.goto(`/quote/${quoted.id}`);
    await expectOnStep(ui.page, 7);
    await visible(ui.page.getByText(validUntilText(stored), { exact: true }));
    await visible(ui.page.getByRole("button", { name: "Issue Policy" }));
  });

  it("offers Issue Policy to an underwriter on a broker's completed quote", async () => {
    const uw = await signedInPage(ui.browser, "UNDERWRITER");
    try {
      await uw.page.goto(`/quote/${quoted.id}`);
      await visible(uw.page.getByRole("button", { name: "Issue Policy" }));
    } finally {
      await uw.context.close();
    }
  });

  it("issues the policy after a confirmation naming insured, premium and inception, with one request for a double click", async () => {
    const stored = await storedQuote(quoted.id);
    const issueRequests: string[] = [];
    ui.page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/quotes/${quoted.id}/issue`)) {
        issueRequests.push(request.url());
      }
    });
    await ui.page.goto(`/quote/${quoted.id}`);
    await expectOnStep(ui.page, 7);
    await ui.page.getByRole("button", { name: "Issue Policy" }).click();

    const dialog = ui.page.getByRole("alertdialog", { name: "Issue Policy" });
    await visible(dialog);
    const premium = formatGbp(parseMoneyString(stored.totalPremium ?? "") ?? 0);
    const text = ((await dialog.textContent()) ?? "").replace(/\s+/g, " ");
    expect(text).toContain(stored.proposerName);
    expect(text).toContain(`a premium of ${premium} (inclusive of IPT)`);
    expect(text).toContain(`incepting on ${formatDateGb(stored.inceptionDate)}`);
    await screenshot(ui.page, "bind-confirmation");
    await expectAccessible(ui.page, "issue policy confirmation");

    const answered = ui.page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith(`/${quoted.id}/issue`),
    );
    await dialog.getByRole("button", { name: "Issue Policy" }).dblclick();
    expect((await answered).status()).toBe(200);

    const policyNumber = `DCPI/POL/${quoted.reference.slice(5)}`;
    expect(await toastText(ui.page, "Policy Issued")).toContain(policyNumber);
    const issuedPanel = ui.page.getByRole("region", { name: "Policy issued" });
    await visible(issuedPanel.getByText(policyNumber));
    await visible(ui.page.getByText(`Quote ${quoted.reference} · Policy ${policyNumber}`, { exact: true }));
    await visible(ui.page.getByText("ISSUED", { exact: true }));
    expect(await dialog.count()).toBe(0);
    await screenshot(ui.page, "bind-issued-step-7");
    expect(issueRequests).toHaveLength(1);
    expect(await storedQuote(quoted.id)).toMatchObject({ status: "ISSUED", policyNumber });

    const row = await openDashboardRow(quoted.reference);
    await visible(row.getByText(`Policy ${policyNumber}`, { exact: true }));
    await visible(row.getByText("Issued", { exact: true }));
    await screenshot(ui.page, "bind-dashboard-issued");
  });
});

describe("a sole trader's quote", () => {
  it("stores the sole-trader answer, asks when trading began instead of incorporation, and enables the documents", async () => {
    const name = `${TAG} Jo Bloggs`;
    await ui.page.goto("/quote/new");
    await ui.page.getByLabel("Company name").fill(name);
    await visible(ui.page.getByText("No company was found with that name in the public company register."));
    await setSwitch(ui.page, "Is the insured a sole trader?", true);
    await visible(ui.page.getByLabel("Trading since (optional)"));
    expect(await ui.page.getByLabel("Incorporation date").count()).toBe(0);
    await ui.page.getByLabel("Trading since (optional)").fill("01/06/2015");
    await ui.page.getByLabel("Trading name (optional)").fill("Bloggs Joinery");
    await fillInsuredsDetails(ui.page, { name, activity: "Joiner", incorporated: null, directors: 1 });
    await screenshot(ui.page, "sole-trader-step-1");
    await ui.page.getByRole("button", { name: "Continue to Financial Overview" }).click();
    expect(await toastText(ui.page, "Quote Created")).toContain("Quote Created");
    const id = await createdQuoteId(ui.page);
    expect(await broker.data("GET", `/api/quotes/${id}`)).toMatchObject({
      isSoleTrader: true,
      tradingSince: "2015-06-01",
      incorporationDate: null,
    });

    await fillStepsTwoToSix(ui.page);
    const statementOfFact = ui.page.getByLabel("Statement of Fact");
    expect(await statementOfFact.isDisabled()).toBe(false);
    expect(await ui.page.getByLabel("Policy Schedule").isDisabled()).toBe(false);
    expect(await ui.page.getByText(/Missing: /).count()).toBe(0);
    await statementOfFact.click();
    const [download] = await Promise.all([
      ui.page.waitForEvent("download"),
      ui.page.getByRole("button", { name: "Download Selected" }).click(),
    ]);
    const text = execFileSync("pdftotext", ["-raw", (await download.path()) ?? "", "-"], { encoding: "utf8" });
    expect(text.replace(/\s+/g, " ")).toContain(`Name of the sole trader ${name}`);
    expect(text).toContain("Trading since 01/06/2015");
    expect(text).not.toContain("Date of incorporation");
    await screenshot(ui.page, "sole-trader-step-7");

    // Opened again, step 1 shows the stored answer and the date trading began.
    await ui.page.goto(`/quote/${id}`);
    await expectOnStep(ui.page, 1);
    const answer = ui.page.getByRole("switch", { name: "Is the insured a sole trader?", exact: true });
    await visible(answer);
    expect(await answer.getAttribute("aria-checked")).toBe("true");
    expect(await ui.page.getByLabel("Trading since (optional)").inputValue()).toBe("01/06/2015");
  });
});
