/**
 * GET /api/config: what the web app needs to know about this installation before anyone signs in
 * (no session required): the product name, the underwriting mailbox of the e-mail package
 * (UNDERWRITING_MAILBOX, docs/product/permissions.md) and whether company search answers from Companies House or from the
 * fictitious demo register, with the note to show beside demo results.
 */
import { z } from "zod";
import { companyRegisterKindSchema } from "./companies";

export const appConfigSchema = z.object({
  productName: z.string(),
  underwritingMailbox: z.string(),
  companyRegister: companyRegisterKindSchema,
  /** A sentence to show beside company search results when they are demo data; null for the live register. */
  companyRegisterNote: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const appConfigResponseSchema = z.object({ data: appConfigSchema });
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;
