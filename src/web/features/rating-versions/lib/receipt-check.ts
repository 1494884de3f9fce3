/**
 * Load a receipt (docs/product/receipts.md "Verifying"): the same verifier as `npm run verify`, hashing with the
 * browser's WebCrypto. Part of the editor's engine chunk, fetched when first used.
 */
import { verifyReceiptText } from "@domain/receipt/read";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Verifies a loaded file of one or many receipts: whether all verified, and the lines that say so. */
export function checkReceiptFile(text: string): Promise<{ verified: boolean; lines: string[] }> {
  return verifyReceiptText(text, sha256);
}
