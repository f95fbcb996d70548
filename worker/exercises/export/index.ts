import type { Exercise } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { mselToCsv } from "./csv";
import { mselToCap } from "./cap";
import { exerciseToJson } from "./json";
import { mselSchemaUrl } from "./json-schema";
import { sitmanToMarkdown } from "./markdown";
import { scheduleToIcs, type ScheduleSession } from "./schedule";
import { buildSitMan, UNTITLED } from "./sitman";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Exports of one exercise (spec §7): docx and PDF Situation Manuals, the JSON exercise, the MSEL as
 * CSV and as an Excel workbook, its alert injects as CAP 1.2, its conduct schedule as iCalendar (issue
 * 32), and for campaign exercises the markdown discussion guide. The docx and PDF writers import
 * their libraries on first use.
 */

export const EXERCISE_EXPORT_FORMATS = ["docx", "pdf", "json", "csv", "xlsx", "cap", "ics"] as const;
export const CAMPAIGN_EXPORT_FORMATS = ["md", ...EXERCISE_EXPORT_FORMATS] as const;
export type ExportFormat = (typeof CAMPAIGN_EXPORT_FORMATS)[number];

export type ExportFile = { body: Uint8Array | string; contentType: string; filename: string };

export function parseExportFormat<F extends ExportFormat>(value: string | undefined, allowed: readonly F[]): F {
  const format = (value ?? "").trim().toLowerCase();
  if (format === "markdown" && (allowed as readonly string[]).includes("md")) return "md" as F;
  if (!(allowed as readonly string[]).includes(format)) {
    throw badRequest(`Unsupported export format${value ? ` "${value.slice(0, 40)}"` : ""}. Use one of: ${allowed.join(", ")}.`, "invalid_export_format");
  }
  return format as F;
}

/** A filename safe on every OS and in a header: ASCII letters, digits and dashes, at most 80. */
export function safeFilename(name: string, suffix: string): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|(?<!-)-+$/g, "")
      .slice(0, 80)
      .replace(/(?<!-)-+$/, "") || "exercise";
  return `${base}${suffix}`;
}

/** What an export reads besides the exercise: where the app lives, the time, and for the schedule its day and session. */
export type ExportContext = { appUrl: string; now: Date; day1?: number | null; session?: ScheduleSession | null };

export async function renderExport(row: Exercise & { campaignId?: string }, format: ExportFormat, context: ExportContext): Promise<ExportFile> {
  const name = row.name.trim() || UNTITLED;
  switch (format) {
    case "json":
      return {
        body: JSON.stringify(exerciseToJson(row, context.now, mselSchemaUrl(context.appUrl)), null, 2),
        contentType: "application/json; charset=utf-8",
        filename: safeFilename(name, ".json"),
      };
    case "csv":
      return { body: mselToCsv(row.mselTable ?? []), contentType: "text/csv; charset=utf-8", filename: safeFilename(name, "-MSEL.csv") };
    case "xlsx": {
      const { mselToXlsx } = await import("./xlsx");
      return { body: mselToXlsx(name, row.mselTable ?? [], context.now), contentType: XLSX_TYPE, filename: safeFilename(name, "-MSEL.xlsx") };
    }
    case "cap": {
      const capContext = { exerciseId: row.id, exerciseName: name, threatType: row.threatType ?? "", host: new URL(context.appUrl).host, sent: context.now };
      const cap = mselToCap(row.mselTable ?? [], capContext);
      return cap.zipped
        ? { body: cap.body, contentType: "application/zip", filename: safeFilename(name, "-CAP.zip") }
        : { body: cap.body, contentType: "application/cap+xml; charset=utf-8", filename: safeFilename(name, "-CAP.xml") };
    }
    case "ics":
      return {
        body: scheduleToIcs({
          exerciseId: row.id,
          exerciseName: name,
          rows: row.mselTable ?? [],
          day1: context.day1 ?? null,
          session: context.session ?? null,
          host: new URL(context.appUrl).host,
          now: context.now.getTime(),
        }),
        contentType: "text/calendar; charset=utf-8",
        filename: safeFilename(name, "-schedule.ics"),
      };
    case "md":
      return { body: sitmanToMarkdown(buildSitMan(row)), contentType: "text/markdown; charset=utf-8", filename: safeFilename(name, "-discussion-guide.md") };
    case "docx": {
      const { renderDocx } = await import("./docx");
      return {
        body: await renderDocx(buildSitMan(row)),
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        filename: safeFilename(name, "-Situation-Manual.docx"),
      };
    }
    case "pdf": {
      const { renderPdf } = await import("./pdf");
      return { body: await renderPdf(buildSitMan(row)), contentType: "application/pdf", filename: safeFilename(name, "-Situation-Manual.pdf") };
    }
  }
}

export function fileResponse(file: ExportFile): Response {
  return new Response(file.body as BodyInit, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
