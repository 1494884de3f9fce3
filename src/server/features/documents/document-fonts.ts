import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import { create, type Font } from "fontkit";

/**
 * The embedded TrueType fonts every document uses. pdfkit's built-in Helvetica only covers WinAnsi, so
 * a proposer such as "Łódź Joinery Ltd" would print as garbage; DejaVu Sans covers Latin Extended and more.
 */
export interface DocumentFonts {
  regular: DocumentFont;
  bold: DocumentFont;
}

/** A parsed font plus its laid-out runs in pdfkit's units, shared by every document of the process. */
export interface DocumentFont extends Font {
  pdfLayout(text: string): PdfRun;
}

/** A glyph's placement in thousandths of the font size, the units pdfkit's embedded fonts lay out in. */
interface PdfPosition {
  readonly xAdvance: number;
  readonly yAdvance: number;
  readonly xOffset: number;
  readonly yOffset: number;
  readonly advanceWidth: number;
}

/** What pdfkit's EmbeddedFont.layout returns: the glyphs of a string, their positions, the total advance. */
export interface PdfRun {
  readonly glyphs: readonly Glyph[];
  readonly positions: readonly PdfPosition[];
  readonly advanceWidth: number;
}

/*
 * Distinct strings laid out per font before the cache starts again; documents repeat the same labels,
 * questions and clauses, while the insured's own answers vary, so the bound keeps memory flat.
 */
const MAX_CACHED_RUNS = 20_000;

const FONT_FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;

/*
 * Run from source (tsx, Vitest) the fonts sit beside this file. The production bundle is a single
 * dist/server/main.js, so from there the same folder is found back in the source tree of the checkout.
 */
const CANDIDATE_DIRECTORIES = [
  new URL("./fonts/", import.meta.url),
  new URL("../../src/server/features/documents/fonts/", import.meta.url),
  new URL("../../../src/server/features/documents/fonts/", import.meta.url),
];

function findFontDirectory(): URL {
  for (const directory of CANDIDATE_DIRECTORIES) {
    if (existsSync(fileURLToPath(new URL(FONT_FILES.regular, directory)))) return directory;
  }
  throw new Error(
    `Document fonts not found: looked for ${FONT_FILES.regular} in ${CANDIDATE_DIRECTORIES.map((d) => fileURLToPath(d)).join(", ")}`,
  );
}

let cached: DocumentFonts | undefined;

interface Glyph {
  readonly id: number;
  readonly advanceWidth: number;
  readonly codePoints: readonly number[];
}
interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** The shape pdfkit reads from a layout: glyphs, their positions, and the total advance. */
class SimpleGlyphRun {
  constructor(
    readonly glyphs: Glyph[],
    readonly positions: GlyphPosition[],
  ) {}
  // pdfkit scales the positions in place after layout, so the total is summed when asked for.
  get advanceWidth(): number {
    let width = 0;
    for (const position of this.positions) width += position.xAdvance;
    return width;
  }
}

/*
 * fontkit's full OpenType shaping (GSUB/GPOS over DejaVu's many scripts) costs 0.3-1.5 ms per word, which
 * made a five-page statement of fact take ~200 ms. Documents in Latin, Greek and Cyrillic scripts need no
 * shaping beyond one glyph per character, so layout maps each character (NFC, so "ó" is one precomposed
 * glyph) through the font's cmap, memoised per code point. Kerning is given up; the text stays exact.
 */
