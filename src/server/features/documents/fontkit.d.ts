// fontkit (pdfkit's own font engine) ships no type declarations; this names what the documents use.
declare module "fontkit" {
  /** A parsed font; pdfkit accepts it wherever it accepts font bytes. */
  export interface Font {
    layout(text: string): unknown;
    glyphForCodePoint(codePoint: number): { readonly id: number; readonly advanceWidth: number };
    getGlyph(id: number, characters?: number[]): Glyph;
    readonly postscriptName: string;
    readonly unitsPerEm: number;
  }
  export interface Glyph {
    readonly id: number;
    readonly advanceWidth: number;
    /** fontkit's internal outline decoder; subsetting calls it once per glyph. */
    _decode(): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
