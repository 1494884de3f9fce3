/**
 * GET /api/quotes: server-side, case-insensitive substring search (docs/product/errors.md "Dashboard search"), status
 * filter, what each role sees, stable order and pagination (docs/product/permissions.md).
 */
import { expect, it } from "vitest";
import type { QuoteListResponse } from "../../src/domain/quote/quote";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { call, createCompleteQuote, createQuote, patchQuote } from "./quotes-fixtures";

describeEachDatabase("quote search", (ctx) => {
  async function list(cookie: string, query: string) {
    return call<QuoteListResponse>(ctx.app, cookie, "GET", `/api/quotes${query}`);
  }
  const names = (body: QuoteListResponse) => body.data.map((item) => item.quote.proposerName).sort();

  it("matches reference, proposer, contact e-mail, broker, product and status, case-insensitively", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const nadia = await signInNewUser(ctx.app, ctx.db, "BROKER", {
      name: "Nadia Okonkwo",
      email: "nadia.okonkwo@brokers.example",
    });
    const zephyr = await createQuote(ctx.app, broker, { proposerName: "Zephyr Joinery Ltd" });
    await createQuote(ctx.app, broker, { proposerName: "Łódź Joinery Ltd", productCode: "PI001" });
    await createQuote(ctx.app, broker, { proposerName: "100% Build_Co Ltd" });
    await createQuote(ctx.app, nadia.cookie, { proposerName: "Quarry Works Ltd" });
    const completed = await createCompleteQuote(ctx.app, broker);
    await patchQuote(ctx.app, broker, completed.id, { status: "QUOTED" });
    const underwriter = await signIn(ctx.app, "UNDERWRITER");

    expect(names((await list(underwriter, "?q=zEpHyR")).body)).toEqual(["Zephyr Joinery Ltd"]);
    expect(names((await list(underwriter, "?q=JOINERY")).body)).toEqual(["Zephyr Joinery Ltd", "Łódź Joinery Ltd"]);
    expect(names((await list(underwriter, "?q=łÓdŹ")).body)).toEqual(["Łódź Joinery Ltd"]);
    expect(names((await list(underwriter, `?q=${zephyr.reference.toLowerCase()}`)).body)).toEqual([
      "Zephyr Joinery Ltd",
    ]);
    // Wildcards are searched as text.
    expect(names((await list(underwriter, "?q=100%25")).body)).toEqual(["100% Build_Co Ltd"]);
    expect(names((await list(underwriter, "?q=d_c")).body)).toEqual(["100% Build_Co Ltd"]);
    // Broker name and e-mail, and the contact e-mail (the creating broker's address).
    expect(names((await list(underwriter, "?q=okonkwo")).body)).toEqual(["Quarry Works Ltd"]);
    expect(names((await list(underwriter, "?q=BROKERS.EXAMPLE")).body)).toEqual(["Quarry Works Ltd"]);
    // Product code and product type.
    expect(names((await list(underwriter, "?q=pi001")).body)).toEqual(["Łódź Joinery Ltd"]);
    expect((await list(underwriter, "?q=design and construct")).body.meta.total).toBe(4);
    // Status, by its value or the label the list shows (QUOTED reads COMPLETED).
    expect(names((await list(underwriter, "?q=completed")).body)).toEqual([completed.proposerName]);
    expect(names((await list(underwriter, "?q=quoted")).body)).toEqual([completed.proposerName]);
    expect((await list(underwriter, "?q=nothing-like-this")).body).toMatchObject({ data: [], meta: { total: 0 } });

    // The same search as the demo broker sees only their own quotes.
    expect((await list(broker, "?q=okonkwo")).body.meta.total).toBe(0);
    expect(names((await list(nadia.cookie, "")).body)).toEqual(["Quarry Works Ltd"]);

    // Status filter, alone and with a search.
    const quoted = (await list(underwriter, "?status=QUOTED")).body;
    expect(quoted.data.every((item) => item.quote.status === "QUOTED")).toBe(true);
    expect(quoted.meta.total).toBe(1);
    expect((await list(underwriter, "?status=DRAFT&q=joinery")).body.meta.total).toBe(2);
  });

  it("answers each row as quote plus broker, newest change first, in stable pages", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const owner = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Paging Broker" });
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createQuote(ctx.app, owner.cookie, { proposerName: `Page ${i}` }));
    // Touch the oldest so it becomes the most recently updated.
    await patchQuote(ctx.app, owner.cookie, created[0]?.id ?? "", { activitySplit: { civilEngineering: 100 } });

    const first = await list(owner.cookie, "?page=1&pageSize=2");
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ total: 5, page: 1, pageSize: 2 });
    expect(first.body.data[0]).toMatchObject({
      quote: { proposerName: "Page 0" },
      broker: { name: "Paging Broker", email: owner.user.email },
    });
    const pages = [first.body];
    for (const page of [2, 3]) pages.push((await list(owner.cookie, `?page=${page}&pageSize=2`)).body);
    const seen = pages.flatMap((page) => page.data.map((item) => item.quote.proposerName));
    expect(seen).toEqual(["Page 0", "Page 4", "Page 3", "Page 2", "Page 1"]);
    const beyond = await list(owner.cookie, "?page=9&pageSize=2");
    expect(beyond.body).toEqual({ data: [], meta: { total: 5, page: 9, pageSize: 2 } });
    // Defaults: page 1 of 25.
    expect((await list(owner.cookie, "")).body.meta).toEqual({ total: 5, page: 1, pageSize: 25 });
    expect((await list(broker, "?q=Page")).body.meta.total).toBe(0);
  });

  it("refuses bad paging and status values, and answers 401 signed out", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const badPage = await list(broker, "?page=0&pageSize=101");
    expect(badPage.status).toBe(400);
    expect((badPage.body as unknown as { issues: unknown[] }).issues).toEqual(
      expect.arrayContaining([
        { path: "page", message: "page starts at 1" },
        { path: "pageSize", message: "pageSize must be at most 100" },
      ]),
    );
    const badStatus = await list(broker, "?status=BOGUS");
    expect(badStatus.status).toBe(400);
    expect((badStatus.body as unknown as { issues: unknown[] }).issues).toContainEqual({
      path: "status",
      message: "Unknown quote status",
    });
    expect((await call(ctx.app, undefined, "GET", "/api/quotes")).status).toBe(401);
  });
});
