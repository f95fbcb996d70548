import { z } from "zod";
import { type AdapterSettings, DAY_MS, joinUrl, policyFor, sinceMs } from "./common";
import { fetchJson } from "./http";
import { US_STATES } from "./region";
import { entryOf, parseFeed, plain, titleCase, toIso } from "./text";
import type { IntelItem, IntelRegion, IntelSource, SearchOptions } from "./types";

/**
 * OpenFEMA Disaster Declarations Summaries (https://www.fema.gov/api/open/v2/
 * DisasterDeclarationsSummaries), an OData endpoint with no key: `$filter` by declaration date
 * (and state), `$orderby` newest first, `$top`, `$select` to keep rows small. The dataset has one
 * row per designated area (county, tribe), so rows are grouped into one item per declaration.
 * Declarations are chosen by date and place, not words: the query text is not used.
 */
export const OPENFEMA_NAME = "FEMA (OpenFEMA)";
const LABEL = "OpenFEMA";
const MAX_BYTES = 2 * 1024 * 1024;
/** Declarations are rare (a few a week nationwide): a quarter gives planners the current picture. */
const DEFAULT_WINDOW_MS = 90 * DAY_MS;
/** Rows, not declarations: one hurricane declaration can designate 250 counties. */
const TOP = 1000;
const MAX_AREAS_LISTED = 12;
const DATASET = "DisasterDeclarationsSummaries";
const SELECT = [
  "femaDeclarationString",
  "disasterNumber",
  "state",
  "declarationType",
  "declarationDate",
  "incidentType",
  "declarationTitle",
  "incidentBeginDate",
  "incidentEndDate",
  "designatedArea",
  "ihProgramDeclared",
  "iaProgramDeclared",
  "paProgramDeclared",
  "hmProgramDeclared",
];

/** v2 answers booleans; v1 answered 0/1 — both read as a flag. */
const flag = z.union([z.boolean(), z.number()]).nullish();
const row = z.object({
  femaDeclarationString: z.string().min(1),
  disasterNumber: z.number().int(),
  state: z.string(),
  declarationType: z.string(),
  declarationDate: z.string(),
  incidentType: z.string().nullish(),
  declarationTitle: z.string().nullish(),
  incidentBeginDate: z.string().nullish(),
  incidentEndDate: z.string().nullish(),
  designatedArea: z.string().nullish(),
  ihProgramDeclared: flag,
  iaProgramDeclared: flag,
  paProgramDeclared: flag,
  hmProgramDeclared: flag,
});
const answer = z.object({ [DATASET]: z.array(z.unknown()) });

type DeclarationRow = z.infer<typeof row>;

/** OData string literal: a quote inside is doubled. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The query string. Built by hand, not with URLSearchParams: OData's `$` option names must stay
 * literal, while values are percent-encoded.
 */
export function openFemaQuery(since: number, region: IntelRegion | undefined): string {
  const clauses = [`declarationDate ge ${literal(new Date(since).toISOString())}`];
  if (region?.state) clauses.push(`state eq ${literal(region.state)}`);
  const options: [string, string][] = [
    ["$filter", clauses.join(" and ")],
    ["$orderby", "declarationDate desc"],
    ["$top", String(TOP)],
    ["$select", SELECT.join(",")],
  ];
  return options.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
}

const TYPE_NAMES: Record<string, string> = { DR: "Major disaster declaration", EM: "Emergency declaration", FM: "Fire management assistance declaration" };
const PROGRAMS: [keyof DeclarationRow, string][] = [
  ["iaProgramDeclared", "Individual Assistance"],
  ["ihProgramDeclared", "Individuals and Households"],
  ["paProgramDeclared", "Public Assistance"],
  ["hmProgramDeclared", "Hazard Mitigation"],
];
const day = (iso: string | null | undefined) => toIso(iso)?.slice(0, 10) ?? null;

/** One item per declaration (rows arrive newest first and stay in that order), at most `limit`. */
function groupDeclarations(rows: DeclarationRow[], limit: number): IntelItem[] {
  const groups = new Map<string, DeclarationRow[]>();
  for (const r of rows) {
    const list = groups.get(r.femaDeclarationString);
    if (list) list.push(r);
    else if (groups.size < limit) groups.set(r.femaDeclarationString, [r]);
  }
  return [...groups.values()].map(normaliseDeclaration).filter((i): i is IntelItem => i !== null);
}

function normaliseDeclaration(rows: DeclarationRow[]): IntelItem | null {
  const first = rows[0]!;
  const publishedAt = toIso(first.declarationDate);
  if (!publishedAt) return null;
  const areas = [...new Set(rows.map((r) => r.designatedArea).filter((a): a is string => Boolean(a)))];
  const listed = areas.slice(0, MAX_AREAS_LISTED).join(", ") + (areas.length > MAX_AREAS_LISTED ? ` and ${areas.length - MAX_AREAS_LISTED} more` : "");
  const programs = PROGRAMS.filter(([key]) => rows.some((r) => Boolean(r[key]))).map(([, name]) => name);
  const begin = day(first.incidentBeginDate);
  const end = day(first.incidentEndDate);
  const summary = [
    `${TYPE_NAMES[first.declarationType] ?? `Declaration (${first.declarationType})`} for ${US_STATES[first.state] ?? first.state}${first.incidentType ? `: ${first.incidentType}` : ""}.`,
    begin ? `Incident period ${begin}${end ? ` to ${end}` : " (continuing)"}.` : "",
    listed ? `Designated areas: ${listed}.` : "",
    programs.length ? `Programs: ${programs.join(", ")}.` : "",
  ];
  return {
    id: `openfema:${first.femaDeclarationString}`,
    source: "openfema",
    sourceName: OPENFEMA_NAME,
    kind: "disaster-declaration",
    title: plain(`${titleCase(first.declarationTitle || first.incidentType || "Disaster declaration")} (${first.femaDeclarationString})`, 300),
    publisher: "FEMA",
    // The public page of the declaration (the API base is configurable; this link is for people).
    url: `https://www.fema.gov/disaster/${first.disasterNumber}`,
    publishedAt,
    summary: plain(summary.filter(Boolean).join(" ")),
    ...(areas.length ? { area: plain(areas.join("; "), 300) } : {}),
  };
}

const parseDeclarations = (body: unknown): DeclarationRow[] =>
  parseFeed(answer.safeParse(body).data?.[DATASET], entryOf(row), `${LABEL} answered declarations in an unexpected shape.`);

export function openFemaSource(settings: AdapterSettings): IntelSource {
  return {
    id: "openfema",
    name: OPENFEMA_NAME,
    async search(_query: string, options: SearchOptions) {
      const url = `${joinUrl(settings.baseUrl, `/api/open/v2/${DATASET}`)}?${openFemaQuery(sinceMs(options, DEFAULT_WINDOW_MS), options.region)}`;
      const body = await fetchJson(
        url,
        { headers: { accept: "application/json", "user-agent": settings.userAgent } },
        policyFor(LABEL, settings, options, MAX_BYTES),
      );
      return groupDeclarations(parseDeclarations(body), options.limit);
    },
  };
}
