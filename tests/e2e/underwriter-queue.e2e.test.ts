/**
 * The underwriters' queue, the decision carried through to the broker and the documents, the decided review,
 * and the e-mailed review link opened by someone not signed in.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import { ApiSession, type CreatedQuote, completeQuoteData, createDraftQuote, quoteInStatus } from "./support/api";
import {
  DEMO_USERS,
  expectAccessible,
  expectBrowserErrors,
  expectNoSideScroll,
  expectTouchTargets,
  newContext,
  SIGNED_OUT_SESSION_LOOKUP,
  screenshot,
  toastText,
  visible,
  waitForPath,
} from "./support/browser";
import { emailedReviewLink } from "./support/mail";
import { DESKTOP, sharedSignedInBrowsers } from "./support/session";
import { expectOnStep, quoteOf } from "./wizard-helpers";

let broker: ApiSession;
let underwriter: ApiSession;
const TAG = `Uq${Date.now().toString(36)}`;
const NOTE = "Previous claim explained by the broker; loaded 10%.";
const FILE_NOTE = "Broker keen to place; second look at the drainage claim at renewal.";
const UNDERWRITER = DEMO_USERS.UNDERWRITER;
const workDir = mkdtempSync(join(tmpdir(), "pqe-uw-queue-e2e-"));

function pdfText(pdf: Buffer): string {
  const path = join(workDir, `document-${Date.now()}.pdf`);
  writeFileSync(path, pdf);
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

const OVERSEAS_SPLIT = "Ireland 10%, France 5%";
const CLAIM_DETAILS = "A 2022 claim for a misplaced drainage run, settled at £12,000.";

/** A referred quote whose broker wrote the narratives an underwriter has to read: overseas work, a claim. */
async function referredWithNarratives(proposerName: string): Promise<CreatedQuote> {
  const quote = await createDraftQuote(broker, proposerName);
  const path = `/api/quotes/${quote.id}`;
  await completeQuoteData(broker, quote.id);
  await broker.data("PATCH", path, {
    financialOverview: {
      coverLimitAggregate: 1_000_000,
      turnover: 400_000,
      largestSingleProjectValue: 150_000,
      isAllTurnoverUK: false,
      overseasWorkSplit: OVERSEAS_SPLIT,
    },
  });
  await broker.data("PATCH", path, { declaration: { previousClaims: true, businessDetails: CLAIM_DETAILS } });
  await broker.data("POST", `${path}/rate`, { turnoverBand: "up_to_500k" });
  await broker.data("POST", `${path}/refer`, {});
  return { ...quote, status: "REFERRED" };
}

function rowOf(page: Page, testId: string, reference: string) {
  return page.locator(`[data-testid="${testId}"][data-reference="${reference}"]`);
}

/**
 * The reference's row, paging on through the queue until it shows: the longest waiting come first, so the
 * referrals other browser-test files leave on the shared server can push a new one past the first page.
 */
async function queueRowOf(page: Page, reference: string): Promise<Locator> {
  const row = rowOf(page, "queue-row", reference);
  const pages = page.getByRole("navigation", { name: "Queue pages" });
  await visible(page.getByTestId("queue-row"));
  while ((await row.count()) === 0) {
    const next = pages.getByRole("button", { name: "Next" });
    expect(await next.count(), `${reference} in the queue`).toBe(1);
    expect(await next.isDisabled(), `${reference} in the queue`).toBe(false);
    const current = await pages.locator('[aria-current="page"]').textContent();
    await next.click();
    await expect.poll(() => pages.locator('[aria-current="page"]').textContent()).not.toBe(current);
  }
  return row;
}

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

// The screens are looked at on a desktop of 1440 x 900.
const ui = sharedSignedInBrowsers(["BROKER", "UNDERWRITER"], { viewport: DESKTOP });

afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
});

