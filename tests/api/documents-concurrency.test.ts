/**
 * Documents under load (docs/product/documents.md): the largest statement of fact rendered eight at a time on
 * the server's worker threads, from one broker and from several users, each the very bytes the renderer makes
 * in place; a user's requests beyond two rendering and six waiting answered 429 DOCUMENTS_BUSY; an app closed
 * with renders in flight answering each of them and closing.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { quotes, ratingVersions } from "../../src/server/db/schema";
import { RENDERS_AT_ONCE_PER_USER, RENDERS_WAITING_PER_USER } from "../../src/server/features/documents/render-turns";
import { documentViewFor } from "../../src/server/features/documents/service";
import { renderStatementOfFact } from "../../src/server/features/documents/statement-of-fact";
import { signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { largestQuoteForDocuments } from "../support/largest-quote";
import { storedQuoteRow } from "../support/sample-quote";

const AT_ONCE = 8;
/** The apps here print this instant, so what they send can be compared byte for byte with a render in place. */
const GENERATED_AT = new Date("2026-11-22T09:30:00Z");

describeEachDatabase("documents rendered at once", (ctx) => {
  let app: FastifyInstance;
  let quoteId: string;
  let broker: { id: string; cookie: string };
  /** The statement of fact as the renderer makes it in place, for the quote's owner. */
  let expected: Buffer;

  const statementOfFact = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: "POST", url: `/api/quotes/${quoteId}/statement-of-fact`, headers: { cookie } });

  const renderedInPlace = async (db: Database, user: { id: string; role: "BROKER" | "UNDERWRITER" }) =>
    renderStatementOfFact(await documentViewFor(db, user, quoteId, "statement of fact", GENERATED_AT));

  beforeAll(async () => {
    app = await ctx.buildApp({ now: () => GENERATED_AT });
    const signedIn = await signInNewUser(app, ctx.db, "BROKER");
    broker = { id: signedIn.user.id, cookie: signedIn.cookie };
    const [version] = await ctx.db
      .select({ id: ratingVersions.id })
      .from(ratingVersions)
      .where(eq(ratingVersions.productCode, "D/C-PI"))
      .limit(1);
    const [inserted] = await ctx.db
      .insert(quotes)
      .values(storedQuoteRow(largestQuoteForDocuments(), broker.id, { ratingVersionId: version?.id ?? null }))
      .returning({ id: quotes.id });
    if (!inserted) throw new Error("Quote insert returned no row");
    quoteId = inserted.id;
    expected = await renderedInPlace(ctx.db, { id: broker.id, role: "BROKER" });
  }, 60_000);

  it(`renders ${AT_ONCE} of the largest statements of fact at once for one broker, each the same bytes`, async () => {
    const responses = await Promise.all(Array.from({ length: AT_ONCE }, () => statementOfFact(app, broker.cookie)));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(Buffer.compare(response.rawPayload, expected)).toBe(0);
    }
  }, 120_000);

  it(`renders ${AT_ONCE} at once for several users, each the bytes that user's view makes`, async () => {
    const underwriters = await Promise.all(
      Array.from({ length: AT_ONCE / 2 }, () => signInNewUser(app, ctx.db, "UNDERWRITER")),
    );
    const asked = underwriters.flatMap((underwriter) => [underwriter, underwriter]);
    const responses = await Promise.all(asked.map((underwriter) => statementOfFact(app, underwriter.cookie)));
    for (const [index, response] of responses.entries()) {
      const underwriter = asked[index];
      if (!underwriter) throw new Error("missing underwriter");
      expect(response.statusCode).toBe(200);
      const own = await renderedInPlace(ctx.db, { id: underwriter.user.id, role: "UNDERWRITER" });
      expect(Buffer.compare(response.rawPayload, own)).toBe(0);
    }
  }, 120_000);

  it("answers a user's requests beyond two rendering and six waiting with 429 DOCUMENTS_BUSY, and serves the rest", async () => {
    const accepted = RENDERS_AT_ONCE_PER_USER + RENDERS_WAITING_PER_USER;
    const responses = await Promise.all(
      Array.from({ length: accepted + 2 }, () => statementOfFact(app, broker.cookie)),
    );
    const served = responses.filter((response) => response.statusCode === 200);
    const busy = responses.filter((response) => response.statusCode === 429);
    expect(served).toHaveLength(accepted);
    expect(busy).toHaveLength(2);
    for (const response of served) expect(Buffer.compare(response.rawPayload, expected)).toBe(0);
    for (const response of busy) {
      expect(response.json()).toEqual({
        error: expect.stringMatching(/documents being prepared/),
        code: "DOCUMENTS_BUSY",
      });
      expect(response.headers["retry-after"]).toBe("5");
    }
    // Once they are done the broker's next download is served at once.
    expect((await statementOfFact(app, broker.cookie)).statusCode).toBe(200);
  }, 120_000);

  it("answers every render in flight when an app closes, and the other apps keep rendering", async () => {
    const closing = await ctx.buildApp({ now: () => GENERATED_AT });
    const inFlight = Array.from({ length: 4 }, () => statementOfFact(closing, broker.cookie));
    // The renders are under way or waiting their turn when the app is closed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closing.close();
    const responses = await Promise.all(inFlight);
    for (const response of responses) {
      if (response.statusCode === 200) {
        expect(Buffer.compare(response.rawPayload, expected)).toBe(0);
      } else {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      }
    }
    const after = await statementOfFact(app, broker.cookie);
    expect(after.statusCode).toBe(200);
    expect(Buffer.compare(after.rawPayload, expected)).toBe(0);
  }, 120_000);
});
