import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BRACKWATER_DOCUMENT_TEXTS } from "../../worker/sample/brackwater/document-texts";
import childCare from "./heldout/child-care-annex.html?raw";
import damEap from "./heldout/dam-eap-excerpt.txt?raw";
import eocSop from "./heldout/eoc-activation-sop.md?raw";
import hazmat from "./heldout/hazmat-annex.txt?raw";
import shelter from "./heldout/shelter-annex.txt?raw";
import orrinHeat from "./dev/orrin-heat-winter-annex.md?raw";
import orrinDebris from "./dev/orrin-debris-donations.txt?raw";
import halden from "./dev/halden-evacuation-comms-annex.md?raw";
import pell from "./dev/pell-wildfire-health-annex.md?raw";
import varden from "./dev/varden-coop-cyber-annex.txt?raw";
import quill from "./dev/quill-mass-casualty-annex.html?raw";
import { appContext } from "../../worker/context";
import { offlineAskAnswer } from "../../worker/ask/offline-answer";
import { ingestDocument } from "../../worker/documents/ingest";
import { retrievePassages } from "../../worker/documents/retrieval";
import { createTestUser, type TestUser } from "../helpers/auth";
import { scoreEvaluation, type EvalQuestion } from "./evaluation";
import { heldOutFiles, type HeldOutSource } from "./heldout/files";
import { HELD_OUT_QUESTIONS } from "./heldout/questions";
import { storeDocument } from "./ingest-helpers";
import { DEV_QUESTIONS } from "./retrieval-questions";
import {
  HALDEN_FILE,
  HALDEN_QUESTIONS,
  ORRIN_QUESTIONS,
  PELL_FILE,
  PELL_QUESTIONS,
  QUILL_FILE,
  QUILL_QUESTIONS,
  VARDEN_FILE,
  VARDEN_QUESTIONS,
  type DevFile,
} from "./dev/questions";

/**
 * The retrieval evaluations as floors (issue 31 item 5). The development sets (the labelled questions
 * over the seeded Brackwater library, and those over two Orrin County plans beside it) must keep
 * finding their answers and declining what the library does not cover; the held-out test set (Tamsin County excerpts in five formats, asked in a
 * planner's own words, with the Brackwater plans beside them as another county's documents) must
 * keep what it reaches. The figures themselves are printed by `npm run bench`.
 */
let devPlanner: TestUser;
/** The Orrin County plans beside the Brackwater ones (another county's), as the held-out library has them. */
let orrinPlanner: TestUser;
let testPlanner: TestUser;
/** Halden County's annex beside the Brackwater and Orrin plans. */
let haldenPlanner: TestUser;
/** Pell County's annex beside all of those. */
let pellPlanner: TestUser;
/** Varden County's annex beside Pell's library. */
let vardenPlanner: TestUser;
/** Quill County's annex beside Varden's library. */
let quillPlanner: TestUser;
/** Document id → file name, for the held-out set's "right document" check. */
const fileOf = new Map<string, string>();
// The fake embedder (test/fakes/embeddings.ts) as the bench runs it: hybrid must hold the same floor.
const hybridEnv = () =>
  ({ ...env, EMBEDDINGS_BASE_URL: `${env.FAKE_ORIGIN}/v1`, EMBEDDINGS_MODEL: "fake-trigram-512", EMBEDDINGS_MIN_SCORE: "0.5" }) as typeof env;

const BRACKWATER = Object.entries(BRACKWATER_DOCUMENT_TEXTS);
const ORRIN: Record<DevFile, string> = { "orrin-heat-winter-annex.md": orrinHeat, "orrin-debris-donations.txt": orrinDebris };
const SOURCES: Record<HeldOutSource, string> = {
  "hazmat-annex.txt": hazmat,
  "dam-eap-excerpt.txt": damEap,
  "child-care-annex.html": childCare,
  "eoc-activation-sop.md": eocSop,
  "shelter-annex.txt": shelter,
};

async function ingest(userId: string, name: string, bytes: ArrayBuffer | string) {
  const doc = await storeDocument(userId, name, bytes);
  const result = await ingestDocument(appContext(hybridEnv()), { kind: "ingest", documentId: doc.id, userId });
  expect(result.outcome, name).toBe("ready");
  fileOf.set(doc.id, name);
}

