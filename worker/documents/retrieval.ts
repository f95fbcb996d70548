import { sql } from "drizzle-orm";
import type { RetrievedPassage } from "../../shared/ask/model";
import { teamSharedIdsRaw } from "../accounts/team-shares";
import { documentAccess, documentClientScope, documentReadableRaw, visibleClientIds } from "../clients/access";
import type { AppContext, UserContext } from "../context";
import type { Database } from "../db/client";
import { analyzeQuestion, anyConceptMatch, conceptIn, conceptMatch, passageStems, type QueryConcept } from "./query-terms";
import { ANSWER_FLOOR, conceptWeights, coverage, focus, PASSAGE_FLOOR, reciprocalRankFusion } from "./relevance";
import { answerShape } from "./answer-shape";
import { sentencesOf } from "./sentences";
import { semanticFloor, semanticSearch } from "./vectors/semantic";

export type { RetrievedPassage };

/**
 * Which passages of the caller's documents a question is answered from — the one retrieval of Ask
 * Readyroom and the design assistant. The question becomes concepts (query-terms.ts: stems,
 * joined/split compounds, field synonyms, "Condition II" kept whole); FTS5 finds candidates that
 * contain any of them (bm25, headings weighted up); each candidate is scored by the rarity-weighted
 * share of the question's concepts it holds (relevance.ts); when an embedder is configured, the
 * passages nearest the question by meaning join them (vectors/semantic.ts). The rankings (bm25,
 * coverage, focus — where the question's words meet in one sentence, in the answer's shape — and
 * meaning) are fused by reciprocal rank. A question whose best passage stays under the
 * answer floor, and that no passage matches by meaning above the embedder's floor, is declined:
 * no passage is returned, so nothing unrelated is ever cited.
 */

const PASSAGE_LIMIT = 8;
/** The focus ranking's weight in the fusion: as much as the other three together (bm25, coverage, meaning). */
const FOCUS_WEIGHT = 3;
/** The share of coverage added to focus in the focus ranking. */
const COVERAGE_IN_FOCUS = 0.5;
/** Candidates read per question before scoring: enough for the fusion to reorder the head. */
const CANDIDATES = 40;

export interface RetrievalInput {
  userId: string;
  /**
   * The clients the caller sees (visibleClientIds), null when no client rules apply. Omitted: read
   * here when ctx is the caller's own context, else none (the client rule: worker/clients/access.ts).
   */
  clientIds?: string[] | null;
  question: string;
  documentIds?: string[];
  limit?: number;
  /**
   * false: rank without declining (the design assistant looks for anything in the plans that
   * bears on a section, and flags what the plans do not support itself).
   */
  decline?: boolean;
  /** false: keyword side only (the bench compares the two). */
  semantic?: boolean;
}

type Candidate = {
  rowid: number;
  chunkId: string;
  documentId: string;
  documentName: string;
  heading: string | null;
  page: number | null;
  snippet: string;
  content: string;
};

/** The client rule of a retrieval: given, or the caller's own when ctx is theirs. */
async function clientScopeOf(ctx: AppContext, input: RetrievalInput): Promise<string[] | null> {
  if (input.clientIds !== undefined) return input.clientIds;
  const user = (ctx as Partial<UserContext>).user;
  return user && user.id === input.userId ? visibleClientIds(ctx as UserContext) : null;
}

