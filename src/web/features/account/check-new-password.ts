import { PASSWORD_RULE_MESSAGES, type PasswordOwner } from "@domain/auth/password-rule";
import { ApiError } from "@web/lib/api-client";
import { newPasswordProblemOf } from "@web/lib/password-check";
import type { NewPasswordValues } from "./new-password-fields";

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The form's own checks of a new password and its confirmation: the rule, then the two matching. */
export async function checkNewPasswordFields(
  values: NewPasswordValues,
  owner: PasswordOwner,
): Promise<FieldErrors<keyof NewPasswordValues>> {
  const errors: FieldErrors<keyof NewPasswordValues> = {};
  const problem = await newPasswordProblemOf(values.newPassword, owner);
  if (problem) errors.newPassword = problem;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORD_RULE_MESSAGES.mismatch;
  return errors;
}

/** The server's refusal put under the fields it names; undefined when it names none of `fields`. */
export function fieldErrorsFrom<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FieldErrors<Field> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = fields.find((candidate) => candidate === issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
