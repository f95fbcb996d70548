import { describe, expect, it } from "vitest";
import { contentMatchesType, contentMismatchMessage, sniffedBytes, SNIFF_BYTES } from "../../worker/documents/sniff";

// Security item 13, the pure part: which bytes count as which type (worker/documents/sniff.ts).

const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const table: [string, string, Uint8Array, boolean][] = [
  ["pdf", "a PDF", bytes("%PDF-1.7\n%\u00e2\u00e3"), true],
  ["pdf", "a PDF after some junk in the first kilobyte", bytes(" ".repeat(500), "%PDF-1.4"), true],
  ["pdf", "the header too far in", bytes(" ".repeat(2000), "%PDF-1.4"), false],
  ["pdf", "text", bytes("Evacuation plan"), false],
  ["pdf", "a zip", bytes(ZIP, "word/document.xml"), false],
  ["docx", "a zip with a word/ part", bytes(ZIP, [20, 0, 0, 0], "word/document.xml"), true],
  ["docx", "a zip without one", bytes(ZIP, [20, 0, 0, 0], "xl/workbook.xml"), false],
  ["docx", "an old binary .doc", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], "word/"), false],
  ["docx", "text mentioning word/", bytes("see word/document.xml"), false],
  ["txt", "UTF-8 text with accents and emoji", bytes("Café — shelter 🏠 open"), true],
  ["txt", "UTF-8 with a BOM", bytes([0xef, 0xbb, 0xbf], "Plan"), true],
  ["txt", "UTF-16 LE with its BOM", bytes([0xff, 0xfe, 0x50, 0, 0x6c, 0]), true],
  ["txt", "UTF-16 BE with its BOM", bytes([0xfe, 0xff, 0, 0x50, 0, 0x6c]), true],
  ["txt", "a NUL byte", bytes("Plan", [0], "x"), false],
  ["txt", "Windows-1252 text (Excel's CSV export), not UTF-8", bytes("Caf", [0xe9, 0x20], "ok"), true],
  ["txt", "mostly control characters", bytes([1, 2, 3, 4, 5, 6, 7, 8], "abc"), false],
  ["md", "a PDF", bytes("%PDF-1.4\n1 0 obj"), false],
  ["md", "a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), false],
  ["csv", "a gzip", bytes([0x1f, 0x8b, 0x08]), false],
  ["csv", "an ELF executable", bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), false],
  ["csv", "CSV", bytes("agency,phone\nBCOEM,555-0100\n"), true],
  ["html", "HTML", bytes("<!doctype html><title>Plan</title>"), true],
  ["html", "a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), false],
  ["xlsx", "a zip with an xl/ part", bytes(ZIP, [20, 0, 0, 0], "xl/workbook.xml"), true],
  ["xlsx", "a Word zip renamed", bytes(ZIP, [20, 0, 0, 0], "word/document.xml"), false],
  ["pptx", "a zip with a ppt/ part", bytes(ZIP, [20, 0, 0, 0], "ppt/presentation.xml"), true],
  ["odt", "a zip whose mimetype entry says OpenDocument text", bytes(ZIP, [20, 0, 0, 0], "mimetypeapplication/vnd.oasis.opendocument.text"), true],
  ["odt", "an OpenDocument spreadsheet", bytes(ZIP, [20, 0, 0, 0], "mimetypeapplication/vnd.oasis.opendocument.spreadsheet"), false],
  ["epub", "a zip whose mimetype entry says EPUB", bytes(ZIP, [20, 0, 0, 0], "mimetypeapplication/epub+zip"), true],
  ["epub", "a plain zip", bytes(ZIP, [20, 0, 0, 0], "readme.txt"), false],
  ["doc", "a Compound File (old Office)", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), true],
  ["xls", "a zip", bytes(ZIP, "xl/"), false],
  ["msg", "a Compound File (Outlook)", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), true],
  ["rtf", "Rich Text", bytes("{\\rtf1\\ansi Plan}"), true],
  ["rtf", "text", bytes("Plan"), false],
  ["eml", "an e-mail", bytes("From: ops@county.example\r\nSubject: EOC activation\r\n\r\nBody"), true],
  ["eml", "an mbox e-mail", bytes("From ops@county.example Mon Jan  5 09:00:00 2026\nFrom: ops@county.example\n\nBody"), true],
  ["eml", "prose", bytes("The EOC opens at 0800.\n"), false],
  ["p7s", "DER signedData", bytes([0x30, 0x82, 0x05, 0x10, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]), true],
  ["p7s", "PEM", bytes("-----BEGIN PKCS7-----\nMIIB"), true],
  ["p7s", "other DER", bytes([0x30, 0x82, 0x05, 0x10, 0x02, 0x01, 0x00]), false],
  ["png", "a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), true],
  ["png", "a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), false],
  ["jpeg", "a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), true],
  ["bmp", "a bitmap", bytes("BM", [0x36, 0, 0, 0]), true],
  ["tiff", "a little-endian TIFF", bytes([0x49, 0x49, 0x2a, 0x00]), true],
  ["tiff", "a big-endian TIFF", bytes([0x4d, 0x4d, 0x00, 0x2a]), true],
  ["heic", "a HEIC photo", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]), true],
  ["heic", "an MP4 video", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0]), false],
  ["tsv", "TSV", bytes("agency\tphone\nBCOEM\t555-0100\n"), true],
  ["rst", "reStructuredText", bytes("Annex K\n=======\n"), true],
  ["org", "Org", bytes("* Annex K\n** Concept\n"), true],
  ["xml", "XML", bytes('<?xml version="1.0"?><plan/>'), true],
  ["xml", "a PNG", bytes([0x89, 0x50, 0x4e, 0x47]), false],
  ["exe", "an unknown type", bytes("MZ"), false],
];

describe("contentMatchesType", () => {
  for (const [type, what, head, expected] of table) {
    it(`.${type}: ${what} → ${expected ? "accepted" : "refused"}`, () => {
      expect(contentMatchesType(type, head, head)).toBe(expected);
    });
  }

  it("finds a docx's word/ part in the central directory at the end of a large file", async () => {
    const file = new Blob([bytes(ZIP), new Uint8Array(SNIFF_BYTES * 2), bytes("word/document.xml", [0x50, 0x4b, 0x05, 0x06])]);
    const { head, tail } = await sniffedBytes(file);
    expect(head.length).toBe(SNIFF_BYTES);
    expect(tail.length).toBe(SNIFF_BYTES);
    expect(contentMatchesType("docx", head, tail)).toBe(true);
  });

  it("says what to do, naming the extension", () => {
    expect(contentMismatchMessage("pdf")).toBe(
      "The contents of this file do not match its .pdf extension, so it was not uploaded. Save it again as PDF and upload that, or give it the extension of its real type if it is one we accept.",
    );
  });
});