export async function retrievePassages(ctx: AppContext, given: RetrievalInput): Promise<RetrievedPassage[]> {
  if (given.documentIds && given.documentIds.length === 0) return [];
  const input = { ...given, clientIds: await clientScopeOf(ctx, given) };
  const concepts = analyzeQuestion(input.question);
  const match = anyConceptMatch(concepts);
  const useMeaning = input.semantic !== false;
  const [keyword, nearest] = await Promise.all([
    match ? readCandidates(ctx.env.DB, input, concepts, match) : Promise.resolve({ candidates: [], total: 0, frequencies: [] }),
    useMeaning
      ? semanticSearch(ctx, {
          userId: input.userId,
          query: input.question,
          documentIds: input.documentIds,
          limit: CANDIDATES,
          shared: semanticFloor(ctx) === null ? [] : await teamSharedDocuments(ctx.env.DB, input),
        })
      : Promise.resolve([]),
  ]);
  const known = new Set(keyword.candidates.map((c) => c.chunkId));
  // Vectors live in the author's namespace: meaning finds the caller's own passages and those of
  // the colleagues' documents shared with their team, and the rule below (readChunks) drops those
  // of documents the caller no longer sees.
  const extra = await readChunks(
    ctx.env.DB,
    input,
    nearest.map((n) => n.chunkId).filter((id) => !known.has(id)),
  );
  const candidates = [...keyword.candidates, ...extra];
  if (candidates.length === 0) return [];

  const weights = conceptWeights(concepts, keyword.frequencies, keyword.total);
  const shape = answerShape(input.question);
  const similarity = new Map(nearest.map((n) => [n.chunkId, n.score]));
  const scored = candidates.map((c, i) => ({
    c,
    // Passages found only by meaning rank after every keyword candidate in the keyword list.
    bm25Rank: i < keyword.candidates.length ? i : Number.POSITIVE_INFINITY,
    coverage: coverage(weights, `${c.heading ?? ""}\n${c.content}`),
    similarity: similarity.get(c.chunkId) ?? null,
    focus: focus(weights, sentencesOf(c.content), shape),
  }));
  const floor = useMeaning ? semanticFloor(ctx) : null;
  const relevantByMeaning = (s: { similarity: number | null }) => floor !== null && s.similarity !== null && s.similarity >= floor;
  const decline = input.decline !== false;
  const best = Math.max(...scored.map((s) => s.coverage));
  if (decline && best < ANSWER_FLOOR && !scored.some(relevantByMeaning)) return [];
  const kept = focusOnNamedDocuments(decline ? scored.filter((s) => s.coverage >= PASSAGE_FLOOR || relevantByMeaning(s)) : scored, concepts);

  const byCoverage = [...kept].sort((a, b) => b.coverage - a.coverage || byRank(a.bm25Rank, b.bm25Rank)).map((s) => s.c.chunkId);
  const byKeyword = kept
    .filter((s) => Number.isFinite(s.bm25Rank))
    .sort((a, b) => a.bm25Rank - b.bm25Rank)
    .map((s) => s.c.chunkId);
  const byMeaning = kept
    .filter((s) => s.similarity !== null)
    .sort((a, b) => b.similarity! - a.similarity!)
    .map((s) => s.c.chunkId);
  // Focus first, and how much of the question the passage holds as a whole at half weight: a near-tie
  // in focus is settled by a clear lead in coverage (development sets: Brackwater first citation 37 → 38).
  const focusScore = (s: { focus: number; coverage: number }) => s.focus + COVERAGE_IN_FOCUS * s.coverage;
  const byFocus = [...kept].sort((a, b) => focusScore(b) - focusScore(a) || byRank(a.bm25Rank, b.bm25Rank)).map((s) => s.c.chunkId);
  // Where the question's words meet in one sentence, in the answer's shape, says most about which
  // passage answers (npm run bench, keyword: development sets first citation 36 → 38 of 46, 9 → 10 of 19).
  const fused = reciprocalRankFusion([
    { ids: byKeyword, weight: 1 },
    { ids: byCoverage, weight: 1 },
    { ids: byMeaning, weight: 1 },
    { ids: byFocus, weight: FOCUS_WEIGHT },
  ]);
  const ranked = [...kept].sort((a, b) => (fused.get(b.c.chunkId) ?? 0) - (fused.get(a.c.chunkId) ?? 0) || byRank(a.bm25Rank, b.bm25Rank));

  const cited = decline ? relevantOnly(ranked, relevantByMeaning) : ranked;

  const seen = new Set<string>();
  const passages: RetrievedPassage[] = [];
  const expanded = await expandShortPassages(
    ctx.env.DB,
    input,
    cited.slice(0, (input.limit ?? PASSAGE_LIMIT) * 2).map((r) => r.c),
  );
  for (const { c } of cited) {
    // The same text uploaded twice (or overlapping copies of a plan) is cited once.
    const key = c.content.replace(/\s+/g, " ").trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    passages.push({
      n: passages.length + 1,
      chunkId: c.chunkId,
      documentId: c.documentId,
      documentName: c.documentName,
      ...(c.page !== null ? { page: Number(c.page) } : {}),
      snippet: c.snippet,
      content: expanded.get(c.chunkId) ?? c.content,
    });
    if (passages.length >= (input.limit ?? PASSAGE_LIMIT)) break;
  }
  return passages;
}

