import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The references a reader follows from code and docs to the documents in docs/: `spec §N`,
 * decisions by number, cited Markdown files and their quoted headings, and (in Markdown) repository
 * paths and links. Pure over a `Repo`, so the test can feed it a made-up tree and prove each check
 * catches what it is for.
 */

export type Repo = {
  /** A file or folder, relative to the root (no leading "./"). */
  exists(rel: string): boolean;
  /** A file's text, or undefined when there is none. */
  read(rel: string): string | undefined;
  /** Every file below a folder, relative to the root. */
  files(dir: string): string[];
  /** Whether a path is one the repository ignores (generated output such as e2e/artifacts). */
  ignored(rel: string): boolean;
  /** Whether some file of the repository is called this, or ends with this path (`sniff.ts`, `parse/pdf-layout.ts`). */
  named(name: string): boolean;
};

export type Finding = { file: string; line: number; ref: string; problem: string };

export const SPEC = "docs/spec/product-spec.md";
const DECISIONS = "docs/decisions";

/** Documents copied in word for word: their paths and links describe another layout, so only their § references are read. */
const VERBATIM = new Set([SPEC, "docs/hseep.md", "docs/design.md"]);

/** Top folders a path in the docs may start with. */
const TOP = /^(?:worker|web|durable-objects|shared|test|e2e|scripts|bench|docs|migrations|public)\//;

/** A section sign that belongs to another standard ("PDF 1.7 §14.7"): the nearest name before it is not the spec. */
const FOREIGN = /\b(?:PDF|RFC|ISO|WCAG)\s?\d[\d.]*/g;

type Heading = { level: number; text: string; line: number };

/** What a quoted name may land on: a heading, or a bullet's bold label ("- **Retrieval**: …", as docs/design.md names its decisions). */
function landmarks(text: string): string[] {
  const labels = [...text.matchAll(/^\s*[-*]\s+\*\*([^*\n]+)\*\*/gm)].map((m) => m[1]!);
  return [...headings(text).map((h) => h.text), ...labels].map(norm);
}

function headings(text: string): Heading[] {
  const found: Heading[] = [];
  let fenced = false;
  text.split("\n").forEach((line, i) => {
    if (line.startsWith("```")) fenced = !fenced;
    const m = fenced ? null : /^(#{1,6})\s+(\S.*)$/.exec(line);
    if (m) found.push({ level: m[1]!.length, text: m[2]!.trim(), line: i });
  });
  return found;
}

/** Lower case, quotes and emphasis dropped, one space: how a quotation is compared with its source. */
function norm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_"'“”‘’]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** GitHub's anchor for a heading. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");
}

const sectionsOf = new WeakMap<Repo, Map<string, string>>();

/** The spec's numbered sections ("## 7. The calls it makes" → "7"), each with its text; read once per tree. */
function specSections(repo: Repo): Map<string, string> {
  const known = sectionsOf.get(repo);
  if (known) return known;
  const text = repo.read(SPEC) ?? "";
  const lines = text.split("\n");
  const hs = headings(text);
  const sections = new Map<string, string>();
  hs.forEach((h, i) => {
    const m = /^(\d+(?:\.\d+)*)\.?\s/.exec(h.text);
    if (!m) return;
    const end = hs.slice(i + 1).find((next) => next.level <= h.level)?.line ?? lines.length;
    sections.set(m[1]!, lines.slice(h.line, end).join("\n"));
  });
  sectionsOf.set(repo, sections);
  return sections;
}

/** Where a bare or relative document name lands: beside the citing file, at the root, or anywhere in docs/. */
function resolveDoc(repo: Repo, from: string, ref: string): string | undefined {
  if (ref.startsWith("/")) return undefined;
  const candidates = [path.posix.normalize(path.posix.join(path.posix.dirname(from), ref)), path.posix.normalize(ref)];
  const hit = candidates.find((c) => !c.startsWith("..") && repo.exists(c));
  if (hit || ref.includes("/")) return hit;
  return repo.files("docs").find((f) => path.posix.basename(f) === ref);
}

