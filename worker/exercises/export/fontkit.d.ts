/** The part of fontkit 2 that pdf-unicode-font.ts and its tests use: the package ships no types. */
declare module "fontkit" {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
    path: { commands: unknown[] };
  }
  export interface Subset {
    includeGlyph(glyph: number | Glyph): number;
    /** fontkit 2: the whole subset font at once (fontkit 1, which pdf-lib targets, streamed it). */
    encode(): Uint8Array;
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    characterSet: number[];
    numGlyphs: number;
    getGlyph(id: number): Glyph;
    glyphsForString(text: string): Glyph[];
    createSubset(): Subset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
