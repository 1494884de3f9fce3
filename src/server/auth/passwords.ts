/**
 * Password hashing with argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1), about 6 ms here.
 */
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { passwordGuessing } from "../../domain/auth/password-guessing";
import { newPasswordProblem, type PasswordOwner } from "../../domain/auth/password-rule";
import { AppError } from "../errors";

// `Algorithm` is an ambient const enum, which isolatedModules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification when the e-mail is unknown, so the answer's timing does not tell
 * an attacker which addresses have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy password never matched by anyone");
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The password rule (src/domain/auth/password-rule.ts) where a password is chosen: 400 naming the field and the
 * reason when `password` may not be `owner`'s new password.
 */
export function assertNewPassword(password: string, owner: PasswordOwner, field = "password"): void {
  const problem = newPasswordProblem(password, owner, passwordGuessing());
  if (problem) throw AppError.validation([{ path: field, message: problem }]);
}
