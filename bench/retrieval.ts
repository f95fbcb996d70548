/**
 * `npm run bench` section: documents, end to end through the running app as the demo user.
 * 1. Upload → Ready: the four seeded Brackwater documents uploaded through POST /api/documents/upload
 *    ROUNDS times each, one at a time, timed until GET /api/documents/{id} says ready (the real
 *    queue consumer in between); p50 and p95.
 * 2. Ingestion throughput: a generated 300-page PDF (pdf-lib, text on every page), pages per second
 *    from upload to Ready.
 * 3. Retrieval evaluation: the labelled questions (test/documents/retrieval-questions.ts: ≥ 40 asked
 *    the way a planner asks, ≥ 5 no document answers) against the uploaded set, through the one
 *    retrieval Ask Readyroom uses (POST /api/dev/bench/retrieval), keyword-only and hybrid: hit@1,
 *    hit@5, MRR of the first passage holding the answer, declined unanswerable questions, wrongly
 *    declined answerable ones. Hybrid uses the fake embedder unless EMBEDDINGS_BASE_URL (and
 *    EMBEDDINGS_API_KEY, EMBEDDINGS_MODEL, EMBEDDINGS_MIN_SCORE) name a real one.
 * Everything the section uploads is deleted afterwards. Printed, never asserted.
 */
import { readFile } from "node:fs/promises";
import { embeddingsFake } from "../test/fakes/embeddings.ts";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { LABELLED_QUESTIONS, scoreRetrieval, SEED_DOCUMENTS } from "../test/documents/retrieval-questions.ts";
import { serveFakePeer } from "./lib/fake-peer.ts";
import type { BenchContext } from "./lib/section.ts";
import { ms } from "./lib/table.ts";

export const name = "retrieval";

/**
 * Before the app starts: unless a real embedder is configured (EMBEDDINGS_BASE_URL in this
 * process's environment, passed on to the app), the fake OpenAI-compatible embeddings server
 * (test/fakes/embeddings.ts) serves the hybrid run, as in CI.
 */
let embedderIsFake = false;
export async function prepare() {
  if (process.env.EMBEDDINGS_BASE_URL) {
    const vars: Record<string, string> = { EMBEDDINGS_BASE_URL: process.env.EMBEDDINGS_BASE_URL };
    for (const key of ["EMBEDDINGS_API_KEY", "EMBEDDINGS_MODEL", "EMBEDDINGS_MIN_SCORE"]) if (process.env[key]) vars[key] = process.env[key]!;
    return { vars };
  }
  const peer = await serveFakePeer(embeddingsFake);
  embedderIsFake = true;
  return {
    vars: { EMBEDDINGS_BASE_URL: `${peer.origin}/v1`, EMBEDDINGS_MODEL: "fake-trigram-512", EMBEDDINGS_MIN_SCORE: "0.5" },
    stop: peer.stop,
  };
}

const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 3);
const PDF_PAGES = 300;
const READY_TIMEOUT_MS = 180_000;

type Uploaded = { id: string; ms: number };

