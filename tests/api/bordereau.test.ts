/**
 * GET /api/bordereau: the month's transactions (new business, cancellations) as CSV and XLSX, with totals equal to
 * the stored figures to the penny, an empty month as a header and a zero totals line, and only for underwriters and
 * admins. Over all months, a policy's lines add up to what it has paid.
 */
import { parse } from "csv-parse/sync";
import { isNotNull } from "drizzle-orm";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  BORDEREAU_COLUMN_ORDER,
  BORDEREAU_COLUMNS,
  bordereauCsv,
  bordereauLine,
} from "../../src/domain/bordereau/bordereau";
import { SAMPLE_ISSUED_POLICY } from "../../src/domain/bordereau/bordereau.fixture";
import { todayInLondon } from "../../src/domain/format/dates";
import { formatGbp, parseMoneyString, penceToMoneyString } from "../../src/domain/money";
import { commissionLines, commissionPence } from "../../src/domain/quote/commission";
import type { AdjustmentFiguresAnswer, PolicyView } from "../../src/domain/quote/policy-schema";
import { addDays } from "../../src/domain/quote/renewal";
import { quotes } from "../../src/server/db/schema";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { call, createCompleteQuote, patchQuote, rateQuote } from "./quotes-fixtures";

const HEADERS = BORDEREAU_COLUMN_ORDER.map((column) => BORDEREAU_COLUMNS[column].header);

/** RFC 4180 rows, read by an independent parser (the byte-order mark dropped). */
const parseCsv = (text: string): string[][] => parse(text, { bom: true, relaxColumnCount: false });

/**
 * The cells a spreadsheet set to ';' as its separator makes of one CSV line: it splits at each ';' outside quotes,
 * a quote opening or closing quoted text wherever it stands.
 */
function semicolonCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  // A cell that begins with a quote is quoted text to the spreadsheet, never a formula.
  return cells;
}

/** exceljs declares its own Buffer type; Node's is the same bytes. */
const asXlsxData = (bytes: Buffer) => bytes as unknown as Parameters<ExcelJS.Xlsx["load"]>[0];

const pence = (money: string) => parseMoneyString(money) ?? Number.NaN;

/** A stored issued quote's commission and net premium, by the domain's one rule. */
const commissionOfStored = (quote: typeof quotes.$inferSelect) =>
  commissionLines(
    { basePremium: quote.basePremium ?? 0, fees: quote.feesTotal ?? 0, totalPremium: quote.totalPremium ?? 0 },
    quote.commissionRateBasisPoints ?? 0,
  );

const asRecord = (row: string[] | undefined) =>
  Object.fromEntries(BORDEREAU_COLUMN_ORDER.map((column, i) => [column, row?.[i] ?? ""]));

