/**
 * `npm run bench` section: documents, end to end through the running app as the demo user.
 * 1. Upload → Ready: the four seeded Brackwater documents uploaded through POST /api/documents/upload
 *    ROUNDS times each, one at a time, timed until GET /api/documents/{id} says ready (the real
 *    queue consumer in between); p50 and p95.
 * 2. Ingestion throughput: a generated 300-page PDF (pdf-lib, text on every page), pages per second
 *    from upload to Ready.
 * 3. Retrieval and answer evaluation, on three sets printed apart: dev (test/documents/retrieval-
 *    questions.ts over the seeded library, and test/documents/dev: questions over two Orrin County
 *    plans uploaded beside it; rules are tuned on both) and test (test/documents/heldout: held-out
 *    questions over five Tamsin County excerpts uploaded beside the seeded library; never tuned on).
 *    Through the one retrieval and answer Ask Readyroom uses (POST /api/dev/bench/retrieval): keyword
 *    only, hybrid, and, when a chat model is configured (AI_PROVIDER and its key in this process's
 *    environment), keyword with the model's answer and Ask's model-assisted search (query rewrite
 *    and rerank) with the model's answer. hit@1, hit@5, any cited passage holding the answer, MRR,
 *    the answer containing the key fact, cited passages from another document than the answer's,
 *    declined unanswerable questions, and the retrieval's time per question (p50/p95, the Worker's
 *    clock). Hybrid uses the fake embedder unless EMBEDDINGS_BASE_URL (and EMBEDDINGS_API_KEY,
 *    EMBEDDINGS_MODEL, EMBEDDINGS_MIN_SCORE) name a real one.
 * Everything the section uploads is deleted afterwards. Printed, never asserted.
 */
import { readFile } from "node:fs/promises";
import { embeddingsFake } from "../test/fakes/embeddings.ts";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { scoreEvaluation } from "../test/documents/evaluation.ts";
import { heldOutFiles } from "../test/documents/heldout/files.ts";
import { HELD_OUT_QUESTIONS } from "../test/documents/heldout/questions.ts";
import { DEV_QUESTIONS, SEED_DOCUMENTS } from "../test/documents/retrieval-questions.ts";
import {
  DEV_FILES,
  HALDEN_FILE,
  HALDEN_QUESTIONS,
  ORRIN_QUESTIONS,
  PELL_FILE,
  PELL_QUESTIONS,
  VARDEN_FILE,
  VARDEN_QUESTIONS,
  QUILL_FILE,
  QUILL_QUESTIONS,
} from "../test/documents/dev/questions.ts";
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
/** A chat model named in this process's environment answers the model-assisted rows. */
const CHAT_MODEL_VARS = ["AI_PROVIDER", "AI_API_KEY", "AI_BASE_URL", "AI_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"];