beforeAll(async () => {
  const planners = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
    createTestUser(),
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
  [devPlanner, orrinPlanner, testPlanner, haldenPlanner, pellPlanner, vardenPlanner, quillPlanner] = planners;
  const annexPlanners = [haldenPlanner, pellPlanner, vardenPlanner, quillPlanner];
  for (const [name, text] of BRACKWATER) for (const planner of planners) await ingest(planner.userId, name, text);
  for (const [name, text] of Object.entries(ORRIN)) for (const planner of [orrinPlanner, ...annexPlanners]) await ingest(planner.userId, name, text);
  // Each development annex joins its own planner's library and every later one's.
  const annexes = [
    { name: HALDEN_FILE, text: halden },
    { name: PELL_FILE, text: pell },
    { name: VARDEN_FILE, text: varden },
    { name: QUILL_FILE, text: quill },
  ];
  for (const [k, { name, text }] of annexes.entries()) for (const planner of annexPlanners.slice(k)) await ingest(planner.userId, name, text);
  for (const file of await heldOutFiles((name) => SOURCES[name])) await ingest(testPlanner.userId, file.name, file.bytes.buffer);
}, 120_000);

async function evaluate(planner: TestUser, questions: EvalQuestion[], semantic: boolean) {
  const ctx = appContext(hybridEnv());
  const results = [];
  for (const question of questions) {
    const passages = await retrievePassages(ctx, { userId: planner.userId, question: question.question, semantic });
    const answer = offlineAskAnswer(question.question, passages, { hasIndexedDocuments: true });
    results.push({ question, answer, passages: passages.map((p) => ({ content: p.content, file: fileOf.get(p.documentId) })) });
  }
  return scoreEvaluation(results);
}

/** The set's size and the floors of what it reaches: each a minimum, `wronglyDeclined` and `irrelevantCited` maxima. */
type Floors = {
  answerable: number;
  unanswerable: number;
  hit1: number;
  hitAny: number;
  fact: number;
  wronglyDeclined?: number;
  declined?: number;
  irrelevantCited?: number;
};

/**
 * `heldOut`: a failure names the figures, never the questions missed — reading the test set's misses
 * is how a set gets tuned to (issue 31 item 5).
 */
async function expectFloors(planner: TestUser, questions: EvalQuestion[], semantic: boolean, floors: Floors, heldOut = false) {
  const score = await evaluate(planner, questions, semantic);
  const { misses, ...figures } = score;
  const why = heldOut ? `held-out figures (misses not shown): ${JSON.stringify(figures)}` : misses.join("\n");
  expect(score.answerable).toBe(floors.answerable);
  expect(score.unanswerable).toBe(floors.unanswerable);
  expect(score.hit1, why).toBeGreaterThanOrEqual(floors.hit1);
  expect(score.hitAny, why).toBeGreaterThanOrEqual(floors.hitAny);
  expect(score.factInAnswer, why).toBeGreaterThanOrEqual(floors.fact);
  if (floors.wronglyDeclined !== undefined) expect(score.wronglyDeclined, why).toBeLessThanOrEqual(floors.wronglyDeclined);
  if (floors.declined !== undefined) expect(score.declined, why).toBeGreaterThanOrEqual(floors.declined);
  if (floors.irrelevantCited !== undefined) expect(score.irrelevantCited, why).toBeLessThanOrEqual(floors.irrelevantCited);
}

describe("development set: the seeded Brackwater library", () => {
  it.each([
    ["keyword only", false],
    ["hybrid (fake embedder)", true],
  ])("%s: finds the answer first for most questions, within five for nearly all, and declines what no document covers", async (_label, semantic) => {
    const score = await evaluate(devPlanner, DEV_QUESTIONS, semantic);
    expect(score.answerable).toBeGreaterThanOrEqual(40);
    expect(score.unanswerable).toBeGreaterThanOrEqual(5);
    // Floors a little under what keyword-only retrieval reaches today (hit@1 0.67, hit@5 0.93,
    // MRR 0.79, 5 of 6 declined, 2 of 46 wrongly declined): paraphrases whose only link to the text is
    // meaning ("How big is the county?" → "612 square miles") need the semantic side.
    const why = score.misses.join("\n");
    expect(score.declined, why).toBeGreaterThanOrEqual(score.unanswerable - 1);
    expect(score.wronglyDeclined, why).toBeLessThanOrEqual(4);
    expect(score.hitAt5, why).toBeGreaterThanOrEqual(0.85);
    expect(score.hitAt1, why).toBeGreaterThanOrEqual(0.6);
  });
});