function withSimpleLayout(font: Font): DocumentFont {
  const glyphs = new Map<number, Glyph>();
  const glyphFor = (codePoint: number): Glyph => {
    let glyph = glyphs.get(codePoint);
    if (!glyph) {
      const found = font.glyphForCodePoint(codePoint);
      glyph = { id: found.id, advanceWidth: found.advanceWidth, codePoints: [codePoint] };
      glyphs.set(codePoint, glyph);
    }
    return glyph;
  };
  const layout = (text: string): SimpleGlyphRun => {
    const runGlyphs: Glyph[] = [];
    const positions: GlyphPosition[] = [];
    for (const character of text.normalize("NFC")) {
      const glyph = glyphFor(character.codePointAt(0) ?? 0);
      runGlyphs.push(glyph);
      positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
    }
    return new SimpleGlyphRun(runGlyphs, positions);
  };
  /*
   * Each document embeds a subset of the font; building it decodes every used glyph's outline. The glyph
   * objects (and their decoded outlines, which subsetting only reads) are kept, so later documents reuse them.
   */
  const glyphObjects = new Map<number, unknown>();
  const getGlyph = (id: number, characters?: number[]) => {
    if (characters !== undefined) return font.getGlyph(id, characters);
    let glyph = glyphObjects.get(id);
    if (!glyph) {
      const created = font.getGlyph(id);
      const decoded = created._decode();
      created._decode = () => decoded;
      glyph = created;
      glyphObjects.set(id, glyph);
    }
    return glyph;
  };
  /*
   * pdfkit lays a string out word by word into a cache that lives as long as one document, and measures
   * every string again for each wrap, row height and right alignment. Its runs are scaled to thousandths
   * of the font size and never changed after layout, so one run per string serves every document.
   */
  const scale = 1000 / font.unitsPerEm;
  const runs = new Map<string, PdfRun>();
  const pdfLayout = (text: string): PdfRun => {
    let run = runs.get(text);
    if (!run) {
      const runGlyphs: Glyph[] = [];
      const positions: PdfPosition[] = [];
      let advanceWidth = 0;
      for (const character of text.normalize("NFC")) {
        const glyph = glyphFor(character.codePointAt(0) ?? 0);
        const advance = glyph.advanceWidth * scale;
        runGlyphs.push(glyph);
        positions.push({ xAdvance: advance, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: advance });
        advanceWidth += advance;
      }
      run = { glyphs: runGlyphs, positions, advanceWidth };
      if (runs.size >= MAX_CACHED_RUNS) runs.clear();
      runs.set(text, run);
    }
    return run;
  };
  return new Proxy(font, {
    get(target, property) {
      if (property === "layout") return layout;
      if (property === "pdfLayout") return pdfLayout;
      if (property === "getGlyph") return getGlyph;
      return Reflect.get(target, property, target);
    },
  }) as DocumentFont;
}

/**
 * Reads and parses the fonts once per process. Parsing DejaVu's layout tables costs tens of milliseconds,
 * so every document shares the parsed fonts (pdfkit accepts a parsed font and subsets it per document).
 */
export function loadDocumentFonts(): DocumentFonts {
  if (cached) return cached;
  const directory = findFontDirectory();
  const read = (file: string) => withSimpleLayout(create(readFileSync(fileURLToPath(new URL(file, directory)))));
  cached = { regular: read(FONT_FILES.regular), bold: read(FONT_FILES.bold) };
  return cached;
}

/** The slice of pdfkit's (untyped) EmbeddedFont that layout and embedding go through. */
interface PdfKitEmbeddedFont {
  layout(text: string, features?: unknown, onlyWidth?: boolean): unknown;
  embed(): void;
  readonly document: { ref(data?: object): PdfKitReference };
  readonly subset: FontSubset;
  readonly scale: number;
  readonly widths: (number | undefined)[];
  readonly unicode: (readonly number[] | undefined)[];
}

/** A pdfkit object; a stream is deflated when it ends unless `compress` is off. */
interface PdfKitReference {
  compress: boolean;
  readonly data: Record<string, unknown>;
}

/** fontkit's TrueType subset: the glyphs of the font a document uses, in the order they are first used. */
interface FontSubset {
  readonly glyphs: readonly number[];
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
}

/*
 * Every document starts its font subsets with the same characters in the same order: printable ASCII and
 * the typography the fixed texts use. The subset then only differs between documents by the characters
 * beyond these (an "Łódź" or "Ó Briain"), and a document with the same characters as an earlier one embeds
 * the same font file, built once. The few glyphs a document does not use cost about 3 KB per font.
 */
