/**
 * GET /api/bordereau's query. Apart from bordereau.ts, whose month list the bordereau screen shows, so that the
 * screen loads no zod (ADR 0056).
 */
import { z } from "zod";
import { BORDEREAU_FORMATS, BORDEREAU_MONTH, BORDEREAU_MONTH_MESSAGE, FIRST_BORDEREAU_MONTH } from "./bordereau";

export const bordereauQuerySchema = z.strictObject({
  month: z
    .string({ error: BORDEREAU_MONTH_MESSAGE })
    .regex(BORDEREAU_MONTH, BORDEREAU_MONTH_MESSAGE)
    .refine((month) => month >= FIRST_BORDEREAU_MONTH, BORDEREAU_MONTH_MESSAGE),
  format: z.enum(BORDEREAU_FORMATS, { error: "Format must be csv or xlsx" }).default("csv"),
});
/** GET /api/bordereau/receipts's query: the month alone (the export is always JSON Lines). */
export const bordereauReceiptsQuerySchema = bordereauQuerySchema.pick({ month: true });

export type BordereauQuery = z.output<typeof bordereauQuerySchema>;
