import { expect, it } from "vitest";
import { BUSINESS_ACTIVITIES } from "../../src/domain/business-activities";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("GET /api/business-activities", (ctx) => {
  it("needs a signed-in user", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/business-activities?q=arch" });
    expect(response.statusCode).toBe(401);
  });

  it("returns the matching titles, best first", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/business-activities?q=architect&limit=5",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data[0]).toBe("Architect");
    expect(data).toHaveLength(5);
  });

  it("lists the whole catalogue when asked for enough titles with no query", async () => {
    const cookie = await signIn(ctx.app, "UNDERWRITER");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/business-activities?limit=500",
      headers: { cookie },
    });
    expect(response.json().data).toEqual(BUSINESS_ACTIVITIES);
  });

  it("refuses a limit outside 1..500 with the reason", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/business-activities?limit=0",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("limit must be between 1 and 500");
  });
});