/** Keyword ranks compared, found-by-meaning-only (∞) last and equal among themselves (∞ − ∞ is NaN). */
const byRank = (a: number, b: number) => (a === b ? 0 : a - b);

/** Team-shared documents a namespace is asked for at most, per author (Vectorize's `$in` filter stays small). */
const SHARED_PER_AUTHOR = 100;

/**
 * Colleagues' documents the caller may read through their team (worker/accounts/team-shares.ts),
 * grouped by author: the vector namespaces semantic search must also ask, and for which documents.
 */
async function teamSharedDocuments(db: D1Database, input: RetrievalInput): Promise<Array<{ userId: string; documentIds: string[] }>> {
  const rows = await db
    .prepare(
      `SELECT d."userId" AS "userId", d."id" AS "id" FROM "Document" d
       WHERE d."id" IN ${teamSharedIdsRaw("document", "?1")} AND d."userId" <> ?1
         AND NOT EXISTS (SELECT 1 FROM "ContextAssignment" ca WHERE ca."contextId" = d."contextId" AND ca."clientId" IS NOT NULL)
         AND (?2 IS NULL OR d."id" IN (SELECT value FROM json_each(?2)))
       ORDER BY d."createdAt" DESC`,
    )
    .bind(input.userId, input.documentIds ? JSON.stringify(input.documentIds) : null)
    .all<{ userId: string; id: string }>();
  const byAuthor = new Map<string, string[]>();
  for (const r of rows.results) {
    const ids = byAuthor.get(r.userId) ?? [];
    if (ids.length < SHARED_PER_AUTHOR) ids.push(r.id);
    byAuthor.set(r.userId, ids);
  }
  return [...byAuthor].map(([userId, documentIds]) => ({ userId, documentIds }));
}

/**
 * Only what bears on the question is cited (issue 31 item 2): a passage holding under CITE_SHARE of
 * the best passage's weighted concepts mentions the topic without answering it, and a passage of
 * another document than the best one's is cited only when it comes close to the best
 * (OTHER_DOCUMENT_SHARE): another county's plan sharing the question's common words is not padding.
 * A passage found by meaning above the embedder's floor stays (its words may all differ).
 */
const CITE_SHARE = 0.3;
const OTHER_DOCUMENT_SHARE = 0.5;

function relevantOnly<T extends { c: Candidate; coverage: number; similarity: number | null }>(ranked: T[], byMeaning: (s: T) => boolean = () => false): T[] {
  if (ranked.length === 0) return ranked;
  const best = ranked.reduce((top, s) => (s.coverage > top.coverage ? s : top), ranked[0]!);
  return ranked.filter((s) => {
    if (byMeaning(s)) return true;
    const share = best.coverage > 0 ? s.coverage / best.coverage : 0;
    return share >= (s.c.documentId === best.c.documentId ? CITE_SHARE : OTHER_DOCUMENT_SHARE);
  });
}

/** A passage shorter than this is read with its neighbours in the same section. */
const SHORT_PASSAGE = 500;
const EXPANDED_MAX = 2400;

/**
 * A short passage (the tail of a section split across chunks) cited alone reads out of context:
 * it is joined with the chunks just before and after it that belong to the same section
 * (neighbouring rowids of the same document under the same heading), overlaps removed.
 */
