import { describe, expect, it } from "vitest";
import { chunkSections, splitText } from "../../worker/documents/chunk";

const words = (n: number, prefix = "word") => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");

/** True when every piece starts and ends on a whole word of the source (no word is cut). */
function wholeWords(source: string, piece: string): boolean {
  const tokens = new Set(source.split(/\s+/));
  const parts = piece.split(/\s+/);
  return tokens.has(parts[0]!) && tokens.has(parts[parts.length - 1]!);
}

describe("splitText", () => {
  const cases: { name: string; text: string; size: number; overlap: number; pieces?: string[] }[] = [
    { name: "short text is one piece", text: "one two three", size: 50, overlap: 10, pieces: ["one two three"] },
    {
      name: "cuts at a paragraph break before a sentence or a word",
      text: "Alpha beta gamma.\n\nDelta epsilon zeta eta theta",
      size: 30,
      overlap: 0,
      pieces: ["Alpha beta gamma.", "Delta epsilon zeta eta theta"],
    },
    {
      name: "cuts after a sentence end when there is no paragraph break",
      text: "First sentence is here. Second one follows on",
      size: 30,
      overlap: 0,
      pieces: ["First sentence is here.", "Second one follows on"],
    },
    {
      name: "a word longer than the size is the only thing cut inside",
      text: `a ${"x".repeat(25)} b`,
      size: 10,
      overlap: 0,
      pieces: ["a", "x".repeat(10), "x".repeat(10), "xxxxx b"],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(splitText(c.text, c.size, c.overlap)).toEqual(c.pieces);
    });
  }

  it("long prose: pieces within size, whole words, overlapping by up to `overlap`, covering everything", () => {
    const text = words(2000);
    const pieces = splitText(text, 1200, 150);
    expect(pieces.length).toBeGreaterThan(10);
    for (const [i, piece] of pieces.entries()) {
      expect(piece.length).toBeLessThanOrEqual(1200);
      expect(piece.length).toBeGreaterThan(i === pieces.length - 1 ? 0 : 600);
      expect(wholeWords(text, piece)).toBe(true);
      if (i > 0) {
        const prev = pieces[i - 1]!.split(" ");
        const first = piece.split(" ")[0]!;
        // The piece starts inside the previous one's last ~150 characters.
        const repeated = prev.slice(prev.indexOf(first)).join(" ");
        expect(prev).toContain(first);
        expect(repeated.length).toBeLessThanOrEqual(150);
        expect(repeated.length).toBeGreaterThan(100);
      }
    }
    const seen = new Set(pieces.flatMap((p) => p.split(" ")));
    expect(seen.size).toBe(2000);
  });
});

describe("chunkSections", () => {
  it("small sections on a page are packed; the first heading is the context line", () => {
    const chunks = chunkSections([
      { heading: null, text: "Intro." },
      { heading: "Scope", text: "Two teams." },
      { heading: "Roles", text: "Lead and scribe." },
    ]);
    expect(chunks).toEqual([
      {
        position: 0,
        heading: null,
        path: [],
        text: "Intro.\n\nScope\nTwo teams.\n\nRoles\nLead and scribe.",
        content: "Intro.\n\nScope\nTwo teams.\n\nRoles\nLead and scribe.",
      },
    ]);
  });

  it("a large section is split; every piece keeps its heading and page as a prefix line", () => {
    const chunks = chunkSections(
      [
        { heading: "Injects", text: words(400, "inject"), page: 2 },
        { heading: null, text: "Next page.", page: 3 },
      ],
      { size: 600, overlap: 80 },
    );
    expect(chunks.length).toBeGreaterThan(3);
    const last = chunks[chunks.length - 1]!;
    expect(last).toMatchObject({ heading: null, page: 3, content: "Page 3\nNext page." });
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.heading).toBe("Injects");
      expect(chunk.page).toBe(2);
      expect(chunk.content.startsWith("Injects (page 2)\n")).toBe(true);
      expect(chunk.content.length).toBeLessThanOrEqual(600);
    }
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
  });

  it("pages are never packed together (a chunk's page is exact)", () => {
    const chunks = chunkSections([
      { heading: null, text: "One.", page: 1 },
      { heading: null, text: "Two.", page: 2 },
    ]);
    expect(chunks.map((c) => c.content)).toEqual(["Page 1\nOne.", "Page 2\nTwo."]);
  });

  it("empty sections produce no chunks, and the function is deterministic", () => {
    expect(chunkSections([{ heading: "Only a heading", text: "  " }])).toEqual([]);
    const input = [{ heading: "H", text: words(500) }];
    expect(chunkSections(input)).toEqual(chunkSections(input));
  });
});