describe("development set: two Orrin County plans asked in a planner's words", () => {
  // Written on 2026-11-29 before the paraphrase work was measured on them. Keyword only, before it
  // (base fe9e0f8): first citation right 8/19, any 10/19, fact 8/19, 9 answerable wrongly declined,
  // 0/3 declined; after: 9, 11, 9, 6 and 0/3 (hybrid: 8, 11, 8). Most misses need meaning the
  // words do not carry ("people who show up wanting to help" → Volunteer Reception Center): the
  // model-assisted search's work. Ranking by where the question's words meet in one sentence
  // (relevance.ts focus, 2026-11-29): keyword first citation 9 → 10; an unmatched verb, adverb or
  // past participle weighed as phrasing (relevance.ts): 10 → 12, any 11 → 13, fact 9 → 11, declines
  // unchanged. A phrasal verb as one concept met by the plan's verb ("show up" → arrive) and
  // framing words dropped (query-terms.ts, 2026-11-29, seventh session): 13, 14, 12, 3 wrongly
  // declined, 0/3. Floors one under what was measured.
  it.each([
    ["keyword only", false, { hit1: 12, hitAny: 13, fact: 11 }],
    ["hybrid (fake embedder)", true, { hit1: 7, hitAny: 10, fact: 7 }],
  ] as const)("%s: holds what it reaches", async (_label, semantic, floor) => {
    await expectFloors(orrinPlanner, ORRIN_QUESTIONS, semantic, { answerable: 19, unanswerable: 3, ...floor, wronglyDeclined: 4 });
  });
});

describe("development set: Halden County's evacuation and communications annex beside the other plans", () => {
  // Written on 2026-11-29 with the document, after this session's rules were built and before any
  // was measured on it: keyword only, the rules before that session (9da7d2b) reached first citation
  // 12/19, any 14, fact 13, 5 answerable wrongly declined, 1/3 declined; with them 12, 15, 14, 4 and
  // 1/3 — as on the held-out set, little of the development sets' gain carried over. Most misses are
  // paraphrased nouns ("horses and cattle" for livestock, "cats and dogs" for pets). A word's
  // relative in another part of speech ("users" → "use", query-terms.ts) and coverage in the focus
  // ranking (retrieval.ts), 2026-11-29: 13, 16, 15, 3 and 1/3. Phrasal verbs, particles and
  // framing words, and a kind meeting its class ("cats and dogs" → household pets, query-terms.ts and
  // synonyms.ts, seventh session): 17, 19, 18, 0 and 1/3. Floors one under.
  it("keyword only: holds what it reaches", async () => {
    await expectFloors(haldenPlanner, HALDEN_QUESTIONS, false, { answerable: 19, unanswerable: 3, hit1: 16, hitAny: 18, fact: 17, wronglyDeclined: 1 });
  });
});

describe("development set: Pell County's wildfire, smoke and mass-prophylaxis annex beside the other plans", () => {
  // Written on 2026-11-29 (seventh session) with the document, before any rule was measured on it.
  // Keyword only, the rules before that session (8c39d57): first citation 13/19, any 14, fact 13, 4
  // answerable wrongly declined, 1/3 declined — misses of phrasing ("keep track of", "go back"),
  // framing words weighed as topics ("because", "everyone", "how fast") and the field's words for
  // things ("masks" for N95 respirators). With that session's rules: 18, 19, 19, 0 and 1/3.
  // Floors one under.
  it("keyword only: holds what it reaches", async () => {
    await expectFloors(pellPlanner, PELL_QUESTIONS, false, { answerable: 19, unanswerable: 3, hit1: 17, hitAny: 18, fact: 18, wronglyDeclined: 1 });
  });
});

describe("development set: Varden County's continuity-of-operations and cyber annex beside the other plans", () => {
  // Written on 2026-11-29 (end of the seventh session) with the document, before any rule was
  // measured on it. Keyword only, that session's rules (dbaa9b9): first citation 10/17, any 11, fact
  // 9, 3 answerable wrongly declined, 2/3 declined — misses of the field's words in a planner's
  // ("critical services" for essential functions, "backup office" for the alternate facility, "a
  // bad link" for phishing, "hackers demand money" for ransom) and of phrasing ("put off", "be back
  // up", "goes down", "tell"). With the eighth session's rules (continuity and cyber terms, those
  // phrasal verbs, irregular past forms, the headcount shape): 16, 17, 17, 0 and 2/3; after the
  // review's mends (irregular forms exact, "tell" without "inform"): 17, 17, 17, 0 and 2/3. Floors one under.
  it("keyword only: holds what it reaches", async () => {
    await expectFloors(vardenPlanner, VARDEN_QUESTIONS, false, { answerable: 17, unanswerable: 3, hit1: 16, hitAny: 16, fact: 16, wronglyDeclined: 1 });
  });
});

