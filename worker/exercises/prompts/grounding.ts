import type { Module, MselRow, PlanSource, StructuredQuestions } from "../../../shared/db/exercise-shapes";
import type { Passage } from "./passages";
import type { Draft, SectionType } from "./sections";

/**
 * Grounding of drafted elements in the planner's plans (issue 11). The prompt numbers the
 * retrieved passages 1…N; a draft names, per MSEL row and discussion question, the number of the
 * passage it tests (0 for none). The server maps that number back to its own passage, so the ids
 * stored are never a model's; an unknown number means "not in your plans". Offline drafting picks
 * the number itself (`matchPassage`), so both paths ground the same way.
 */

export type Grounding = { source: PlanSource; notInPlans?: undefined } | { source?: undefined; notInPlans: true };

/**
 * Offline drafting calls a sentence support for an element when they share at least
 * MIN_SUPPORT_WORDS significant words, making up at least MIN_SUPPORT_SHARE of the shorter of the
 * two (so a long inject brushing a plan sentence with "Eastbank" and "warning" is not support).
 */
const MIN_SUPPORT_WORDS = 3;
const MIN_SUPPORT_SHARE = 0.4;
const MAX_QUOTE_CHARS = 400;

const STOP = new Set(
  [
    "the and for with from that this will are was were have has had been being into onto over under about after before their there they",
    "them then than when where which while what who whom whose your you our its not but can may must shall should would could each any",
    "all other such only also more most some very upon per via within without between during through",
    // Words every emergency plan and inject uses: they say nothing about which provision is meant.
    "county city emergency management plan action issue report request agency",
  ]
    .join(" ")
    .split(" "),
);

/** Lower-case significant words, with a plural "s" dropped so "shelters" meets "shelter". */
export function significantWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    const word = raw.length > 4 && raw.endsWith("s") && !raw.endsWith("ss") ? raw.slice(0, -1) : raw;
    if (raw.length >= 3 && !STOP.has(raw) && !STOP.has(word)) out.add(word);
  }
  return out;
}

/**
 * The sentences of a passage. Lines are joined (PDF text breaks lines mid-sentence) except after a
 * heading: a Markdown heading, or a line without closing punctuation followed by one that starts
 * with a capital (chunks keep a section's heading as its first line). Then split after . ! or ?
 * followed by a capital, digit or quote.
 */
