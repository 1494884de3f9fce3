import { DC_WORDING, type WordingClause } from "./dc-wording-text";
import { INSURER_NAME, PdfWriter } from "./pdf-writer";

function writeClause(writer: PdfWriter, clause: WordingClause, level: number): void {
  writer.clause(clause.number, clause.text, level);
  for (const sub of clause.subClauses ?? []) writeClause(writer, sub, level + 1);
}

/** Renders the product wording. Pure output of the committed text: the same bytes on every call. */
export async function renderDcWording(): Promise<Buffer> {
  const wording = DC_WORDING;
  const writer = new PdfWriter({
    title: "D&C Professional Indemnity Policy Wording",
    createdAt: wording.editionDate,
    subject: wording.title,
    footerNote: `${INSURER_NAME}  |  ${wording.edition}`,
  });
  writer.titleBand(wording.title, [wording.edition]);
  for (const paragraph of wording.preamble) writer.paragraph(paragraph);
  for (const part of wording.parts) {
    writer.heading(part.heading);
    for (const paragraph of part.introduction ?? []) writer.paragraph(paragraph);
    for (const clause of part.clauses) writeClause(writer, clause, 0);
  }
  writer.heading("Signed for and on behalf of the Insurer");
  writer.paragraph(
    `This policy wording is issued by ${INSURER_NAME}. It has effect only together with a Schedule bearing a policy number issued by ${INSURER_NAME}; a quotation schedule is not evidence of cover.`,
  );
  return writer.finish();
}

let cachedWording: Promise<Buffer> | undefined;

/**
 * The wording never changes while the process runs, so it is rendered once and the bytes reused; a failed
 * render is not cached, so the next request tries again.
 */
export function getDcWordingPdf(): Promise<Buffer> {
  if (!cachedWording) {
    cachedWording = renderDcWording().catch((error: unknown) => {
      cachedWording = undefined;
      throw error;
    });
  }
  return cachedWording;
}