describe("development set: Quill County's mass-casualty and hospital-surge annex (HTML) beside the other plans", () => {
  // Written on 2026-11-29 (eighth session) with the document, after that session's Varden rules and
  // before any rule was run on it. Keyword only, those rules (a6b061f): first citation 11/17, any
  // 15, fact 12, 2 answerable wrongly declined, 0/3 declined. Tuned on it: a drill is an exercise, an
  // MCI a mass casualty incident, loved ones relatives, "worst/best" framing, and no sentence ends at
  // "St." or "Dr." (sentences.ts): 13, 17, 14, 0 and 0/3. Floors one under.
  it("keyword only: holds what it reaches", async () => {
    await expectFloors(quillPlanner, QUILL_QUESTIONS, false, { answerable: 17, unanswerable: 3, hit1: 12, hitAny: 16, fact: 13, wronglyDeclined: 1 });
  });
});

describe("held-out test set: Tamsin County excerpts (PDF, DOCX, HTML, Markdown, text) beside another county's plans", () => {
  it("keyword only: holds what it reaches", async () => {
    // Measured on 2026-11-28 before any issue-31 change: first citation right 12/22, any citation
    // 18/22, fact in the answer 10/22, declined 2/3 (62 of 106 cited passages from another document).
    // The answer of the question's shape (item 1): fact in the answer 16/22. Citing only what clears
    // the relevance bar (item 2): 52 of 92 cited passages from another document (was 62 of 106).
    // Paraphrase (item 3: WordNet synonyms and broader terms, spelling and compound variants, the
    // field's plan vocabulary), tuned on the development sets only and measured here once after:
    // first citation right 14/22, any citation 20/22, fact in the answer 15/22, declined 3/3, 58 of
    // 107 cited passages from another document (more cited: 1 answerable question wrongly declined,
    // was 4).
    // Ranking by focus (where the question's words meet in one sentence, in the answer's shape),
    // tuned on the development sets and measured once after with `npm run bench` (2026-11-29; the
    // bench's figures, which ran one under this test's before: 13 there, 14 here): first citation
    // 13 → 14, fact in the answer 16 → 17, any 20, declined 3/3; the verb/adverb rule after it:
    // unchanged. A word's relative in another part of speech ("users" → "use") and coverage in the
    // focus ranking, tuned on the development sets and measured here once after (2026-11-29, bench and
    // this test alike): first citation 14 → 16, fact in the answer 17, any 20, declined 3/3, 60 of
    // 109 cited passages from another document (was 59 of 107). Phrasal verbs, particles and framing
    // words, a kind meeting its class and four field groups, tuned on the four development sets
    // (Pell written for it) and measured with the bench once after (2026-11-29, seventh session):
    // first citation 16 (unchanged), any 20 → 21, fact in the answer 17 → 19, declined 3/3, no
    // answerable question wrongly declined, 59 of 110 cited passages from another document. The
    // offline answer's sentence reading mended after it (a numbered item's "1." no sentence of its
    // own, a table header a label; development: Brackwater fact 36 → 38), measured once after:
    // fact in the answer 19 → 18, the rest unchanged. Continuity and cyber terms in a planner's
    // words, "be back up", "put off", "go down", "tell" as notify, irregular past forms and the
    // headcount shape, tuned on the Varden development set written blind for it, measured with the
    // bench once after (2026-11-29, eighth session): first citation 16 → 18 (the target is
    // 17), any 21, fact in the answer 18 → 17, declined 3/3, no answerable question wrongly
    // declined, 61 of 112 cited passages from another document; hybrid (fake trigram) 18 as well.
    // One below what was measured: bm25's statistics are the whole FTS table's, and the suite's
    // files share one storage (vitest.config.ts), so other files' passages can move a rank by one.
    // Fact in the answer was measured at 15 here with a floor of 15, and one whole-suite run
    // (2026-11-29, clock at 2026-12-31) fell under a floor: the fact floor is one under too.
    await expectFloors(
      testPlanner,
      HELD_OUT_QUESTIONS,
      false,
      {
        answerable: 22,
        unanswerable: 3,
        hit1: 17,
        hitAny: 20,
        fact: 16,
        declined: 2,
        irrelevantCited: 63,
      },
      true,
    );
  });
});