describe("the underwriters' queue and the decision carried through", () => {
  let quote: CreatedQuote;
  let reason = "";
  let originalTotal = "";

  it("lists a referred quote with its reasons and how long it has waited; Review opens it", async () => {
    quote = await referredWithNarratives(`${TAG} Queued Ltd`);
    const referred = await quoteOf(broker, quote.id);
    reason = referred.referralHits[0]?.description ?? "";
    expect(reason).not.toBe("");
    originalTotal = referred.totalPremium ?? "";

    const page = ui.underwriter.page;
    await page.goto("/uw/dashboard");
    await visible(page.getByRole("heading", { name: "Review Queue" }));
    expect(await page.title()).toBe("PI Quote Engine - Review Queue");
    await visible(page.getByRole("link", { name: "Review Queue" }));
    const row = rowOf(page, "queue-row", quote.reference);
    await visible(row);
    expect(await row.textContent()).toContain(reason);
    expect(await row.textContent()).toContain("waiting less than an hour");
    expect(await row.getByRole("cell", { name: "D/C-PI", exact: true }).count()).toBe(1);
    await screenshot(page, "underwriter-queue");

    await row.getByRole("link", { name: `Review ${quote.reference}` }).click();
    await waitForPath(page, `/uw/review/${quote.id}`);
    await visible(page.getByRole("heading", { name: "Review Required" }));
    const narratives = (await page.getByTestId("declaration-narratives").textContent()) ?? "";
    expect(narratives).toContain(`Financial overview: Split of overseas work by territory${OVERSEAS_SPLIT}`);
    expect(narratives).toContain(`Declaration: Details of business material facts${CLAIM_DETAILS}`);
    await screenshot(page, "underwriter-review-narratives");
  });

  it("offers an underwriter Review on the dashboard row of a quote awaiting them", async () => {
    const page = ui.underwriter.page;
    await page.goto("/dashboard");
    const row = rowOf(page, "quote-row", quote.reference);
    await visible(row);
    await row.getByRole("link", { name: `Review ${quote.reference}` }).click();
    await waitForPath(page, `/uw/review/${quote.id}`);
    await visible(page.getByRole("heading", { name: "Review Required" }));
  });

  it("records a counter offer of +10% with a note in one request, however fast the clicks", async () => {
    const page = ui.underwriter.page;
    await page.goto(`/uw/review/${quote.id}`);
    await visible(page.getByRole("heading", { name: "Review Required" }));
    await page.getByRole("button", { name: "Counter Offer" }).click();
    const slider = page.getByRole("slider", { name: "Premium adjustment multiplier" });
    await slider.focus();
    for (let step = 0; step < 10; step += 1) await slider.press("ArrowRight");
    await visible(page.getByText("+10% adjustment (1.10x)"));
    await page.getByLabel("Underwriter Notes").fill(NOTE);
    await page.getByLabel("Note for the file").fill(FILE_NOTE);

    const decisionPosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/uw/decision")) decisionPosts.push(request.url());
    });
    const answered = page.waitForResponse((response) => response.url().includes("/uw/decision"));
    // Two clicks in the same task: the second lands before React can re-render the button as disabled.
    await page.getByRole("button", { name: "Submit Decision" }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    expect((await answered).status()).toBe(200);
    expect(await toastText(page, "Decision Recorded")).toContain("Quote counter successfully");
    await waitForPath(page, "/dashboard");
    expect(decisionPosts).toHaveLength(1);
  });

  it("shows the broker the decision on step 7 and on the dashboard row", async () => {
    const page = ui.broker.page;
    await page.goto(`/quote/${quote.id}`);
    await expectOnStep(page, 7);
    const panel = page.getByTestId("decision-summary");
    await visible(panel);
    const text = (await panel.textContent()) ?? "";
    expect(text).toContain("Underwriter decision");
    expect(text).toContain("Counter offer (+10%)");
    expect(text).toContain(UNDERWRITER.name);
    expect(text).toContain(NOTE);
    expect(text).not.toContain(FILE_NOTE);
    await screenshot(page, "broker-step-7-underwriter-decision");

    await page.goto("/dashboard");
    const row = rowOf(page, "quote-row", quote.reference);
    await visible(row);
    const decision = row.getByTestId("row-decision");
    await visible(decision);
    const rowText = (await decision.textContent()) ?? "";
    expect(rowText).toContain("Counter offer (+10%)");
    expect(rowText).toContain(`by ${UNDERWRITER.name}`);
    expect(rowText).toContain(NOTE);
    // The decision is taken: nobody is offered Review any more.
    expect(await row.getByRole("link", { name: `Review ${quote.reference}` }).count()).toBe(0);
    await screenshot(page, "broker-dashboard-underwriter-decision");
  });

  it("prints the underwriter's terms on the schedule", async () => {
    const response = await broker.raw("POST", `/api/quotes/${quote.id}/policy-schedule`);
    expect(response.status).toBe(200);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("Underwriter's terms");
    expect(text).toContain(`Underwriter's note ${NOTE}`);
    expect(text).toContain(`Decided by ${UNDERWRITER.name},`);
    expect(text).not.toContain(UNDERWRITER.email);
    expect(text).not.toContain("+10%");
    expect(text).not.toContain("1.10x");
    expect(text).not.toContain("second look");
  });

  it("declines only with a reason for the client, each error going as soon as its field changes", async () => {
    const declined = await referredWithNarratives(`${TAG} Declined Ltd`);
    const page = ui.underwriter.page;
    await page.goto(`/uw/review/${declined.id}`);
    await visible(page.getByRole("heading", { name: "Review Required" }));
    await visible(page.getByText("For the client: the broker reads it and it prints on the policy schedule"));
    const submit = page.getByRole("button", { name: "Submit Decision" });
    const noDecision = page.getByText("Choose Approve, Counter Offer or Decline");
    await submit.click();
    await visible(noDecision);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => noDecision.count()).toBe(0);
    await page.getByLabel("Note for the file").fill("Temporary works design: outside appetite");
    await submit.click();
    const noReason = page.getByText("Say why the quote is declined: the broker and the client read it");
    await visible(noReason);
    expect(await page.getByLabel("Underwriter Notes").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "underwriter review, decline without a reason");
    await screenshot(page, "underwriter-decline-needs-reason");
    await page.getByLabel("Underwriter Notes").fill("We do not insure the design of temporary works.");
    await expect.poll(() => noReason.count()).toBe(0);
    const answered = page.waitForResponse((response) => response.url().includes("/uw/decision"));
    await submit.click();
    expect((await answered).status()).toBe(200);
    await waitForPath(page, "/dashboard");
    expect(await quoteOf(broker, declined.id)).toMatchObject({
      status: "UW_DECLINED",
      uwNote: "We do not insure the design of temporary works.",
    });
  });

  it("shows the decided review: by whom and when, original against final, the history, no second decision", async () => {
    const decided = await quoteOf(broker, quote.id);
    const page = ui.underwriter.page;
    await page.goto(`/uw/review/${quote.id}`);
    await visible(page.getByRole("heading", { name: "Decision Recorded: Counter offer (+10%)" }));
    expect(await page.getByRole("heading", { name: "Review Required" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Submit Decision" }).count()).toBe(0);
    const recorded = (await page.getByTestId("recorded-decision").textContent()) ?? "";
    expect(recorded).toContain(`${UNDERWRITER.name} (${UNDERWRITER.email})`);
    expect(recorded).toContain(NOTE);
    expect(recorded).toContain(`Note for the file${FILE_NOTE}`);

    const gbp = (amount: string) =>
      new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(Number(amount));
    const summary = (await page.getByTestId("premium-summary").textContent()) ?? "";
    expect(summary).toContain(`Original Premium${gbp(originalTotal)}`);
    expect(summary).toContain("Adjustment+10%");
    expect(summary).toContain(`Final Premium${gbp(decided.totalPremium ?? "")}`);
    expect(decided.totalPremium).not.toBe(originalTotal);

    const history = page.getByTestId("quote-history");
    const lines = await history.getByRole("listitem").allTextContents();
    expect(lines.map((line) => line.replace(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/, "<time>"))).toEqual([
      `Quote created<time> by ${DEMO_USERS.BROKER.name}`,
      `Rated<time> by ${DEMO_USERS.BROKER.name}`,
      `Referred for underwriting<time> by ${DEMO_USERS.BROKER.name}`,
      `Decision: Counter offer (+10%)<time> by ${UNDERWRITER.name}`,
    ]);
    await screenshot(page, "underwriter-review-decided");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Statement of Fact" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${quote.reference}-statement-of-fact.pdf`);
    const statement = pdfText(await readFile(await download.path()));
    expect(statement).toContain("Underwriter's terms");
    expect(statement).toContain(OVERSEAS_SPLIT);
  });
});

describe("the response target", () => {
  it("counts on the underwriter's dashboard what waits and what is overdue, and opens the queue's views", async () => {
    const waiting = await referredWithNarratives(`${TAG} Target Ltd`);
    const page = ui.underwriter.page;
    await page.goto("/dashboard");
    const summary = page.getByTestId("queue-summary");
    await visible(summary.getByText("Review Queue:"));
    const answer = await underwriter.raw("GET", "/api/uw/queue?pageSize=1");
    const { meta } = (await answer.json()) as { meta: { waiting: number; overdue: number } };
    const { waiting: count, overdue } = meta;
    const text = (await summary.textContent()) ?? "";
    expect(text).toContain(`${count} referral`);
    expect(text).toContain("target 4 working hours");
    if (overdue > 0) expect(text).toContain(`${overdue} past the target`);
    await screenshot(page, "underwriter-dashboard-queue-summary");

    await summary.getByRole("link", { name: "Open the Review Queue" }).click();
    await waitForPath(page, "/uw/dashboard");
    const row = await queueRowOf(page, waiting.reference);
    expect(await row.getByTestId("queue-target").textContent()).toMatch(
      /^Respond by \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/,
    );
    await page.getByRole("button", { name: /^Overdue/ }).click();
    await expect.poll(() => page.getByRole("button", { name: /^Overdue/ }).getAttribute("aria-pressed")).toBe("true");
    // A referral made a moment ago is within its target: the overdue view never lists it.
    await expect.poll(() => rowOf(page, "queue-row", waiting.reference).count()).toBe(0);
    const rows = page.getByTestId("queue-row");
    for (const each of await rows.all()) expect(await each.getAttribute("data-overdue")).toBe("true");
    await expectAccessible(page, "review queue, overdue view");
  });
});

describe("the queue on a phone (390 x 844)", () => {
  it("shows each referral as a card with the row's values and Review, without scrolling sideways", async () => {
    const proposerName = `${TAG} Phone Queue Ltd`;
    const quote = await referredWithNarratives(proposerName);
    const referred = await quoteOf(broker, quote.id);
    const reasons = referred.referralHits.map((hit) => hit.description);
    expect(reasons.length).toBeGreaterThan(1);
    const page = await ui.underwriter.context.newPage();
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/uw/dashboard");
      await visible(page.getByRole("heading", { name: "Review Queue" }));
      const card = await queueRowOf(page, quote.reference);
      // A list of cards, not a table scrolled inside its box.
      expect(await card.evaluate((element) => element.tagName)).toBe("LI");
      await visible(page.getByRole("list", { name: "Quotes awaiting a decision" }));
      expect(await page.locator("table").count()).toBe(0);

      const text = ((await card.textContent()) ?? "").replace(/\s+/g, " ");
      const premium = formatGbp(parseMoneyString(referred.totalPremium ?? "") ?? 0);
      for (const value of [
        quote.reference,
        proposerName,
        // A figure alone does not say what it is: the premium is named for screen readers.
        `Premium ${premium}`,
        "ProductD/C-PI",
        `Broker${DEMO_USERS.BROKER.name}${DEMO_USERS.BROKER.email}`,
        "StatusREFERRED",
        "Waitingwaiting less than an hour",
        "Referral reasons",
        ...reasons,
      ]) {
        expect(text).toContain(value);
      }
      const review = card.getByRole("link", { name: `Review ${quote.reference}` });
      await visible(review);
      await expectTouchTargets(card);
      await expectNoSideScroll(page, "review queue at 390");
      await expectAccessible(page, "review queue at 390");
      await screenshot(page, "underwriter-queue-390");

      // By keyboard, as on the desktop: the card's Review is a link that Enter follows.
      await review.focus();
      await page.keyboard.press("Enter");
      await waitForPath(page, `/uw/review/${quote.id}`);
      await visible(page.getByRole("heading", { name: "Review Required" }));
    } finally {
      await page.close();
    }
  });
});

