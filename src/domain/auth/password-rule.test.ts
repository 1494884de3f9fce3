import { describe, expect, it } from "vitest";
import { passwordGuessing } from "./password-guessing";
import { newPasswordProblem, PASSWORD_RULE_MESSAGES } from "./password-rule";
import { NEW_PASSWORD_TOO_SHORT } from "./schemas";

const owner = { email: "pat.jones@example.test", name: "Pat Jones" };
const problem = (password: string, who = owner) => newPasswordProblem(password, who, passwordGuessing());

describe("the rule for a new password", () => {
  it("refuses the common and breached passwords of the list, whatever their case", () => {
    for (const password of ["Password1234", "123456789012", "qwertyuiop12", "PASSWORD1234"]) {
      expect(problem(password), password).toBe(PASSWORD_RULE_MESSAGES.common);
    }
  });

  it("refuses a password that is easy to guess though not on the list", () => {
    for (const password of [" ".repeat(12), "aaaaaaaaaaaa", "abcdefghijkl1", "iloveyou2026", "Liverpool123"]) {
      expect(problem(password), JSON.stringify(password)).toBe(PASSWORD_RULE_MESSAGES.guessable);
    }
  });

  it("refuses the owner's e-mail address or its first part, in any case", () => {
    expect(problem("pat.jones@example.test")).toBe(PASSWORD_RULE_MESSAGES.containsEmail);
    expect(problem("Zebra-PAT.JONES-Violin")).toBe(PASSWORD_RULE_MESSAGES.containsEmail);
  });

  it("refuses the owner's name or any word of it of three letters or more", () => {
    expect(problem("Quiet-Jones-Harbour-7")).toBe(PASSWORD_RULE_MESSAGES.containsName);
    expect(problem("Quiet-pat-Harbour-77")).toBe(PASSWORD_RULE_MESSAGES.containsName);
    // A two-letter name part is too common inside words to refuse.
    expect(problem("Quiet-Jo-Harbour-77", { email: "x@example.test", name: "Jo Li" })).toBeUndefined();
  });

  it("gives the length rule's message first", () => {
    expect(problem("")).toBe("Password is required");
    expect(problem("Pat")).toBe(NEW_PASSWORD_TOO_SHORT);
    expect(problem("x".repeat(257))).toBe("Password must be at most 256 characters");
  });

  it("accepts passwords that are long, unusual and the owner's own", () => {
    for (const password of ["correct horse battery staple", "Tr0ub4dor&3-Velvet", "Quiet-Harbour-Violin-7"]) {
      expect(problem(password), password).toBeUndefined();
    }
  });

  it("would accept the demo users' passwords for anyone but their owners", () => {
    // The demo users are seeded, never chosen through the rule: their own names and addresses are in them.
    for (const password of ["Admin-Demo-2026", "Broker-Demo-2026", "Underwriter-Demo-2026"]) {
      expect(problem(password), password).toBeUndefined();
    }
  });
});