async function expandShortPassages(
  db: D1Database,
  scope: { userId: string; clientIds: string[] | null },
  candidates: Candidate[],
): Promise<Map<string, string>> {
  const short = candidates.filter((c) => c.content.length < SHORT_PASSAGE && c.heading);
  const out = new Map<string, string>();
  if (short.length === 0) return out;
  const rowids = [...new Set(short.flatMap((c) => [c.rowid - 1, c.rowid + 1]))];
  const rows = await db
    .prepare(
      `SELECT c.rowid AS "rowid", c."documentId" AS "documentId", c."content" AS "content", f."heading" AS "heading"
       FROM "DocumentChunk" c JOIN "Document" d ON d."id" = c."documentId"
       LEFT JOIN "DocumentChunkFts" f ON f.rowid = c.rowid
       WHERE c.rowid IN (SELECT value FROM json_each(?1)) AND ${documentReadableRaw(scope.clientIds, "?2", "?3")}`,
    )
    .bind(JSON.stringify(rowids), scope.userId, documentClientScope(scope.clientIds))
    .all<{ rowid: number; documentId: string; content: string; heading: string | null }>();
  const byRowid = new Map(rows.results.map((r) => [Number(r.rowid), r]));
  for (const c of short) {
    const sameSection = (r: { documentId: string; heading: string | null } | undefined) => r && r.documentId === c.documentId && r.heading === c.heading;
    const before = byRowid.get(c.rowid - 1);
    const after = byRowid.get(c.rowid + 1);
    if (!sameSection(before) && !sameSection(after)) continue;
    let body = bodyOf(c);
    if (sameSection(before)) body = joinOverlapping(bodyOf(before!), body);
    if (sameSection(after) && body.length < EXPANDED_MAX) body = joinOverlapping(body, bodyOf(after!));
    const context = c.content.slice(0, c.content.length - bodyOf(c).length);
    out.set(c.chunkId, `${context}${body.length > EXPANDED_MAX ? `${body.slice(0, EXPANDED_MAX)}…` : body}`);
  }
  return out;
}

/** A chunk's text without its context line (chunk.ts starts the content with the heading). */
function bodyOf(chunk: { content: string; heading: string | null }): string {
  const newline = chunk.content.indexOf("\n");
  return chunk.heading && newline > 0 && chunk.content.startsWith(chunk.heading) ? chunk.content.slice(newline + 1) : chunk.content;
}

/** a + b where b may start with the end of a (chunks overlap by up to 150 characters). */
function joinOverlapping(a: string, b: string): string {
  for (let k = Math.min(a.length, b.length, 300); k >= 20; k--) if (a.endsWith(b.slice(0, k))) return a + b.slice(k);
  return `${a}\n${b}`;
}

/** Passages found by meaning only: read by id, still scoped to what the caller may read. */
async function readChunks(db: D1Database, scope: { userId: string; clientIds: string[] | null }, chunkIds: string[]): Promise<Candidate[]> {
  if (chunkIds.length === 0) return [];
  const rows = await db
    .prepare(
      `SELECT c."id" AS "chunkId", c."documentId" AS "documentId", d."name" AS "documentName",
              f."heading" AS "heading", f."page" AS "page", substr(c."content", 1, 160) AS "snippet", c."content" AS "content", c.rowid AS "rowid"
       FROM "DocumentChunk" c
       JOIN "Document" d ON d."id" = c."documentId"
       LEFT JOIN "DocumentChunkFts" f ON f.rowid = c.rowid
       WHERE c."id" IN (SELECT value FROM json_each(?1)) AND ${documentReadableRaw(scope.clientIds, "?2", "?3")}`,
    )
    .bind(JSON.stringify(chunkIds), scope.userId, documentClientScope(scope.clientIds))
    .all<Candidate>();
  const order = new Map(chunkIds.map((id, i) => [id, i]));
  return rows.results.sort((a, b) => (order.get(a.chunkId) ?? 0) - (order.get(b.chunkId) ?? 0));
}

/**
 * When the question names something that only some documents are named for ("the Odalys AAR",
 * "Greywell's plan"), the answer comes from those documents: other jurisdictions' plans sharing
 * the question's common words must not be mixed in.
 */
function focusOnNamedDocuments<T extends { c: Candidate }>(scored: T[], concepts: QueryConcept[]): T[] {
  const names = [...new Set(scored.map((s) => s.c.documentName))];
  if (names.length < 2) return scored;
  const nameStems = new Map(names.map((name) => [name, passageStems(name)]));
  let focus: Set<string> | null = null;
  for (const concept of concepts) {
    if (!concept.specific || /\p{N}/u.test(concept.text)) continue;
    const named = names.filter((name) => conceptIn(concept, nameStems.get(name) ?? []));
    if (named.length === 0 || named.length === names.length) continue;
    focus = new Set([...(focus ?? []), ...named]);
  }
  if (!focus) return scored;
  const focused = scored.filter((s) => focus.has(s.c.documentName));
  return focused.length ? focused : scored;
}