describe("the e-mailed review link", () => {
  it("opens the review read-only for a signed-out holder, with 'Sign in to decide'", async () => {
    const quote = await quoteInStatus("REFERRED", `${TAG} Linked Ltd`, { broker, underwriter });
    const link = await emailedReviewLink(quote.id, UNDERWRITER.email);
    const context = await newContext(ui.browser);
    try {
      const page = await context.newPage();
      // The link's holder is signed out: the session lookup answers 401, and the review opens read-only.
      expectBrowserErrors(page, [SIGNED_OUT_SESSION_LOOKUP]);
      await page.setViewportSize({ width: 1440, height: 900 });
      const withToken: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("token=")) withToken.push(new URL(request.url()).pathname);
      });
      const review = page.waitForResponse((response) => response.url().includes(`/api/uw/review/${quote.id}`));
      await page.goto(link);
      expect((await review).status()).toBe(200);
      await visible(page.getByRole("heading", { name: "Review Required" }));
      expect(new URL(page.url()).pathname).toBe(`/uw/review/${quote.id}`);
      await visible(page.getByText(quote.reference, { exact: true }).first());
      const signIn = page.getByRole("link", { name: "Sign in to decide" });
      await visible(signIn);
      expect(await signIn.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/uw/review/${quote.id}`)}`);
      expect(await page.getByRole("button", { name: "Submit Decision" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Counter Offer" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Statement of Fact" }).count()).toBe(0);
      // The token goes to the page and to its review, nowhere else.
      expect([...new Set(withToken)].sort()).toEqual([`/api/uw/review/${quote.id}`, `/uw/review/${quote.id}`].sort());
      await screenshot(page, "underwriter-review-by-link");

      // Without the token, signed out still means the sign-in screen.
      await page.goto(`/uw/review/${quote.id}`);
      await waitForPath(page, "/login");

      // 'Sign in to decide' signs the holder in and returns to the same review, now with the decision form.
      await page.goto(link);
      await page.getByRole("link", { name: "Sign in to decide" }).click();
      await waitForPath(page, "/login");
      await page.getByLabel("Email").fill(UNDERWRITER.email);
      await page.getByLabel("Password", { exact: true }).fill(UNDERWRITER.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, `/uw/review/${quote.id}`);
      expect(new URL(page.url()).search).toBe("");
      await visible(page.getByRole("button", { name: "Submit Decision" }));
    } finally {
      await context.close();
    }
  });
});
