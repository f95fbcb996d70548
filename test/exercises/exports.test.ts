import { unzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { neutralizeFormula } from "../../worker/exercises/export/csv";
import { buildSitMan } from "../../worker/exercises/export/sitman";
import { fitToCharset, needsUnicodeFont } from "../../worker/exercises/export/pdf";
import { mselColumns, type MselRow } from "../../shared/db/exercise-shapes";
import { QUICK_START_TEMPLATES, type QuickStartTemplate } from "../../worker/exercises/templates";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createExercise } from "./helpers";
import { parseCsv } from "../helpers/csv";

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
/** Asserts each line of `text` appears in the XML (lines of one paragraph are separate runs). */
function expectInXml(xml: string, text: string) {
  for (const line of text.split("\n").filter((l) => l.trim())) expect(xml.includes(xmlEscape(line)), line).toBe(true);
}
const squash = (s: string) => s.replace(/\s+/g, " ");

/**
 * The fonts a PDF uses (BaseFont names), read back with pdf-lib, and for each embedded TrueType
 * file how many of its glyphs have no outline: a broken subset (misaligned glyph offsets) draws
 * blank letters while its text still extracts, so the text checks alone cannot see it.
 */
async function pdfFonts(bytes: Uint8Array): Promise<{ names: string[]; outlineless: number[] }> {
  const { PDFDocument, PDFDict, PDFName, PDFRawStream, decodePDFRawStream } = await import("pdf-lib");
  const fontkit = await import("fontkit");
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  const outlineless: number[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    if (obj.get(PDFName.of("Type")) === PDFName.of("Font")) names.add(String(obj.get(PDFName.of("BaseFont"))));
    const file = doc.context.lookup(obj.get(PDFName.of("FontFile2")));
    if (!(file instanceof PDFRawStream)) continue;
    const font = fontkit.create(decodePDFRawStream(file).decode());
    let count = 0;
    for (let id = 0; id < font.numGlyphs; id++) {
      try {
        if (font.getGlyph(id).path.commands.length === 0) count++;
      } catch {
        count++;
      }
    }
    outlineless.push(count);
  }
  return { names: [...names].sort(), outlineless };
}

/** WinAnsi's code points, as pdf-lib's Helvetica reports them. */
async function winAnsiSet(): Promise<Set<number>> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  return new Set((await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).getCharacterSet());
}

/** The largest quick-start template: the most to lay out (its render time is in `npm run bench`, bench/exports.ts). */
const largest: QuickStartTemplate = [...QUICK_START_TEMPLATES].sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0]!;
/** The SitMan takes the exercise's last edit; a fixed day keeps the document the same on every run. */
const UPDATED_AT = new Date("2026-03-31T12:00:00Z");

let user: TestUser;
let other: TestUser;
let id: string;

beforeAll(async () => {
  [user, other] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" })]);
  const res = await api("/api/exercises/from-template", { method: "POST", user, body: { templateId: largest.id } });
  id = (await json(res)).id;
});

