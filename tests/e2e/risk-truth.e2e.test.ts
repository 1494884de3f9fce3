/**
 * One truth about the risk (docs/product/rating.md "Turnover band" and "Backdated inception"): step 7 starts at the
 * declared turnover's band and offers no lower one, a higher band shows as the broker's choice, step 1 warns of a
 * backdated inception, and one quote's figures are the same on step 7, in the review, in the statement of fact and
 * schedule, and in the bordereau.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateGb, todayInLondon } from "../../src/domain/format/dates";
import { formatGbp, formatGbpWhole, parseMoneyString, poundsToPence } from "../../src/domain/money";
import { addDays } from "../../src/domain/quote/renewal";
import { ApiSession } from "./support/api";
import { expectAccessible, expectNoSideScroll, screenshot, signedInPage, toastText, visible } from "./support/browser";
import { DESKTOP, sharedSignedInBrowser, type Viewport } from "./support/session";
import { chooseStep, expectOnStep } from "./wizard-helpers";

const PHONE: Viewport = { width: 390, height: 844 };
const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;
const TAG = `Rt${Date.now().toString(36)}`;
const FLOOR = "The declared turnover of £850,000 falls in £500k – £1m: choose that band or a higher one";
const CHOSEN = "Rated on £1m – £1.5m, chosen by the broker (declared turnover £850,000)";
const workDir = mkdtempSync(join(tmpdir(), "pqe-truth-"));

let broker: ApiSession;
let underwriter: ApiSession;

beforeAll(async () => {
  broker = await ApiSession.signIn("BROKER");
  underwriter = await ApiSession.signIn("UNDERWRITER");
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const ui = sharedSignedInBrowser("BROKER", { viewport: DESKTOP, freshPageEachTest: true });

/** A Structural Engineer declaring £850,000 of turnover, every section saved, not yet rated. */
async function quoteDeclaring850k(name: string): Promise<{ id: string; reference: string }> {
  const quote = await broker.data<{ id: string; reference: string }>("POST", "/api/quotes", {
    productCode: "D/C-PI",
    proposerName: `${TAG} ${name}`,
    businessAddress: "2 Wharf Street, Leeds LS2 7EQ",
    inceptionDate: todayInLondon(new Date()),
    incorporationDate: "2010-05-01",
    numberOfDirectors: 2,
    numberOfQualifiedStaff: 4,
    hasFinancialInterest: false,
    insuredsDetails: { businessActivity: "Structural Engineer" },
  });
  const path = `/api/quotes/${quote.id}`;
  await broker.data("PATCH", path, {
    financialOverview: { coverLimitAggregate: 1_000_000, turnover: 850_000, largestSingleProjectValue: 150_000 },
  });
  await broker.data("PATCH", path, { designLiability: { turnoverSplitInHouseDesign: 100 } });
  await broker.data("PATCH", path, { activitySplit: { professionalServices: 100 } });
  await broker.data("PATCH", path, { contracts: { domesticPrivateDwellings: 100 } });
  await broker.data("PATCH", path, { declaration: {} });
  return quote;
}

const isRate = (id: string) => (url: string) => new URL(url).pathname === `/api/quotes/${id}/rate`;

async function openStepSeven(page: Page, id: string): Promise<void> {
  await page.goto(`/quote/${id}`);
  await expectOnStep(page, 1);
  const rated = page.waitForResponse((response) => isRate(id)(response.url()));
  await chooseStep(page, 7);
  expect((await rated).status()).toBe(200);
  await expectOnStep(page, 7);
  await toastText(page, "Premium Calculated");
}

async function chooseBand(page: Page, id: string, label: string): Promise<void> {
  const rated = page.waitForResponse((response) => isRate(id)(response.url()));
  await page.getByRole("combobox", { name: "Turnover band" }).selectOption({ label });
  expect((await rated).status()).toBe(200);
}

async function bandOptions(page: Page): Promise<string[]> {
  return page
    .locator("#turnoverBand option")
    .evaluateAll((options) => options.map((option) => option.textContent ?? ""));
}

describe("the turnover band on step 7", () => {
  for (const [size, viewport] of SIZES) {
    it(`starts at the declared turnover's band, offers no lower one and shows a higher one as the broker's choice (${size})`, async () => {
      await ui.page.setViewportSize(viewport);
      const quote = await quoteDeclaring850k(`Band ${size}`);
      await openStepSeven(ui.page, quote.id);
      const band = ui.page.getByRole("combobox", { name: "Turnover band" });
      expect(await band.inputValue()).toBe("500k_to_1m");
      expect(await bandOptions(ui.page)).toEqual(["£500k – £1m", "£1m – £1.5m", "£1.5m to £2m"]);
      expect(await ui.page.getByTestId("turnover-band-note").textContent()).toBe(FLOOR);
      await expectAccessible(ui.page, `step 7 band (${size})`);

      await chooseBand(ui.page, quote.id, "£1m – £1.5m");
      await visible(ui.page.getByTestId("turnover-band-note").getByText(CHOSEN));
      await ui.page.getByTestId("turnover-band-note").scrollIntoViewIfNeeded();
      await screenshot(ui.page, `risk-truth-step7-band-${size}`);
      await expectAccessible(ui.page, `step 7 band chosen (${size})`);
      await expectNoSideScroll(ui.page, `step 7 band (${size})`);
    });
  }
});

