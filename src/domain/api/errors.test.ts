import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from "./errors";

describe("the error catalogue", () => {
  it("names every code in capitals with underscores, with an error status and a sentence to show", () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      const { status, message } = ERROR_CATALOGUE[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.trim(), code).toBe(message);
      expect(message, code).toMatch(/^[A-Z]/);
    }
  });

  it("lists its codes in the order of its entries", () => {
    expect(Object.keys(ERROR_CATALOGUE)).toEqual(ERROR_CODES);
  });

  it("answers the spec's own words for the two refusals every screen can meet", () => {
    expect(ERROR_CATALOGUE.AUTHENTICATION_REQUIRED).toEqual({ status: 401, message: "Authentication required" });
    expect(ERROR_CATALOGUE.INSUFFICIENT_PERMISSIONS).toEqual({ status: 403, message: "Insufficient permissions" });
    expect(ERROR_CATALOGUE.INVALID_CREDENTIALS).toEqual({ status: 401, message: "Invalid email or password" });
  });

  it("trusts a code read from a response only when it is one of its own", () => {
    expect(isErrorCode("VERSION_CONFLICT")).toBe(true);
    expect(isErrorCode("version_conflict")).toBe(false);
    expect(isErrorCode("CTP_INVALID_CONTENT_LENGTH")).toBe(false);
    // The object's inherited names are not codes.
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("constructor")).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(409)).toBe(false);
  });
});
