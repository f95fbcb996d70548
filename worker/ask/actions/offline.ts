import { CORE_CAPABILITIES, type CoreCapability } from "../../../shared/exercises/capabilities";
import type { AskPassage } from "../../../shared/ask/model";
import { splitSentences } from "../../documents/sentences";
import { clip } from "../../../shared/lib/clip";

/**
 * What each named action answers when no AI provider is configured: extracted from the retrieved
 * passages (sentences, rows, capability mentions), each line citing its passage, and said to be
 * extracted — never a claim the passages do not make. Deterministic: same passages, same answer.
 */

const NOTE = "No AI provider is configured on this server, so Readyroom extracted this from your documents instead of writing it.";
const NO_PASSAGES = "None of the selected documents has passages Readyroom could use for this. Check that they show Ready in the Library.";
const MAX_ROWS = 12;
const MAX_CELL = 220;

interface Sentence {
  text: string;
  n: number;
  documentName: string;
}

function sentences(passages: AskPassage[]): Sentence[] {
  return passages.flatMap((p) => splitSentences(p.content).map((text) => ({ text: clip(text, MAX_CELL), n: p.n, documentName: p.documentName })));
}

/** Table cells may not carry a pipe or a line break. */
const cell = (text: string) => text.replace(/\|/g, "/").replace(/\s+/g, " ").trim();

function withNote(body: string, passages: AskPassage[]): string {
  return passages.length ? `${body}\n\n${NOTE}` : NO_PASSAGES;
}

export function offlineSummary(passages: AskPassage[]): string {
  const byDocument = new Map<string, string[]>();
  for (const p of passages) {
    const first = splitSentences(p.content)[0];
    if (!first) continue;
    const lines = byDocument.get(p.documentName) ?? [];
    if (lines.length < 5) lines.push(`- ${clip(first, MAX_CELL)} [${p.n}]`);
    byDocument.set(p.documentName, lines);
  }
  const body = [...byDocument].map(([name, lines]) => `### ${name}\n\n${lines.join("\n")}`).join("\n\n");
  return withNote(`Key points of the selected plan, as its passages state them:\n\n${body}`, passages);
}

const ROLE_WORDS = /\b(ESF[- ]?#?\d+|lead|primary|support agency|responsib\w*|coordinat\w*|director|shall)\b/i;
const WHO = /^(.{3,80}?)\s+(?:is|are|will|shall|leads?|coordinates?|serves?|has|have|provides?)\b/;

export function offlineRoles(passages: AskPassage[]): string {
  const rows = sentences(passages)
    .filter((s) => ROLE_WORDS.test(s.text))
    .slice(0, MAX_ROWS)
    .map((s) => {
      const esf = /\bESF[- ]?#?\d+/i.exec(s.text)?.[0];
      const who = esf ?? WHO.exec(s.text)?.[1] ?? "(see statement)";
      return `| ${cell(who)} | ${cell(s.text)} | [${s.n}] |`;
    });
  if (!rows.length) return withNote("The passages Readyroom found name no lead, primary or support roles.", passages);
  return withNote(`| Who | Responsibility (as written) | Source |\n| --- | --- | --- |\n${rows.join("\n")}`, passages);
}

const STOP = new Set(["and", "the", "for", "services", "service"]);

/** The words of a capability's name a passage must carry (by their first six letters) to mention it. */
function mentions(capability: CoreCapability, text: string): boolean {
  const lower = text.toLowerCase();
  const words = capability.name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2 && !STOP.has(w));
  return words.every((w) => lower.includes(w.slice(0, 6)));
}

function mentionedBy(capability: CoreCapability, passages: AskPassage[]): number[] {
  return passages.filter((p) => mentions(capability, p.content)).map((p) => p.n);
}

const cites = (ns: number[]) =>
  ns
    .slice(0, 3)
    .map((n) => `[${n}]`)
    .join("");

