import { describe, expect, it } from "vitest";
import { loginPathFor, safeNextPath } from "./next-path";

describe("where sign-in returns to", () => {
  it("accepts a path of this site, with its query", () => {
    expect(safeNextPath("/quote/abc/step/3")).toBe("/quote/abc/step/3");
    expect(safeNextPath("/uw/review/abc?from=mail")).toBe("/uw/review/abc?from=mail");
  });

  it("refuses another host, a scheme, a relative path and the sign-in screen itself", () => {
    for (const next of [
      "//evil.example/quote",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "quote/abc",
      "/\tevil",
      "/login",
      "/login?next=/dashboard",
      "",
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });

  it("builds the sign-in address with the path encoded, or plain /login for an unsafe one", () => {
    expect(loginPathFor("/quote/abc/step/2?x=1")).toBe("/login?next=%2Fquote%2Fabc%2Fstep%2F2%3Fx%3D1");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});
