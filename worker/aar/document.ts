import { safeFilename, type ExportFile } from "../exercises/export";
import { keyValueTable, paragraphs, type Block, type SitMan } from "../exercises/export/sitman";
import type { AarContent, Evidence } from "../../shared/db/conduct-shapes";
import { RATING_LABELS } from "../../shared/db/conduct-shapes";
import { AFTER_PLAY } from "../../shared/aar/model";
import type { AarView } from "../../shared/aar/views";

/**
 * The After-Action Report / Improvement Plan as a document in the HSEEP-IP01 order, in the neutral
 * block form the exercise exports use (worker/exercises/export/sitman.ts) so the same docx and PDF
 * writers render it: cover with handling instructions, executive summary, Exercise Overview table,
 * Analysis of Core Capabilities (Table 1: objective × capability × P/S/M/U, then per capability its
 * strengths and areas for improvement with analysis, root cause and the quoted evidence), Appendix A
 * the Improvement Plan matrix (landscape), Appendix B participants.
 */

export const AAR_EXPORT_FORMATS = ["docx", "pdf"] as const;
export type AarExportFormat = (typeof AAR_EXPORT_FORMATS)[number];

const IMPROVEMENT_PLAN_HEADERS = [
  "Core Capability",
  "Issue / Area for Improvement",
  "Corrective Action",
  "Capability Element",
  "Primary Responsible Organization",
  "Point of Contact",
  "Start Date",
  "Completion Date",
];

const dash = (v: string | null | undefined) => (v ?? "").trim() || "—";
const text = (value: string): Block[] => paragraphs(value).map((p): Block => ({ type: "paragraph", text: p }));
const note = (t: string): Block => ({ type: "paragraph", text: t, style: "note" });

const KIND_LABEL: Record<Evidence["kind"], string> = { observation: "Observation", answer: "Player answer", feedback: "Participant feedback" };

/** "14:05 UTC" (the exercise day is on the cover; evidence times are of that day). */
function clockTime(at: number | null): string {
  if (at === null) return "";
  const d = new Date(at);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;
}

const evidenceLine = (e: Evidence) =>
  `“${e.quote}” — ${KIND_LABEL[e.kind]}${e.at !== null ? `, ${clockTime(e.at)}` : ""}${e.afterPlay ? `, ${AFTER_PLAY}` : ""}`;

function findingBlocks(label: string, i: number, f: AarContent["analyses"][number]["strengths"][number], withRootCause: boolean): Block[] {
  const out: Block[] = [{ type: "heading", level: 3, text: `${label} ${i + 1}: ${f.text}` }];
  if (f.analysis.trim()) out.push({ type: "paragraph", text: "Analysis:", style: "label" }, ...text(f.analysis));
  if (withRootCause && f.rootCause.trim()) out.push({ type: "paragraph", text: "Root cause:", style: "label" }, ...text(f.rootCause));
  if (f.evidence.length)
    out.push(
      { type: "paragraph", text: "Evidence:", style: "label" },
      { type: "list", ordered: false, items: f.evidence.map((e) => ({ text: evidenceLine(e) })) },
    );
  return out;
}

