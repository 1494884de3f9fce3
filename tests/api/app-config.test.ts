import { expect, it } from "vitest";
import { DEMO_REGISTER_NOTE } from "../../src/server/features/companies/company-service";
import { describeEachDatabase, testConfig } from "../support/harness";

describeEachDatabase("GET /api/config", (ctx) => {
  it("answers without a session: product name, default underwriting mailbox and the demo register note", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/config" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        productName: "PI Quote Engine",
        underwritingMailbox: "underwriting@example.com",
        companyRegister: "demo",
        companyRegisterNote: DEMO_REGISTER_NOTE,
      },
    });
  });

  it("reports UNDERWRITING_MAILBOX and the live register when a Companies House key is set", async () => {
    const app = await ctx.buildApp({
      config: testConfig({ UNDERWRITING_MAILBOX: "pi-underwriting@insurer.example", COMPANIES_HOUSE_API_KEY: "key" }),
    });
    const response = await app.inject({ method: "GET", url: "/api/config" });
    expect(response.json().data).toEqual({
      productName: "PI Quote Engine",
      underwritingMailbox: "pi-underwriting@insurer.example",
      companyRegister: "live",
      companyRegisterNote: null,
    });
  });
});
