/**
 * A month's bordereau as a file: the transactions made on policies in it, written as CSV or as an Excel workbook.
 */
import {
  type BordereauFormat,
  bordereauCsv,
  bordereauFileName,
  bordereauLine,
  bordereauReceiptsFileName,
} from "../../../domain/bordereau/bordereau";
import type { Database } from "../../db/client";
import { findReceiptsIn, findTransactionsIn } from "./repository";

export const BORDEREAU_MEDIA_TYPES: Readonly<Record<BordereauFormat, string>> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/* The workbook writer brings a zip and XML library with it; most processes never write one. */
const loadXlsx = () => import("./xlsx");

export async function bordereauFile(
  db: Database,
  month: string,
  format: BordereauFormat,
): Promise<{ body: Buffer; mediaType: string; fileName: string }> {
  const lines = (await findTransactionsIn(db, month)).map(bordereauLine);
  const body =
    format === "csv" ? Buffer.from(bordereauCsv(lines), "utf8") : await (await loadXlsx()).bordereauXlsx(month, lines);
  return { body, mediaType: BORDEREAU_MEDIA_TYPES[format], fileName: bordereauFileName(month, format) };
}

/** JSON Lines: one receipt a line (docs/product/receipts.md). */
export const RECEIPTS_MEDIA_TYPE = "application/jsonl; charset=utf-8";

/**
 * The month's receipts export: the receipt of each bordereau row the engine priced, one a line, in the
 * bordereau's order, so a capacity provider re-rates the whole month with one command.
 */
export async function bordereauReceiptsFile(db: Database, month: string) {
  const receipts = await findReceiptsIn(db, month);
  const body = Buffer.from(receipts.map((receipt) => `${receipt}\n`).join(""), "utf8");
  return { body, mediaType: RECEIPTS_MEDIA_TYPE, fileName: bordereauReceiptsFileName(month) };
}
