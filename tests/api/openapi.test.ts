import { expect, it } from "vitest";
import { PLAUSIBLE_DATE_DESCRIPTIONS } from "../../src/domain/quote/plausible-dates";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("OpenAPI", (ctx) => {
  it("serves an OpenAPI 3 document listing the routes with their schemas", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe("PI Quote Engine API");
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/auth/login",
        "/api/auth/logout",
        "/api/me",
        "/api/auth/register",
        "/api/users",
        "/api/users/{id}",
        "/api/audit",
        "/api/rating/versions",
        "/api/rating/versions/{id}",
        "/api/rating/versions/{id}/publish",
      ]),
    );
    expect(paths).not.toContain("/api/openapi.json");
    const login = document.paths["/api/auth/login"].post;
    expect(login.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
  });

  it("describes the date ranges the server enforces, which move with today and so have no fixed bounds", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const text = JSON.stringify(document.paths["/api/quotes"].post.requestBody);
    expect(text).toContain(PLAUSIBLE_DATE_DESCRIPTIONS.inceptionDate);
    expect(text).toContain(PLAUSIBLE_DATE_DESCRIPTIONS.incorporationDate);
    const patch = JSON.stringify(document.paths["/api/quotes/{id}"].patch.requestBody);
    expect(patch).toContain(PLAUSIBLE_DATE_DESCRIPTIONS.startDate);
  });

  it("serves the documentation page at /api/docs", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(response.statusCode);
    const page =
      response.statusCode === 302
        ? await ctx.app.inject({ method: "GET", url: String(response.headers.location) })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger");
  });
});
