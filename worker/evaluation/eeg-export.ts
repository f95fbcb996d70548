import type { EegContent } from "../../shared/db/conduct-shapes";
import { safeFilename, type ExportFile } from "../exercises/export";
import { planReference } from "../exercises/export/plan-references";
import { keyValueTable, type Block, type SitMan } from "../exercises/export/sitman";
import { RATING_DEFINITIONS, RATINGS } from "../../shared/evaluation/model";

/**
 * The Exercise Evaluation Guides as a document in the familiar HSEEP EEG layout, in the neutral
 * block form the exercise exports use (worker/exercises/export/sitman.ts), so the same docx and
 * PDF writers render it. One section (page) per core capability: a header table (exercise, date,
 * capability, evaluator), the objectives, for each capability target a table of its critical tasks
 * with their plan reference and space for observation notes, what to watch for and the target's
 * rating; then the final core capability rating, the rating definitions, and the evaluator's lines.
 */

export const EEG_EXPORT_FORMATS = ["docx", "pdf"] as const;
export type EegExportFormat = (typeof EEG_EXPORT_FORMATS)[number];

export type EegDocumentInput = {
  exerciseName: string;
  sessionName: string;
  /** As printed ("27 November 2026"). */
  date: string;
  content: EegContent;
};

const RATING_BOXES = RATINGS.map((r) => `☐ ${r}`).join("    ");

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A day as exercise documents print it, in UTC (the app's one calendar; no time zone guessed). */
export function printedDate(at: Date): string {
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

const definitions: Block = {
  type: "table",
  headers: ["Rating", "Definition"],
  widths: [1.3, 5],
  rows: RATINGS.map((r) => [`${r} — ${RATING_DEFINITIONS[r].label}`, RATING_DEFINITIONS[r].definition]),
  small: true,
};

export function buildEegDocument(input: EegDocumentInput): SitMan {
  const title = input.exerciseName.trim() || "Exercise";
  const sections = input.content.guides.map((guide) => {
    const blocks: Block[] = [
      { type: "heading", level: 1, text: `Exercise Evaluation Guide: ${guide.capability}` },
      keyValueTable([
        ["Exercise Name", title],
        ["Exercise Date", input.date],
        ["Core Capability", guide.capability],
        ["Organization / Jurisdiction", ""],
        ["Venue", ""],
      ]),
      { type: "heading", level: 2, text: "Exercise Objectives" },
      guide.objectives.length
        ? { type: "list", ordered: true, items: guide.objectives.map((text) => ({ text })) }
        : { type: "paragraph", text: "No objective was written for this capability.", style: "note" },
    ];
    guide.targets.forEach((target, i) => {
      blocks.push(
        { type: "heading", level: 2, text: `Capability Target ${i + 1}` },
        { type: "paragraph", text: target.text || "—" },
        target.criticalTasks.length
          ? {
              type: "table",
              headers: ["Critical Task", "Plan Reference", "Observation Notes and Explanation of Rating"],
              widths: [3, 2, 3.5],
              rows: target.criticalTasks.map((task) => [task.text, planReference(task) || "—", ""]),
            }
          : { type: "paragraph", text: "No critical tasks listed.", style: "note" },
      );
      if (target.prompts.length) {
        blocks.push(
          { type: "paragraph", text: "What to watch for", style: "label" },
          { type: "list", ordered: false, items: target.prompts.map((text) => ({ text })) },
        );
      }
      blocks.push({ type: "lines", count: 3 }, { type: "paragraph", text: `Target Rating:    ${RATING_BOXES}`, style: "label" });
    });
    if (!guide.targets.length) blocks.push({ type: "paragraph", text: "No capability targets listed.", style: "note" });
    blocks.push(
      { type: "heading", level: 2, text: "Final Core Capability Rating" },
      keyValueTable(
        [
          ["Core Capability", guide.capability],
          ["Final Rating", RATING_BOXES],
        ],
        ["Item", "Entry"],
      ),
      { type: "heading", level: 3, text: "Ratings Key" },
      definitions,
      { type: "heading", level: 2, text: "Evaluator" },
      keyValueTable(
        [
          ["Evaluator Name", ""],
          ["Evaluator Email", ""],
          ["Evaluator Phone", ""],
          ["Date", ""],
        ],
        ["Item", "Entry"],
      ),
    );
    return { orientation: "portrait" as const, blocks };
  });
  if (!sections.length) {
    sections.push({ orientation: "portrait", blocks: [{ type: "paragraph", text: "This session's objectives name no core capability yet.", style: "note" }] });
  }
  return {
    title,
    kind: "Exercise Evaluation Guide",
    cover: {
      title,
      subtitle: "Exercise Evaluation Guides",
      lines: [input.sessionName, input.date, `${input.content.guides.length} core capabilit${input.content.guides.length === 1 ? "y" : "ies"}`],
      handling: [
        "For controllers and evaluators only: players never see the evaluation guides or the expected actions.",
        "Record observations with their times as they happen; rate each capability target and the core capability after play, using the ratings key.",
        "Evaluate against the objectives and the jurisdiction's plans; guard against central-tendency, leniency and halo errors.",
      ],
    },
    sections,
  };
}

export async function renderEeg(input: EegDocumentInput, format: EegExportFormat): Promise<ExportFile> {
  const doc = buildEegDocument(input);
  const base = `${input.exerciseName.trim() || "exercise"}`;
  if (format === "docx") {
    const { renderDocx } = await import("../exercises/export/docx");
    return {
      body: await renderDocx(doc),
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      filename: safeFilename(base, "-eeg.docx"),
    };
  }
  const { renderPdf } = await import("../exercises/export/pdf");
  return { body: await renderPdf(doc), contentType: "application/pdf", filename: safeFilename(base, "-eeg.pdf") };
}
