/** Reading a PDF back as a person would: the text poppler's pdftotext copies out of it. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The PDF's text in drawing order (-raw), line breaks and runs of spaces flattened to one space. */
export function pdfText(pdf: Buffer): string {
  const directory = mkdtempSync(join(tmpdir(), "pdf-text-"));
  try {
    const file = join(directory, "document.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
