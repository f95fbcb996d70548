import { z } from "zod";
import { type AdapterSettings, DAY_MS, joinUrl, nowOf, policyFor, sinceMs } from "./common";
import { fetchJson } from "./http";
import { distanceKm, stateOfPlace } from "./region";
import { entryOf, parseFeed, plain, toIso } from "./text";
import { type IntelItem, type IntelRegion, type IntelSource, type SearchOptions, type Severity } from "./types";

/**
 * USGS earthquake summary feeds (https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/
 * {magnitude}_{period}.geojson): static GeoJSON files, regenerated every minute, no key. They
 * take no parameters, so the feed is chosen by the window (hour, day, week, month) and the
 * region is applied here: within REGION_RADIUS_KM of the region's point, else in its state. A
 * region gets the M2.5+ feed (felt locally); no region, M4.5+ worldwide. The query text is not used.
 */
export const USGS_NAME = "U.S. Geological Survey";
const LABEL = "USGS";
/** The month of M2.5+ is about 1 MB; the month of everything would be ~10 MB and is never asked for. */
const MAX_BYTES = 4 * 1024 * 1024;
const DEFAULT_WINDOW_MS = 7 * DAY_MS;
const REGION_RADIUS_KM = 250;

const properties = z.object({
  mag: z.number().nullish(),
  place: z.string().nullish(),
  time: z.number(),
  url: z.string().min(1),
  title: z.string().nullish(),
  alert: z.string().nullish(),
  tsunami: z.number().nullish(),
  felt: z.number().nullish(),
  type: z.string().nullish(),
});
const feature = z.object({
  id: z.string().min(1),
  properties,
  geometry: z.object({ coordinates: z.array(z.number()).min(2) }).nullish(),
});
const collection = z.object({ type: z.literal("FeatureCollection"), features: z.array(z.unknown()) });

type Quake = z.infer<typeof feature>;

/** The feed file for a window starting at `since`: the smallest period that covers it (a month at most). */
export function usgsFeed(since: number, now: number, region: IntelRegion | undefined): string {
  const age = now - since;
  const period = age <= DAY_MS / 24 ? "hour" : age <= DAY_MS ? "day" : age <= 7 * DAY_MS ? "week" : "month";
  return `${region?.state || region?.point ? "2.5" : "4.5"}_${period}.geojson`;
}

function inRegion(quake: Quake, region: IntelRegion | undefined): boolean {
  if (region?.point) {
    const c = quake.geometry?.coordinates;
    return Boolean(c && distanceKm(region.point, { lon: c[0]!, lat: c[1]! }) <= REGION_RADIUS_KM);
  }
  if (region?.state) return stateOfPlace(quake.properties.place ?? "") === region.state;
  return true;
}

function selectQuakes(quakes: Quake[], region: IntelRegion | undefined, since: number, limit: number): Quake[] {
  return quakes
    .filter((q) => q.properties.time >= since && inRegion(q, region))
    .sort((a, b) => b.properties.time - a.properties.time || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** PAGER alert level when USGS assessed one, else a magnitude band. */
export function quakeSeverity(mag: number | null | undefined, alert: string | null | undefined): Severity {
  const pager: Record<string, Severity> = { red: "extreme", orange: "severe", yellow: "moderate", green: "minor" };
  if (alert && pager[alert]) return pager[alert]!;
  if (mag === null || mag === undefined) return "unknown";
  return mag >= 7 ? "extreme" : mag >= 6 ? "severe" : mag >= 5 ? "moderate" : "minor";
}

function normaliseQuake(quake: Quake): IntelItem | null {
  const p = quake.properties;
  const publishedAt = toIso(p.time);
  if (!publishedAt) return null;
  const depth = quake.geometry?.coordinates[2];
  const mag = typeof p.mag === "number" ? p.mag.toFixed(1) : "unknown";
  const facts = [
    `Magnitude ${mag} ${p.type && p.type !== "earthquake" ? p.type : "earthquake"}${p.place ? ` ${p.place}` : ""}${typeof depth === "number" ? ` at ${depth.toFixed(1)} km depth` : ""}.`,
    p.alert ? `PAGER alert level ${p.alert}.` : "",
    p.tsunami ? "Tsunami flag set: check tsunami.gov." : "",
    p.felt ? `${p.felt} felt report${p.felt === 1 ? "" : "s"}.` : "",
  ];
  return {
    id: `usgs:${quake.id}`,
    source: "usgs",
    sourceName: USGS_NAME,
    kind: "earthquake",
    title: plain(p.title || `M ${mag} - ${p.place ?? "unknown location"}`, 300),
    publisher: USGS_NAME,
    url: p.url,
    publishedAt,
    summary: plain(facts.filter(Boolean).join(" ")),
    severity: quakeSeverity(p.mag, p.alert),
    ...(p.place ? { area: p.place } : {}),
  };
}

const parseQuakes = (body: unknown): Quake[] =>
  parseFeed(collection.safeParse(body).data?.features, entryOf(feature), `${LABEL} answered a feed in an unexpected shape.`);

export function usgsSource(settings: AdapterSettings): IntelSource {
  return {
    id: "usgs",
    name: USGS_NAME,
    async search(_query: string, options: SearchOptions) {
      const since = sinceMs(options, DEFAULT_WINDOW_MS);
      const url = joinUrl(settings.baseUrl, `/earthquakes/feed/v1.0/summary/${usgsFeed(since, nowOf(options), options.region)}`);
      const body = await fetchJson(
        url,
        { headers: { accept: "application/geo+json", "user-agent": settings.userAgent } },
        policyFor(LABEL, settings, options, MAX_BYTES),
      );
      return selectQuakes(parseQuakes(body), options.region, since, options.limit)
        .map(normaliseQuake)
        .filter((i): i is IntelItem => i !== null);
    },
  };
}
