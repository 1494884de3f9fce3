/**
 * An underwriter's authority as the API carries it (docs/product/permissions.md "Authority"): the administrator's
 * form and PUT /api/users/{id}/authority validate with the same schema. Apart from authority.ts so that the
 * queue and the review screen apply the rule without loading zod (ADR 0056).
 */
import { z } from "zod";
import { userSchema } from "../auth/schemas";
import { type Pence, parseMoneyString } from "../money";
import { AUTHORITY_MESSAGES } from "./authority";
import { isValidCounterMultiplier, snapCounterMultiplier } from "./counter-multiplier";

const M = AUTHORITY_MESSAGES;
const MAX_CODES = 100;

const multiplier = z
  .number({ error: M.counterRange })
  .refine(isValidCounterMultiplier, M.counterRange)
  .transform(snapCounterMultiplier);

/** An authority as the API carries it: the premium as a money string, like every amount the API sends. */
export const authorityInputSchema = z
  .strictObject({
    maxCoverLimit: z
      .number({ error: M.coverLimit })
      .int(M.coverLimit)
      .min(1, M.coverLimit)
      .max(1e12, M.coverLimit)
      .nullable(),
    maxGrossPremium: z
      .string({ error: M.grossPremium })
      .refine((text) => (parseMoneyString(text) ?? 0) > 0, M.grossPremium)
      .transform((text) => parseMoneyString(text) as Pence)
      .nullable(),
    clearableReferralCodes: z
      .array(z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, M.referralCode))
      .max(MAX_CODES, `At most ${MAX_CODES} referral codes`)
      .transform((codes) => [...new Set(codes)])
      .nullable(),
    counterMin: multiplier,
    counterMax: multiplier,
  })
  .superRefine((value, ctx) => {
    if (value.counterMin > value.counterMax) {
      ctx.addIssue({ code: "custom", path: ["counterMin"], message: M.counterOrder });
    }
  });
export type AuthorityInput = z.input<typeof authorityInputSchema>;

/** An authority as the API sends it (users list, the authority's PUT). */
export const authorityResponseSchema = z.object({
  maxCoverLimit: z.number().nullable(),
  maxGrossPremium: z.string().nullable(),
  clearableReferralCodes: z.array(z.string()).nullable(),
  counterMin: z.number(),
  counterMax: z.number(),
});

/**
 * A user in the administrator's list: an underwriter with their authority, anyone else with none (null), and
 * whether they sign in with a second factor (an administrator may reset it for a user who lost it).
 */
export const userWithAuthoritySchema = userSchema.extend({
  authority: authorityResponseSchema.nullable(),
  twoFactorOn: z.boolean(),
});
export type UserWithAuthority = z.infer<typeof userWithAuthoritySchema>;