export function sentences(content: string): string[] {
  const out: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    const joined = prose.join(" ").replace(/\s+/g, " ").trim();
    if (joined) out.push(...joined.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u));
    prose = [];
  };
  const lines = content.split(/\r?\n/);
  lines.forEach((line, i) => {
    const next = lines[i + 1]?.trim() ?? "";
    const markdownHeading = /^\s*#{1,6}\s/.test(line);
    const bareHeading = prose.length === 0 && line.trim().length <= 120 && !/[.!?,;:]$/.test(line.trim()) && /^[\p{Lu}\p{N}]/u.test(next);
    if (markdownHeading || bareHeading || line.trim() === "") {
      flush();
      const heading = line.replace(/^\s*#{1,6}\s+/, "").trim();
      if (heading) out.push(heading);
    } else {
      prose.push(line);
    }
  });
  flush();
  return out.map((s) => s.trim()).filter(Boolean);
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

/** The passage's sentence sharing most significant words with the element (the first on a tie or none). */
export function bestSentence(content: string, elementText: string): { sentence: string; shared: number; supported: boolean } {
  const want = significantWords(elementText);
  const all = sentences(content);
  let best = { sentence: all[0] ?? content.trim(), shared: 0, supported: false };
  for (const sentence of all) {
    const have = significantWords(sentence);
    const shared = overlap(want, have);
    if (shared > best.shared) {
      best = { sentence, shared, supported: shared >= MIN_SUPPORT_WORDS && shared >= MIN_SUPPORT_SHARE * Math.min(want.size, have.size) };
    }
  }
  return best;
}

export function clipQuote(sentence: string): string {
  return sentence.length > MAX_QUOTE_CHARS ? `${sentence.slice(0, MAX_QUOTE_CHARS - 1).trimEnd()}…` : sentence;
}

/**
 * Offline drafting's choice: the 1-based number of the passage with a supporting sentence sharing
 * the most significant words with the element, or 0 when none supports it.
 */
export function matchPassage(elementText: string, passages: readonly Pick<Passage, "content">[]): number {
  let best = 0;
  let bestShared = 0;
  passages.forEach((p, i) => {
    const { shared, supported } = bestSentence(p.content, elementText);
    if (supported && shared > bestShared) {
      best = i + 1;
      bestShared = shared;
    }
  });
  return best;
}

/** Maps a draft's passage number to the server's passage; anything else is "not in your plans". */
export function groundElement(passageNumber: unknown, elementText: string, passages: readonly Passage[]): Grounding {
  const n = typeof passageNumber === "number" && Number.isInteger(passageNumber) ? passageNumber : 0;
  const passage = n >= 1 && n <= passages.length ? passages[n - 1]! : null;
  if (!passage) return { notInPlans: true };
  return {
    source: {
      documentId: passage.documentId,
      chunkId: passage.chunkId,
      documentName: passage.documentName,
      quote: clipQuote(bestSentence(passage.content, elementText).sentence),
    },
  };
}

type Numbered = { passage?: unknown };

function groundQuestions(questions: StructuredQuestions & { groups: { questions: Numbered[] }[] }, passages: readonly Passage[]): StructuredQuestions {
  return {
    ...questions,
    groups: questions.groups.map((g) => ({
      ...g,
      questions: g.questions.map((q) => {
        const { passage, ...rest } = q as StructuredQuestions["groups"][number]["questions"][number] & Numbered;
        return { ...rest, ...groundElement(passage, rest.text, passages) };
      }),
    })),
  };
}

/** Drafted injects as the module stores them: their texts, and their grounding keyed by text. */
function groundInjects(injects: readonly { text: string; passage?: unknown }[], passages: readonly Passage[]): Pick<Module, "injects" | "injectSources"> {
  const injectSources: NonNullable<Module["injectSources"]> = {};
  for (const inject of injects) injectSources[inject.text] = groundElement(inject.passage, inject.text, passages);
  return { injects: injects.map((i) => i.text), injectSources };
}

function groundRow(row: MselRow & Numbered, passages: readonly Passage[]): MselRow {
  const { passage, ...rest } = row;
  const text = [rest.synopsis, rest.message, rest.expectedAction].filter(Boolean).join(" ");
  return { ...rest, ...groundElement(passage, text, passages) };
}

/**
 * A parsed draft with every MSEL row, module inject and discussion question grounded: the passage
 * number replaced by its source, or flagged not in the plans (injects become plain texts with an
 * `injectSources` map beside them). Other sections are returned as they are.
 */
export function groundDraft(section: SectionType, draft: Draft, passages: readonly Passage[]): Draft {
  const d = draft as Record<string, unknown>;
  switch (section) {
    case "msel_table":
      return { ...d, mselTable: (d.mselTable as MselRow[]).map((r) => groundRow(r, passages)) } as Draft;
    case "module_question":
      return { ...d, questions: groundQuestions(d.questions as StructuredQuestions, passages) } as Draft;
    case "module_inject":
      return { ...d, ...groundInjects(d.injects as { text: string }[], passages) } as unknown as Draft;
    case "modules":
      return {
        ...d,
        modules: (d.modules as (Module & { injects: { text: string }[] })[]).map((m) => ({
          ...m,
          ...groundInjects(m.injects, passages),
          questions: groundQuestions(m.questions as StructuredQuestions, passages),
        })),
      } as unknown as Draft;
    default:
      return draft;
  }
}