const BASE_CHARACTERS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ..."£€–—‘’“”•…".split("").map((character) => character.codePointAt(0) ?? 0),
];

/*
 * Font files built (and deflated) per distinct subset; most documents share the base one. Bounded, the
 * least recently used out.
 */
const MAX_CACHED_SUBSETS = 32;

function shareSubsets(pdfFont: PdfKitEmbeddedFont, source: DocumentFont, built: Map<string, Uint8Array>): void {
  const { subset } = pdfFont;
  // What pdfkit's encode() records for each glyph it draws, done up front for the base characters.
  for (const codePoint of BASE_CHARACTERS) {
    const glyph = source.pdfLayout(String.fromCodePoint(codePoint)).glyphs[0];
    if (!glyph) continue;
    const subsetId = subset.includeGlyph(glyph.id);
    pdfFont.widths[subsetId] ??= glyph.advanceWidth * pdfFont.scale;
    pdfFont.unicode[subsetId] ??= glyph.codePoints;
  }
  const encode = subset.encode.bind(subset);
  /*
   * pdfkit embeds the font file as the first object embed() creates and deflates it as it ends. That
   * object is marked as already deflated here, so a cached font file is not compressed again; when the
   * mark is absent (pdfkit changed) the subset is handed over as plain bytes, as before.
   */
  let fontFile: PdfKitReference | undefined;
  const embed = pdfFont.embed.bind(pdfFont);
  pdfFont.embed = () => {
    const { document } = pdfFont;
    const ref = document.ref;
    document.ref = (data?: object) => {
      document.ref = ref;
      const created = ref.call(document, data);
      if (data === undefined && created.compress) {
        created.compress = false;
        created.data.Filter = "FlateDecode";
        fontFile = created;
      }
      return created;
    };
    try {
      embed();
    } finally {
      document.ref = ref;
      fontFile = undefined;
    }
  };
  subset.encode = () => {
    if (!fontFile) return encode();
    const key = subset.glyphs.join(",");
    let bytes = built.get(key);
    if (bytes) {
      built.delete(key);
    } else {
      bytes = deflateSync(encode());
      if (built.size >= MAX_CACHED_SUBSETS) {
        const oldest = built.keys().next().value;
        if (oldest !== undefined) built.delete(oldest);
      }
    }
    built.set(key, bytes);
    return bytes;
  };
}

const builtSubsets = { regular: new Map<string, Uint8Array>(), bold: new Map<string, Uint8Array>() };

/**
 * Registers the document fonts on a new pdfkit document as "regular" and "bold", and points pdfkit's
 * per-document font objects at the process-wide runs: pdfkit's own layout splits every string into words,
 * concatenates their glyph arrays and keeps the result for one document only, which made measuring and
 * drawing text most of a document's cost. The runs are the same glyphs and advances, so the output is
 * byte for byte what pdfkit's own layout gives.
 */
export function registerDocumentFonts(doc: PDFKit.PDFDocument): void {
  const fonts = loadDocumentFonts();
  // pdfkit accepts a parsed fontkit font where its types say bytes.
  doc.registerFont("regular", fonts.regular as unknown as Buffer);
  doc.registerFont("bold", fonts.bold as unknown as Buffer);
  // Opening "regular" first keeps its resource name F1, as before.
  for (const name of ["regular", "bold"] as const) {
    doc.font(name);
    const pdfFont = (doc as unknown as { _font: PdfKitEmbeddedFont })._font;
    const pdfKitLayout = pdfFont.layout.bind(pdfFont);
    const source = fonts[name];
    pdfFont.layout = (text, features, onlyWidth) =>
      features ? pdfKitLayout(text, features, onlyWidth) : source.pdfLayout(text);
    shareSubsets(pdfFont, source, builtSubsets[name]);
  }
}
