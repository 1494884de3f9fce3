import { expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loggableUrl, serverLoggerOptions } from "../../src/server/logging";
import { describeEachDatabase } from "../support/harness";

it("replaces a review token in a logged address and keeps the rest", () => {
  expect(loggableUrl("/api/uw/review/abc?token=s3cr3t_-x&x=1")).toBe("/api/uw/review/abc?token=[redacted]&x=1");
  expect(loggableUrl("/uw/review/abc?x=1&TOKEN=s3cr3t")).toBe("/uw/review/abc?x=1&TOKEN=[redacted]");
  expect(loggableUrl("/api/quotes?page=2")).toBe("/api/quotes?page=2");
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
      expect(log).toContain("/api/uw/review/00000000-0000-4000-8000-000000000000?token=[redacted]");
      expect(log).not.toContain(secret);
      expect(log).not.toContain("TopSecretCookie456");
    } finally {
      await app.close();
    }
  });
});