export function offlineGaps(passages: AskPassage[]): string {
  const rows = CORE_CAPABILITIES.map((c) => ({ c, ns: mentionedBy(c, passages) }));
  const missing = rows.filter((r) => !r.ns.length).map((r) => `- ${r.c.name}`);
  const found = rows.filter((r) => r.ns.length).map((r) => `| ${r.c.name} | ${cites(r.ns)} |`);
  const body =
    `Core capabilities no retrieved passage mentions by name (${missing.length} of ${CORE_CAPABILITIES.length}) — possible gaps to check in the full plan:\n\n${missing.join("\n")}` +
    (found.length ? `\n\nMentioned:\n\n| Core capability | Source |\n| --- | --- |\n${found.join("\n")}` : "");
  return withNote(body, passages);
}

const CONTACT = /(\(?\d{3}\)?[-.\s]\d{3}[-.\s]\d{4}|(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.]+|\b\d{3}\.\d{2,4}\s?MHz\b|\bchannel\s+\d+)/i;
const RESOURCE = /\b(shelter|generator|vehicle|bus(es)?|warehouse|facility|equipment|cache|supplies|EOC)\b/i;

export function offlineContacts(passages: AskPassage[]): string {
  const all = sentences(passages);
  const contacts = all.filter((s) => CONTACT.test(s.text)).slice(0, MAX_ROWS);
  const resources = all.filter((s) => !CONTACT.test(s.text) && RESOURCE.test(s.text)).slice(0, MAX_ROWS);
  const parts: string[] = [];
  if (contacts.length)
    parts.push(
      `Contacts:\n\n| Contact | Statement | Source |\n| --- | --- | --- |\n${contacts.map((s) => `| ${cell(CONTACT.exec(s.text)![0])} | ${cell(s.text)} | [${s.n}] |`).join("\n")}`,
    );
  if (resources.length)
    parts.push(
      `Resources:\n\n| Resource | Statement | Source |\n| --- | --- | --- |\n${resources.map((s) => `| ${cell(RESOURCE.exec(s.text)![0])} | ${cell(s.text)} | [${s.n}] |`).join("\n")}`,
    );
  return withNote(parts.length ? parts.join("\n\n") : "The passages Readyroom found list no phone numbers, emails, radio channels or resources.", passages);
}

export function offlineCompare(passages: AskPassage[]): string {
  const names = [...new Set(passages.map((p) => p.documentName))];
  if (names.length < 2)
    return withNote(`Only ${names[0] ?? "one document"} had passages to compare; the other selected document had none that matched.`, passages);
  const [a, b] = names as [string, string];
  const of = (name: string) => passages.filter((p) => p.documentName === name);
  const rows = CORE_CAPABILITIES.map((c) => ({ c, a: mentionedBy(c, of(a)), b: mentionedBy(c, of(b)) }))
    .filter((r) => r.a.length || r.b.length)
    .map((r) => `| ${r.c.name} | ${r.a.length ? cites(r.a) : "not found"} | ${r.b.length ? cites(r.b) : "not found"} |`);
  const body = rows.length
    ? `Core capabilities each plan's passages mention:\n\n| Core capability | ${cell(a)} | ${cell(b)} |\n| --- | --- | --- |\n${rows.join("\n")}`
    : "Neither plan's passages mention a core capability by name.";
  return withNote(body, passages);
}

const COMMITMENT = /\b(within \d+|\d+ (?:hours?|minutes?)|shall|will (?:activate|notify|establish|open|coordinate|issue|provide))\b/i;

export function offlineObjectives(passages: AskPassage[]): string {
  const lines = sentences(passages)
    .filter((s) => COMMITMENT.test(s.text))
    .slice(0, 6)
    .map((s, i) => {
      const capability = CORE_CAPABILITIES.find((c) => mentions(c, s.text))?.name ?? "[choose a core capability]";
      return `${i + 1}. **${capability}**: Demonstrate, during the exercise, that participants can do what the plan commits to: "${s.text}" [${s.n}] Measure: [set a standard].`;
    });
  if (!lines.length) return withNote("The passages Readyroom found state no commitments (times, duties) to build objectives from.", passages);
  return withNote(`Draft objectives built from the plan's own commitments (complete the standard for each):\n\n${lines.join("\n")}`, passages);
}
