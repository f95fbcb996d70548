import { safeFilename, type ExportFile } from "../../exercises/export";
import { sitmanToMarkdown } from "../../exercises/export/markdown";
import { paragraphs, type Block, type SitMan } from "../../exercises/export/sitman";
import { FINDINGS_OFFLINE_LABEL, FINDINGS_OFFLINE_NOTE } from "../../../shared/collaborate/model";
import type { FindingsView } from "../../../shared/collaborate/views";

/**
 * A campaign's findings as a document, in the neutral block form the exercise exports use
 * (worker/exercises/export/sitman.ts), so the same markdown, docx and PDF writers render it: cover,
 * summary, themes with quotes, gaps, disagreements, recommended objectives, capability coverage and
 * (landscape) the draft injects. Anonymised only, as Campaign.insights is. Findings made without
 * an AI model say so on the cover and above the summary.
 */

export const FINDINGS_EXPORT_FORMATS = ["md", "docx", "pdf"] as const;
export type FindingsExportFormat = (typeof FINDINGS_EXPORT_FORMATS)[number];

const who = (respondents: string[]) => (respondents.length ? respondents.join(", ") : "—");
const text = (value: string) => paragraphs(value).map((p): Block => ({ type: "paragraph", text: p }));
const none = (what: string): Block => ({ type: "paragraph", text: `No ${what}.`, style: "note" });

function buildFindingsDocument(view: FindingsView): SitMan {
  const { findings } = view;
  const title = view.campaignName.trim() || "Campaign";
  const overview: Block[] = [
    { type: "heading", level: 1, text: "Summary" },
    ...(findings.offline ? [{ type: "paragraph", text: `${FINDINGS_OFFLINE_LABEL}. ${FINDINGS_OFFLINE_NOTE}`, style: "note" } satisfies Block] : []),
    ...(paragraphs(findings.summary).length ? text(findings.summary) : [none("summary")]),
  ];

  const themes: Block[] = [{ type: "heading", level: 1, text: "Themes" }];
  if (!findings.themes.length) themes.push(none("themes"));
  for (const theme of findings.themes) {
    themes.push({ type: "heading", level: 2, text: theme.title }, ...text(theme.detail), {
      type: "paragraph",
      text: `Raised by ${theme.contributorCount} contributor(s): ${who(theme.respondents)}`,
      style: "note",
    });
    if (theme.quotes.length) themes.push({ type: "list", ordered: false, items: theme.quotes.map((q) => ({ text: `“${q.text}” — ${q.respondent}` })) });
  }

  const gaps: Block[] = [{ type: "heading", level: 1, text: "Gaps" }];
  if (!findings.gaps.length) gaps.push(none("gaps"));
  for (const gap of findings.gaps)
    gaps.push({ type: "heading", level: 2, text: gap.title }, ...text(gap.detail), {
      type: "paragraph",
      text: `Sources: ${who(gap.respondents)}`,
      style: "note",
    });

  const disagreements: Block[] = [{ type: "heading", level: 1, text: "Disagreements" }];
  if (!findings.disagreements.length) disagreements.push(none("disagreements"));
  for (const d of findings.disagreements) {
    disagreements.push(
      { type: "heading", level: 2, text: d.topic },
      { type: "list", ordered: false, items: d.positions.map((p) => ({ text: `${p.position} (${who(p.respondents)})` })) },
    );
  }

  const objectives: Block[] = [{ type: "heading", level: 1, text: "Recommended objectives" }];
  if (!findings.recommendedObjectives.length) objectives.push(none("recommended objectives"));
  else
    objectives.push({
      type: "table",
      headers: ["Objective", "Core capability", "Sources"],
      widths: [5, 2, 2],
      rows: findings.recommendedObjectives.map((o) => [o.text, o.capability ?? "—", who(o.respondents)]),
    });

  const touched = findings.capabilityCoverage.filter((c) => c.contributorCount > 0);
  const coverage: Block[] = [
    { type: "heading", level: 1, text: "Core capability coverage" },
    {
      type: "paragraph",
      text: `${touched.length} of ${findings.capabilityCoverage.length} core capabilities came up in the contributions.`,
    },
    {
      type: "table",
      headers: ["Core capability", "Mission area", "Contributors", "Sources"],
      widths: [4, 2, 1, 3],
      rows: findings.capabilityCoverage.map((c) => [c.capability, c.mission, String(c.contributorCount), who(c.respondents)]),
      small: true,
    },
  ];

  const injects: Block[] = [{ type: "heading", level: 1, text: "Draft injects" }];
  if (!view.draftInjects.length) injects.push(none("draft injects"));
  else
    injects.push({
      type: "table",
      headers: ["#", "Time", "Inject", "Core capability", "Expected action", "Sources"],
      widths: [1, 1, 6, 2, 3, 2],
      rows: view.draftInjects.map((i) => [
        String(i.number),
        i.time,
        `${i.title}\n\n${i.description}`,
        i.capability ?? "—",
        i.expectedAction,
        who(i.respondents),
      ]),
      small: true,
    });

  return {
    title,
    kind: "Campaign Findings",
    cover: {
      title,
      subtitle: "Campaign findings",
      lines: [
        `${view.contributorCount} contributor(s)`,
        `Synthesised ${view.completedAt.slice(0, 10)}`,
        ...(findings.offline ? [`${FINDINGS_OFFLINE_LABEL}: produced without an AI model`] : []),
      ],
      handling: [
        "Respondents and agencies are named by pseudonyms (Respondent 1, Agency A): the synthesis removed names, organisations and contact details.",
        "Share within the planning team; quotes are the contributors' own words.",
      ],
    },
    sections: [
      { orientation: "portrait", blocks: [...overview, ...themes, ...gaps, ...disagreements, ...objectives, ...coverage] },
      { orientation: "landscape", blocks: injects },
    ],
  };
}

export async function renderFindings(view: FindingsView, format: FindingsExportFormat): Promise<ExportFile> {
  const doc = buildFindingsDocument(view);
  switch (format) {
    case "md":
      return { body: sitmanToMarkdown(doc), contentType: "text/markdown; charset=utf-8", filename: safeFilename(view.campaignName, "-findings.md") };
    case "docx": {
      const { renderDocx } = await import("../../exercises/export/docx");
      return {
        body: await renderDocx(doc),
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        filename: safeFilename(view.campaignName, "-findings.docx"),
      };
    }
    case "pdf": {
      const { renderPdf } = await import("../../exercises/export/pdf");
      return { body: await renderPdf(doc), contentType: "application/pdf", filename: safeFilename(view.campaignName, "-findings.pdf") };
    }
  }
}