export async function prepare() {
  const chat: Record<string, string> = {};
  for (const key of CHAT_MODEL_VARS) if (process.env[key]) chat[key] = process.env[key]!;
  if (process.env.EMBEDDINGS_BASE_URL) {
    const vars: Record<string, string> = { ...chat, EMBEDDINGS_BASE_URL: process.env.EMBEDDINGS_BASE_URL };
    for (const key of ["EMBEDDINGS_API_KEY", "EMBEDDINGS_MODEL", "EMBEDDINGS_MIN_SCORE"]) if (process.env[key]) vars[key] = process.env[key]!;
    return { vars };
  }
  const peer = await serveFakePeer(embeddingsFake);
  embedderIsFake = true;
  return {
    vars: { ...chat, EMBEDDINGS_BASE_URL: `${peer.origin}/v1`, EMBEDDINGS_MODEL: "fake-trigram-512", EMBEDDINGS_MIN_SCORE: "0.5" },
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
const retrievalTimes = (results: Array<{ ms: number }>) => results.map((r) => r.ms).sort((a, b) => a - b);

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

    // The held-out test set's library: the Tamsin County excerpts beside the Brackwater plans (another county's).
    const heldOut = await heldOutFiles((name) => readFile(path.join(ctx.root, "test", "documents", "heldout", name), "utf8"));
    const fileOf = new Map<string, string>();
    SEED_DOCUMENTS.forEach((name, i) => fileOf.set(library[i]!, name));
    const testLibrary = [...library];
    for (const file of heldOut) {
      const done = await timedUpload(ctx, file.name, file.bytes, file.type);
      created.push(done.id);
      testLibrary.push(done.id);
      fileOf.set(done.id, file.name);
    }

    /** A development file (test/documents/dev) uploaded and indexed: its document id. */
    const uploadDevFile = async (name: string) => {
      const bytes = new Uint8Array(await readFile(path.join(ctx.root, "test", "documents", "dev", name)));
      const done = await timedUpload(ctx, name, bytes, name.endsWith(".md") ? "text/markdown" : "text/plain");
      created.push(done.id);
      fileOf.set(done.id, name);
      return done.id;
    };
    // The second dev set's library: the Orrin County plans beside the Brackwater ones.
    const orrinLibrary = [...library];
    for (const name of DEV_FILES) orrinLibrary.push(await uploadDevFile(name));

    // The third dev set's library: Halden County's annex beside the Brackwater and Orrin plans.
    const haldenLibrary = [...orrinLibrary, await uploadDevFile(HALDEN_FILE)];
    // The fourth: Pell County's annex beside all of those.
    const pellLibrary = [...haldenLibrary, await uploadDevFile(PELL_FILE)];
    // The fifth: Varden County's annex beside all of those.
    const vardenLibrary = [...pellLibrary, await uploadDevFile(VARDEN_FILE)];
    // The sixth: Quill County's annex (HTML) beside all of those.
    const quillLibrary = [...vardenLibrary, await uploadDevFile(QUILL_FILE)];

    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    const sets = [
      { set: "dev (Brackwater)", questions: DEV_QUESTIONS, documentIds: library },
      { set: "dev (Orrin)", questions: ORRIN_QUESTIONS, documentIds: orrinLibrary },
      { set: "dev (Halden)", questions: HALDEN_QUESTIONS, documentIds: haldenLibrary },
      { set: "dev (Pell)", questions: PELL_QUESTIONS, documentIds: pellLibrary },
      { set: "dev (Varden)", questions: VARDEN_QUESTIONS, documentIds: vardenLibrary },
      { set: "dev (Quill)", questions: QUILL_QUESTIONS, documentIds: quillLibrary },
      { set: "test (held out)", questions: HELD_OUT_QUESTIONS, documentIds: testLibrary },
    ];
    const modes = [
      { label: "keyword only", semantic: false, model: false, assist: false },
      { label: "hybrid", semantic: true, model: false, assist: false },
      { label: "keyword + model answer", semantic: false, model: true, assist: false },
      { label: "model search + model answer", semantic: false, model: true, assist: true },
    ];
    for (const { set, questions, documentIds } of sets) {
      for (const mode of modes) {
        const res = await fetch(`${ctx.baseURL}/api/dev/bench/retrieval`, {
          method: "POST",
          headers: { cookie: ctx.cookie, origin: ctx.baseURL, "content-type": "application/json" },
          body: JSON.stringify({ questions: questions.map((q) => q.question), documentIds, semantic: mode.semantic, model: mode.model, assist: mode.assist }),
        });
        if (!res.ok) throw new Error(`retrieval probe: ${res.status} ${await res.text()}`);
        const { retrieval, model, results } = (await res.json()) as {
          retrieval: string;
          model: string | null;
          results: Array<{ answer: string; ms: number; assisted: boolean; passages: Array<{ content: string; documentId: string }> }>;
        };
        if (mode.semantic && retrieval === "none") {
          rows.push([set, mode.label, "—", "—", "—", "—", "—", "—", "—", "—", "no embedder configured"]);
          continue;
        }
        if (mode.model && !model) {
          rows.push([set, mode.label, "—", "—", "—", "—", "—", "—", "—", "—", "no chat model configured (AI_PROVIDER and its key)"]);
          continue;
        }
        const score = scoreEvaluation(
          questions.map((question, i) => ({
            question,
            answer: results[i]?.answer ?? "",
            passages: (results[i]?.passages ?? []).map((p) => ({ content: p.content, file: fileOf.get(p.documentId) })),
          })),
        );
        const label = mode.semantic ? `hybrid (+ ${retrieval === "openai-compatible" && embedderIsFake ? "fake trigram embedder" : retrieval})` : mode.label;
        rows.push([
          set,
          model ? `${label} (${model})` : label,
          `${score.hit1}/${score.answerable} (${fixed(score.hitAt1)})`,
          `${score.hit5}/${score.answerable} (${fixed(score.hitAt5)})`,
          `${score.hitAny}/${score.answerable}`,
          fixed(score.mrr),
          `${score.factInAnswer}/${score.answerable}`,
          `${score.irrelevantCited}/${score.cited}`,
          `${score.declined}/${score.unanswerable}`,
          `${ms(percentile(retrievalTimes(results), 50))} / ${ms(percentile(retrievalTimes(results), 95))} ms`,
          `${score.wronglyDeclined} answerable wrongly declined${mode.assist ? `; model ranking used for ${results.filter((r) => r.assisted).length}/${results.length}` : ""}`,
        ]);
        misses.push(...score.misses.map((m) => `${set}, ${label}: ${m}`));
      }
    }
    ctx.printTable(
      `Retrieval and answer evaluation: dev = ${DEV_QUESTIONS.length} questions over the seeded Brackwater documents and ${ORRIN_QUESTIONS.length} over two Orrin County plans beside them and ${HALDEN_QUESTIONS.length} over a Halden County annex beside those and ${PELL_QUESTIONS.length} over a Pell County annex beside all of them and ${VARDEN_QUESTIONS.length} over a Varden County annex beside those and ${QUILL_QUESTIONS.length} over a Quill County annex (HTML) beside those (rules are tuned on all six); ` +
        `test = ${HELD_OUT_QUESTIONS.length} held-out questions over five Tamsin County excerpts (PDF, DOCX, HTML, Markdown, text) beside them (never tuned on)`,
      ["set", "mode", "hit@1", "hit@5", "any cited", "MRR", "fact in answer", "irrelevant cited", "declined", "retrieval p50 / p95", "note"],
      rows,
    );
    if (process.env.BENCH_VERBOSE) for (const miss of misses) console.log(`  ${miss}`);
  } catch (error) {
    console.log(`retrieval: ${(error as Error).message}`);
  } finally {
    await remove(ctx, created);
  }
}
