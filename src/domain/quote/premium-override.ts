/**
 * Step 7 "Override Premium" (docs/product/screens.md and docs/product/errors.md): a manual base premium in pounds. Fees, taxes and total are
 * recomputed by the server from it (docs/product/rating.md).
 */
import { z } from "zod";
import { parseMoneyString } from "../money";

export const PREMIUM_OVERRIDE_MESSAGE = "Please enter a valid premium amount";
export const PREMIUM_OVERRIDE_TOAST_TITLE = "Invalid Amount";

/** The wizard's number input: a finite amount in pounds above 0. */
export const premiumOverrideSchema = z.object({
  amount: z
    .number({ error: PREMIUM_OVERRIDE_MESSAGE })
    .refine((amount) => Number.isFinite(amount) && amount > 0, PREMIUM_OVERRIDE_MESSAGE),
});
export type PremiumOverride = z.infer<typeof premiumOverrideSchema>;

/** The override as the API carries it: a two-decimal money string above 0, parsed to pence. */
export const positiveMoneyStringSchema = z
  .string({ error: PREMIUM_OVERRIDE_MESSAGE })
  .refine((text) => {
    const pence = parseMoneyString(text);
    return pence !== null && pence > 0;
  }, PREMIUM_OVERRIDE_MESSAGE)
  .transform((text) => parseMoneyString(text) as number);
