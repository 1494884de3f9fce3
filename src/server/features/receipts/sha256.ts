/** SHA-256 of UTF-8 text as lower-case hex: how the server and the offline verifier hash a receipt's parts. */
import { createHash } from "node:crypto";

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