describe("the bordereau as CSV, read back by an independent parser", () => {
  it("writes RFC 4180 CSV with pounds to two decimals, a header and a totals line", () => {
    const csv = bordereauCsv([bordereauLine({ ...SAMPLE_ISSUED_POLICY, tradingName: 'The "Best", Builders' })]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(BORDEREAU_COLUMN_ORDER.map((column) => BORDEREAU_COLUMNS[column].header));
    expect(rows).toHaveLength(3);
    const line = Object.fromEntries(BORDEREAU_COLUMN_ORDER.map((column, i) => [column, rows[1]?.[i]]));
    expect(line).toMatchObject({
      tradingName: 'The "Best", Builders',
      coverLimit: "1000000.00",
      excess: "3000.00",
      basePremium: "1234.56",
      grossPremium: "1438.71",
      postcode: "LS1 4AP",
    });
    expect(rows[2]?.slice(0, 2)).toEqual(["Total", "1 transaction"]);
  });

  it("writes an empty month as its header and a zero totals line", () => {
    const rows = parseCsv(bordereauCsv([]));
    expect(rows).toHaveLength(2);
    const totals = Object.fromEntries(BORDEREAU_COLUMN_ORDER.map((column, i) => [column, rows[1]?.[i]]));
    expect(totals).toMatchObject({ basePremium: "0.00", fees: "0.00", ipt: "0.00", grossPremium: "0.00" });
  });

  it("quotes every text field, so a spreadsheet reading ';' as its separator keeps a hostile name as one text cell", () => {
    const hostile = "Acme;=cmd|' /C calc'!A0;";
    const csv = bordereauCsv([bordereauLine({ ...SAMPLE_ISSUED_POLICY, insuredName: hostile, tradingName: "-2+3" })]);
    const [header, line] = csv.replace("\uFEFF", "").split("\r\n");
    // Every header and text cell is quoted; dates and money are the product's own digits.
    expect(header?.split('","')).toHaveLength(BORDEREAU_COLUMN_ORDER.length);
    expect(line).toContain(`"${hostile}"`);
    const rows = parseCsv(csv);
    expect(rows[1]?.[BORDEREAU_COLUMN_ORDER.indexOf("insuredName")]).toBe(hostile);
    expect(rows[1]?.[BORDEREAU_COLUMN_ORDER.indexOf("tradingName")]).toBe("'-2+3");
    // A spreadsheet set to ';' splits only at a ';' outside quotes; no cell it makes starts a formula.
    for (const row of csv.replace("\uFEFF", "").split("\r\n")) {
      for (const cell of semicolonCells(row)) expect(cell, row).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("keeps text a spreadsheet would run as a formula as text", () => {
    const rows = parseCsv(
      bordereauCsv([bordereauLine({ ...SAMPLE_ISSUED_POLICY, insuredName: '=HYPERLINK("http://x")' })]),
    );
    expect(rows[1]?.[BORDEREAU_COLUMN_ORDER.indexOf("insuredName")]).toBe('\'=HYPERLINK("http://x")');
  });
});

describeEachDatabase("the monthly bordereau", (ctx) => {
  afterEach(() => ctx.clock.reset());
  const month = () => todayInLondon(ctx.clock.now()).slice(0, 7);

  /** Noon on the 15th of this month: nothing the test does can cross into another month. */
  function toMidMonth() {
    const now = ctx.clock.now();
    ctx.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15, 12) - now.getTime());
  }

  async function issuePolicy(broker: string, stepOne: Record<string, unknown> = {}) {
    const quote = await createCompleteQuote(ctx.app, broker, { stepOne });
    await rateQuote(ctx.app, broker, quote.id, {
      turnoverBand: "500k_to_1m",
      risk: { coverLimitAggregate: 2_000_000, excessDiscount: "2x" },
    });
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    const issued = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    return issued.body.data;
  }

  it("lists every policy issued in the month with totals equal to the stored quotes, as CSV and XLSX", async () => {
    toMidMonth();
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const first = await issuePolicy(broker, {
      proposerName: '=Acme "Design", Build Ltd',
      businessAddress: "Unit 4, Mill Lane, Leeds, ls1 4ap",
    });
    const second = await issuePolicy(broker);
    // Quoted but never issued: not in any bordereau.
    await createCompleteQuote(ctx.app, broker);

    const csv = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau?month=${month()}`,
      headers: { cookie: underwriter },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toContain(`bordereau-${month()}.csv`);
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(HEADERS);

    const stored = await ctx.db.select().from(quotes).where(isNotNull(quotes.issuedAt));
    expect(rows).toHaveLength(stored.length + 2);
    const lines = rows.slice(1, -1).map(asRecord);
    expect(lines.map((line) => line.certificateReference).sort()).toEqual(
      stored.map((quote) => quote.policyNumber).sort(),
    );
    const line = lines.find((candidate) => candidate.quoteReference === first.reference);
    expect(line).toMatchObject({
      certificateReference: first.policyNumber,
      transactionType: "New business",
      effectiveDate: first.inceptionDate,
      insuredName: `'=Acme "Design", Build Ltd`,
      postcode: "LS1 4AP",
      inceptionDate: first.inceptionDate,
      coverLimit: "2000000.00",
      excess: "5000.00",
      retroactiveDate: "None",
      basePremium: first.basePremium,
      ipt: first.taxes,
      grossPremium: first.totalPremium,
      // The demo broker's firm takes 15% of the premium before IPT; the broker remits the rest.
      commissionRate: "15.00",
      commission: first.commission?.amount,
      netPremium: first.commission?.netPremium,
      currency: "GBP",
      broker: "Ben Broker",
      brokerEmail: "broker@example.com",
    });
    expect(lines.some((candidate) => candidate.quoteReference === second.reference)).toBe(true);

    const totals = asRecord(rows.at(-1));
    const sum = (pick: (quote: (typeof stored)[number]) => number | null) =>
      penceToMoneyString(stored.reduce((total, quote) => total + (pick(quote) ?? 0), 0));
    expect(totals).toMatchObject({
      certificateReference: "Total",
      quoteReference: `${stored.length} transactions`,
      basePremium: sum((quote) => quote.basePremium),
      fees: sum((quote) => quote.feesTotal),
      ipt: sum((quote) => quote.taxes),
      grossPremium: sum((quote) => quote.totalPremium),
      commission: sum((quote) => commissionOfStored(quote).commission),
      netPremium: sum((quote) => commissionOfStored(quote).netPremium),
    });
    expect(pence(totals.commission ?? "") + pence(totals.netPremium ?? "")).toBe(pence(totals.grossPremium ?? ""));

    const admin = await signIn(ctx.app, "ADMIN");
    const xlsx = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau?month=${month()}&format=xlsx`,
      headers: { cookie: admin },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(asXlsxData(xlsx.rawPayload));
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("The workbook has no sheet");
    expect(sheet.name).toBe(`Bordereau ${month()}`);
    expect(sheet.rowCount).toBe(stored.length + 2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const grossColumn = BORDEREAU_COLUMN_ORDER.indexOf("grossPremium") + 1;
    const inceptionColumn = BORDEREAU_COLUMN_ORDER.indexOf("inceptionDate") + 1;
    const lastRow = sheet.getRow(stored.length + 2);
    expect(lastRow.getCell(1).value).toBe("Total");
    expect((lastRow.getCell(grossColumn).value as number).toFixed(2)).toBe(totals.grossPremium);
    expect(lastRow.getCell(grossColumn).numFmt).toBe("#,##0.00");
    const commissionColumn = BORDEREAU_COLUMN_ORDER.indexOf("commission") + 1;
    expect((lastRow.getCell(commissionColumn).value as number).toFixed(2)).toBe(totals.commission);
    const firstRow = sheet.getRow(2);
    expect(firstRow.getCell(BORDEREAU_COLUMN_ORDER.indexOf("commissionRate") + 1).value).toBe(15);
    expect((firstRow.getCell(inceptionColumn).value as Date).toISOString().slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("sends a proposer name written to break out of its cell as one quoted text cell", async () => {
    toMidMonth();
    const hostile = "Acme;=cmd|' /C calc'!A0;";
    const broker = await signIn(ctx.app, "BROKER");
    const policy = await issuePolicy(broker, { proposerName: hostile });
    const csv = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau?month=${month()}&format=csv`,
      headers: { cookie: await signIn(ctx.app, "UNDERWRITER") },
    });
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split("\r\n").find((line) => line.includes(`"${policy.reference}"`)) ?? "";
    expect(row).toContain(`,"${hostile}",`);
    for (const cell of semicolonCells(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const line = parseCsv(csv.body)
      .map(asRecord)
      .find((candidate) => candidate.quoteReference === policy.reference);
    expect(line?.insuredName).toBe(hostile);
  });

  it("reports a policy in the month it was issued, not the month it was quoted", async () => {
    toMidMonth();
    const broker = await signIn(ctx.app, "BROKER");
    const thisMonth = month();
    const quote = await createCompleteQuote(ctx.app, broker);
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    // Issued on the second day of next month, well within the quotation's 30 days.
    const now = ctx.clock.now();
    const [year, monthNumber] = thisMonth.split("-").map(Number) as [number, number];
    ctx.clock.advance(Date.UTC(year, monthNumber, 2, 12) - now.getTime());
    const later = await signIn(ctx.app, "BROKER");
    const issued = await call(ctx.app, later, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const admin = await signIn(ctx.app, "ADMIN");
    const read = async (m: string) =>
      (await ctx.app.inject({ method: "GET", url: `/api/bordereau?month=${m}`, headers: { cookie: admin } })).body;
    expect(month()).not.toBe(thisMonth);
    expect(await read(month())).toContain(issued.body.data.policyNumber);
    expect(await read(thisMonth)).not.toContain(issued.body.data.policyNumber);
  });

  it("answers a month with no policies with the header and a zero totals line", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/bordereau?month=2001-02",
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(2);
    expect(asRecord(rows[1])).toMatchObject({
      certificateReference: "Total",
      quoteReference: "0 transactions",
      basePremium: "0.00",
      fees: "0.00",
      ipt: "0.00",
      grossPremium: "0.00",
    });
    const xlsx = await ctx.app.inject({
      method: "GET",
      url: "/api/bordereau?month=2001-02&format=xlsx",
      headers: { cookie: admin },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(asXlsxData(xlsx.rawPayload));
    expect(workbook.worksheets[0]?.rowCount).toBe(2);
  });

  it("is for underwriters and admins only, and names a wrong month or format", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/bordereau?month=2026-11" })).statusCode).toBe(401);
    const broker = await signIn(ctx.app, "BROKER");
    const refused = await call(ctx.app, broker, "GET", "/api/bordereau?month=2026-11");
    expect(refused.status).toBe(403);
    const admin = await signIn(ctx.app, "ADMIN");
    const badMonth = await call(ctx.app, admin, "GET", "/api/bordereau?month=2026-13");
    expect(badMonth.status).toBe(400);
    expect(JSON.stringify(badMonth.body)).toContain(
      "Month must be a calendar month written as YYYY-MM, such as 2026-11",
    );
    const missing = await call(ctx.app, admin, "GET", "/api/bordereau");
    expect(missing.status).toBe(400);
    const badFormat = await call(ctx.app, admin, "GET", "/api/bordereau?month=2026-11&format=pdf");
    expect(badFormat.status).toBe(400);
    expect(JSON.stringify(badFormat.body)).toContain("Format must be csv or xlsx");
  });

  it("reports adjustments and a cancellation in the months they are made; over every month a policy's lines add up to what it has paid, as its endorsements and notice print", async () => {
    const underwriterOn = async () => signIn(ctx.app, "UNDERWRITER");
    const readMonth = async (m: string) => {
      const answer = await ctx.app.inject({
        method: "GET",
        url: `/api/bordereau?month=${m}`,
        headers: { cookie: await underwriterOn() },
      });
      expect(answer.statusCode).toBe(200);
      return parseCsv(answer.body).slice(1, -1).map(asRecord);
    };
    const printed = async (url: string, cookie: string) =>
      pdfText((await ctx.app.inject({ method: "POST", url, headers: { cookie } })).rawPayload);
    const adjustment = fc.record({
      gap: fc.integer({ min: 0, max: 120 }),
      excess: fc.constantFrom("standard", "2x", "5x"),
      limit: fc.constantFrom(500_000, 1_000_000, 2_000_000),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(adjustment, { maxLength: 3 }),
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 1, max: 40 }),
        async (adjustments, offset, days) => {
          toMidMonth();
          const issuedMonth = month();
          const broker = await signIn(ctx.app, "BROKER");
          const policy = await issuePolicy(broker, { inceptionDate: todayInLondon(ctx.clock.now()) });
          const policyNumber = policy.policyNumber ?? "";
          const url = `/api/policies/${encodeURIComponent(policyNumber)}`;
          // Some days later (perhaps the next month), an underwriter makes the changes, then cancels.
          ctx.clock.advance(days * 24 * 60 * 60 * 1_000);
          const underwriter = await underwriterOn();
          let view = (await call<{ data: PolicyView }>(ctx.app, underwriter, "GET", url)).body.data;
          let adjustedFrom = 0;
          const charges: string[] = [];
          for (const step of adjustments) {
            adjustedFrom = Math.min(364, adjustedFrom + step.gap);
            const body = {
              effectiveDate: addDays(view.period.inceptionDate, adjustedFrom),
              changes: { excessDiscount: step.excess, coverLimitAggregate: step.limit },
            };
            const shown = await call<{ data: AdjustmentFiguresAnswer }>(
              ctx.app,
              underwriter,
              "POST",
              `${url}/adjustments/figures`,
              body,
            );
            if (shown.status === 400) continue; // the policy already holds these answers
            expect(shown.status, JSON.stringify(shown.body)).toBe(200);
            const made = await call<{ data: PolicyView }>(ctx.app, underwriter, "POST", `${url}/adjustments`, {
              ...body,
              expectedVersion: view.version,
            });
            expect(made.status, JSON.stringify(made.body)).toBe(201);
            view = made.body.data;
            expect(view.transactions.at(-1)?.totalPremium).toBe(shown.body.data.total);
            charges.push(shown.body.data.total);
          }
          const effectiveDate = addDays(view.period.inceptionDate, offset);
          const cancelled = await call<{ data: PolicyView }>(ctx.app, underwriter, "POST", `${url}/cancellation`, {
            effectiveDate,
            reason: "Cancelled at the insured's request",
            expectedVersion: view.version,
          });
          expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
          view = cancelled.body.data;

          const months = [...new Set([issuedMonth, month()])];
          const rows = (await Promise.all(months.map(readMonth)))
            .flat()
            .filter((row) => row.certificateReference === policyNumber);
          expect(rows.map((row) => row.transactionType)).toEqual([
            "New business",
            ...charges.map(() => "Adjustment"),
            "Cancellation",
          ]);
          expect(rows.at(-1)).toMatchObject({ effectiveDate });
          for (const [column, line] of [
            ["basePremium", "basePremium"],
            ["fees", "fees"],
            ["ipt", "taxes"],
            ["grossPremium", "totalPremium"],
          ] as const) {
            const total = rows.reduce((sum, row) => sum + pence(row[column] ?? ""), 0);
            expect(total, column).toBe(pence(view.paidToDate[line]));
          }
          // Every transaction, returns included, takes commission at the policy's rate on its own premium before
          // IPT, and what the broker keeps and remits adds up to what the insured paid.
          for (const row of rows) {
            expect(row.commissionRate).toBe("15.00");
            const beforeIpt = pence(row.basePremium ?? "") + pence(row.fees ?? "");
            expect(pence(row.commission ?? "")).toBe(commissionPence(beforeIpt, 1500));
            expect(pence(row.commission ?? "") + pence(row.netPremium ?? "")).toBe(pence(row.grossPremium ?? ""));
          }
          const kept = rows.reduce((sum, row) => sum + pence(row.commission ?? ""), 0);
          const remitted = rows.reduce((sum, row) => sum + pence(row.netPremium ?? ""), 0);
          expect(kept + remitted).toBe(pence(view.paidToDate.totalPremium));
          expect(pence(view.paidToDate.totalPremium)).toBeGreaterThanOrEqual(0);
          expect(pence(rows.at(-1)?.grossPremium ?? "") + pence(view.cancellation?.returnTotal ?? "")).toBe(0);

          for (const [index, total] of charges.entries()) {
            const text = await printed(`${url}/endorsements/${index + 1}`, underwriter);
            const amount = formatGbp(Math.abs(pence(total)));
            const label = pence(total) < 0 ? "Total returned to the insured" : "Total payable";
            expect(text).toContain(`${label} ${amount}`);
          }
          expect(await printed(`${url}/cancellation-notice`, underwriter)).toContain(
            `Total returned to the insured ${formatGbp(pence(view.cancellation?.returnTotal ?? ""))}`,
          );
          ctx.clock.reset();
        },
      ),
      { numRuns: 4 },
    );
  });
});
