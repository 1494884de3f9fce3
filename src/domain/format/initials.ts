/**
 * The top bar's avatar text (docs/product/screens.md): the first letter of each word of the name, upper-cased.
 * "Ben Broker" -> "BB", "uma de la underwriter" -> "UDLU". Blank names give "".
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => (Array.from(word)[0] ?? "").toLocaleUpperCase("en-GB"))
    .join("");
}
