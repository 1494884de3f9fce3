/**
 * The policy screen (docs/product/screens.md "Policy"): reached from the dashboard's ISSUED row on a desktop and in
 * a phone's card, found by searching its number, its figures as issued, a document downloaded again; it looks like
 * the rest of the app and neither size scrolls sideways.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { ApiSession, type IssuedPolicy, issuePolicy as issueThroughApi } from "./support/api";
import {
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  failedRequest,
  screenshot,
  visible,
  waitForPath,
} from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";

type Policy = IssuedPolicy;

let policy: Policy;

const DAY_MS = 24 * 60 * 60 * 1000;

function issuePolicy(broker: ApiSession, proposerName: string): Promise<Policy> {
  const inceptionDate = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
  return issueThroughApi(broker, { proposerName, businessAddress: "7 Policy Place, Bristol BS1 4DJ", inceptionDate });
}

beforeAll(async () => {
  policy = await issuePolicy(await ApiSession.signIn("BROKER"), `Policy Screen ${Date.now().toString(36)} Ltd`);
});

const ui = sharedSignedInBrowser("BROKER");

const policyPath = () => `/policies/${encodeURIComponent(policy.policyNumber)}`;
const rowOf = () => ui.page.locator(`[data-testid="quote-row"][data-reference="${policy.reference}"]`);

/** The dashboard searched for the policy number, which finds exactly its quote. */
async function searchDashboardFor(text: string) {
  await ui.page.goto("/dashboard");
  await ui.page.getByPlaceholder("Search quotes by reference, company, broker, or product").fill(text);
  await visible(rowOf());
  await expect.poll(() => ui.page.getByTestId("quote-row").count()).toBe(1);
}

async function expectPolicyScreen() {
  await waitForPath(ui.page, policyPath());
  await visible(ui.page.getByRole("heading", { level: 1, name: `Policy ${policy.policyNumber}` }));
  await visible(ui.page.getByTestId("policy-status").getByText("In force", { exact: true }));
  await visible(ui.page.getByText(policy.proposerName).first());
  const premium = ui.page.getByTestId("policy-premium");
  await visible(premium.getByText(formatGbp(parseMoneyString(policy.totalPremium) ?? 0)));
  for (const title of ["Insured", "Period of insurance", "Cover", "Premium paid", "Documents", "History"]) {
    await visible(ui.page.getByRole("heading", { level: 2, name: title }));
  }
  await visible(ui.page.getByTestId("policy-history").getByText("Policy issued"));
}

describe("policy screen", () => {
  it("opens from the dashboard's ISSUED row on a desktop, found by its policy number, and downloads a document", async () => {
    await ui.page.setViewportSize({ width: 1440, height: 900 });
    await searchDashboardFor(policy.policyNumber);
    const row = rowOf();
    await visible(row.getByText("Issued", { exact: true }));
    await screenshot(ui.page, "policy-dashboard-row-1440");
    await row.getByRole("link", { name: `View policy ${policy.policyNumber}` }).click();
    await expectPolicyScreen();
    await screenshot(ui.page, "policy-1440");
    await expectAccessible(ui.page, "policy screen");
    await expectNoSideScroll(ui.page, "policy screen at 1440 px");

    const [download] = await Promise.all([
      ui.page.waitForEvent("download"),
      ui.page.getByRole("button", { name: `Download Policy Schedule for ${policy.policyNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${policy.reference}-policy-schedule.pdf`);
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(await download.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("opens from the phone's card, and nothing scrolls sideways at 390 px", async () => {
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await searchDashboardFor(policy.policyNumber.toLowerCase());
    const card = rowOf();
    await visible(card.getByText("Issued", { exact: true }));
    await screenshot(ui.page, "policy-dashboard-card-390");
    await card.getByRole("link", { name: `View policy ${policy.policyNumber}` }).click();
    await expectPolicyScreen();
    await screenshot(ui.page, "policy-390");
    await expectAccessible(ui.page, "policy screen on a phone");
    await expectNoSideScroll(ui.page, "policy screen at 390 px");
    await ui.page.setViewportSize({ width: 1440, height: 900 });
  });

  it("opens at its own address, and an unknown policy number says it was not found", async () => {
    await ui.page.goto(policyPath());
    await expectPolicyScreen();
    const unknown = encodeURIComponent("DCPI/POL/999999");
    // The screen learns that the policy does not exist from the API's 404: an answer it expects.
    expectBrowserErrors(ui.page, [failedRequest(404, `/api/policies/${unknown}`)]);
    await ui.page.goto(`/policies/${unknown}`);
    await visible(ui.page.getByRole("alert").getByText("Policy Not Found"));
  });
});
