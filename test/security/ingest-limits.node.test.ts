import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../worker/documents/parse";
import { SCANNED_PDF } from "../../worker/documents/parse/pdf";

// Issue 27 item 18: the ingestion consumer takes one document per invocation, and the default page
// cap of a PDF is 2,000.

/** The settings of one [[queues.consumers]] block of wrangler.toml, by its queue. */
function consumerOf(toml: string, queue: string): Record<string, string> {
  const block = toml
    .split(/^\[\[/m)
    .filter((b) => b.startsWith("queues.consumers]]"))
    .find((b) => new RegExp(`^queue = "${queue}"$`, "m").test(b));
  if (!block) throw new Error(`no consumer for ${queue}`);
  return Object.fromEntries([...block.matchAll(/^(\w+) = "?([^"\n]*)"?$/gm)].map((m) => [m[1]!, m[2]!]));
}

async function blankPdf(pages: number): Promise<ArrayBuffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  const saved = await pdf.save();
  return saved.slice().buffer;
}

async function failureOf(bytes: ArrayBuffer): Promise<string> {
  try {
    await parseDocument(bytes, "pdf");
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the PDF to be refused");
}

describe("one document per invocation", () => {
  it("the INGEST consumer takes batches of one message", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    expect(consumerOf(toml, "readyroom-ingest")).toMatchObject({ max_batch_size: "1", dead_letter_queue: "readyroom-ingest-dlq" });
  });
});

describe("PDF page cap", () => {
  it("is 2,000 pages by default: 2,001 blank pages are refused by their count", async () => {
    expect(await failureOf(await blankPdf(2001))).toBe(
      "This PDF has 2,001 pages; the limit is 2,000. Split it into parts of at most 2,000 pages and upload each part.",
    );
    // Under the cap, blank pages are read and found to hold no text.
    expect(await failureOf(await blankPdf(3))).toBe(SCANNED_PDF);
  });
});
