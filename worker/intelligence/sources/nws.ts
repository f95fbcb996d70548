import { z } from "zod";
import { type AdapterSettings, joinUrl, nowOf, policyFor, sinceMs, DAY_MS } from "./common";
import { fetchJson } from "./http";
import { entryOf, parseFeed, plain, toIso } from "./text";
import { type IntelItem, type IntelRegion, type IntelSource, type SearchOptions, type Severity, SourceError } from "./types";

/**
 * National Weather Service active alerts (https://api.weather.gov/alerts/active, GeoJSON with
 * CAP properties). No key, but NWS refuses requests without a User-Agent naming the caller.
 * Alerts are chosen by place, not words: `point=lat,lon` when the region has one, else
 * `area=<state>`; everything active there is relevant to an emergency manager's question, so the
 * query text is not used. Without a US state the source is skipped (NWS covers the US only).
 */
export const NWS_NAME = "National Weather Service";
const LABEL = "NWS";
const MAX_BYTES = 4 * 1024 * 1024;
/** Active alerts are current by definition; this only bounds `since` when none is given. */
const DEFAULT_WINDOW_MS = 7 * DAY_MS;

const properties = z.object({
  "@id": z.string().nullish(),
  id: z.string().min(1),
  areaDesc: z.string().nullish(),
  sent: z.string(),
  effective: z.string().nullish(),
  expires: z.string().nullish(),
  ends: z.string().nullish(),
  status: z.string().nullish(),
  messageType: z.string().nullish(),
  severity: z.string().nullish(),
  urgency: z.string().nullish(),
  certainty: z.string().nullish(),
  category: z.string().nullish(),
  sender: z.string().nullish(),
  event: z.string().min(1),
  senderName: z.string().nullish(),
  headline: z.string().nullish(),
  description: z.string().nullish(),
  instruction: z.string().nullish(),
});
const feature = z.object({ id: z.string().nullish(), properties });
const collection = z.object({ type: z.literal("FeatureCollection"), features: z.array(z.unknown()) });

export type NwsAlert = z.infer<typeof properties> & { featureId?: string | null };

const SEVERITIES: Severity[] = ["extreme", "severe", "moderate", "minor", "unknown"];
const severityOf = (value: string | null | undefined): Severity => {
  const s = (value ?? "").toLowerCase() as Severity;
  return SEVERITIES.includes(s) ? s : "unknown";
};

/** Query string for /alerts/active: actual alerts only (no tests or exercises) for the region. */
function nwsQuery(region: IntelRegion | undefined): URLSearchParams | null {
  const params = new URLSearchParams({ status: "actual" });
  if (region?.point) params.set("point", `${region.point.lat.toFixed(4)},${region.point.lon.toFixed(4)}`);
  else if (region?.state) params.set("area", region.state);
  else return null;
  return params;
}

/** "Brackwater County" → "brackwater": how NWS area descriptions name counties varies ("King", "King County", "Western King"). */
const areaKey = (area: string) =>
  area
    .toLowerCase()
    .replace(/\b(county|parish|borough|city( of)?|municipality)\b/g, " ")
    .replace(/[^a-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The alerts worth showing, best first: still in force at `now`, sent since `since`, not
 * cancellations; when the region names an area and some alerts mention it, only those (else the
 * state's alerts stand: a county planner still needs the statewide picture). Severity, then newest.
 */
export function selectNwsAlerts(alerts: NwsAlert[], region: IntelRegion | undefined, since: number, now: number, limit: number): NwsAlert[] {
  let current = alerts.filter((a) => {
    if (a.messageType === "Cancel") return false;
    const ends = Date.parse(a.ends ?? a.expires ?? "");
    if (Number.isFinite(ends) && ends < now) return false;
    return Date.parse(a.sent) >= since;
  });
  const key = region?.area && !region.point ? areaKey(region.area) : "";
  if (key) {
    const local = current.filter((a) => ` ${areaKey(a.areaDesc ?? "")} `.includes(` ${key} `));
    if (local.length > 0) current = local;
  }
  const rank = (a: NwsAlert) => SEVERITIES.indexOf(severityOf(a.severity));
  return [...current].sort((a, b) => rank(a) - rank(b) || Date.parse(b.sent) - Date.parse(a.sent) || a.id.localeCompare(b.id)).slice(0, limit);
}

function normaliseNwsAlert(alert: NwsAlert): IntelItem | null {
  const publishedAt = toIso(alert.sent);
  const url = alert["@id"] ?? alert.featureId;
  if (!publishedAt || !url) return null;
  return {
    id: `nws:${alert.id}`,
    source: "nws",
    sourceName: NWS_NAME,
    kind: "hazard-alert",
    title: plain(alert.headline || alert.event, 300),
    publisher: alert.senderName || NWS_NAME,
    url,
    publishedAt,
    summary: plain([alert.description, alert.instruction].filter(Boolean).join(" ")),
    severity: severityOf(alert.severity),
    ...(alert.areaDesc ? { area: plain(alert.areaDesc, 300) } : {}),
  };
}

const parseNwsAlerts = (body: unknown): NwsAlert[] =>
  parseFeed(
    collection.safeParse(body).data?.features,
    entryOf(feature, (f) => ({ ...f.properties, featureId: f.id })),
    `${LABEL} answered alerts in an unexpected shape.`,
  );

export function nwsSource(settings: AdapterSettings): IntelSource {
  return {
    id: "nws",
    name: NWS_NAME,
    async search(_query: string, options: SearchOptions) {
      const params = nwsQuery(options.region);
      if (!params) throw new SourceError("skipped", `${LABEL} alerts need a US state in the profile.`);
      const body = await fetchJson(
        `${joinUrl(settings.baseUrl, "/alerts/active")}?${params}`,
        { headers: { accept: "application/geo+json", "user-agent": settings.userAgent } },
        policyFor(LABEL, settings, options, MAX_BYTES),
      );
      const selected = selectNwsAlerts(parseNwsAlerts(body), options.region, sinceMs(options, DEFAULT_WINDOW_MS), nowOf(options), options.limit);
      return selected.map(normaliseNwsAlert).filter((i): i is IntelItem => i !== null);
    },
  };
}

/** What an NWS alert id looks like ("urn:oid:2.49.0.1.840.0.…"): anything else is not asked for. */
const NWS_ALERT_ID = /^[\w.:-]{1,200}$/;

/**
 * One alert by its id (GET /alerts/{id}, a GeoJSON Feature with the CAP properties, as the active
 * list gives them): "Use as inject" reads the whole text of an alert an answer cited. Rejects with
 * a SourceError like a search (the caller decides what to do without it).
 */
export async function fetchNwsAlert(settings: AdapterSettings, id: string, options: Pick<SearchOptions, "now" | "signal"> = {}): Promise<NwsAlert> {
  if (!NWS_ALERT_ID.test(id)) throw new SourceError("malformed", `${LABEL} alert ids look like urn:oid:2.49.0.1.840.0.…`);
  const body = await fetchJson(
    joinUrl(settings.baseUrl, `/alerts/${id}`),
    { headers: { accept: "application/geo+json", "user-agent": settings.userAgent } },
    policyFor(LABEL, settings, { ...options, limit: 1 }, MAX_BYTES),
  );
  const parsed = feature.safeParse(body);
  if (!parsed.success) throw new SourceError("malformed", `${LABEL} answered the alert in an unexpected shape.`);
  return { ...parsed.data.properties, featureId: parsed.data.id };
}
