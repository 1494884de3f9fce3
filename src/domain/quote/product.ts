/**
 * How a quote's product and policy are named: the product's name beside its code in lists and documents, and
 * the policy number an issued quote carries.
 */
import { DC_PI_PRODUCT_CODE, DEFAULT_PRODUCT_CODE } from "../constants";

/** The product's name as lists and documents show it beside the code. */
export const PRODUCT_TYPES: Readonly<Record<string, string>> = {
  [DC_PI_PRODUCT_CODE]: "Design and Construct Professional Indemnity",
  [DEFAULT_PRODUCT_CODE]: "Professional Indemnity",
};

/** The product's name, or null for a code without one. */
export function productTypeOf(productCode: string): string | null {
  return PRODUCT_TYPES[productCode] ?? null;
}

/** "DCPI-000042" -> "DCPI/POL/000042": one policy per quote, so the quote's number makes the policy's unique. */
export function policyNumberFor(reference: string): string {
  const digits = /(\d+)$/.exec(reference)?.[1];
  if (!digits) throw new Error(`A quote reference without a number cannot name a policy: ${reference}`);
  return `DCPI/POL/${digits}`;
}
