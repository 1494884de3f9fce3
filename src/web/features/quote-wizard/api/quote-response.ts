import type { Quote } from "@domain/quote/quote";

/** docs/product/permissions.md: a quote answer's `data` is the quote itself, or holds it under `data.quote`. */
export function unwrapQuote(data: Quote | { quote: Quote }): Quote {
  return "quote" in data && data.quote && typeof data.quote === "object" ? data.quote : (data as Quote);
}
