/**
 * The rule for a password being chosen (docs/product/permissions.md "Passwords"), wherever it is chosen: an
 * administrator adding a user, a user changing their own, a reset link. Signing in never applies it, so a
 * password stored before the rule keeps working until it is next changed.
 *
 * This module holds the rule and its messages only. The list of common and breached passwords and the
 * guessing estimate are large, so they come in through `PasswordGuessing` (`./password-guessing`): the server
 * always loads them, the browser only on the screens where a password is chosen, never on the sign-in screen.
 */
import { NEW_PASSWORD_MIN_LENGTH, newPasswordSchema } from "./schemas";

/** One message per reason a new password is refused; the server sends them, the forms show them. */
export const PASSWORD_RULE_MESSAGES = {
  containsEmail: "Password must not contain your e-mail address",
  containsName: "Password must not contain your name",
  common: "This password is on a list of common or breached passwords; choose another",
  guessable:
    "This password is too easy to guess: avoid repeated characters, sequences such as 1234 and keyboard patterns (a few unrelated words work well)",
  mismatch: "The two new passwords do not match",
  sameAsCurrent: "The new password must differ from the current one",
} as const;

/** Whose password it is: a password containing their address or name is refused. */
export interface PasswordOwner {
  email: string;
  name: string;
}

/** The list of common and breached passwords, and an estimate of how guessable a password is (0 to 4). */
export interface PasswordGuessing {
  isCommon(password: string): boolean;
  /** zxcvbn's score: 0 too guessable ... 4 very unguessable; `hints` are words an attacker would try first. */
  score(password: string, hints: readonly string[]): number;
}

/** The least guessing score a new password needs: zxcvbn's "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

/** Parts of a name or address shorter than this are too common inside words to refuse ("Al", "Jo"). */
const MIN_PART_LENGTH = 3;

function parts(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length >= MIN_PART_LENGTH);
}

/**
 * Why `password` may not be chosen by `owner`, or undefined when it may. The length rule comes first (the same
 * schema every password form validates with), then the owner's address and name, then the list, then the
 * guessing estimate: the first reason found is the one given.
 */
export function newPasswordProblem(
  password: string,
  owner: PasswordOwner,
  guessing: PasswordGuessing,
): string | undefined {
  const length = newPasswordSchema.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message;
  const lower = password.toLowerCase();
  const email = owner.email.trim().toLowerCase();
  const localPart = email.split("@")[0] ?? "";
  if ((email && lower.includes(email)) || (localPart.length >= MIN_PART_LENGTH && lower.includes(localPart))) {
    return PASSWORD_RULE_MESSAGES.containsEmail;
  }
  const name = owner.name.trim().toLowerCase();
  const nameParts = parts(name);
  if (nameParts.some((part) => lower.includes(part)) || (name && lower.includes(name))) {
    return PASSWORD_RULE_MESSAGES.containsName;
  }
  if (guessing.isCommon(password)) return PASSWORD_RULE_MESSAGES.common;
  if (guessing.score(password, [email, localPart, ...nameParts]) < MIN_PASSWORD_SCORE) {
    return PASSWORD_RULE_MESSAGES.guessable;
  }
  return undefined;
}

export { NEW_PASSWORD_MIN_LENGTH };