/** Document names worth resolving: capitalised ones (README.md), the documents in docs/ wherever they are said to be, anything under docs/. */
function isDocName(repo: Repo, ref: string): boolean {
  const base = path.posix.basename(ref);
  if (/^[A-Z][A-Z0-9_-]*\.md$/.test(base) || /(?:^|\/)docs\//.test(ref)) return true;
  return repo.files("docs").some((f) => path.posix.basename(f) === base);
}

function checkLine(repo: Repo, file: string, line: string, lineNo: number, sections: Map<string, string>, out: Finding[]): void {
  const report = (ref: string, problem: string) => out.push({ file, line: lineNo, ref, problem });

  for (const m of line.matchAll(/§(\d+(?:\.\d+)*)/g)) {
    const before = line.slice(0, m.index);
    const spec = before.toLowerCase().lastIndexOf("spec");
    const foreign = Math.max(-1, ...[...before.matchAll(FOREIGN)].map((f) => f.index));
    if (foreign > spec) continue;
    const section = sections.get(m[1]!);
    if (!section) {
      report(m[0], `${SPEC} has no heading numbered ${m[1]}`);
      continue;
    }
    const quoted = /^:?\s*\(?["“]([^"”]+)["”]/.exec(line.slice(m.index + m[0].length).trimStart());
    const words = quoted ? norm(quoted[1]!.replace(/(?:…|\.\.\.)$/, "")) : "";
    if (quoted && !norm(section).includes(words)) report(`${m[0]} "${quoted[1]}"`, `section ${m[1]} of ${SPEC} does not say "${quoted[1]}"`);
  }

  const numbers = [...line.matchAll(/\b(?:decisions?|ADRs?)\s+(\d{4}(?:(?:\s*[,/]\s*|\s+(?:and|or)\s+)\d{4})*)/gi)].flatMap((m) => m[1]!.match(/\d{4}/g)!);
  const records = repo.files(DECISIONS).map((f) => path.posix.basename(f));
  for (const n of numbers) if (!records.some((r) => r.startsWith(`${n}-`))) report(`decision ${n}`, `no ${DECISIONS}/${n}-*.md`);
  for (const m of line.matchAll(/decisions\/(\d{4})(-[a-z0-9-]+\.md)?/g)) {
    const ok = m[2] ? records.includes(`${m[1]}${m[2]}`) : records.some((r) => r.startsWith(`${m[1]}-`));
    if (!ok) report(m[0], `no such record in ${DECISIONS}`);
  }

  for (const m of line.matchAll(/(?<![\w/.:@-])(\/?(?:[\w.-]+\/)*[\w.-]+\.md)\b/g)) {
    const ref = m[1]!;
    // Decision records are followed above, by number.
    if (ref.includes("decisions/") || !isDocName(repo, ref)) continue;
    const target = resolveDoc(repo, file, ref);
    if (!target) {
      report(ref, ref.startsWith("/") ? "a file outside the repository" : "no such file");
      continue;
    }
    const quoted = /^[,:]?\s*\(?["“]([^"”]+)["”]/.exec(line.slice(m.index + ref.length));
    if (quoted && !landmarks(repo.read(target) ?? "").some((h) => h.startsWith(norm(quoted[1]!))))
      report(`${ref} "${quoted[1]}"`, `${target} has no heading "${quoted[1]}"`);
  }
}

/** Links of a Markdown line: each must lead to a file, folder or heading. */
function checkLinks(repo: Repo, file: string, line: string, lineNo: number, out: Finding[]): void {
  for (const m of line.matchAll(/\]\(([^()\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target)) continue;
    const [rel, anchor] = target.split("#") as [string, string | undefined];
    const to = rel ? path.posix.normalize(path.posix.join(path.posix.dirname(file), rel)).replace(/\/$/, "") : file;
    if (!repo.exists(to)) out.push({ file, line: lineNo, ref: target, problem: "no such file" });
    else if (anchor && !headings(repo.read(to) ?? "").some((h) => slug(h.text) === anchor))
      out.push({ file, line: lineNo, ref: target, problem: `${to} has no heading #${anchor}` });
  }
}

/** A file named without its folder: `sniff.ts`, `parse/pdf-layout.ts`, `.dev.vars.example`. */
const FILE_NAME = /^(?:[\w-]+\/)*[\w.-]+\.(?:tsx?|mjs|sql|md|toml|svg|css|example)$|^\.[\w-]+(?:\/[\w.-]+|(?:\.[\w-]+){2,})$/;

/** Repository paths in Markdown code (`worker/app.ts`, a fenced diagram): each must be a file or folder. */
function checkPaths(repo: Repo, file: string, code: string, lineNo: number, out: Finding[]): void {
  for (const m of code.matchAll(/(?<![\w/.:@~*<>{}$-])((?:\.\.?\/)*[\w.$/-]+)/g)) {
    let ref = m[1]!;
    // Decision records are followed by number (checkLine).
    if (/decisions\/\d{4}$/.test(ref)) continue;
    if (!TOP.test(ref.replace(/^(?:\.\.?\/)+/, ""))) {
      const name = ref.replace(/[.,:;]+$/, "");
      if (FILE_NAME.test(name) && !repo.named(name) && !repo.ignored(name)) out.push({ file, line: lineNo, ref: name, problem: "no file of this name" });
      continue;
    }
    // A templated path (worker/<feature>/routes.ts, worker/db/schema/*): its fixed folder must exist.
    if (/[<*{…]/.test(code[m.index + ref.length] ?? "")) ref = ref.slice(0, ref.lastIndexOf("/") + 1);
    ref = ref.replace(/[.,:;]+$/, "");
    const candidates = [path.posix.join(path.posix.dirname(file), ref), ref].map((r) => path.posix.normalize(r).replace(/\/$/, ""));
    if (candidates.some((c) => repo.ignored(c) || repo.exists(c))) continue;
    out.push({ file, line: lineNo, ref, problem: "no such file or folder" });
  }
}

/** Every reference in one file that has nowhere to land. */
export function checkFile(repo: Repo, file: string): Finding[] {
  const text = repo.read(file) ?? "";
  const sections = specSections(repo);
  const out: Finding[] = [];
  const markdown = file.endsWith(".md") && !VERBATIM.has(file);
  let fenced = false;
  text.split("\n").forEach((line, i) => {
    checkLine(repo, file, line, i + 1, sections, out);
    if (!markdown) return;
    if (line.trimStart().startsWith("```")) fenced = !fenced;
    else if (fenced) checkPaths(repo, file, line, i + 1, out);
    else {
      checkLinks(repo, file, line, i + 1, out);
      for (const span of line.matchAll(/`([^`]+)`/g)) checkPaths(repo, file, span[1]!, i + 1, out);
    }
  });
  // A link to a missing document is also a cited document that is missing: say it once.
  return out.filter((f, i) => out.findIndex((g) => g.line === f.line && g.ref === f.ref) === i);
}

/** The working tree as a `Repo`. */
export function fsRepo(root: string): Repo {
  const listed = new Map<string, string[]>();
  const skip = new Set(["node_modules", ".git", ".wrangler", ".cache", "build", "test-results"]);
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = dir === "." ? e.name : path.posix.join(dir, e.name);
      if (skip.has(e.name)) return [];
      return e.isDirectory() ? walk(rel) : [rel];
    });
  let everything: string[] | undefined;
  const patterns = readFileSync(path.join(root, ".gitignore"), "utf8")
    .split("\n")
    .map((p) => p.trim().replace(/^\//, "").replace(/\/$/, ""))
    .filter((p) => p && !p.includes("*"));
  return {
    exists: (rel) => existsSync(path.join(root, rel)),
    read: (rel) => (existsSync(path.join(root, rel)) && statSync(path.join(root, rel)).isFile() ? readFileSync(path.join(root, rel), "utf8") : undefined),
    files: (dir) => {
      if (!listed.has(dir)) listed.set(dir, existsSync(path.join(root, dir)) ? walk(dir) : []);
      return listed.get(dir)!;
    },
    ignored: (rel) => patterns.some((p) => rel === p || rel.startsWith(`${p}/`)),
    named: (name) => {
      everything ??= walk(".");
      return everything.some((f) => f === name || f.endsWith(`/${name}`));
    },
  };
}
