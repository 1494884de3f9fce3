/**
 * Terms on a decision, in the browser at 1440x900 and 390x844: the underwriter approves with a clause and a
 * pre-bind subjectivity, the broker sees Issue Policy held with the reason, the underwriter marks it satisfied,
 * the broker issues. The administrators' endorsement library is looked at too.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ApiSession, quoteInStatus } from "./support/api";
import { expectAccessible, expectNoSideScroll, screenshot, toastText, visible } from "./support/browser";
import { sharedSignedInBrowsers } from "./support/session";

const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const SURVEY = "A signed asbestos management survey for each site";
const HELD = `The policy cannot be issued until the underwriter marks these subjectivities satisfied or waived: ${SURVEY}`;

let broker: ApiSession;
let underwriter: ApiSession;
beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

for (const size of SIZES) {
  describe(`terms on a decision (${size.name})`, () => {
    const viewport = { width: size.width, height: size.height };
    const ui = sharedSignedInBrowsers(["BROKER", "UNDERWRITER", "ADMIN"], { viewport });
    let quoteId = "";

    it("shows the endorsement library to an administrator, each clause with its version", async () => {
      const page = ui.admin.page;
      await page.goto("/admin/endorsements");
      await visible(page.getByRole("heading", { name: "Endorsement Library" }));
      await visible(page.getByRole("heading", { name: "ASB-EXCL - Asbestos exclusion" }));
      await page.getByRole("button", { name: "Add Clause" }).click();
      await visible(page.getByText("Enter the clause's title"));
      await expectNoSideScroll(page, `endorsement library ${size.name}`);
      await screenshot(page, `endorsement-library-${size.name}`);
      await expectAccessible(page, `endorsement library ${size.name}`);
    });

    it("lets the underwriter approve with a clause and a pre-bind subjectivity", async () => {
      const quote = await quoteInStatus("REFERRED", `Terms ${size.name} ${Date.now().toString(36)} Ltd`, {
        broker,
        underwriter,
      });
      quoteId = quote.id;
      const page = ui.underwriter.page;
      await page.goto(`/uw/review/${quoteId}`);
      await page.getByRole("button", { name: "Approve" }).click();
      await page.getByLabel("ASB-EXCL - Asbestos exclusion").check();
      await page.getByRole("button", { name: "Add subjectivity" }).click();
      await page.getByRole("button", { name: "Submit Decision" }).click();
      // An empty row is refused in the form, each message under its field.
      await visible(page.getByText("Enter what must be met"));
      await visible(page.getByText("Choose whether it must be met before or after binding"));
      await page.getByLabel("Subjectivity 1", { exact: true }).fill(SURVEY);
      await page.getByLabel("To be met").selectOption("PRE_BIND");
      await page.getByLabel("Due date").fill("2027-01-31");
      await expectNoSideScroll(page, `decision with terms ${size.name}`);
      await screenshot(page, `decision-terms-${size.name}`);
      await expectAccessible(page, `decision with terms ${size.name}`);
      await page.getByRole("button", { name: "Submit Decision" }).click();
      expect(await toastText(page, "Decision Recorded")).toContain("Quote approved successfully");
      const terms = await underwriter.data<{ endorsements: { code: string }[]; openPreBind: string[] }>(
        "GET",
        `/api/quotes/${quoteId}/terms`,
      );
      expect(terms.endorsements.map((c) => c.code)).toEqual(["ASB-EXCL"]);
      expect(terms.openPreBind).toEqual([SURVEY]);
    }, 120_000);

    it("shows the broker Issue Policy held with the reason, until the underwriter marks it satisfied", async () => {
      await broker.data("PATCH", `/api/quotes/${quoteId}`, { status: "QUOTED" });
      const page = ui.broker.page;
      await page.goto(`/quote/${quoteId}`);
      // Step 7's binding section, held with its reason.
      await visible(page.getByText(HELD));
      await visible(page.getByRole("heading", { name: "Subjectivities" }));
      expect(await page.getByRole("button", { name: "Issue Policy" }).isDisabled()).toBe(true);
      await expectNoSideScroll(page, `step 7 held ${size.name}`);
      await screenshot(page, `issue-held-${size.name}`);
      await expectAccessible(page, `step 7 held ${size.name}`);

      // The dashboard's row reads the terms as its confirmation opens, and names the hold instead of issuing.
      const { reference } = await broker.data<{ reference: string }>("GET", `/api/quotes/${quoteId}`);
      await page.goto("/dashboard");
      await page.getByPlaceholder("Search quotes by reference, company, broker, or product").fill(reference);
      const row = page.locator(`[data-testid="quote-row"][data-reference="${reference}"]`);
      await (await visible(row.getByRole("button", { name: `Issue Policy ${reference}` }))).click();
      const held = page.getByRole("alertdialog", { name: "Issue Policy" });
      await visible(held.getByText(HELD));
      expect(await held.getByRole("button", { name: "Issue Policy" }).isDisabled()).toBe(true);
      await screenshot(page, `dashboard-issue-held-${size.name}`);
      await expectAccessible(page, `dashboard issue held ${size.name}`);
      await held.getByRole("button", { name: "Cancel" }).click();
      await held.waitFor({ state: "hidden" });

      const uw = ui.underwriter.page;
      await uw.goto(`/uw/review/${quoteId}`);
      await uw.getByRole("button", { name: `Mark satisfied: ${SURVEY}` }).click();
      expect(await toastText(uw, "Subjectivity Updated")).toContain("Marked satisfied");
      await visible(uw.getByText(/Satisfied by /));
      await screenshot(uw, `subjectivity-satisfied-${size.name}`);
      await expectAccessible(uw, `review with terms ${size.name}`);

      // Back on step 7: the bind is offered.
      await page.goto(`/quote/${quoteId}`);
      const issue = page.getByRole("button", { name: "Issue Policy", exact: true });
      await visible(issue);
      expect(await issue.isDisabled()).toBe(false);
      expect(await page.getByText(HELD).count()).toBe(0);
      await issue.click();
      const dialog = page.getByRole("alertdialog", { name: "Issue Policy" });
      await dialog.getByRole("button", { name: "Issue Policy" }).click();
      expect(await toastText(page, "Policy Issued")).toContain("Policy");
    }, 120_000);

    it("lists an overdue post-bind subjectivity on the queue and lets the underwriter mark it on the policy", async () => {
      const quote = await quoteInStatus("REFERRED", `Overdue ${size.name} ${Date.now().toString(36)} Ltd`, {
        broker,
        underwriter,
      });
      const text = `Audited accounts (${size.name})`;
      await underwriter.data("POST", `/api/quotes/${quote.id}/uw/decision`, {
        decision: "APPROVED",
        subjectivities: [{ text, timing: "POST_BIND", dueDate: "2020-01-31" }],
      });
      await broker.data("PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" });
      const policy = await broker.data<{ policyNumber: string }>("POST", `/api/quotes/${quote.id}/issue`, {});

      const page = ui.underwriter.page;
      await page.goto("/uw/dashboard");
      const list = page.getByRole("list", { name: "Subjectivities overdue" });
      await visible(list.getByText(text));
      await expectNoSideScroll(page, `queue overdue ${size.name}`);
      await screenshot(page, `queue-overdue-${size.name}`);
      await expectAccessible(page, `queue overdue ${size.name}`);

      await list.getByRole("listitem").filter({ hasText: text }).getByRole("link").click();
      await visible(page.getByRole("heading", { name: `Policy ${policy.policyNumber}` }));
      await visible(page.getByText("Overdue", { exact: true }));
      await expectNoSideScroll(page, `policy terms ${size.name}`);
      await screenshot(page, `policy-terms-${size.name}`);
      await expectAccessible(page, `policy terms ${size.name}`);
      await page.getByRole("button", { name: `Mark satisfied: ${text}` }).click();
      expect(await toastText(page, "Subjectivity Updated")).toContain("Marked satisfied");
      await page.goto("/uw/dashboard");
      await visible(page.getByRole("heading", { name: "Review Queue" }).first());
      expect(await page.getByText(text).count()).toBe(0);
    }, 120_000);
  });
}