async function upload(ctx: BenchContext, filename: string, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type }));
  const res = await fetch(`${ctx.baseURL}/api/documents/upload`, { method: "POST", headers: { cookie: ctx.cookie!, origin: ctx.baseURL }, body: form });
  if (res.status !== 201) throw new Error(`upload ${filename}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { document: { id: string } }).document.id;
}

async function waitReady(ctx: BenchContext, id: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const res = await fetch(`${ctx.baseURL}/api/documents/${id}`, { headers: { cookie: ctx.cookie! } });
    const { document } = (await res.json()) as { document: { status: { status: string; error?: string } } };
    if (document.status.status === "ready") return;
    if (document.status.status === "failed") throw new Error(`document ${id} failed: ${document.status.error}`);
    if (Date.now() > deadline) throw new Error(`document ${id} not ready after ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function timedUpload(ctx: BenchContext, filename: string, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<Uploaded> {
  const started = performance.now();
  const id = await upload(ctx, filename, bytes, type);
  await waitReady(ctx, id);
  return { id, ms: performance.now() - started };
}

async function remove(ctx: BenchContext, ids: string[]): Promise<void> {
  for (const id of ids) {
    await fetch(`${ctx.baseURL}/api/documents/${id}`, { method: "DELETE", headers: { cookie: ctx.cookie!, origin: ctx.baseURL } }).catch(() => undefined);
  }
}

/** A plan-like PDF: a heading and a few paragraphs of text on every page. */
async function planPdf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Section ${p}. Evacuation and sheltering, zone ${p % 12}`, { x: 50, y: 740, size: 14, font });
    for (let line = 0; line < 40; line++) {
      const text = `Line ${line + 1}: the county EOC coordinates shelter ${p}-${line} with ESF 6 and the Red Cross at ${(p * 37 + line) % 900} beds.`;
      page.drawText(text, { x: 50, y: 710 - line * 16, size: 10, font });
    }
  }
  return Uint8Array.from(await pdf.save());
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const fixed = (n: number) => n.toFixed(2);

export async function run(ctx: BenchContext): Promise<void> {
  if (!ctx.cookie) {
    console.log("retrieval: skipped (the demo user could not sign in).");
    return;
  }
  const created: string[] = [];
  try {
    const files = await Promise.all(
      SEED_DOCUMENTS.map(async (name) => ({
        name,
        bytes: new Uint8Array(await readFile(path.join(ctx.root, "worker", "sample", "brackwater", "documents", name))),
      })),
    );
    const times: number[] = [];
    let library: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ids: string[] = [];
      for (const file of files) {
        const done = await timedUpload(ctx, file.name, file.bytes, file.name.endsWith(".md") ? "text/markdown" : "text/plain");
        created.push(done.id);
        ids.push(done.id);
        times.push(done.ms);
      }
      // The evaluation reads one copy of the library (the first round's).
      if (round === 0) library = ids;
    }
    times.sort((a, b) => a - b);

    const pdf = await planPdf(PDF_PAGES);
    const big = await timedUpload(ctx, "bench-300-pages.pdf", pdf, "application/pdf");
    created.push(big.id);

    ctx.printTable(
      "Documents: upload → Ready through the API and the INGEST queue consumer (one at a time)",
      ["measure", "value", "n"],
      [
        ["seeded documents, upload → Ready p50", `${ms(percentile(times, 50))} ms`, times.length],
        ["seeded documents, upload → Ready p95", `${ms(percentile(times, 95))} ms`, times.length],
        [`${PDF_PAGES}-page PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MB), upload → Ready`, `${ms(big.ms)} ms`, 1],
        [`${PDF_PAGES}-page PDF, ingestion throughput`, `${(PDF_PAGES / (big.ms / 1000)).toFixed(1)} pages/s`, 1],
      ],
    );

    const rows: (string | number)[][] = [];
    const misses: string[][] = [];
    for (const semantic of [false, true]) {
      const res = await fetch(`${ctx.baseURL}/api/dev/bench/retrieval`, {
        method: "POST",
        headers: { cookie: ctx.cookie, origin: ctx.baseURL, "content-type": "application/json" },
        body: JSON.stringify({ questions: LABELLED_QUESTIONS.map((q) => q.question), documentIds: library, semantic }),
      });
      if (!res.ok) throw new Error(`retrieval probe: ${res.status} ${await res.text()}`);
      const { retrieval, results } = (await res.json()) as { retrieval: string; results: Array<{ passages: Array<{ content: string }> }> };
      if (semantic && retrieval === "none") {
        rows.push(["hybrid", "—", "—", "—", "—", "no embedder configured"]);
        continue;
      }
      const score = scoreRetrieval(LABELLED_QUESTIONS.map((question, i) => ({ question, passages: results[i]?.passages ?? [] })));
      const label = semantic
        ? `hybrid (+ ${retrieval === "openai-compatible" && embedderIsFake ? "fake trigram embedder" : retrieval})`
        : "keyword only (FTS5 + concept coverage)";
      rows.push([
        label,
        fixed(score.hitAt1),
        fixed(score.hitAt5),
        fixed(score.mrr),
        `${score.declined}/${score.unanswerable}`,
        `${score.wronglyDeclined}/${score.answerable}`,
      ]);
      misses.push(score.misses.map((m) => `${semantic ? "hybrid" : "keyword"}: ${m}`));
    }
    ctx.printTable(
      `Retrieval evaluation: ${LABELLED_QUESTIONS.filter((q) => q.answer).length} answerable + ${LABELLED_QUESTIONS.filter((q) => !q.answer).length} unanswerable questions over the seeded Brackwater documents`,
      ["retrieval", "hit@1", "hit@5", "MRR", "unanswerable declined", "answerable wrongly declined"],
      rows,
    );
    if (process.env.BENCH_VERBOSE) for (const miss of misses.flat()) console.log(`  ${miss}`);
  } catch (error) {
    console.log(`retrieval: ${(error as Error).message}`);
  } finally {
    await remove(ctx, created);
  }
}