describe("export formats", () => {
  it("rejects a bad or missing format with 400, before anything is rendered", async () => {
    for (const q of ["?format=rtf", "?format=", ""]) {
      const res = await api(`/api/exercises/${id}/export${q}`, { user });
      await expectStatus(res, 400, q);
      expect((await apiError(res)).code).toBe("invalid_export_format");
    }
    await expectStatus(await api(`/api/exercises/${id}/export?format=pdf`), 401);
    await expectStatus(await api(`/api/exercises/${id}/export?format=pdf`, { user: other }), 404);
    await expectStatus(await api(`/api/exercises/${id}/export?format=csv`, { user: other }), 404);
  });

  it("docx: a Word document whose document.xml holds the title, modules and MSEL text", async () => {
    const res = await api(`/api/exercises/${id}/export?format=docx`, { user });
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9-]+-Situation-Manual\.docx"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["[Content_Types].xml", "word/document.xml", "word/styles.xml", "word/numbering.xml"]));
    const xml = strFromU8(files["word/document.xml"]!);
    expectInXml(xml, largest.name);
    for (const m of largest.modules) expectInXml(xml, m.title);
    for (const heading of [
      "Exercise Overview",
      "Exercise Objectives and Core Capabilities",
      "Threat Analysis",
      "Scenario Update",
      "Discussion Questions",
      "Master Scenario Events List",
      "Participant Feedback Form",
      "Handling Instructions",
    ]) {
      expectInXml(xml, heading);
    }
    for (const row of largest.mselTable) {
      expectInXml(xml, row.synopsis);
      expectInXml(xml, row.message);
      expectInXml(xml, row.expectedAction);
    }
    expectInXml(xml, largest.capabilitiesAndObjectives[0]!.objective);
    expect(xml.includes('w:orient="landscape"')).toBe(true); // the MSEL section
    const footer = Object.keys(files).find((f) => /^word\/footer\d+\.xml$/.test(f));
    expect(footer && strFromU8(files[footer]!)).toContain("PAGE");
  });

  it("pdf: a PDF whose extracted text holds the title, modules and MSEL text, with page numbers", async () => {
    const res = await api(`/api/exercises/${id}/export?format=pdf`, { user });
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/-Situation-Manual\.pdf"$/);
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    expect(totalPages).toBeGreaterThan(5);
    const all = squash(text.join(" "));
    expect(all).toContain(squash(largest.name));
    for (const m of largest.modules) expect(all).toContain(squash(m.title));
    expect(all).toContain("Master Scenario Events List");
    expect(all).toContain("Participant Feedback Form");
    // MSEL cells wrap inside narrow columns, so look for each row's event number and first words.
    for (const row of largest.mselTable) expect(all).toContain(row.synopsis.split(" ").slice(0, 2).join(" "));
    expect(squash(text[1]!)).toContain(`Page 2 of ${totalPages}`);
    expect(squash(text[totalPages - 1]!)).toContain(`Page ${totalPages} of ${totalPages}`);
  });

  it("csv: the MSEL, header = the 13 columns and the plan reference, parses back to the rows", async () => {
    const res = await api(`/api/exercises/${id}/export?format=csv`, { user });
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/-MSEL\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith("\ufeff")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      "Event",
      "Date",
      "Time",
      "Category",
      "Inject mode",
      "Synopsis",
      "From",
      "To",
      "Message",
      "Expected action",
      "Responsible organization",
      "POC / Author",
      "Comment",
      "Plan reference",
    ]);
    // Cells a spreadsheet would run as a formula come back with the documented leading apostrophe.
    expect(rows).toEqual(largest.mselTable.map((r) => [...mselColumns.map((c) => neutralizeFormula(r[c])), ""]));
    expect(
      rows
        .flat()
        .filter((v, i) => v !== largest.mselTable.flatMap((r) => [...mselColumns.map((c) => r[c]), ""])[i])
        .every((v) => v.startsWith("'")),
    ).toBe(true);
  });

  it("csv: quotes commas, quotes and newlines (RFC 4180) and defuses formulas", async () => {
    const tricky: MselRow[] = [
      {
        event: "1",
        synopsis: 'He said "evacuate", now',
        message: "Line one\nLine two\r\nLine three",
        comment: '=HYPERLINK("http://x")',
        from: "- SimCell",
        to: "+1 555",
        pocAuthor: "@ops",
      },
      { event: "2" },
    ];
    const exId = await createExercise(user, { name: "Tricky", mselTable: tricky });
    const text = await (await api(`/api/exercises/${exId}/export?format=csv`, { user })).text();
    expect(text).toContain('"He said ""evacuate"", now"');
    const [, first, second] = parseCsv(text.replace(/^\ufeff/, ""));
    const get = (row: string[], col: string) => row[mselColumns.indexOf(col as never)];
    expect(get(first!, "synopsis")).toBe('He said "evacuate", now');
    expect(get(first!, "message")).toBe("Line one\nLine two\r\nLine three");
    expect(get(first!, "comment")).toBe('\'=HYPERLINK("http://x")');
    expect(get(first!, "to")).toBe("'+1 555");
    expect(get(first!, "pocAuthor")).toBe("'@ops");
    expect(get(first!, "from")).toBe("'- SimCell");
    expect(second).toEqual(["2", ...Array(13).fill("")]);
  });

  it("plan references: the MSEL's Plan reference column quotes the passage (formula-guarded), and the SitMan lists them", async () => {
    const source = (quote: string) => ({ documentId: "doc-1", chunkId: "chunk-1", documentName: "Levee EAP", quote });
    const exId = await createExercise(user, {
      name: "Grounded",
      mselTable: [
        { event: "1", synopsis: "Levee overtopping near Eastbank", source: source("The EOC issues the immediate evacuation warning for Eastbank.") },
        { event: "2", synopsis: "Contractor fraud", notInPlans: true },
        { event: "3", synopsis: "Crafted", source: { ...source("=cmd|' /C calc'!A0"), documentName: "=HYPERLINK(1)" } },
        { event: "4", synopsis: "Written by hand" },
      ],
      modules: [
        {
          title: "Response",
          questions: {
            mode: "functional",
            groups: [
              {
                name: "EOC",
                questions: [
                  { text: "Who issues the warning?", type: "open-ended", source: source("Sirens sound in Zone 2.") },
                  { text: "Who pays?", type: "open-ended", notInPlans: true },
                ],
              },
            ],
          },
        },
      ],
    });
    const text = await (await api(`/api/exercises/${exId}/export?format=csv`, { user })).text();
    const [header, ...rows] = parseCsv(text.replace(/^\ufeff/, ""));
    const col = header!.indexOf("Plan reference");
    expect(rows.map((r) => r[col])).toEqual([
      "Levee EAP — “The EOC issues the immediate evacuation warning for Eastbank.”",
      "Not in your plans",
      "'=HYPERLINK(1) — “=cmd|' /C calc'!A0”",
      "",
    ]);

    const stored = await json(await api(`/api/exercises/${exId}`, { user }));
    const sitman = buildSitMan({ ...(stored as Parameters<typeof buildSitMan>[0]), updatedAt: UPDATED_AT });
    const blocks = sitman.sections.flatMap((sec) => sec.blocks);
    const h1 = blocks.filter((b) => b.type === "heading" && b.level === 1).map((b) => (b as { text: string }).text);
    expect(h1.slice(-3)).toEqual(["Appendix A: Master Scenario Events List (MSEL)", "Appendix B: Plan References", "Appendix C: Participant Feedback Form"]);
    const table = blocks[blocks.findIndex((b) => b.type === "heading" && b.text === "Appendix B: Plan References") + 2] as { rows: string[][] };
    expect(table.rows).toEqual([
      ["MSEL 1: Levee overtopping near Eastbank", "Levee EAP", "The EOC issues the immediate evacuation warning for Eastbank."],
      ["MSEL 3: Crafted", "=HYPERLINK(1)", "=cmd|' /C calc'!A0"],
      ["Module 1, question 1: Who issues the warning?", "Levee EAP", "Sirens sound in Zone 2."],
    ]);
    const docx = await api(`/api/exercises/${exId}/export?format=docx`, { user });
    const xml = strFromU8(unzipSync(new Uint8Array(await docx.arrayBuffer()))["word/document.xml"]!);
    expectInXml(xml, "Appendix B: Plan References\nSirens sound in Zone 2.");
    const pdf = await api(`/api/exercises/${exId}/export?format=pdf`, { user });
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(squash(pdfText)).toContain("Appendix B: Plan References");
    expect(squash(pdfText)).toContain("Sirens sound in Zone 2.");
  });

  it("json: the full exercise, re-imported to an equal exercise", async () => {
    const res = await api(`/api/exercises/${id}/export?format=json`, { user });
    await expectStatus(res, 200);
    expect(res.headers.get("content-disposition")).toMatch(/\.json"$/);
    const exported = await json(res);
    expect(exported).toMatchObject({ format: "readyroom-exercise", version: 1 });
    const imported = await api("/api/exercises/import", { method: "POST", user: other, body: exported });
    await expectStatus(imported, 201);
    const newId = (await json(imported)).id;
    expect(newId).not.toBe(id);
    const original = await json(await api(`/api/exercises/${id}`, { user }));
    const copy = await json(await api(`/api/exercises/${newId}`, { user: other }));
    const content = (e: Json) => {
      const { id: _id, userId: _u, createdAt: _c, updatedAt: _up, ...rest } = e;
      return rest;
    };
    expect(content(copy)).toEqual(content(original));
    expect(copy.userId).toBe(other.userId);
    // Re-imported by its own author: a second exercise of the same name would read as one.
    const again = await api("/api/exercises/import", { method: "POST", user, body: exported });
    await expectStatus(again, 201);
    const mine = await json(await api(`/api/exercises/${(await json(again)).id}`, { user }));
    expect(mine.name).toBe(`${original.name} (imported)`);
  });

  it("import takes a bare exercise too, and refuses other formats and bad content", async () => {
    const ok = await api("/api/exercises/import", { method: "POST", user, body: { name: "Hand-made", mselTable: [{ event: 1, synopsis: "x" }] } });
    await expectStatus(ok, 201);
    const got = await json(await api(`/api/exercises/${(await json(ok)).id}`, { user }));
    expect(got.mselTable).toEqual([{ event: "1", synopsis: "x" }]);
    await expectStatus(await api("/api/exercises/import", { method: "POST", user, body: { format: "other-app", version: 1, exercise: {} } }), 400);
    const bad = await api("/api/exercises/import", { method: "POST", user, body: { format: "readyroom-exercise", version: 1, exercise: { modules: "nope" } } });
    await expectStatus(bad, 400);
    expect((await json(bad)).fieldErrors).toHaveProperty("exercise.modules");
    await expectStatus(await api("/api/exercises/import", { method: "POST", user, raw: "{" }), 400);
    const noPlan = await createTestUser({ plan: null });
    await expectStatus(await api("/api/exercises/import", { method: "POST", user: noPlan, body: { name: "x" } }), 402);
  });

  it("non-Latin text: docx keeps it, PDF keeps what Noto Sans covers, filenames stay ASCII", async () => {
    const exId = await createExercise(user, {
      name: "Évacuation — Zürich → 東京",
      scenario: "Ünïcödé “quotes” and ≥ 5 → shelters ☐",
      modules: [{ title: "Модуль", description: "Ĳssel", injects: ["Ψ inject"], questions: ["Ça va?"] }],
      mselTable: [{ event: "1", synopsis: "Café → EOC" }],
    });
    const docx = await api(`/api/exercises/${exId}/export?format=docx`, { user });
    expect(docx.headers.get("content-disposition")).toBe('attachment; filename="Evacuation-Zurich-Situation-Manual.docx"');
    const xml = strFromU8(unzipSync(new Uint8Array(await docx.arrayBuffer()))["word/document.xml"]!);
    expectInXml(xml, "Évacuation — Zürich → 東京");
    expectInXml(xml, "Модуль");
    const pdf = await api(`/api/exercises/${exId}/export?format=pdf`, { user });
    await expectStatus(pdf, 200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    // Noto Sans has no CJK and no arrows: substitutes and spelled-out arrows, no failure.
    expect(squash(text)).toContain("Évacuation — Zürich -> \uFFFD\uFFFD");
    for (const kept of ["Café -> EOC", "Модуль", "Ĳssel", "Ψ inject", "Ünïcödé “quotes” and >= 5 -> shelters"]) expect(squash(text)).toContain(kept);
  });

  it("pdf: Vietnamese, Greek and Cyrillic text is kept exactly, in an embedded Noto Sans subset", async () => {
    const title = "Évacuation — Đà Nẵng, Ελλάδα, Київ";
    const exId = await createExercise(user, {
      name: title,
      // Decomposed (NFD) input, as some keyboards type it, comes out composed.
      scenario: "Lũ lụt ở Huế; σεισμός στην Αθήνα; повінь у Києві, Ґанок, Їжак. Őrség ₫ ₴ №".normalize("NFD"),
      modules: [{ title: "Модуль 1: Ελληνικά", description: "Nội dung", injects: ["Đê vỡ"], questions: ["Що робити?"] }],
      mselTable: [{ event: "1", synopsis: "Sơ tán → Київ", expectedAction: "ΕΚΑΒ ενημερώνεται" }],
    });
    const res = await api(`/api/exercises/${exId}/export?format=pdf`, { user });
    await expectStatus(res, 200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // pdf.js takes over (detaches) the buffer it is given: it gets a copy.
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    const all = squash(text);
    for (const kept of [
      title,
      "Lũ lụt ở Huế; σεισμός στην Αθήνα; повінь у Києві, Ґанок, Їжак. Őrség ₫ ₴ №",
      "Модуль 1: Ελληνικά",
      "Nội dung",
      "Đê vỡ",
      "Що робити?",
      "Sơ tán -> Київ",
      "ΕΚΑΒ ενημερώνεται",
    ])
      expect(all).toContain(kept);
    expect(all).not.toContain("\uFFFD");
    const fonts = await pdfFonts(bytes);
    // Regular and bold, each a subset in which only the space has no outline.
    expect(fonts.outlineless).toEqual([1, 1]);
    expect(
      fonts.names.every((n) => /^\/NotoSans-(Regular|Bold)\b/.test(n)),
      fonts.names.join(" "),
    ).toBe(true);
  });

  it("pdf: WinAnsi-only text keeps the standard fonts, nothing embedded", async () => {
    const exId = await createExercise(user, {
      name: "Café drill → EOC",
      scenario: "Plain “quoted” text — ≥ 5 shelters ☐",
      mselTable: [{ event: "1", synopsis: "Déjà vu" }],
    });
    const res = await api(`/api/exercises/${exId}/export?format=pdf`, { user });
    await expectStatus(res, 200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await pdfFonts(bytes)).toEqual({ names: ["/Helvetica", "/Helvetica-Bold", "/Helvetica-Oblique"], outlineless: [] });
    expect(squash((await extractText(await getDocumentProxy(bytes), { mergePages: true })).text)).toContain("Café drill -> EOC");
  });

  it("pdf: a row taller than a page is split across pages, nothing lost", async () => {
    const words = Array.from({ length: 2500 }, (_, i) => `w${i}`).join(" ");
    const exId = await createExercise(user, {
      name: "Tall row",
      mselTable: [
        { event: "1", message: `${words} THE-END` },
        { event: "2", synopsis: "After the tall row" },
      ],
    });
    const res = await api(`/api/exercises/${exId}/export?format=pdf`, { user });
    await expectStatus(res, 200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
    expect(text).toContain("THE-END");
    expect(text).toContain("w1999");
    expect(squash(text)).toContain("After the tall row");
  });

  it("an empty exercise still exports every format", async () => {
    const exId = await createExercise(user, {});
    for (const format of ["docx", "pdf", "json", "csv"]) {
      const res = await api(`/api/exercises/${exId}/export?format=${format}`, { user });
      await expectStatus(res, 200, format);
      expect(res.headers.get("content-disposition"), format).toMatch(/filename="Untitled-exercise/);
    }
  });
});

describe("Situation Manual order and fonts", () => {
  it("follows the SitMan order of hseep.md", () => {
    const sitman = buildSitMan({ ...largest, updatedAt: UPDATED_AT });
    const h1 = sitman.sections
      .flatMap((s) => s.blocks)
      .filter((b) => b.type === "heading" && b.level === 1)
      .map((b) => (b as { text: string }).text);
    expect(h1).toEqual([
      "Exercise Overview",
      "General Information",
      "Scenario",
      ...largest.modules.map((m) => m.title),
      "Appendix A: Master Scenario Events List (MSEL)",
      "Appendix B: Participant Feedback Form",
    ]);
  });

  it("fitToCharset keeps the charset, spells out arrows, composes accents, substitutes the rest", () => {
    const supported = new Set<number>([..."abcdeEZ?-> <=“”—éü[]".split("").map((c) => c.codePointAt(0)!), 10]);
    expect(fitToCharset("é → ü “x” — ≤ 東 Ĕ", new Set([...supported, 120]))).toBe("é -> ü “x” — <= ? E");
    expect(fitToCharset("e\u0301 東\r\nZ", supported, "\uFFFD")).toBe("é \uFFFD\nZ");
    // An emoji with a variation selector is one substitute, not two.
    expect(fitToCharset("a ❤\uFE0F b\u200d", supported, "\uFFFD")).toBe("a \uFFFD b");
  });

  it("needsUnicodeFont: only for characters WinAnsi would lose; the largest template stays on Helvetica", async () => {
    const winAnsi = await winAnsiSet();
    const doc = (text: string) => ({
      title: "T",
      cover: { title: "T", subtitle: "", lines: [], handling: [] },
      sections: [{ orientation: "portrait" as const, blocks: [{ type: "table" as const, headers: ["h"], widths: [1], rows: [["a", text]] }] }],
    });
    expect(needsUnicodeFont(doc("Café “x” — → ≥ ☐ ✓ •\r\n\u200d"), winAnsi)).toBe(false);
    expect(needsUnicodeFont(doc("Őrség"), winAnsi)).toBe(true);
    expect(needsUnicodeFont(doc("Київ"), winAnsi)).toBe(true);
    expect(needsUnicodeFont(doc("東京"), winAnsi)).toBe(true);
    expect(needsUnicodeFont(buildSitMan({ ...largest, updatedAt: UPDATED_AT }), winAnsi)).toBe(false);
  });
});
