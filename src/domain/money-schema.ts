/**
 * Money as the API carries it, as schemas. Apart from money.ts so that a screen formatting amounts loads no
 * zod (ADR 0056).
 */
import { z } from "zod";
import { type Pence, parseMoneyString } from "./money";

/** A money amount as the API carries it: a decimal string with at most two decimals; parsed to pence. */
export const moneyStringSchema = z
  .string()
  .refine((text) => parseMoneyString(text) !== null, {
    message: "Must be an amount in pounds with at most two decimals",
  })
  .transform((text) => parseMoneyString(text) as Pence);

/** A non-negative money amount as the API carries it, parsed to pence. */
export const nonNegativeMoneyStringSchema = moneyStringSchema.refine((pence) => pence >= 0, {
  message: "Amount cannot be negative",
});
