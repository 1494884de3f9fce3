import { expect, it } from "vitest";
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
