/**
 * The commission rates the API and the rating configuration take, as schemas: apart from commission.ts so that a
 * screen that only shows commission (the review, the bordereau, a cancellation) loads no zod with it (ADR 0056).
 */
import { z } from "zod";
import { COMMISSION_MESSAGES, isWholeBasisPoints } from "./commission";

const percentSchema = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(100, message)
    .refine((percent) => isWholeBasisPoints(percent), message);

/**
 * The range of commission an underwriter may set on one quote, in a rating configuration (docs/product/rating.md
 * "Commission limits"). A configuration without it takes DEFAULT_COMMISSION_LIMITS; it never changes a premium.
 */
export const commissionLimitsSchema = z
  .strictObject({
    minPercent: percentSchema("Must be a percentage from 0 to 100 with at most two decimal places"),
    maxPercent: percentSchema("Must be a percentage from 0 to 100 with at most two decimal places"),
  })
  .refine((limits) => limits.minPercent <= limits.maxPercent, {
    message: COMMISSION_MESSAGES.limitsOrder,
    path: ["maxPercent"],
  });

/** An underwriter's commission rate for one quote, as the API takes it. */
export const commissionOverrideSchema = z.strictObject({
  ratePercent: percentSchema(COMMISSION_MESSAGES.rate),
  expectedVersion: z.number().int().positive().optional(),
});
export type CommissionOverride = z.infer<typeof commissionOverrideSchema>;
