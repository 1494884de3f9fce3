/** A rating receipt as the API answers it (docs/product/receipts.md); the parts the engine owns stay open records. */
import { z } from "zod";
import { RECEIPT_FORMAT, RECEIPT_KINDS } from "./receipt";

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const partSchema = z.record(z.string(), z.unknown());

export const receiptKindSchema = z.enum(RECEIPT_KINDS);

export const ratingReceiptSchema = z.object({
  format: z.literal(RECEIPT_FORMAT),
  engineVersion: z.string(),
  kind: receiptKindSchema,
  subject: z.object({
    quoteReference: z.string(),
    policyNumber: z.string().nullable(),
    endorsement: z.number().int().nullable(),
    ratedAt: z.string(),
  }),
  ratingVersion: z.object({ id: z.string(), name: z.string() }),
  input: partSchema,
  options: z.object({
    baseOverridePence: z.number().int().optional(),
    runOff: z.object({ years: z.number().int(), annualBasePence: z.number().int().optional() }).optional(),
  }),
  configuration: z.string(),
  result: partSchema,
  hashes: z.object({ input: sha256Schema, options: sha256Schema, configuration: sha256Schema, result: sha256Schema }),
  hash: sha256Schema,
});
