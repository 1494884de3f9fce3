/**
 * The password rule in the browser (docs/product/permissions.md "Passwords"): the same rule and messages as the
 * server, so a form says why a password will be refused before it is sent. The list of common and breached
 * passwords is large, so it is its own chunk, fetched by the screens where a password is chosen when they open,
 * never by the sign-in screen (ADR 0070).
 */
import { newPasswordProblem, type PasswordGuessing, type PasswordOwner } from "@domain/auth/password-rule";
import { useEffect } from "react";

let guessing: Promise<PasswordGuessing> | undefined;

export function loadPasswordGuessing(): Promise<PasswordGuessing> {
  guessing ??= import("@domain/auth/password-guessing").then((module) => module.passwordGuessing());
  return guessing;
}

/** Why `password` may not be `owner`'s new password, or undefined; waits for the list the first time. */
export async function newPasswordProblemOf(password: string, owner: PasswordOwner): Promise<string | undefined> {
  return newPasswordProblem(password, owner, await loadPasswordGuessing());
}

/** Starts fetching the list as the screen opens, so it is there by the time the user has typed a password. */
export function usePreloadPasswordList(): void {
  useEffect(() => {
    void loadPasswordGuessing().catch(() => {
      // A failed fetch leaves the check to the server, which gives the same message.
      guessing = undefined;
    });
  }, []);
}

/** The rule said before the first try, so nobody has to learn it from a refusal. */
export const NEW_PASSWORD_HINT =
  "At least 12 characters, not your name or e-mail, and not a common password. A few unrelated words work well.";
