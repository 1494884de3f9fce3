import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE } from "../../src/domain/constants";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { ApiSession, type IssuedPolicy, issuePolicy as issueThroughApi } from "./support/api";
import { expectAccessible, expectTouchTargets, screenshot, toastText, visible, waitForPath } from "./support/browser";
import { sharedSignedInBrowser } from "./support/session";
import { expectOnStep } from "./wizard-helpers";

type Policy = IssuedPolicy;

let policy: Policy;
/** Due later than every other policy here, so it is the last row of the list: on page 2. */
let lastDue: Policy;

const DAY_MS = 24 * 60 * 60 * 1000;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

function issuePolicy(broker: ApiSession, inceptionDate: string, proposerName: string): Promise<Policy> {
  return issueThroughApi(broker, { proposerName, businessAddress: "2 Renewal Row, Leeds LS1 2AB", inceptionDate });
}

const rowOf = (due: Policy) => ui.page.locator(`[data-testid="renewal-row"][data-policy-number="${due.policyNumber}"]`);
const pager = () => ui.page.getByRole("navigation", { name: "Renewals due pages" });

beforeAll(async () => {
  const broker = await ApiSession.signIn("BROKER");
  const run = Date.now().toString(36);
  // Eleven months ago: the policy's last day is about a month away, inside the 60-day window.
  const inceptionDate = daysAgo(330);
  policy = await issuePolicy(broker, inceptionDate, `Renewal Test ${run} Ltd`);
  // More than a page due: the same inception date after it (so it stays on page 1), then one due ten days later.
  const others = Array.from({ length: DEFAULT_PAGE_SIZE - 1 }, (_, index) => index);
  for (let start = 0; start < others.length; start += 4) {
    await Promise.all(
      others
        .slice(start, start + 4)
        .map((index) => issuePolicy(broker, inceptionDate, `Renewal Book ${run} ${index + 1} Ltd`)),
    );
  }
  lastDue = await issuePolicy(broker, daysAgo(320), `Renewal Last ${run} Ltd`);
});

const ui = sharedSignedInBrowser("BROKER");

