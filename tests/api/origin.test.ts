/**
 * State-changing requests must come from the product's own origin (docs/product/permissions.md): on every write route a foreign
 * Origin, or without one a foreign Referer, is refused with 403 before anything happens, even with a valid
 * session; the product's own origin and PUBLIC_URL pass; reads are not affected. The session cookie is
 * SameSite=Lax and httpOnly, so a cross-site form post does not carry it in the first place.
 */
import { describe, expect, it } from "vitest";
import { writeRoutes } from "../security/route-table";
import { sessionCookieFrom, signIn } from "../support/auth";
import { describeEachDatabase, testConfig } from "../support/harness";
import { createQuote, FINANCIAL_OVERVIEW } from "./quotes-fixtures";

const REFUSED = { error: "Cross-site request refused", code: "CROSS_SITE_REQUEST" };
const HOST = "quotes.internal:3000";

const FOREIGN_ORIGINS = [
  "https://evil.example",
  "null",
  "http://quotes.internal:3000.evil.example",
  "http://quotes.internal.evil.example:3000",
  "http://quotes.internal:3001",
  "http://evil.example@quotes.internal.attacker.example:3000",
  "not a url",
];

describeEachDatabase("same-origin writes", (ctx) => {
  const samplePath = (route: string) => route.split(" ")[1]?.replace(/:(\w+)/g, "00000000-0000-0000-0000-000000000000");

  it("refuses a foreign Origin on every write route, before authentication, validation or any change", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const routes = writeRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const method = route.split(" ")[0] as "POST";
      for (const origin of FOREIGN_ORIGINS) {
        const response = await ctx.app.inject({
          method,
          url: samplePath(route) ?? "/",
          headers: { host: HOST, origin, cookie },
          payload: {},
        });
        expect(response.statusCode, `${route} from ${origin}`).toBe(403);
        expect(response.json(), `${route} from ${origin}`).toEqual(REFUSED);
      }
    }
  });

  it("refuses a foreign Referer when the Origin header is missing, and accepts the product's own", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, cookie);
    const patch = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/quotes/${quote.id}`,
        headers: { host: HOST, cookie, ...headers },
        payload: { financialOverview: FINANCIAL_OVERVIEW },
      });
    const foreign = await patch({ referer: "https://evil.example/quotes/attack.html" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(REFUSED);
    const stored = await ctx.app.inject({ method: "GET", url: `/api/quotes/${quote.id}`, headers: { cookie } });
    expect(stored.json().data.version).toBe(quote.version);

    const own = await patch({ referer: `http://${HOST}/quote/${quote.id}` });
    expect(own.statusCode, own.body).toBe(200);
    const ownOrigin = await patch({ origin: `http://${HOST}`, referer: "https://evil.example/" });
    // Origin wins when both are sent: the page's own origin with a stale Referer is the product's page.
    expect(ownOrigin.statusCode).toBe(200);
    const foreignOrigin = await patch({ origin: "https://evil.example", referer: `http://${HOST}/` });
    expect(foreignOrigin.statusCode).toBe(403);
  });

  it("lets reads through whatever their origin (they change nothing)", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/quotes",
      headers: { host: HOST, origin: "https://evil.example", cookie },
    });
    expect(response.statusCode).toBe(200);
    // ...and no CORS grant lets another site's script read the answer.
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("answers a CORS preflight without granting anything", async () => {
    const response = await ctx.app.inject({
      method: "OPTIONS",
      url: "/api/quotes",
      headers: {
        host: HOST,
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["access-control-allow-methods"]).toBeUndefined();
  });

  it("accepts PUBLIC_URL's origin behind a proxy that rewrites Host", async () => {
    const proxied = await ctx.buildApp({ config: testConfig({ PUBLIC_URL: "https://quotes.example.co.uk" }) });
    const login = await proxied.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "10.0.0.7:3000", origin: "https://quotes.example.co.uk" },
      payload: { email: "broker@example.com", password: "Broker-Demo-2026" },
    });
    expect(login.statusCode).toBe(200);
    const foreign = await proxied.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "10.0.0.7:3000", origin: "https://quotes.example.co.uk.evil.example" },
      payload: { email: "broker@example.com", password: "Broker-Demo-2026" },
    });
    expect(foreign.statusCode).toBe(403);
  });

  describe("the session cookie", () => {
    it("is httpOnly, SameSite=Lax, Path=/, signed, and cleared with the same attributes on sign-out", async () => {
      const login = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "underwriter@example.com", password: "Underwriter-Demo-2026" },
      });
      const setCookie = String(login.headers["set-cookie"]);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Lax/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).not.toMatch(/; Domain=/);
      // Signed: the value carries an HMAC after the token, so a forged token is not even looked up.
      const cookie = sessionCookieFrom(login.headers["set-cookie"]);
      expect(decodeURIComponent(cookie.split("=")[1] ?? "")).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/_-]+$/);

      const logout = await ctx.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
      const cleared = String(logout.headers["set-cookie"]);
      expect(cleared).toMatch(/^pqe_session=;/);
      expect(cleared).toMatch(/; HttpOnly/);
      expect(cleared).toMatch(/; SameSite=Lax/);
      expect(cleared).toMatch(/; Path=\//);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    });

    it("is Secure when PUBLIC_URL is https", async () => {
      const secure = await ctx.buildApp({ config: testConfig({ PUBLIC_URL: "https://quotes.example.co.uk" }) });
      const login = await secure.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "broker@example.com", password: "Broker-Demo-2026" },
      });
      expect(String(login.headers["set-cookie"])).toMatch(/; Secure/);
    });
  });
});
