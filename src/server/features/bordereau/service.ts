/**
 * A month's bordereau as a file: the transactions made on policies in it, written as CSV or as an Excel workbook.
 */
import {
  type BordereauFormat,
  bordereauCsv,
  bordereauFileName,
  bordereauLine,
} from "../../../domain/bordereau/bordereau";
import type { Database } from "../../db/client";
import { findTransactionsIn } from "./repository";

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