describe("renewals", () => {
  it("lists the policy under 'Renewals due' with its number, insured, expiry, premium and Renew", async () => {
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await ui.page.goto("/dashboard");
    const card = ui.page.getByRole("heading", { name: "Renewals due" });
    await visible(card);
    const row = rowOf(policy);
    await visible(row);
    await visible(row.getByText(policy.proposerName));
    await visible(row.getByRole("button", { name: `Renew ${policy.policyNumber}` }));
    await screenshot(ui.page, "renewals-due-390");

    await ui.page.setViewportSize({ width: 1440, height: 900 });
    for (const header of ["Policy number", "Insured", "Expiry date", "Premium", "Action"]) {
      await visible(ui.page.getByRole("columnheader", { name: header }));
    }
    await visible(row.getByText(formatGbp(parseMoneyString(policy.totalPremium) ?? 0)));
    await visible(row.getByText(/Expires in \d+ days/));
    await screenshot(ui.page, "renewals-due-1440");
    await expectAccessible(ui.page, "dashboard with renewals due");

    // The policy number opens the policy screen, from the table and from the phone's card (a 40 px target there).
    const policyPath = `/policies/${encodeURIComponent(policy.policyNumber)}`;
    const policyHeading = ui.page.getByRole("heading", { level: 1, name: `Policy ${policy.policyNumber}` });
    await row.getByRole("link", { name: `View policy ${policy.policyNumber}` }).click();
    await waitForPath(ui.page, policyPath);
    await visible(policyHeading);
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await ui.page.goBack();
    await visible(row.getByRole("button", { name: `Renew ${policy.policyNumber}` }));
    await expectTouchTargets(row);
    await row.getByRole("link", { name: `View policy ${policy.policyNumber}` }).click();
    await waitForPath(ui.page, policyPath);
    await visible(policyHeading);
    await ui.page.setViewportSize({ width: 1440, height: 900 });
    await ui.page.goBack();
    await visible(row.getByRole("button", { name: `Renew ${policy.policyNumber}` }));
  });

  it("renews into the wizard's step 6, which asks for last year's answers to be reviewed and saved", async () => {
    const row = rowOf(policy);
    await row.getByRole("button", { name: `Renew ${policy.policyNumber}` }).click();
    expect(await toastText(ui.page, "Renewal created")).toContain(policy.policyNumber);
    await expectOnStep(ui.page, 6);
    const notice = ui.page.getByRole("note");
    await visible(notice.getByText(`Renewal of ${policy.policyNumber}: review last year's answers`));
    await screenshot(ui.page, "renewal-step-6-1440");
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(ui.page, "renewal-step-6-390");
    await ui.page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(ui.page, "renewal step 6");

    // Saving the unchanged answers confirms them and moves on to step 7.
    await ui.page.getByRole("button", { name: "Continue to Submit" }).click();
    await expectOnStep(ui.page, 7);
    const change = ui.page.getByTestId("renewal-premium-change");
    await visible(change.getByText(`Renewal of ${policy.policyNumber}`));
    const lastYear = formatGbp(parseMoneyString(policy.totalPremium) ?? 0);
    await visible(change.getByText("Last year's premium"));
    await visible(change.getByText(lastYear).first());
    await visible(change.getByText("This year's premium"));
    await visible(change.getByText(/£0\.00 \(0\.0%\)|[+-]£[\d,]+\.\d{2} \([+-]?\d+\.\d%\)/));
    expect(await change.getByText("Review step 6 and save it").count()).toBe(0);
    await screenshot(ui.page, "renewal-step-7-1440");
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(ui.page, "renewal-step-7-390");
    await ui.page.setViewportSize({ width: 1440, height: 900 });

    // The policy the renewal renews is one click away: its number links to the policy screen, which names the renewal.
    await change.getByRole("link", { name: policy.policyNumber }).click();
    await waitForPath(ui.page, `/policies/${encodeURIComponent(policy.policyNumber)}`);
    await visible(ui.page.getByRole("heading", { level: 1, name: `Policy ${policy.policyNumber}` }));
    await visible(ui.page.getByRole("link", { name: /^DCPI-\d{6}$/ }).last());
    await visible(ui.page.getByTestId("policy-history").getByText("Renewal started"));

    // Once renewed, the dashboard row links to the renewal instead of offering Renew again.
    await ui.page.goto("/dashboard");
    await visible(rowOf(policy).getByRole("link", { name: /^Renewal DCPI-\d{6}$/ }));
  });

  it("pages to the policies past the first page, and renews one from page 2", async () => {
    const total = DEFAULT_PAGE_SIZE + 1;
    await ui.page.goto("/dashboard");
    const card = ui.page.locator('[aria-labelledby="renewals-due-title"]');
    await visible(card.getByText(`${total} policies`, { exact: true }));
    await visible(pager().getByText(`Showing 1-${DEFAULT_PAGE_SIZE} of ${total}`));
    await visible(pager().getByText("Page 1 of 2"));
    await expect.poll(() => card.getByTestId("renewal-row").count()).toBe(DEFAULT_PAGE_SIZE);
    expect(await rowOf(lastDue).count()).toBe(0);

    await pager().getByRole("button", { name: "Next" }).click();
    await visible(pager().getByText("Page 2 of 2"));
    await visible(pager().getByText(`Showing ${total}-${total} of ${total}`));
    await visible(rowOf(lastDue).getByText(lastDue.proposerName));
    await expect.poll(() => card.getByTestId("renewal-row").count()).toBe(1);
    // The heading counts every due policy, whichever page is shown.
    await visible(card.getByText(`${total} policies`, { exact: true }));
    await screenshot(ui.page, "renewals-due-page-2-1440");
    await expectAccessible(ui.page, "renewals due, page 2");
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await visible(rowOf(lastDue).getByRole("button", { name: `Renew ${lastDue.policyNumber}` }));
    await visible(pager().getByText("Page 2 of 2"));
    await screenshot(ui.page, "renewals-due-page-2-390");
    await expectAccessible(ui.page, "renewals due, page 2, on a phone");
    // On a phone the card's Renew and the pages' Previous and Next are 40 px targets.
    await expectTouchTargets(rowOf(lastDue));
    await expectTouchTargets(pager());
    await ui.page.setViewportSize({ width: 1440, height: 900 });

    await rowOf(lastDue)
      .getByRole("button", { name: `Renew ${lastDue.policyNumber}` })
      .click();
    expect(await toastText(ui.page, "Renewal created")).toContain(lastDue.policyNumber);
    await expectOnStep(ui.page, 6);
    await visible(
      ui.page.getByRole("note").getByText(`Renewal of ${lastDue.policyNumber}: review last year's answers`),
    );

    // Back on the dashboard, page 2's row now links to its renewal instead of offering Renew.
    await ui.page.goto("/dashboard");
    await pager().getByRole("button", { name: "Next" }).click();
    await visible(pager().getByText("Page 2 of 2"));
    await visible(rowOf(lastDue).getByRole("link", { name: /^Renewal DCPI-\d{6}$/ }));
    expect(
      await rowOf(lastDue)
        .getByRole("button", { name: /^Renew / })
        .count(),
    ).toBe(0);
  });
});
