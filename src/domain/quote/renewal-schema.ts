/**
 * 'Renewals due' as the API answers it. Apart from renewal.ts, whose rules the dashboard runs, so that the
 * dashboard loads no zod (ADR 0056).
 */
import { z } from "zod";
import { moneyAmountSchema, paginationMetaSchema } from "./quote";

/** One row of 'Renewals due' (GET /api/quotes/renewals-due). */
export const renewalDueSchema = z.object({
  id: z.string(),
  reference: z.string(),
  policyNumber: z.string().nullable(),
  proposerName: z.string(),
  inceptionDate: z.string(),
  /** The last day of cover. */
  expiryDate: z.string(),
  totalPremium: moneyAmountSchema.nullable(),
  broker: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The renewal already made from this policy, if any: the list links to it instead of offering 'Renew'. */
  renewal: z.object({ id: z.string(), reference: z.string(), status: z.string() }).nullable(),
});
export type RenewalDue = z.infer<typeof renewalDueSchema>;

/**
 * GET /api/quotes/renewals-due?page=&pageSize= (`pageQuerySchema`): paged as the dashboard's list is (25 a page
 * unless asked, at most 100), so every due policy can be reached however large an underwriter's book.
 */
export const renewalsDueResponseSchema = z.object({
  /** One page, soonest expiry first, then by reference: the order never changes between pages. */
  data: z.array(renewalDueSchema),
  /** `total` counts every due policy; a page beyond the last answers no rows and the same total. */
  meta: paginationMetaSchema,
});
export type RenewalsDueResponse = z.infer<typeof renewalsDueResponseSchema>;
