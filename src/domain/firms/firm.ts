/**
 * Broker firms (docs/product/firms.md): the firm's details as an administrator enters them, and who acts for a
 * quote of a firm. A quote belongs to its broker and to the firm it was written for; the firm's lead broker
 * acts for every quote of the firm as its own broker does.
 */
import { z } from "zod";

const NAME_MAX_LENGTH = 200;
const ADDRESS_MAX_LENGTH = 500;
/** The commission an administrator may give a firm, in basis points of the premium before IPT: 0% to 40%. */
export const FIRM_COMMISSION_MAX_BASIS_POINTS = 4000;
export const FCA_REFERENCE_MESSAGE = "FCA firm reference number must be 6 or 7 digits";
export const FIRM_COMMISSION_MESSAGE = `Commission rate must be a percentage from 0 to ${FIRM_COMMISSION_MAX_BASIS_POINTS / 100}, with at most two decimal places`;

/** The firm's commission as entered (a percentage such as 12.5) and as stored (1250 basis points). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

export const firmInputSchema = z.strictObject({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  fcaReference: z
    .string({ error: FCA_REFERENCE_MESSAGE })
    .trim()
    .regex(/^\d{6,7}$/, FCA_REFERENCE_MESSAGE),
  address: z
    .string({ error: "Address is required" })
    .trim()
    .min(1, "Address is required")
    .max(ADDRESS_MAX_LENGTH, `Address must be at most ${ADDRESS_MAX_LENGTH} characters`),
  commissionRatePercent: z
    .number({ error: FIRM_COMMISSION_MESSAGE })
    .min(0, FIRM_COMMISSION_MESSAGE)
    .max(FIRM_COMMISSION_MAX_BASIS_POINTS / 100, FIRM_COMMISSION_MESSAGE)
    // Two decimal places are whole basis points; a finer rate could not be stored as it was entered.
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-9, FIRM_COMMISSION_MESSAGE),
});
export type FirmInput = z.infer<typeof firmInputSchema>;

export const firmSchema = z.object({
  id: z.string(),
  name: z.string(),
  fcaReference: z.string(),
  address: z.string(),
  commissionRatePercent: z.number(),
  /** Live brokers in the firm. */
  brokerCount: z.number().int(),
  createdAt: z.string(),
});
export type Firm = z.infer<typeof firmSchema>;

/** A broker's place in a firm, set by an administrator: no firm, or a firm and whether they lead it. */
export const brokerFirmSchema = z.strictObject({
  firmId: z.uuid({ message: "Invalid firm id" }).nullable(),
  isFirmLead: z.boolean({ error: "Lead must be true or false" }).default(false),
});
export type BrokerFirm = z.infer<typeof brokerFirmSchema>;

/** Hand a quote or policy to another broker of its firm. */
export const handOverSchema = z.strictObject({
  brokerId: z.uuid({ message: "Invalid broker id" }),
});

export interface FirmMember {
  id: string;
  firmId: string | null;
  isFirmLead: boolean;
}

/** The quote's firm's lead: acts for the firm's quotes (sees them, works on them, hands them over). */
export function leadsFirmOf(quote: { firmId: string | null }, actor: Partial<FirmMember>): boolean {
  return actor.isFirmLead === true && actor.firmId != null && quote.firmId === actor.firmId;
}

/**
 * Whether `actor` acts for this quote as its broker: the broker who holds it, or their firm's lead. A broker
 * with no firm acts only for their own quotes, as before firms existed.
 */
export function actsForQuote(
  quote: { brokerId: string; firmId: string | null },
  actor: { id: string } & Partial<FirmMember>,
): boolean {
  return quote.brokerId === actor.id || leadsFirmOf(quote, actor);
}

export const HAND_OVER_MESSAGES = {
  notInFirm: "The new broker must be a broker of the quote's firm",
  sameBroker: "The quote is already with this broker",
  leadNeedsFirm: "A lead broker must belong to a firm",
  notBroker: "Only brokers belong to firms",
  firmHasBrokers: "A firm with brokers cannot be deleted; move its brokers to another firm first",
  fcaTaken: "A firm with this FCA firm reference number already exists",
} as const;
