import type { PDFDocument, PDFFont } from "pdf-lib";
import type { Font, Subset } from "fontkit";

/**
 * Noto Sans (OFL-1.1, from the @expo-google-fonts/noto-sans npm package) embedded as a subset, for
 * Situation Manuals whose text WinAnsi cannot hold. Only pdf.ts calls this, and only for such
 * text, through a dynamic import: fontkit and the two .ttf files are never evaluated on any other
 * request. The .ttf files are wrangler "Data" modules (`[[rules]]` in wrangler.toml: an
 * ArrayBuffer each, kept out of the JS bundle); the workerd test pool reads the same rules.
 *
 * fontkit 2 (upstream) rather than pdf-lib's fork @pdf-lib/fontkit 1.1.1: the fork writes broken
 * TrueType subsets (short `loca` offsets over odd-length glyph records; fixed upstream in fontkit
 * 1.8): with Noto Sans most letters of a subset drew blank while the text still extracted fine.
 * The fork is also 2.5x the size (383 KB gzip vs 149 KB). pdf-lib 1.17 expects fontkit 1's
 * `subset.encodeStream()`, which fontkit 2 replaced by `encode()`: `forPdfLib` adapts that.
 */

export type UnicodeFonts = { regular: PDFFont; bold: PDFFont };

type PdfLibFontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type PdfLibFont = ReturnType<PdfLibFontkit["create"]>;

/** A Data module's default export; anything else means the bundler rule is missing. */
function fontBytes(module: { default: unknown }, name: string): ArrayBuffer {
  const bytes = module.default;
  if (!(bytes instanceof ArrayBuffer)) {
    throw new Error(`${name} did not load as bytes (got ${typeof bytes}): is the "**/*.ttf" Data rule in wrangler.toml?`);
  }
  return bytes;
}

/** fontkit 1's streaming encoder as pdf-lib calls it: on("data"), on("end"), on("error"). */
function encodeStream(subset: Subset) {
  const handlers: Record<string, (arg?: unknown) => void> = {};
  queueMicrotask(() => {
    try {
      handlers.data?.(subset.encode());
      handlers.end?.();
    } catch (error) {
      handlers.error?.(error);
    }
  });
  const stream = {
    on(event: string, handler: (arg?: unknown) => void) {
      handlers[event] = handler;
      return stream;
    },
  };
  return stream;
}

/**
 * A fontkit Font as pdf-lib 1.17 uses it, with two changes:
 * - `layout` is a plain cmap lookup (one glyph per code point) instead of OpenType shaping.
 *   pdf-lib draws by advance width and ignores GPOS offsets, so shaping only does harm here: ccmp
 *   splits "ụ" into "u" + a dot-below mark (misplaced, and the text extracts as garbage), liga
 *   makes "fi" one glyph; and it was most of the render time. pdf.ts composes text (NFC) first,
 *   so accented letters use the font's precomposed glyphs.
 * - `createSubset()` gives subsets with `encodeStream()`.
 */
function forPdfLib(font: Font): PdfLibFont {
  const createSubset = font.createSubset.bind(font);
  return Object.assign(font, {
    layout: (text: string) => ({ glyphs: font.glyphsForString(text) }),
    createSubset: () =>
      Object.assign(createSubset(), {
        encodeStream(this: Subset) {
          return encodeStream(this);
        },
      }),
  }) as unknown as PdfLibFont;
}

/**
 * Parsed fonts, per font file, for the isolate's life: pdf-lib would parse the file again for every
 * document. A parsed font is only read (each document subsets through its own `createSubset()`)
 * and keeps its glyph and table caches warm.
 */
const parsed = new WeakMap<ArrayBufferLike, PdfLibFont>();

export async function embedUnicodeFonts(doc: PDFDocument): Promise<UnicodeFonts> {
  const [fontkit, regular, bold] = await Promise.all([
    import("fontkit"),
    import("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
    import("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
  ]);
  doc.registerFontkit({
    create(bytes, postscriptName) {
      let font = parsed.get(bytes.buffer);
      if (!font) parsed.set(bytes.buffer, (font = forPdfLib(fontkit.create(bytes, postscriptName))));
      return font;
    },
  });
  return {
    regular: await doc.embedFont(fontBytes(regular, "NotoSans-Regular"), { subset: true }),
    bold: await doc.embedFont(fontBytes(bold, "NotoSans-Bold"), { subset: true }),
  };
}
