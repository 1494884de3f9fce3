import PDFDocument, * as pdfkit from "pdfkit";
import { INSURER_NAME } from "../../../domain/constants";
import { registerDocumentFonts } from "./document-fonts";

export { INSURER_NAME };

const PAGE_MARGIN = { top: 72, bottom: 64, left: 50, right: 50 };
const COLOUR = {
  ink: "#1f2933",
  muted: "#52606d",
  rule: "#cbd2d9",
  band: "#12355b",
  bandText: "#ffffff",
  shade: "#f0f4f8",
  warning: "#b44d12",
  watermark: "#d64545",
};
const SIZE = { body: 9.5, small: 8, heading: 12, title: 18 };

interface TextStyle {
  font: "regular" | "bold";
  size: number;
}
const BODY: TextStyle = { font: "regular", size: SIZE.body };
const BODY_BOLD: TextStyle = { font: "bold", size: SIZE.body };
const TABLE_HEADER: TextStyle = { font: "bold", size: SIZE.small + 0.5 };
const TITLE: TextStyle = { font: "bold", size: SIZE.title };
const HEADING: TextStyle = { font: "bold", size: SIZE.heading };
const SUBHEADING: TextStyle = { font: "bold", size: SIZE.body + 0.5 };
const SMALL: TextStyle = { font: "regular", size: SIZE.small };
const PARAGRAPH_LINE_GAP = 1.5;

/** pdfkit's line wrapper (exported by pdfkit, absent from its type declarations). */
interface LineWrapperInstance {
  on(event: "line", listener: (line: string) => void): void;
  wrap(text: string, options: object): void;
}
const { LineWrapper } = pdfkit as unknown as {
  LineWrapper: new (doc: PDFKit.PDFDocument, options: object) => LineWrapperInstance;
};

/** pdfkit rounds its page-break comparisons down to single precision; so do the lines drawn here. */
function pdfNumber(n: number): number {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  const single = new Float32Array([n]);
  const bits = new Uint32Array(single.buffer);
  if (n <= 0) bits[0] = (bits[0] ?? 0) + 1;
  else bits[0] = (bits[0] ?? 0) - 1;
  return single[0] ?? n;
}

/*
 * Lines of wrapped text per font, size, width and text, kept for the whole process: the labels, questions,
 * clauses and declarations are the same in every document, and a document measures each block (for page
 * breaks and row heights) before drawing it. Bounded, as the insured's answers vary.
 */
const MAX_CACHED_BLOCKS = 5_000;
const wrappedLines = new Map<string, readonly string[]>();

export interface KeyValueRow {
  label: string;
  value: string;
}

export interface TableColumn {
  header: string;
  /** Share of the content width, 0..1; the shares of one table add up to 1. */
  width: number;
  align?: "left" | "right";
}

export interface PdfWriterOptions {
  /** Document title, printed in the top band and the running header. */
  title: string;
  /** Shown in the running header beside the title, e.g. the quote reference. */
  reference?: string;
  /** Document metadata date; a fixed value keeps the output reproducible. */
  createdAt: Date;
  subject: string;
  /** A diagonal marking printed across every page (e.g. "QUOTATION"), or none. */
  watermark?: string;
  /** One line printed left in every page footer. */
  footerNote: string;
}