function buildAarDocument(view: Pick<AarView, "content" | "status" | "publishedAt">): SitMan {
  const { content } = view;
  const o = content.overview;
  const title = o.exerciseName.trim() || "Exercise";

  const summary: Block[] = [
    { type: "heading", level: 1, text: "Executive Summary" },
    ...(paragraphs(content.executiveSummary).length ? text(content.executiveSummary) : [note("No executive summary.")]),
  ];

  const overview: Block[] = [
    { type: "heading", level: 1, text: "Exercise Overview" },
    keyValueTable(
      [
        ["Exercise Name", title],
        ["Exercise Dates", dash(o.dates)],
        ["Scope", dash(o.scope)],
        ["Mission Area(s)", dash(o.missionAreas.join(", "))],
        ["Core Capabilities", dash(o.capabilities.join("\n"))],
        ["Objectives", o.objectives.length ? o.objectives.map((x, i) => `${i + 1}. ${x}`).join("\n") : "—"],
        ["Threat or Hazard", dash(o.threatOrHazard)],
        ["Scenario", dash(o.scenario)],
        ["Sponsor", dash(o.sponsor)],
        ["Participating Organizations", dash(o.participatingOrganizations.join("\n"))],
        ["Points of Contact", dash(o.pointsOfContact)],
      ],
      ["Field", "Value"],
    ),
  ];

  const analysis: Block[] = [
    { type: "heading", level: 1, text: "Analysis of Core Capabilities" },
    { type: "paragraph", text: "Table 1. Summary of Core Capability Performance", style: "label" },
  ];
  const table1Rows = content.analyses.flatMap((a) => {
    const rating = a.rating ? `${a.rating} — ${RATING_LABELS[a.rating]}` : "Not rated";
    return (a.objectives.length ? a.objectives : ["—"]).map((obj) => [obj, a.capability, rating]);
  });
  if (table1Rows.length) analysis.push({ type: "table", headers: ["Objective", "Core Capability", "Rating (P/S/M/U)"], widths: [5, 3, 3], rows: table1Rows });
  else analysis.push(note("No core capabilities."));
  analysis.push(
    note("Ratings: P — performed without challenges; S — performed with some challenges; M — performed with major challenges; U — unable to be performed."),
  );
  for (const a of content.analyses) {
    analysis.push({ type: "heading", level: 2, text: a.capability });
    if (a.objectives.length) analysis.push({ type: "list", ordered: true, items: a.objectives.map((t) => ({ text: t })) });
    analysis.push({ type: "paragraph", text: `Rating: ${a.rating ? `${a.rating} (${RATING_LABELS[a.rating]})` : "not rated"}`, style: "label" });
    if (!a.strengths.length) analysis.push(note("No strengths recorded."));
    a.strengths.forEach((f, i) => analysis.push(...findingBlocks("Strength", i, f, false)));
    if (!a.areasForImprovement.length) analysis.push(note("No areas for improvement recorded."));
    a.areasForImprovement.forEach((f, i) => analysis.push(...findingBlocks("Area for Improvement", i, f, true)));
  }

  const ip: Block[] = [
    { type: "heading", level: 1, text: "Appendix A: Improvement Plan" },
    {
      type: "paragraph",
      text: "This Improvement Plan was developed from the exercise's areas for improvement. Each corrective action is tracked to completion.",
    },
  ];
  if (content.improvementPlan.length)
    ip.push({
      type: "table",
      headers: IMPROVEMENT_PLAN_HEADERS,
      widths: [2, 3, 3, 1.4, 2, 1.6, 1.2, 1.2],
      small: true,
      rows: content.improvementPlan.map((r) => [
        r.capability,
        r.issue,
        r.correctiveAction,
        r.element,
        dash(r.organization),
        dash(r.pointOfContact),
        dash(r.startDate),
        dash(r.completionDate),
      ]),
    });
  else ip.push(note("No corrective actions."));

  const participants: Block[] = [{ type: "heading", level: 1, text: "Appendix B: Exercise Participants" }];
  if (content.participants.length)
    participants.push({ type: "table", headers: ["Participating Organizations and Groups"], widths: [1], rows: content.participants.map((p) => [p]) });
  else participants.push(note("No participants recorded."));

  return {
    title,
    kind: "After-Action Report / Improvement Plan",
    cover: {
      title,
      subtitle: "After-Action Report / Improvement Plan",
      lines: [dash(o.dates), view.status === "final" && view.publishedAt ? `Final, published ${view.publishedAt.slice(0, 10)}` : "Draft"],
      handling: [
        "The title of this document is the After-Action Report / Improvement Plan (AAR/IP) of the exercise named above.",
        "Handle it as sensitive but unclassified information: share it within the participating organizations and their leadership only.",
        "Findings quote the observations, player answers and participant feedback recorded during the exercise.",
      ],
    },
    sections: [
      { orientation: "portrait", blocks: [...summary, ...overview, ...analysis] },
      { orientation: "landscape", blocks: ip },
      { orientation: "portrait", blocks: participants },
    ],
  };
}

export async function renderAar(view: AarView, format: AarExportFormat): Promise<ExportFile> {
  const doc = buildAarDocument(view);
  const name = view.content.overview.exerciseName;
  switch (format) {
    case "docx": {
      const { renderDocx } = await import("../exercises/export/docx");
      return {
        body: await renderDocx(doc),
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        filename: safeFilename(name, "-AAR-IP.docx"),
      };
    }
    case "pdf": {
      const { renderPdf } = await import("../exercises/export/pdf");
      return { body: await renderPdf(doc), contentType: "application/pdf", filename: safeFilename(name, "-AAR-IP.pdf") };
    }
  }
}