/**
 * One D1 round trip: the candidates (bm25 order), the number of chunks searched, and how many of
 * them hold each concept. Scope: the documents the caller may read (worker/clients/access.ts); document ids
 * are one JSON parameter (json_each), so any number stays under D1's bound-parameter limit.
 */
async function readCandidates(db: D1Database, input: RetrievalInput & { clientIds: string[] | null }, concepts: QueryConcept[], match: string) {
  const ids = input.documentIds ? JSON.stringify(input.documentIds) : null;
  const clients = documentClientScope(input.clientIds);
  const scope = (user: number, documents: number, clientsAt: number) =>
    `${documentReadableRaw(input.clientIds, `?${user}`, `?${clientsAt}`)} AND (?${documents} IS NULL OR d."id" IN (SELECT value FROM json_each(?${documents})))`;
  const candidates = db
    .prepare(
      `SELECT f."chunkId" AS "chunkId", f."documentId" AS "documentId", d."name" AS "documentName",
              f."heading" AS "heading", f."page" AS "page",
              snippet("DocumentChunkFts", 0, '[', ']', '…', 12) AS "snippet", c."content" AS "content", c.rowid AS "rowid"
       FROM "DocumentChunkFts" f
       JOIN "Document" d ON d."id" = f."documentId"
       JOIN "DocumentChunk" c ON c.rowid = f.rowid
       WHERE "DocumentChunkFts" MATCH ?1 AND ${scope(2, 3, 4)}
       ORDER BY bm25("DocumentChunkFts", 1.0, 2.0)
       LIMIT ${CANDIDATES}`,
    )
    .bind(match, input.userId, ids, clients);
  const total = db
    .prepare(`SELECT count(*) AS "n" FROM "DocumentChunk" c JOIN "Document" d ON d."id" = c."documentId" WHERE ${scope(1, 2, 3)}`)
    .bind(input.userId, ids, clients);
  // One count per concept, in the same batch (D1 caps compound SELECTs, so no UNION ALL).
  const counts = concepts.map((concept) =>
    db
      .prepare(
        `SELECT count(*) AS "n" FROM "DocumentChunkFts" f JOIN "Document" d ON d."id" = f."documentId"
         WHERE "DocumentChunkFts" MATCH ?3 AND ${scope(1, 2, 4)}`,
      )
      .bind(input.userId, ids, conceptMatch(concept), clients),
  );
  const [rows, totalRows, ...countRows] = await db.batch<Record<string, unknown>>([candidates, total, ...counts]);
  return {
    candidates: (rows?.results ?? []) as Candidate[],
    total: Number(totalRows?.results[0]?.n ?? 0),
    frequencies: countRows.map((r) => Number(r.results[0]?.n ?? 0)),
  };
}

/** Whether any document the caller may read (within the chosen ones) has indexed text at all. `clientIds`: visibleClientIds. */
export async function hasIndexedDocuments(db: Database, userId: string, documentIds?: string[], clientIds: string[] | null = null): Promise<boolean> {
  const idFilter = documentIds ? sql`AND d."id" IN (SELECT value FROM json_each(${JSON.stringify(documentIds)}))` : sql``;
  const row = await db.get<{ found: number } | undefined>(sql`
    SELECT 1 AS "found" FROM "DocumentChunk" c JOIN "Document" d ON d."id" = c."documentId"
    WHERE ${documentAccess(userId, clientIds, "read", "d")} ${idFilter} LIMIT 1`);
  return Boolean(row);
}

/** The ids among `ids` the caller may not read (unknown, someone else's, or behind a client they do not see). */
export async function foreignDocumentIds(db: Database, userId: string, ids: string[], clientIds: string[] | null = null): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<{ id: string }>(sql`
    SELECT d."id" AS "id" FROM "Document" d
    WHERE ${documentAccess(userId, clientIds, "read", "d")} AND d."id" IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const mine = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !mine.has(id));
}
