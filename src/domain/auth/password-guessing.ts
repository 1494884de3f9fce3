/**
 * The list of common and breached passwords and the guessing estimate behind the password rule
 * (`./password-rule`), from zxcvbn-ts (ADR 0070): its common-passwords dictionary (about 49,000 passwords
 * from public breach corpora) and its estimator, both shipped in the package and used offline. Built on first
 * use, once per process or page, because building the dictionaries takes tens of milliseconds.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import type { PasswordGuessing } from "./password-rule";

let guessing: PasswordGuessing | undefined;

export function passwordGuessing(): PasswordGuessing {
  if (guessing) return guessing;
  const common = new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
  const zxcvbn = new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  guessing = {
    isCommon: (password) => common.has(password.toLowerCase()),
    score: (password, hints) => zxcvbn.check(password, [...hints]).score,
  };
  return guessing;
}