describe("a backdated inception on step 1", () => {
  for (const [size, viewport] of SIZES) {
    it(`warns under the inception date that the quote will be referred (${size})`, async () => {
      await ui.page.setViewportSize(viewport);
      await ui.page.goto("/quote/new");
      const inception = ui.page.getByLabel("Inception date");
      const warning = ui.page.getByTestId("inception-backdated");
      const today = todayInLondon(new Date());
      await inception.fill(formatDateGb(addDays(today, -15)));
      expect(await visible(warning).then((found) => found.textContent())).toBe(
        "This date is more than 14 days in the past: the quote will be referred to an underwriter",
      );
      // The warning is read with the field, as its hint.
      expect(await inception.getAttribute("aria-describedby")).toContain("inceptionDate-hint");
      await screenshot(ui.page, `risk-truth-step1-backdated-${size}`);
      await expectAccessible(ui.page, `step 1 backdated (${size})`);
      await expectNoSideScroll(ui.page, `step 1 backdated (${size})`);

      await inception.fill(formatDateGb(addDays(today, -14)));
      await expect.poll(() => warning.count()).toBe(0);
    });
  }
});

/** The text of a document the server renders for the quote now (poppler's pdftotext), spaces folded. */
async function documentText(id: string, document: "statement-of-fact" | "policy-schedule"): Promise<string> {
  const response = await broker.raw("POST", `/api/quotes/${id}/${document}`);
  expect(response.status).toBe(200);
  const file = join(workDir, `${id}-${document}.pdf`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

/** RFC 4180 fields of one CSV line (quotes doubled inside quoted fields). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted && char === '"' && line[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === "," && !quoted) {
      fields.push(field);
      field = "";
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

function pounds(amount: string): string {
  const pence = parseMoneyString(amount);
  if (pence === null) throw new Error(`not an amount: ${amount}`);
  return formatGbp(pence);
}

/** Step 7's premium card as shown: label -> amount, for every line with an amount. */
async function premiumCard(page: Page): Promise<Record<string, string>> {
  // The breakdown and, beside it in the same card, the cover limit and excess lines.
  const card = page.getByLabel("Premium breakdown").locator("xpath=..");
  const pairs = await card.locator("dt").evaluateAll((terms) =>
    terms
      .map((term) => [term.textContent?.trim() ?? "", term.nextElementSibling] as const)
      .filter(([, value]) => value !== null && value.querySelector("dl") === null)
      .map(([label, value]) => [label, value?.textContent?.trim() ?? ""]),
  );
  return Object.fromEntries(pairs);
}

describe("one quote's figures everywhere", () => {
  it("are the same on step 7, in the review, the statement of fact, the schedule and the bordereau", async () => {
    const quote = await quoteDeclaring850k("Figures");
    await openStepSeven(ui.page, quote.id);
    await chooseBand(ui.page, quote.id, "£1m – £1.5m");
    await visible(ui.page.getByTestId("turnover-band-note").getByText(CHOSEN));

    // Step 7, as the broker reads it.
    const summaryTurnover = ui.page
      .locator("dt")
      .filter({ hasText: /^Turnover$/ })
      .first()
      .locator("xpath=following-sibling::dd");
    const card = await premiumCard(ui.page);
    await ui.page.getByText("How this premium was built").click();
    const turnoverLine = await visible(ui.page.getByText(/^Declared turnover £850,000 rated in/));
    const step7 = {
      declared: await summaryTurnover.textContent(),
      band: await ui.page.locator("#turnoverBand option:checked").textContent(),
      note: await ui.page.getByTestId("turnover-band-note").textContent(),
      rated: /representative value (£[\d,]+)/.exec((await turnoverLine.textContent()) ?? "")?.[1],
      limit: card["Cover Limit"],
      excess: card["Standard Excess"],
      base: card["Base Premium"],
      fee: card["Policy fee"],
      ipt: card["Insurance Premium Tax (IPT)"],
      total: card["Premium (inclusive)"],
    };

    // The underwriter's review, from the API.
    const review = await underwriter.data<{
      quote: { basePremium: string; fees: { label: string; amount: string }[]; taxes: string; totalPremium: string };
      riskAssessment: Record<string, unknown>;
    }>("GET", `/api/uw/review/${quote.id}`);
    const risk = review.riskAssessment;
    const whole = (value: unknown) => formatGbpWhole(poundsToPence(value as number));
    const fromReview = {
      declared: whole(risk.annualTurnover),
      band: risk.turnoverBandUsedLabel,
      note: risk.turnoverBandNote,
      rated: whole(risk.ratedTurnover),
      limit: whole(risk.publicLiabilityLimit),
      excess: "£1,500",
      base: pounds(review.quote.basePremium),
      fee: pounds(review.quote.fees.find((fee) => fee.label === "Policy fee")?.amount ?? ""),
      ipt: pounds(review.quote.taxes),
      total: pounds(review.quote.totalPremium),
    };
    expect(step7).toEqual(fromReview);
    // Worked by hand (docs/product/rating.md): £750 x 1.7 = £1,275.00; + £35 = £1,310.00; IPT 12% £157.20.
    expect(fromReview).toEqual({
      declared: "£850,000",
      band: "£1m – £1.5m",
      note: CHOSEN,
      rated: "£1,250,000",
      limit: "£1,000,000",
      excess: "£1,500",
      base: "£1,275.00",
      fee: "£35.00",
      ipt: "£157.20",
      total: "£1,467.20",
    });

    // The review screen, as the underwriter reads it, at both sizes.
    const reviewer = await signedInPage(ui.browser, "UNDERWRITER");
    try {
      for (const [size, viewport] of SIZES) {
        await reviewer.page.setViewportSize(viewport);
        await reviewer.page.goto(`/uw/review/${quote.id}`);
        const field = (label: string) =>
          reviewer.page
            .locator("dt")
            .filter({ hasText: new RegExp(`^${label}$`) })
            .locator("xpath=following-sibling::dd");
        await visible(field("Annual Turnover"));
        expect({
          declared: await field("Annual Turnover").textContent(),
          industry: await field("Industry").textContent(),
          limit: await field("Public Liability Limit").textContent(),
          band: await field("Turnover band used for rating").textContent(),
          ratingIndustry: await field("Rating industry").textContent(),
        }).toEqual({
          declared: fromReview.declared,
          industry: "Structural Engineer",
          limit: fromReview.limit,
          band: `${fromReview.band}, rated on ${fromReview.rated}${CHOSEN}`,
          ratingIndustry: "Construction",
        });
        await field("Turnover band used for rating").scrollIntoViewIfNeeded();
        await screenshot(reviewer.page, `risk-truth-review-${size}`);
        await expectAccessible(reviewer.page, `review (${size})`);
        await expectNoSideScroll(reviewer.page, `review (${size})`);
      }
    } finally {
      await reviewer.context.close();
    }

    // The documents, once the quote is completed and issued.
    await broker.data("PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" });
    const statement = await documentText(quote.id, "statement-of-fact");
    expect(statement).toContain(`Annual turnover (revenue) ${fromReview.declared}`);
    expect(statement).toContain(`Revenue classification ${fromReview.band}`);
    expect(statement).toContain(`Band chosen by the broker ${CHOSEN}`);
    expect(statement).toContain(`Limit of indemnity ${fromReview.limit} in the aggregate`);
    expect(statement).toContain(`Excess ${fromReview.excess} each and every claim`);
    await broker.data("POST", `/api/quotes/${quote.id}/issue`, {});
    const schedule = await documentText(quote.id, "policy-schedule");
    expect(schedule).toContain(`${fromReview.limit} in the aggregate`);
    expect(schedule).toContain(`Excess ${fromReview.excess} each and every claim`);
    expect(schedule).toContain(`Base premium ${fromReview.base}`);
    expect(schedule).toContain(`Policy fee ${fromReview.fee}`);
    expect(schedule).toContain(fromReview.ipt);
    expect(schedule).toContain(`Total premium payable (inclusive of IPT) ${fromReview.total}`);

    // The bordereau of this month, as an underwriter downloads it.
    const month = todayInLondon(new Date()).slice(0, 7);
    const csv = await (await underwriter.raw("GET", `/api/bordereau?month=${month}`)).text();
    const [header = "", ...lines] = csv.split("\r\n");
    const columns = csvFields(header);
    const line = lines.map(csvFields).find((fields) => fields[columns.indexOf("Quote Reference")] === quote.reference);
    const cell = (name: string) => pounds(line?.[columns.indexOf(name)] ?? "");
    expect({
      limit: formatGbpWhole(parseMoneyString(line?.[columns.indexOf("Limit of Indemnity")] ?? "") ?? 0),
      excess: formatGbpWhole(parseMoneyString(line?.[columns.indexOf("Excess")] ?? "") ?? 0),
      base: cell("Base Premium"),
      fees: cell("Fees"),
      ipt: cell("Insurance Premium Tax"),
      total: cell("Gross Premium including IPT and Fees"),
    }).toEqual({
      limit: fromReview.limit,
      excess: fromReview.excess,
      base: fromReview.base,
      fees: fromReview.fee,
      ipt: fromReview.ipt,
      total: fromReview.total,
    });
  });
});
