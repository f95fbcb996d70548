import { documentType } from "../../shared/documents/file-types";

/**
 * Type by content: the bytes must be what the extension says, or the file is refused before
 * anything is stored. A renamed executable, image or archive would otherwise be kept, offered for
 * download under a trusted name, and fed to a parser that was not written for it.
 *
 * Only a bounded look is taken: the first SNIFF_BYTES and, for .docx, the last ones (where a zip
 * lists its entries).
 */

export const SNIFF_BYTES = 64 * 1024;

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const PDF = ascii("%PDF-");
const ZIP = Uint8Array.of(0x50, 0x4b, 0x03, 0x04);
const WORD_PART = ascii("word/");

/** Signatures of files that are never text, whatever their name says. */
const BINARY_SIGNATURES: Uint8Array[] = [
  PDF,
  ZIP,
  Uint8Array.of(0x89, 0x50, 0x4e, 0x47), // PNG
  ascii("GIF8"),
  Uint8Array.of(0xff, 0xd8, 0xff), // JPEG
  Uint8Array.of(0x7f, 0x45, 0x4c, 0x46), // ELF
  Uint8Array.of(0x1f, 0x8b), // gzip
  Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0), // OLE (old .doc, .xls)
  ascii("Rar!"),
  Uint8Array.of(0x37, 0x7a, 0xbc, 0xaf), // 7z
];

function startsWith(bytes: Uint8Array, prefix: Uint8Array, at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

function indexOf(bytes: Uint8Array, needle: Uint8Array, limit = bytes.length): number {
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Text in any encoding a planner's tools write: UTF-16 with its byte-order mark (the parser reads
 * it), or 8-bit text — UTF-8, or the Windows-1252 that Excel's CSV export still produces, so
 * invalid UTF-8 alone is no reason to refuse. Binary is what text never has: a known binary
 * signature, a NUL byte, or many control characters.
 */
function looksLikeText(head: Uint8Array): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  if (BINARY_SIGNATURES.some((signature) => startsWith(head, signature))) return false;
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    // C0 controls other than tab, line feed, form feed, carriage return and escape.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) controls += 1;
  }
  return controls <= head.length / 100;
}

const OLE = Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const RTF = ascii("{\\rtf");
/** The OID of PKCS #7 signedData (1.2.840.113549.1.7.2), DER-encoded. */
const SIGNED_DATA_OID = Uint8Array.of(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02);
const HEIF_BRANDS = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"];

/** The part every file of an Office Open XML type has (named in the first entries or the central directory). */
const OOXML_PART: Record<string, Uint8Array> = { docx: WORD_PART, xlsx: ascii("xl/"), pptx: ascii("ppt/") };
/** OpenDocument and EPUB zips start with an uncompressed "mimetype" entry holding their MIME type. */
const ZIP_MIMETYPE: Record<string, Uint8Array> = { odt: ascii("application/vnd.oasis.opendocument.text"), epub: ascii("application/epub+zip") };

/** An e-mail starts with header fields ("Name: value"), possibly after an mbox "From " line. */
function looksLikeMail(head: Uint8Array): boolean {
  if (!looksLikeText(head)) return false;
  const start = new TextDecoder("latin1").decode(head.subarray(0, 4096)).replace(/^\uFEFF/, "");
  return /^(From [^\r\n]*\r?\n)?[A-Za-z][A-Za-z0-9-]*:[^\r\n]*\r?\n/.test(start);
}

/**
 * Whether the bytes are a file of `type` (a canonical extension from detectType). `head` is the
 * start of the file, `tail` its end (the same bytes for a small file). Old Office files (doc, xls,
 * ppt, msg) share one container: the check accepts any of them and the parser tells them apart.
 */
export function contentMatchesType(type: string, head: Uint8Array, tail: Uint8Array): boolean {
  const family = documentType(type)?.family;
  switch (family) {
    // Readers accept a header anywhere in the first kilobyte (some generators put junk first).
    case "pdf":
      return indexOf(head, PDF, 1024) !== -1;
    case "ooxml": {
      const part = OOXML_PART[type];
      return Boolean(part) && startsWith(head, ZIP) && (indexOf(head, part!) !== -1 || indexOf(tail, part!) !== -1);
    }
    case "opendocument": {
      const mimetype = ZIP_MIMETYPE[type];
      return Boolean(mimetype) && startsWith(head, ZIP) && indexOf(head, mimetype!, 1024) !== -1;
    }
    case "ole":
      return startsWith(head, OLE);
    case "rtf":
      return startsWith(head, RTF) || (startsWith(head, Uint8Array.of(0xef, 0xbb, 0xbf)) && startsWith(head, RTF, 3));
    case "mail":
      return looksLikeMail(head);
    case "signed":
      // DER (a SEQUENCE holding the signedData OID near its start) or PEM.
      return (
        (head[0] === 0x30 && indexOf(head, SIGNED_DATA_OID, 64) !== -1) ||
        indexOf(head, ascii("-----BEGIN PKCS7-----"), 1024) !== -1 ||
        indexOf(head, ascii("-----BEGIN CMS-----"), 1024) !== -1
      );
    case "image":
      return imageMatches(type, head);
    case "text":
      return looksLikeText(head);
    default:
      return false;
  }
}

function imageMatches(type: string, head: Uint8Array): boolean {
  switch (type) {
    case "png":
      return startsWith(head, Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a));
    case "jpeg":
      return startsWith(head, Uint8Array.of(0xff, 0xd8, 0xff));
    case "bmp":
      return startsWith(head, ascii("BM"));
    case "tiff":
      return startsWith(head, Uint8Array.of(0x49, 0x49, 0x2a, 0x00)) || startsWith(head, Uint8Array.of(0x4d, 0x4d, 0x00, 0x2a));
    case "heic": {
      // ISO base media: a box size, "ftyp", then the major brand.
      if (!startsWith(head, ascii("ftyp"), 4)) return false;
      const brand = String.fromCharCode(...head.subarray(8, 12));
      return HEIF_BRANDS.includes(brand);
    }
    default:
      return false;
  }
}

export function contentMismatchMessage(type: string): string {
  const label = documentType(type)?.label;
  return `The contents of this file do not match its .${type} extension, so it was not uploaded. Save it again as ${label ?? `.${type}`} and upload that, or give it the extension of its real type if it is one we accept.`;
}

/** The bytes contentMatchesType needs, read from the uploaded file without loading all of it. */
export async function sniffedBytes(file: Blob): Promise<{ head: Uint8Array; tail: Uint8Array }> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const tail = file.size <= SNIFF_BYTES ? head : new Uint8Array(await file.slice(file.size - SNIFF_BYTES).arrayBuffer());
  return { head, tail };
}
