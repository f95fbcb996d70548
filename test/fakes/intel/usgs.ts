import { providerFake } from "./scenario.ts";

/**
 * Fake earthquake.usgs.gov summary feeds: GET /earthquakes/feed/v1.0/summary/{mag}_{period}.geojson
 * → the real GeoJSON (metadata, features with properties mag, place, time in ms, url, title,
 * alert, tsunami, felt…, geometry [lon, lat, depth], bbox). The feed is "generated" at
 * USGS_FIXTURE_NOW; each file holds the fixture quakes of its magnitude and period, as the real ones do.
 */
export const USGS_FIXTURE_NOW = Date.parse("2026-03-02T12:00:00Z");
const HOUR = 3_600_000;

type Quake = {
  id: string;
  mag: number | null;
  place: string;
  time: number;
  lon: number;
  lat: number;
  depth: number;
  alert?: string;
  tsunami?: number;
  felt?: number;
};

export const QUAKES: Quake[] = [
  { id: "uw62000001", mag: 3.1, place: "12 km NE of Millbrook, Washington", time: USGS_FIXTURE_NOW - 2 * HOUR, lon: -122.1, lat: 47.6, depth: 18.2, felt: 40 },
  { id: "uw62000002", mag: 2.6, place: "5 km S of Mount St. Helens, Washington", time: USGS_FIXTURE_NOW - 30 * HOUR, lon: -122.19, lat: 46.15, depth: 3.1 },
  {
    id: "ci40000003",
    mag: 4.7,
    place: "10 km SW of Ridgecrest, CA",
    time: USGS_FIXTURE_NOW - 5 * HOUR,
    lon: -117.75,
    lat: 35.55,
    depth: 7.9,
    alert: "green",
    felt: 310,
  },
  { id: "ak02600004", mag: 5.2, place: "80 km SSE of Sand Point, Alaska", time: USGS_FIXTURE_NOW - 50 * HOUR, lon: -160.1, lat: 54.6, depth: 25, tsunami: 0 },
  {
    id: "us70000005",
    mag: 6.8,
    place: "95 km E of Miyako, Japan",
    time: USGS_FIXTURE_NOW - 3 * 24 * HOUR,
    lon: 142.9,
    lat: 39.7,
    depth: 30,
    alert: "yellow",
    tsunami: 1,
  },
  { id: "uw62000006", mag: 2.9, place: "3 km W of Westport, Washington", time: USGS_FIXTURE_NOW - 20 * 24 * HOUR, lon: -124.14, lat: 46.89, depth: 21 },
  { id: "wv6200007", mag: 2.7, place: "4 km N of Beckley, West Virginia", time: USGS_FIXTURE_NOW - 6 * HOUR, lon: -81.18, lat: 37.81, depth: 1.5 },
];

const PERIODS: Record<string, number> = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR, month: 30 * 24 * HOUR };
const MAGS: Record<string, number> = { significant: 6, "4.5": 4.5, "2.5": 2.5, "1.0": 1, all: -10 };

export const usgsFake = providerFake("usgs", ({ path, req, res }) => {
  const m = /^\/earthquakes\/feed\/v1\.0\/summary\/(significant|4\.5|2\.5|1\.0|all)_(hour|day|week|month)\.geojson$/.exec(path);
  if (req.method !== "GET" || !m) return false;
  const [, mag, period] = m;
  const quakes = QUAKES.filter((q) => (q.mag ?? 0) >= MAGS[mag!]! && q.time >= USGS_FIXTURE_NOW - PERIODS[period!]!);
  const features = quakes.map((q) => ({
    type: "Feature",
    properties: {
      mag: q.mag,
      place: q.place,
      time: q.time,
      updated: q.time + 600_000,
      tz: null,
      url: `https://earthquake.usgs.gov/earthquakes/eventpage/${q.id}`,
      detail: `https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/${q.id}.geojson`,
      felt: q.felt ?? null,
      cdi: null,
      mmi: null,
      alert: q.alert ?? null,
      status: "reviewed",
      tsunami: q.tsunami ?? 0,
      sig: 100,
      net: q.id.slice(0, 2),
      code: q.id.slice(2),
      ids: `,${q.id},`,
      sources: `,${q.id.slice(0, 2)},`,
      types: ",origin,phase-data,",
      nst: 20,
      dmin: 0.1,
      rms: 0.2,
      gap: 60,
      magType: "ml",
      type: "earthquake",
      title: `M ${(q.mag ?? 0).toFixed(1)} - ${q.place}`,
    },
    geometry: { type: "Point", coordinates: [q.lon, q.lat, q.depth] },
    id: q.id,
  }));
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      type: "FeatureCollection",
      metadata: {
        generated: USGS_FIXTURE_NOW,
        url: `https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/${mag}_${period}.geojson`,
        title: `USGS Magnitude ${mag}+ Earthquakes, Past ${period}`,
        status: 200,
        api: "1.14.1",
        count: features.length,
      },
      features,
      bbox: [-180, -90, -10, 180, 90, 700],
    }),
  );
  return true;
});
