import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../worker/documents/parse";
import { defaultName, libraryName } from "../../worker/documents/title";

// A PDF's or Word file's own Title names it in the library (issue 31 item 4), on files made by real
// tools (fixtures/README.md): LibreOffice and pandoc write it; a file without one keeps its name.
const fixture = (name: string) => {
  const buffer = readFileSync(path.join(import.meta.dirname, "fixtures", name));
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

const ANNEX_R = "Tollmere County Annex R — Radiological Emergency Response";

describe("the Title a file carries", () => {
  it("is read from a PDF's document information (LibreOffice) and a DOCX's docProps/core.xml (LibreOffice, pandoc)", async () => {
    expect((await parseDocument(fixture("radiological-annex.pdf"), "pdf")).title).toBe(ANNEX_R);
    expect((await parseDocument(fixture("radiological-annex.docx"), "docx")).title).toBe(ANNEX_R);
    expect((await parseDocument(fixture("annex-k.docx"), "docx")).title).toBe("Brackwater County Annex K — Mass Care");
  });

  it("is absent when the file has none (an empty dc:title, a PDF without a Title)", async () => {
    expect((await parseDocument(fixture("structure.docx"), "docx")).title).toBeUndefined();
    expect((await parseDocument(fixture("evacuation.pdf"), "pdf")).title).toBeUndefined();
  });
});

describe("libraryName", () => {
  it("replaces the filename's default name with the title, and nothing else", () => {
    expect(libraryName({ name: "annex-r-final", filename: "annex-r-final.pdf" }, ANNEX_R)).toBe(ANNEX_R);
    // A name the planner gave, or renamed to, stays.
    expect(libraryName({ name: "Annex R (draft 3)", filename: "annex-r-final.pdf" }, ANNEX_R)).toBe("Annex R (draft 3)");
    // No title, a blank one: the name as it is.
    expect(libraryName({ name: "annex-r-final", filename: "annex-r-final.pdf" }, undefined)).toBe("annex-r-final");
    expect(libraryName({ name: "annex-r-final", filename: "annex-r-final.pdf" }, "  \n ")).toBe("annex-r-final");
    expect(libraryName({ name: "x", filename: "x.pdf" }, `  A\n  title  ${"y".repeat(300)}`)).toBe(`A title ${"y".repeat(192)}`);
    expect(defaultName("plan.v2.docx")).toBe("plan.v2");
  });
});
