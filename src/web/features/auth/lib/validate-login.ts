import { type Login, type LoginInput, loginSchema } from "@domain/auth/schemas";

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The sign-in form's check, with the server's own schema (docs/product/errors.md Login), so the messages under the
 * fields are the server's. Its own chunk: the form loads it (and zod with it) when the user starts typing,
 * not with the sign-in screen.
 */
export type LoginCheck = { login: Login; errors?: never } | { login?: never; errors: LoginErrors };

export function validateLogin(values: LoginInput): LoginCheck {
  const result = loginSchema.safeParse(values);
  if (result.success) return { login: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password") && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
