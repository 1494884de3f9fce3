/** GET /api/quotes/stats: per status, how many quotes the user can see and their total premium. */
import { z } from "zod";
import { quoteStatusSchema } from "./quote";

export const quoteStatusStatsSchema = z.object({
  status: quoteStatusSchema,
  count: z.number().int(),
  /** Sum of total premiums as a two-decimal money string. */
  totalPremium: z.string(),
});
export type QuoteStatusStats = z.infer<typeof quoteStatusStatsSchema>;

export const quoteStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.array(quoteStatusStatsSchema),
});
export type QuoteStats = z.infer<typeof quoteStatsSchema>;
