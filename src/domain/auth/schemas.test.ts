import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toFieldIssues } from "../validation";
import {
  loginSchema,
  NEW_PASSWORD_MIN_LENGTH,
  newPasswordSchema,
  ROLE_LABELS,
  registerUserSchema,
  roleSchema,
  userSchema,
} from "./schemas";

function issues(result: { success: boolean; error?: unknown }) {
  return result.success ? [] : toFieldIssues(result.error as never);
}

describe("login schema", () => {
  it("says 'Invalid email address' for a malformed or missing e-mail", () => {
    for (const email of ["not-an-email", "", undefined, "a@b"]) {
      expect(issues(loginSchema.safeParse({ email, password: "x" }))).toEqual([
        { path: "email", message: "Invalid email address" },
      ]);
    }
  });

  it("says 'Password is required' for an empty or missing password", () => {
    for (const password of ["", undefined]) {
      expect(issues(loginSchema.safeParse({ email: "broker@example.com", password }))).toEqual([
        { path: "password", message: "Password is required" },
      ]);
    }
  });

  it("lower-cases and trims the e-mail but keeps the password exactly", () => {
    expect(loginSchema.parse({ email: "  Broker@Example.COM ", password: " Secret " })).toEqual({
      email: "broker@example.com",
      password: " Secret ",
    });
  });

  it("refuses unknown fields", () => {
    expect(loginSchema.safeParse({ email: "a@b.co", password: "x", role: "ADMIN" }).success).toBe(false);
  });
});

describe("register user schema", () => {
  it("asks for at least 12 characters in a new password, the rule ADMIN_PASSWORD follows", () => {
    const base = { name: "n", email: "a@b.co" };
    expect(issues(registerUserSchema.safeParse({ ...base, password: "short" }))).toEqual([
      { path: "password", message: "Password must be at least 12 characters" },
    ]);
    expect(issues(registerUserSchema.safeParse({ ...base, password: "eleven-char" }))).toHaveLength(1);
    expect(registerUserSchema.safeParse({ ...base, password: "twelve-chars" }).success).toBe(true);
    expect(NEW_PASSWORD_MIN_LENGTH).toBe(12);
  });

  it("accepts the demo users' passwords", () => {
    for (const password of ["Admin-Demo-2026", "Broker-Demo-2026", "Underwriter-Demo-2026"]) {
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
    }
  });

  it("requires name, e-mail and password with readable messages", () => {
    expect(issues(registerUserSchema.safeParse({ name: " ", email: "", password: "" }))).toEqual([
      { path: "name", message: "Name is required" },
      { path: "email", message: "Email is required" },
      { path: "password", message: "Password is required" },
    ]);
  });

  it("defaults the role to BROKER, trims the name and lower-cases the e-mail", () => {
    expect(
      registerUserSchema.parse({ name: " Ben Broker ", email: "Ben@Example.com", password: "twelve-chars" }),
    ).toEqual({
      name: "Ben Broker",
      email: "ben@example.com",
      password: "twelve-chars",
      role: "BROKER",
      firmId: null,
      isFirmLead: false,
    });
  });

  it("accepts exactly the three roles", () => {
    expect(roleSchema.options).toEqual(["BROKER", "UNDERWRITER", "ADMIN"]);
    expect(registerUserSchema.safeParse({ name: "n", email: "a@b.co", password: "p", role: "ROOT" }).success).toBe(
      false,
    );
    expect(ROLE_LABELS).toEqual({ BROKER: "Broker", UNDERWRITER: "Underwriter", ADMIN: "Administrator" });
  });

  it("round-trips any valid registration", () => {
    const registration = fc.record({
      name: fc.string({ minLength: 1, maxLength: 40 }).filter((name) => name.trim() === name && name.length > 0),
      email: fc.constantFrom("ada@example.com", "ben.broker@example.co.uk", "u+tag@example.org"),
      password: fc.string({ minLength: 12, maxLength: 64 }),
      role: fc.constantFrom("BROKER", "UNDERWRITER", "ADMIN" as const),
      firmId: fc.constantFrom(null, "0b6a2f3e-5c4d-4e8f-9a1b-2c3d4e5f6a7b"),
      isFirmLead: fc.boolean(),
    });
    fc.assert(
      fc.property(registration, (value) => {
        expect(registerUserSchema.parse(registerUserSchema.parse(value))).toEqual(value);
      }),
    );
  });
});

describe("user response schema", () => {
  it("describes a user without any password", () => {
    const user = {
      id: "u1",
      name: "Ada Admin",
      email: "admin@example.com",
      role: "ADMIN",
      createdAt: "2026-01-01T00:00:00Z",
      firmId: null,
      isFirmLead: false,
    };
    expect(userSchema.parse({ ...user, passwordHash: "secret" })).toEqual(user);
  });
});
