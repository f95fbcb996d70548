import type { Block, SitMan } from "./sitman";

/**
 * The campaign discussion guide (spec §7: campaign exports are markdown): the same Situation
 * Manual content as the docx and PDF, as GitHub-flavoured markdown.
 */

const cell = (v: string) => v.replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>") || " ";

function block(b: Block): string {
  switch (b.type) {
    case "heading":
      return `${"#".repeat(b.level + 1)} ${b.text}`;
    case "paragraph":
      return b.style === "note" ? `_${b.text}_` : b.style === "label" ? `**${b.text}**` : b.text;
    case "list":
      return b.items
        .map((item, i) => {
          const head = `${b.ordered ? `${i + 1}.` : "-"} ${item.text}`;
          const subs = (item.sub ?? []).map((s, j) => `    ${String.fromCharCode(97 + (j % 26))}) ${s}`);
          return [head, ...subs].join("\n");
        })
        .join("\n");
    case "table": {
      const headers = b.keyValue ? ["", ""] : b.headers;
      const rows = b.rows.map((r) => `| ${r.map(cell).join(" | ")} |`);
      return [`| ${headers.map(cell).join(" | ")} |`, `| ${headers.map(() => "---").join(" | ")} |`, ...rows].join("\n");
    }
    case "lines":
      return Array.from({ length: b.count }, () => "\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_").join("\n\n");
  }
}

export function sitmanToMarkdown(sitman: SitMan): string {
  const parts = [
    `# ${sitman.cover.title}`,
    `**${sitman.cover.subtitle}**`,
    sitman.cover.lines.join("  \n"),
    "## Handling Instructions",
    sitman.cover.handling.map((h, i) => `${i + 1}. ${h}`).join("\n"),
  ];
  for (const section of sitman.sections) for (const b of section.blocks) parts.push(block(b));
  return `${parts.join("\n\n")}\n`;
}
