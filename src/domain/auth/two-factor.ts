/**
 * Two-factor sign-in and re-authentication (docs/product/permissions.md "Two-factor sign-in" and
 * "Re-authentication"): the forms' schemas, their messages and the few numbers the rules are made of, written once
 * for the server and the browser.
 */
import { z } from "zod";
import { PASSWORD_OR_CODE_REQUIRED, REAUTHENTICATION_MINUTES } from "./reauthentication";
import { ROLES, roleSchema } from "./schemas";

export { PASSWORD_OR_CODE_REQUIRED, REAUTHENTICATION_MINUTES };
export const REAUTHENTICATION_WINDOW_MS = REAUTHENTICATION_MINUTES * 60 * 1000;

/** How long, after the right password, the second factor may be given before signing in starts again. */
export const SECOND_FACTOR_MINUTES = 5;

export const RECOVERY_CODE_COUNT = 10;

/** The roles that must use a second factor on a database made without the demo users. */
export const DEFAULT_TWO_FACTOR_ROLES = ["ADMIN", "UNDERWRITER"] as const satisfies readonly (typeof ROLES)[number][];

export const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app, or a recovery code";
export const CODE_WRONG = "This code is not right, or has been used already";

const CODE_MAX_LENGTH = 40;

/**
 * A 6-digit authenticator code or a recovery code, as typed: spaces and dashes are ignored and letters upper-cased,
 * so a code read aloud or copied with its grouping still matches.
 */
export const secondFactorCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .max(CODE_MAX_LENGTH, CODE_WRONG)
  .transform((code) => code.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().min(1, CODE_REQUIRED));

/** Whether a typed code (after `secondFactorCodeSchema`) is an authenticator code rather than a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export const secondFactorSchema = z.strictObject({ code: secondFactorCodeSchema });
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** Confirming enrolment and turning the second factor off both need a current authenticator code. */
export const authenticatorCodeSchema = z.strictObject({
  code: secondFactorCodeSchema.refine(isAuthenticatorCode, "Enter the 6-digit code your authenticator app shows"),
});

/** Proving again who you are: your password, or a code (authenticator or recovery). */
export const reauthenticateSchema = z
  .strictObject({
    password: z.string().max(256, "Password must be at most 256 characters").optional(),
    code: secondFactorCodeSchema.optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.code), {
    message: PASSWORD_OR_CODE_REQUIRED,
    path: ["password"],
  });
export type ReauthenticateInput = z.input<typeof reauthenticateSchema>;

export const twoFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  /** The user's role must use a second factor. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorEnrolmentSchema = z.object({
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The same secret as text, for typing into an app by hand. */
  secret: z.string(),
});

/** New recovery codes, shown this once, and how many of the set they replace were still unused. */
export const renewedRecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  previousCodesLeft: z.number().int(),
});
export type RenewedRecoveryCodes = z.infer<typeof renewedRecoveryCodesSchema>;

export const twoFactorPolicySchema = z.strictObject({
  requiredRoles: z
    .array(roleSchema)
    .max(ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, {
      message: "Each role may be named once",
    }),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;

/** What a sign-in answers: signed in, or the password was right and the second factor is next. */
export const SIGN_IN_NEXT_STEPS = ["signedIn", "secondFactor", "enrol"] as const;
export type SignInNextStep = (typeof SIGN_IN_NEXT_STEPS)[number];
