import { describe, expect, it } from "vitest";
import { contentMatchesType, contentMismatchMessage, sniffedBytes, SNIFF_BYTES } from "../../worker/documents/sniff";

// Security item 13, the pure part: which bytes count as which type (worker/documents/sniff.ts).

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));
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
      "The contents of this file do not match its .pdf extension, so it was not uploaded. Save it again as a PDF and upload that, or give it the extension of its real type if it is one we accept.",
    );
  });
});
