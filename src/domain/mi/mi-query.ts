/**
 * The management information filters (docs/product/mi.md): a range of London months and, optionally, a firm,
 * and the chart's table as the API returns it. Apart from mi.ts, which the screen imports, so that the screen
 * loads no zod (ADR 0056).
 */
import { z } from "zod";
import { MI_CHARTS, MI_MAX_MONTHS, MI_MONTH } from "./mi";

export const MI_MONTH_MESSAGE = "Month must be written YYYY-MM";
export const MI_REVERSED_RANGE_MESSAGE = "The range must not end before it starts";
export const MI_RANGE_TOO_LONG_MESSAGE = `The range must be at most ${MI_MAX_MONTHS} months`;
export const MI_FIRM_FORBIDDEN_MESSAGE = "A broker sees only the figures of their own firm";

const month = z.string({ error: MI_MONTH_MESSAGE }).regex(MI_MONTH, MI_MONTH_MESSAGE);

/** The range itself (to not before from, at most MI_MAX_MONTHS) is checked once the defaults are filled in. */
export const miQuerySchema = z.strictObject({
  from: month.optional().describe("First month, YYYY-MM (London); default: eleven months before `to`"),
  to: month.optional().describe("Last month, YYYY-MM (London); default: the current month"),
  firmId: z.uuid({ message: "Invalid firm id" }).optional().describe("One firm's figures"),
});
export type MiQuery = z.output<typeof miQuerySchema>;

export const miParamsSchema = z.object({
  chart: z.enum(MI_CHARTS, { error: `Chart must be one of ${MI_CHARTS.join(", ")}` }),
});

const cell = z.union([z.string(), z.number(), z.null()]);
export const miTableSchema = z.object({
  chart: z.enum(MI_CHARTS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  columns: z.array(
    z.object({ key: z.string(), label: z.string(), kind: z.enum(["text", "count", "money", "ratio", "minutes"]) }),
  ),
  rows: z.array(z.record(z.string(), cell)),
  totals: z.record(z.string(), cell),
});
