import { json, providerFake } from "./scenario.ts";

/**
 * Fake OpenFEMA: GET /api/open/v2/DisasterDeclarationsSummaries with OData options ($filter,
 * $orderby, $top, $select) → { metadata, DisasterDeclarationsSummaries: [rows] }, one row per
 * designated area as the real dataset has. $filter understands what the real service does for the
 * clauses used here — `field eq|ne|gt|ge|lt|le 'value'` joined by `and` — and answers 400 for
 * anything else, so a malformed filter fails here as it would there.
 */
type Row = Record<string, string | number | boolean | null>;

const row = (
  decl: string,
  number: number,
  state: string,
  type: string,
  date: string,
  incident: string,
  title: string,
  area: string,
  begin: string,
  end: string | null,
): Row => ({
  femaDeclarationString: decl,
  disasterNumber: number,
  state,
  declarationType: type,
  declarationDate: date,
  fyDeclared: 2026,
  incidentType: incident,
  declarationTitle: title,
  ihProgramDeclared: type === "DR",
  iaProgramDeclared: false,
  paProgramDeclared: true,
  hmProgramDeclared: type === "DR",
  incidentBeginDate: begin,
  incidentEndDate: end,
  disasterCloseoutDate: null,
  tribalRequest: false,
  fipsStateCode: state === "WA" ? "53" : "41",
  fipsCountyCode: "033",
  placeCode: "99033",
  designatedArea: area,
  declarationRequestNumber: `26${number}`,
  lastIAFilingDate: null,
  incidentId: `${number}`,
  region: 10,
  designatedIncidentTypes: "4",
  lastRefresh: "2026-03-01T12:00:00.000Z",
  hash: `hash${number}${area}`,
  id: `00000000-0000-4000-8000-${String(number).padStart(6, "0")}${area.length.toString().padStart(6, "0")}`,
});

export const FEMA_ROWS: Row[] = [
  row(
    "DR-4901-WA",
    4901,
    "WA",
    "DR",
    "2026-02-20T00:00:00.000Z",
    "Severe Storm",
    "SEVERE WINTER STORMS, STRAIGHT-LINE WINDS, AND FLOODING",
    "King (County)",
    "2026-01-28T00:00:00.000Z",
    "2026-02-04T00:00:00.000Z",
  ),
  row(
    "DR-4901-WA",
    4901,
    "WA",
    "DR",
    "2026-02-20T00:00:00.000Z",
    "Severe Storm",
    "SEVERE WINTER STORMS, STRAIGHT-LINE WINDS, AND FLOODING",
    "Pierce (County)",
    "2026-01-28T00:00:00.000Z",
    "2026-02-04T00:00:00.000Z",
  ),
  row(
    "DR-4901-WA",
    4901,
    "WA",
    "DR",
    "2026-02-20T00:00:00.000Z",
    "Severe Storm",
    "SEVERE WINTER STORMS, STRAIGHT-LINE WINDS, AND FLOODING",
    "Brackwater (County)",
    "2026-01-28T00:00:00.000Z",
    "2026-02-04T00:00:00.000Z",
  ),
  row("DR-4899-OR", 4899, "OR", "DR", "2026-02-25T00:00:00.000Z", "Flood", "SEVERE STORMS AND FLOODING", "Clatsop (County)", "2026-02-01T00:00:00.000Z", null),
  row(
    "DR-4899-OR",
    4899,
    "OR",
    "DR",
    "2026-02-25T00:00:00.000Z",
    "Flood",
    "SEVERE STORMS AND FLOODING",
    "Tillamook (County)",
    "2026-02-01T00:00:00.000Z",
    null,
  ),
  row("EM-3650-WA", 3650, "WA", "EM", "2026-01-10T00:00:00.000Z", "Fire", "WILDFIRES", "Statewide", "2026-01-05T00:00:00.000Z", "2026-01-12T00:00:00.000Z"),
  row(
    "DR-4800-WA",
    4800,
    "WA",
    "DR",
    "2025-06-01T00:00:00.000Z",
    "Flood",
    "FLOODING",
    "Lewis (County)",
    "2025-05-01T00:00:00.000Z",
    "2025-05-10T00:00:00.000Z",
  ),
];

type Clause = { field: string; op: string; value: string };

function parseFilter(filter: string): Clause[] | null {
  const clauses: Clause[] = [];
  for (const part of filter.split(/\s+and\s+/i)) {
    const m = /^\s*(\w+)\s+(eq|ne|gt|ge|lt|le)\s+'((?:[^']|'')*)'\s*$/.exec(part);
    if (!m) return null;
    clauses.push({ field: m[1]!, op: m[2]!, value: m[3]!.replace(/''/g, "'") });
  }
  return clauses;
}

function matches(r: Row, c: Clause): boolean {
  const a = String(r[c.field] ?? "");
  // Dates compare as instants (OpenFEMA accepts any ISO form); other values as text.
  const isDate = /Date$/.test(c.field);
  const x = isDate ? Date.parse(a) : a;
  const y = isDate ? Date.parse(c.value) : c.value;
  return { eq: x === y, ne: x !== y, gt: x > y, ge: x >= y, lt: x < y, le: x <= y }[c.op as "eq"];
}

export const openFemaFake = providerFake("openfema", ({ path, query, req, res }) => {
  if (req.method !== "GET" || path !== "/api/open/v2/DisasterDeclarationsSummaries") return false;
  const filter = query.get("$filter");
  const clauses = filter ? parseFilter(filter) : [];
  if (!clauses || clauses.some((c) => !(c.field in FEMA_ROWS[0]!))) {
    json(res, 400, { error: { code: 400, message: `Invalid $filter: ${filter}` } });
    return true;
  }
  let rows = FEMA_ROWS.filter((r) => clauses.every((c) => matches(r, c)));
  const order = /^(\w+)(?:\s+(asc|desc))?$/.exec(query.get("$orderby") ?? "");
  if (order) {
    const dir = order[2] === "desc" ? -1 : 1;
    rows = [...rows].sort((a, b) => (String(a[order[1]!]) < String(b[order[1]!]) ? -dir : String(a[order[1]!]) > String(b[order[1]!]) ? dir : 0));
  }
  rows = rows.slice(0, Math.min(Number(query.get("$top") ?? 1000), 10000));
  const select = query.get("$select")?.split(",");
  const out = select ? rows.map((r) => Object.fromEntries(select.map((f) => [f, r[f] ?? null]))) : rows;
  json(res, 200, {
    metadata: {
      skip: 0,
      filter: filter ?? "",
      orderby: query.get("$orderby") ?? "",
      select: select ?? null,
      rundate: "2026-03-02T12:00:00.000Z",
      top: rows.length,
      format: "json",
      metadata: true,
      entityname: "DisasterDeclarationsSummaries",
      version: "v2",
      url: req.url,
      count: 0,
    },
    DisasterDeclarationsSummaries: out,
  });
  return true;
});
