/** Characters of a receipt's hash printed on a schedule and shown in a quote's history (docs/product/receipts.md). */
export const SHORT_HASH_LENGTH = 12;

/** The hash as printed: its first characters, enough to match a receipt to its schedule or bordereau row. */
export function shortReceiptHash(hash: string): string {
  return hash.slice(0, SHORT_HASH_LENGTH);
}