/**
 * A small layout layer over pdfkit: headings, label/value rows, tables and paragraphs that break across
 * pages cleanly, a running header and a "Page n of N" footer. Every document of the product uses it, so
 * they share one look.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly options: PdfWriterOptions;
  private readonly chunks: Buffer[] = [];
  private readonly finished: Promise<Buffer>;

  constructor(options: PdfWriterOptions) {
    this.options = options;
    this.doc = new PDFDocument({
      size: "A4",
      margins: PAGE_MARGIN,
      bufferPages: true,
      /*
       * No default font: pdfkit would load Helvetica, and a default given as a parsed font defeats its font
       * cache (every later font("regular") re-opened the font and compared name tables, ~5 ms a call).
       * The registered fonts below are cached by name from their first use.
       */
      font: null as unknown as string,
      lang: "en-GB",
      displayTitle: true,
      info: {
        Title: options.reference ? `${options.title} ${options.reference}` : options.title,
        Author: INSURER_NAME,
        Subject: options.subject,
        Creator: "PI Quote Engine",
        Producer: "PI Quote Engine",
        CreationDate: options.createdAt,
      },
    });
    registerDocumentFonts(this.doc);
    this.doc.font("regular").fontSize(SIZE.body).fillColor(COLOUR.ink);
    this.finished = new Promise<Buffer>((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }

  get contentWidth(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottomLimit(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /*
   * pdfkit's line wrapper measures word by word, which dominates rendering time. Most cells and values fit
   * on one line, so those are measured once (widths are remembered per font, size and text: a cell is
   * measured for its row height and again when drawn) and drawn without the wrapper; longer text wraps.
   */
  private readonly widths = new Map<string, number>();

  private applyStyle(style: TextStyle): void {
    this.doc.font(style.font).fontSize(style.size);
  }

  private widthOf(text: string, style: TextStyle): number {
    const key = `${style.font}|${style.size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.widthOfString(text);
      this.widths.set(key, width);
    }
    return width;
  }

  private fitsOnOneLine(text: string, width: number, style: TextStyle): boolean {
    return !text.includes("\n") && this.widthOf(text, style) <= width;
  }

  /**
   * The lines pdfkit's wrapper breaks `text` into at `width` in `style` (the current style), computed once
   * per process. Text with explicit line breaks is left to pdfkit (null), as is any other wrapping option.
   */
  private linesOf(text: string, width: number, style: TextStyle): readonly string[] | null {
    if (text.includes("\n")) return null;
    const key = `${style.font}|${style.size}|${width}|${text}`;
    let lines = wrappedLines.get(key);
    if (!lines) {
      const found: string[] = [];
      const { x, y } = this.doc;
      // The options pdfkit's heightOfString wraps with: no page or height limit, one column.
      const wrapper = new LineWrapper(this.doc, { width, height: Number.POSITIVE_INFINITY, columns: 0, columnGap: 18 });
      wrapper.on("line", (line) => found.push(line));
      wrapper.wrap(text, { width, height: Number.POSITIVE_INFINITY, columns: 0, columnGap: 18, rotation: 0 });
      this.doc.x = x;
      this.doc.y = y;
      lines = found;
      if (wrappedLines.size >= MAX_CACHED_BLOCKS) wrappedLines.clear();
      wrappedLines.set(key, lines);
    }
    return lines;
  }

  /** Height `text` takes at `width` in `style`. */
  measureText(text: string, width: number, style: TextStyle, lineGap = 0): number {
    this.applyStyle(style);
    if (this.fitsOnOneLine(text, width, style)) return this.doc.currentLineHeight(true) + lineGap;
    const lines = this.linesOf(text, width, style);
    if (!lines) return this.doc.heightOfString(text, { width, lineGap });
    // Summed line by line, as pdfkit's heightOfString does, so heights agree to the last bit.
    const lineHeight = this.doc.currentLineHeight(true);
    const top = this.doc.y;
    let bottom = top;
    for (let i = 0; i < lines.length; i++) bottom += lineHeight + lineGap;
    return bottom - top;
  }

  /**
   * Draws wrapped lines from (x, y) on, breaking to a new page where pdfkit's own wrapper would: before the
   * first line if it does not fit, and after any line the next one would not fit below.
   */
  private drawLines(lines: readonly string[], x: number, y: number, lineGap: number): void {
    const { doc } = this;
    const lineHeight = doc.currentLineHeight(true);
    let maxY = pdfNumber(this.bottomLimit);
    doc.y = y;
    const newPage = () => {
      doc.continueOnNewPage();
      maxY = pdfNumber(this.bottomLimit);
      // pdfkit starts each page with the default colour; the text goes on in the colour it started in.
      const fill = (doc as unknown as { _fillColor?: [PDFKit.Mixins.ColorValue, number] })._fillColor;
      if (fill) doc.fillColor(...fill);
    };
    if (doc.y > maxY || doc.y + lineHeight > maxY) newPage();
    lines.forEach((line, index) => {
      doc.text(line, x, doc.y, { lineBreak: false });
      doc.y += lineHeight + lineGap;
      if (index < lines.length - 1 && pdfNumber(doc.y + lineHeight) > maxY) newPage();
    });
    doc.x = x;
  }

  /** Draws `text` in `style` in a box of `width` at (x, y); returns the height used. */
  drawText(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle,
    options: { align?: "left" | "right"; lineGap?: number } = {},
  ) {
    this.applyStyle(style);
    const lineGap = options.lineGap ?? 0;
    if (this.fitsOnOneLine(text, width, style)) {
      const offset = options.align === "right" ? width - this.widthOf(text, style) : 0;
      this.doc.text(text, x + offset, y, { lineBreak: false });
      return this.doc.currentLineHeight(true) + lineGap;
    }
    const lines = options.align === "right" ? null : this.linesOf(text, width, style);
    if (lines) this.drawLines(lines, x, y, lineGap);
    else this.doc.text(text, x, y, { width, lineGap, align: options.align ?? "left" });
    return this.doc.y - y;
  }

  /** Draws `text` in `style` wrapped at `width` from (x, y), leaving doc.y below it (as pdfkit's text()). */
  private textBlock(text: string, x: number, y: number, width: number, style: TextStyle, lineGap = 0): void {
    this.applyStyle(style);
    if (text === "") {
      // pdfkit's wrapper draws no line for empty text and leaves the position where it was.
      this.doc.x = x;
      this.doc.y = y;
      return;
    }
    if (this.fitsOnOneLine(text, width, style)) {
      this.doc.y = y;
      // A single line still breaks to a new page first if it does not fit, as pdfkit's wrapper does.
      if (y + this.doc.currentLineHeight(true) > pdfNumber(this.bottomLimit)) {
        this.drawLines([text], x, y, lineGap);
        return;
      }
      this.doc.text(text, x, y, { lineBreak: false });
      this.doc.x = x;
      this.doc.y = y + (this.doc.currentLineHeight(true) + lineGap);
      return;
    }
    const lines = this.linesOf(text, width, style);
    if (lines) this.drawLines(lines, x, y, lineGap);
    else this.doc.text(text, x, y, { width, lineGap });
  }

  /** Starts a new page when fewer than `height` points remain on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottomLimit) {
      this.doc.addPage();
    }
  }

  /** The coloured title band at the top of the first page. */
  titleBand(title: string, lines: readonly string[]): void {
    const top = this.doc.page.margins.top - 30;
    const innerWidth = this.contentWidth - 28;
    // A long title wraps; the band grows to hold it and the lines below it.
    const titleHeight = this.measureText(title, innerWidth, TITLE);
    this.applyStyle(BODY);
    const lineHeight = this.doc.currentLineHeight(true) + 2;
    const height = 22 + titleHeight + 4 + lines.length * lineHeight + 8;
    this.doc.save().rect(this.left, top, this.contentWidth, height).fill(COLOUR.band).restore();
    this.doc
      .font("bold")
      .fontSize(SIZE.small)
      .fillColor(COLOUR.bandText)
      .text(INSURER_NAME.toUpperCase(), this.left + 14, top + 10, { width: innerWidth, characterSpacing: 1 });
    this.textBlock(title, this.left + 14, top + 22, innerWidth, TITLE);
    let y = top + 22 + titleHeight + 4;
    for (const line of lines) {
      this.textBlock(line, this.left + 14, y, innerWidth, BODY);
      y += lineHeight;
    }
    this.doc.fillColor(COLOUR.ink);
    this.doc.x = this.left;
    this.doc.y = top + height + 16;
  }

  /** A boxed notice, e.g. the quotation warning on a schedule that is not yet issued. */
  notice(text: string, tone: "warning" | "info" = "info"): void {
    const width = this.contentWidth - 20;
    const height = this.measureText(text, width, BODY_BOLD) + 14;
    this.ensureSpace(height + 8);
    const top = this.doc.y;
    const colour = tone === "warning" ? COLOUR.warning : COLOUR.band;
    this.doc.save().lineWidth(1.2).rect(this.left, top, this.contentWidth, height).stroke(colour).restore();
    this.doc.fillColor(colour);
    this.textBlock(text, this.left + 10, top + 7, width, BODY_BOLD);
    this.doc.fillColor(COLOUR.ink).font("regular");
    this.doc.x = this.left;
    this.doc.y = top + height + 10;
  }

  heading(text: string): void {
    // A heading keeps company with a subheading and the first rows of what follows it.
    this.ensureSpace(110);
    this.doc.moveDown(0.6);
    const top = this.doc.y;
    this.doc.fillColor(COLOUR.band);
    this.textBlock(text, this.left, top, this.contentWidth, HEADING);
    const ruleY = this.doc.y + 2;
    this.doc
      .save()
      .moveTo(this.left, ruleY)
      .lineTo(this.left + this.contentWidth, ruleY)
      .lineWidth(0.8)
      .stroke(COLOUR.band)
      .restore();
    this.doc.font("regular").fontSize(SIZE.body).fillColor(COLOUR.ink);
    this.doc.x = this.left;
    this.doc.y = ruleY + 6;
  }

  subheading(text: string): void {
    // Keep a subheading with at least the first rows of what follows it.
    this.ensureSpace(80);
    this.doc.moveDown(0.3);
    this.doc.fillColor(COLOUR.ink);
    this.textBlock(text, this.left, this.doc.y, this.contentWidth, SUBHEADING);
    this.doc.font("regular").fontSize(SIZE.body);
    this.doc.moveDown(0.2);
  }

  paragraph(text: string, options: { bold?: boolean; muted?: boolean; indent?: number; gapAfter?: number } = {}): void {
    const indent = options.indent ?? 0;
    const width = this.contentWidth - indent;
    const style = options.bold ? BODY_BOLD : BODY;
    this.doc.fillColor(options.muted ? COLOUR.muted : COLOUR.ink);
    const height = this.measureText(text, width, style, PARAGRAPH_LINE_GAP);
    // Short paragraphs move whole to the next page; long ones may flow across the break.
    if (height < 120) this.ensureSpace(height);
    this.textBlock(text, this.left + indent, this.doc.y, width, style, PARAGRAPH_LINE_GAP);
    this.doc.fillColor(COLOUR.ink).font("regular");
    this.doc.x = this.left;
    this.doc.moveDown(options.gapAfter ?? 0.5);
  }

  /** A numbered clause: the number hangs in the margin column, the text wraps beside it. */
  clause(number: string, text: string, level = 0): void {
    const numberWidth = 34;
    const indent = level * 22;
    const width = this.contentWidth - indent - numberWidth;
    const height = this.measureText(text, width, BODY, PARAGRAPH_LINE_GAP);
    if (height < 120) this.ensureSpace(height);
    else this.ensureSpace(30);
    const top = this.doc.y;
    this.textBlock(number, this.left + indent, top, numberWidth, BODY_BOLD);
    this.textBlock(text, this.left + indent + numberWidth, top, width, BODY, PARAGRAPH_LINE_GAP);
    this.doc.x = this.left;
    this.doc.moveDown(0.45);
  }

  /** Label/value rows in two columns with light shading on alternate rows. */
  keyValues(rows: readonly KeyValueRow[], labelShare = 0.45): void {
    const labelWidth = this.contentWidth * labelShare - 12;
    const valueWidth = this.contentWidth * (1 - labelShare) - 12;
    const valueX = this.left + this.contentWidth * labelShare + 6;
    rows.forEach((row, index) => {
      const value = row.value || "-";
      const height =
        Math.max(this.measureText(row.label, labelWidth, BODY), this.measureText(value, valueWidth, BODY_BOLD)) + 6;
      this.ensureSpace(height);
      const top = this.doc.y;
      if (index % 2 === 0) {
        this.doc.save().rect(this.left, top, this.contentWidth, height).fill(COLOUR.shade).restore();
      }
      this.doc.fillColor(COLOUR.muted);
      this.drawText(row.label, this.left + 6, top + 3, labelWidth, BODY);
      this.doc.fillColor(COLOUR.ink);
      this.drawText(value, valueX, top + 3, valueWidth, BODY_BOLD);
      this.applyStyle(BODY);
      this.doc.x = this.left;
      this.doc.y = top + height;
    });
    this.doc.moveDown(0.5);
  }

  /** A table with a header row that repeats after a page break. */
  table(
    columns: readonly TableColumn[],
    rows: readonly (readonly string[])[],
    options: { boldLastRow?: boolean } = {},
  ) {
    const widths = columns.map((column) => column.width * this.contentWidth);
    const drawHeader = () => {
      const height =
        Math.max(...columns.map((column, i) => this.measureText(column.header, (widths[i] ?? 0) - 8, TABLE_HEADER))) +
        8;
      this.ensureSpace(height + 20);
      const top = this.doc.y;
      this.doc.save().rect(this.left, top, this.contentWidth, height).fill(COLOUR.band).restore();
      let x = this.left;
      this.doc.fillColor(COLOUR.bandText);
      columns.forEach((column, i) => {
        const width = widths[i] ?? 0;
        this.drawText(column.header, x + 4, top + 4, width - 8, TABLE_HEADER, { align: column.align ?? "left" });
        x += width;
      });
      this.doc.fillColor(COLOUR.ink);
      this.applyStyle(BODY);
      this.doc.y = top + height;
    };
    drawHeader();
    rows.forEach((cells, rowIndex) => {
      const style = options.boldLastRow === true && rowIndex === rows.length - 1 ? BODY_BOLD : BODY;
      const height =
        Math.max(...cells.map((cell, i) => this.measureText(cell || "-", (widths[i] ?? 0) - 8, style))) + 6;
      if (this.doc.y + height > this.bottomLimit) {
        this.doc.addPage();
        drawHeader();
      }
      const top = this.doc.y;
      if (rowIndex % 2 === 1) {
        this.doc.save().rect(this.left, top, this.contentWidth, height).fill(COLOUR.shade).restore();
      }
      let x = this.left;
      this.doc.fillColor(COLOUR.ink);
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 0;
        this.drawText(cell || "-", x + 4, top + 3, width - 8, style, { align: columns[i]?.align ?? "left" });
        x += width;
      });
      this.doc
        .save()
        .moveTo(this.left, top + height)
        .lineTo(this.left + this.contentWidth, top + height)
        .lineWidth(0.4)
        .stroke(COLOUR.rule)
        .restore();
      this.applyStyle(BODY);
      this.doc.x = this.left;
      this.doc.y = top + height;
    });
    this.doc.moveDown(0.6);
  }

  /** A signature line block for the declaration. */
  signatureLines(labels: readonly string[]): void {
    this.ensureSpace(labels.length * 30 + 10);
    for (const label of labels) {
      this.doc.moveDown(1.2);
      const y = this.doc.y;
      this.doc.fillColor(COLOUR.muted);
      this.textBlock(label, this.left, y, 150, BODY);
      this.doc
        .save()
        .moveTo(this.left + 150, y + 10)
        .lineTo(this.left + this.contentWidth * 0.75, y + 10)
        .lineWidth(0.6)
        .stroke(COLOUR.muted)
        .restore();
      this.doc.fillColor(COLOUR.ink);
      this.doc.x = this.left;
      this.doc.y = y + 12;
    }
    this.doc.moveDown(0.5);
  }

  /** Draws the running header, footer and watermark on every page, then closes the document. */
  async finish(): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      this.doc.switchToPage(index);
      this.decoratePage(index - range.start + 1, range.count);
    }
    this.doc.end();
    return this.finished;
  }

  private decoratePage(pageNumber: number, pageCount: number): void {
    const { doc } = this;
    const margins = { ...doc.page.margins };
    // Writing into the margins would otherwise make pdfkit start a new page.
    doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
    const width = this.contentWidth;

    if (this.options.watermark) {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc
        .font("bold")
        .fontSize(84)
        .fillColor(COLOUR.watermark)
        .fillOpacity(0.08)
        .text(this.options.watermark, 0, doc.page.height / 2 - 50, { width: doc.page.width, align: "center" });
      doc.restore();
      doc.fillOpacity(1);
    }

    if (pageNumber > 1) {
      const header = this.options.reference
        ? `${INSURER_NAME}  |  ${this.options.title}  |  ${this.options.reference}`
        : `${INSURER_NAME}  |  ${this.options.title}`;
      doc.fillColor(COLOUR.muted);
      this.textBlock(header, margins.left, 34, width, SMALL);
      doc
        .save()
        .moveTo(margins.left, 48)
        .lineTo(margins.left + width, 48)
        .lineWidth(0.5)
        .stroke(COLOUR.rule)
        .restore();
    }

    const footerY = doc.page.height - margins.bottom + 22;
    doc
      .save()
      .moveTo(margins.left, footerY - 6)
      .lineTo(margins.left + width, footerY - 6)
      .lineWidth(0.5)
      .stroke(COLOUR.rule)
      .restore();
    doc.fillColor(COLOUR.muted);
    this.textBlock(this.options.footerNote, margins.left, footerY, width - 80, SMALL);
    this.drawText(`Page ${pageNumber} of ${pageCount}`, margins.left + width - 80, footerY, 80, SMALL, {
      align: "right",
    });
    doc.fillColor(COLOUR.ink);
    doc.page.margins = margins;
  }
}
