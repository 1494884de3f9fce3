/**
 * Sign-in and user schemas (docs/product/screens.md User and docs/product/errors.md Login and Add User). The login form and the server's
 * POST /api/auth/login validate with the same schema, so the messages under the fields are the server's.
 */
import { z } from "zod";

export const ROLES = ["BROKER", "UNDERWRITER", "ADMIN"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Role select labels of the Add User form (docs/product/screens.md User Management). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  BROKER: "Broker",
  UNDERWRITER: "Underwriter",
  ADMIN: "Administrator",
};

export const DEFAULT_ROLE: Role = "BROKER";

const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 200;
/** argon2 hashes any length, but an unbounded password is a cheap denial-of-service lever. */
const PASSWORD_MAX_LENGTH = 256;
/**
 * The one length rule for every password an administrator sets: a new user's (Add User) and the first
 * administrator's (ADMIN_PASSWORD). Signing in still accepts any stored password, so the rule only ever
 * applies when a password is chosen.
 */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const NEW_PASSWORD_TOO_SHORT = `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`;

/** A password being chosen: required, at least NEW_PASSWORD_MIN_LENGTH characters, bounded above. */
export const newPasswordSchema = z
  .string({ error: "Password is required" })
  // One message per field: an empty password is missing, not short.
  .min(NEW_PASSWORD_MIN_LENGTH, {
    error: (issue) => (issue.input === "" ? "Password is required" : NEW_PASSWORD_TOO_SHORT),
  })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginSchema = z.strictObject({
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Invalid email address" }).max(EMAIL_MAX_LENGTH, "Invalid email address")),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.infer<typeof loginSchema>;

export const registerUserSchema = z.strictObject({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, "Email is required")
    .pipe(z.email({ error: "Invalid email address" }).max(EMAIL_MAX_LENGTH, "Invalid email address")),
  password: newPasswordSchema,
  role: roleSchema.default(DEFAULT_ROLE),
  /** A broker's firm (docs/product/firms.md); only brokers belong to firms. */
  firmId: z.uuid({ message: "Invalid firm id" }).nullable().default(null),
  isFirmLead: z.boolean({ error: "Lead must be true or false" }).default(false),
});
export type RegisterUserInput = z.input<typeof registerUserSchema>;
export type RegisterUser = z.infer<typeof registerUserSchema>;

/** A user as the API returns it: never the password or its hash. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  /** A broker's firm, null when they have none; whether they lead it. */
  firmId: z.string().nullable(),
  isFirmLead: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export { CURRENT_PASSWORD_WRONG } from "./reauthentication";

/** Account screen: change your own password (the new one must also pass the password rule). */
export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** A reset link's token as the page sends it (from the link's fragment, never its query, so no log sees it). */
export const resetTokenSchema = z.string({ error: "The reset link is missing its token" }).min(1).max(100);

export const passwordResetLinkSchema = z.strictObject({ token: resetTokenSchema });

/** The reset page: a new password for the account the link was sent for. */
export const passwordResetSchema = z.strictObject({ token: resetTokenSchema, newPassword: newPasswordSchema });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** One of the signed-in user's sessions as Account lists it. */
export const ownSessionSchema = z.object({
  id: z.uuid(),
  /** The browser and system in plain words, e.g. "Chrome on Windows". */
  device: z.string(),
  /** The client address it signed in from. */
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
