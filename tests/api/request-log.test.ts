import { expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loggableUrl, serverLoggerOptions } from "../../src/server/logging";
import { describeEachDatabase } from "../support/harness";

it("replaces the whole query of a review link's page or API, and elsewhere every token however it is spelt", () => {
  expect(loggableUrl("/api/uw/review/abc?token=s3cr3t_-x&x=1")).toBe("/api/uw/review/abc?[redacted]");
  expect(loggableUrl("/uw/review/abc?x=1&TOKEN=s3cr3t")).toBe("/uw/review/abc?[redacted]");
  expect(loggableUrl("/uw/%72eview/abc?%74oken=s3cr3t")).toBe("/uw/%72eview/abc?[redacted]");
  expect(loggableUrl("/uw/review/abc")).toBe("/uw/review/abc");
  expect(loggableUrl("/api/quotes?page=2")).toBe("/api/quotes?page=2");
  for (const [url, logged] of [
    ["/api/quotes?token=s3cr3t&page=2", "/api/quotes?token=[redacted]&page=2"],
    ["/api/quotes?%74oken=s3cr3t", "/api/quotes?%74oken=[redacted]"],
    ["/api/quotes?%2574oken=s3cr3t", "/api/quotes?%2574oken=[redacted]"],
    ["/api/quotes?page=1&token[]=s3cr3t", "/api/quotes?page=1&token[]=[redacted]"],
    ["/api/quotes?token%5B%5D=s3cr3t", "/api/quotes?token%5B%5D=[redacted]"],
    ["/api/quotes?page=1;token=s3cr3t", "/api/quotes?page=1;token=[redacted]"],
    ["/api/quotes?reviewToken=s3cr3t", "/api/quotes?reviewToken=[redacted]"],
    ["/api/quotes?t%6Fken%ZZ=s3cr3t", "/api/quotes?t%6Fken%ZZ=[redacted]"],
    ["/api/quotes?+token=s3cr3t", "/api/quotes?+token=[redacted]"],
  ] as const) {
    expect(loggableUrl(url), url).toBe(logged);
    expect(loggableUrl(url)).not.toContain("s3cr3t");
  }
});

describeEachDatabase("the request log", (ctx) => {
  it("never records a review token or a session cookie, with the server's own logger options", async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: serverLoggerOptions("info", { write: (line: string) => lines.push(line) }),
    });
    try {
      const secret = "TopSecretReviewToken123";
      const response = await app.inject({
        method: "GET",
        url: `/api/uw/review/00000000-0000-4000-8000-000000000000?token=${secret}`,
        headers: { cookie: "session=TopSecretCookie456" },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      const log = lines.join("");
      expect(log).toContain("/api/uw/review/00000000-0000-4000-8000-000000000000?[redacted]");
      expect(log).not.toContain(secret);
      expect(log).not.toContain("TopSecretCookie456");
    } finally {
      await app.close();
    }
  });
});
