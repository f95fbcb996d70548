/**
 * The JPEG images of a scanned PDF, in file order: image XObjects with /Filter /DCTDecode, whose
 * stream bytes are the JPEG file itself. A byte scan, not a PDF parser: scanners and ImageMagick
 * write each page image as a plain object (not inside a compressed object stream). Bounded: at
 * most `maxImages` images and `maxTotalBytes` bytes of them; a stream's length comes from a
 * direct /Length or from the next "endstream".
 */
export function extractJpegImages(pdf: Uint8Array, limits: { maxImages: number; maxTotalBytes: number }): Uint8Array[] {
  const text = new TextDecoder("latin1").decode(pdf);
  const images: Uint8Array[] = [];
  let total = 0;
  const dict = /<<((?:[^<>]|<<[^<>]*>>)*?\/DCTDecode(?:[^<>]|<<[^<>]*>>)*?)>>\s*stream\r?\n/g;
  for (let m = dict.exec(text); m && images.length < limits.maxImages; m = dict.exec(text)) {
    const body = m[1]!;
    if (!/\/Subtype\s*\/Image/.test(body)) continue;
    const start = m.index + m[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(body);
    let end = length ? start + Number(length[1]) : text.indexOf("endstream", start);
    if (end < start || end > pdf.length) end = text.indexOf("endstream", start);
    if (end < 0 || total + (end - start) > limits.maxTotalBytes) break;
    images.push(pdf.slice(start, end));
    total += end - start;
    dict.lastIndex = end;
  }
  return images;
}
