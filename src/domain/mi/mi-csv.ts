/**
 * A management information chart's table as CSV, written as the bordereau is (ADR 0072). Apart from mi.ts so that
 * the screen does not load the bordereau's columns with it.
 */
import { neutraliseFormula, quotedField } from "../bordereau/bordereau";
import { penceToMoneyString } from "../money";
import { hours, type MiCell, type MiColumnKind, type MiTable } from "./mi";

/** A cell as the CSV writes it: money as pounds with two decimals, ratios to four places, waits in hours, text quoted and safe. */
function csvCell(kind: MiColumnKind, value: MiCell): string {
  if (value === null) return "";
  if (kind === "money") return penceToMoneyString(Number(value));
  if (kind === "ratio") return Number(value).toFixed(4);
  if (kind === "minutes") return hours(Number(value));
  if (kind === "text") return quotedField(neutraliseFormula(String(value)));
  return String(value);
}

/** The chart's table as CSV (as the bordereau: RFC 4180, CRLF, every text cell and header quoted, formula-safe). */
export function miCsv(mi: MiTable): string {
  const lines = [mi.columns.map((c) => quotedField(neutraliseFormula(c.label))).join(",")];
  for (const row of [...mi.rows, mi.totals])
    lines.push(mi.columns.map((c) => csvCell(c.kind, row[c.key] ?? null)).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
