import type http from "node:http";
import { json, providerFake } from "./scenario.ts";

/**
 * Fake api.weather.gov: GET /alerts/active → a GeoJSON FeatureCollection of CAP alerts, and GET
 * /alerts/{id} → one of them as a Feature, as the real API answers (properties: id, areaDesc, geocode, sent, effective, expires, ends, status,
 * messageType, severity, certainty, urgency, event, senderName, headline, description,
 * instruction…). Like the real API it refuses a request without a User-Agent (403), answers 400
 * problem+json for an unknown area code, and filters by `area` (state codes), `point` (here: a
 * crude latitude split between the fixtures' two states) and `status`. Under the `recent` scenario
 * every time moves so that NWS_FIXTURE_NOW falls on the anchor set with `setNwsRecentAnchor` (the
 * e2e set-up passes the app's own clock): the alerts are in force for a run on the real clock.
 */
export const NWS_FIXTURE_NOW = "2026-03-02T12:00:00Z";

type Alert = { state: string; properties: Record<string, unknown> };

const alert = (n: number, state: string, p: Record<string, unknown>): Alert => {
  const id = `urn:oid:2.49.0.1.840.0.fake${n}`;
  return {
    state,
    properties: {
      "@id": `https://api.weather.gov/alerts/${id}`,
      "@type": "wx:Alert",
      id,
      geocode: { SAME: [], UGC: [`${state}Z00${n}`] },
      affectedZones: [`https://api.weather.gov/zones/forecast/${state}Z00${n}`],
      references: [],
      status: "Actual",
      messageType: "Alert",
      category: "Met",
      certainty: "Likely",
      urgency: "Expected",
      sender: "w-nws.webmaster@noaa.gov",
      response: "Prepare",
      parameters: {},
      ...p,
    },
  };
};

export const NWS_ALERTS: Alert[] = [
  alert(1, "WA", {
    areaDesc: "Brackwater; King",
    sent: "2026-03-02T08:00:00-08:00",
    effective: "2026-03-02T08:00:00-08:00",
    expires: "2026-03-03T08:00:00-08:00",
    ends: "2026-03-03T20:00:00-08:00",
    severity: "Severe",
    event: "Flood Warning",
    senderName: "NWS Seattle WA",
    headline: "Flood Warning issued March 2 at 8:00AM PST until March 3 at 8:00PM PST by NWS Seattle WA",
    description: "* WHAT...Flooding caused by excessive rainfall.\n\n* WHERE...The Brackwater River at Millbrook.",
    instruction: "Turn around, don't drown when encountering flooded roads.",
  }),
  alert(2, "WA", {
    areaDesc: "Western Whatcom; Skagit Valley",
    sent: "2026-03-02T05:00:00-08:00",
    expires: "2026-03-02T20:00:00-08:00",
    ends: null,
    severity: "Moderate",
    event: "Wind Advisory",
    senderName: "NWS Seattle WA",
    headline: "Wind Advisory issued March 2 at 5:00AM PST by NWS Seattle WA",
    description: "South winds 25 to 35 mph with gusts up to 50 mph.",
    instruction: null,
  }),
  alert(3, "WA", {
    areaDesc: "Lower Columbia Basin",
    sent: "2026-02-28T22:00:00-08:00",
    expires: "2026-03-01T10:00:00-08:00",
    severity: "Minor",
    event: "Frost Advisory",
    senderName: "NWS Pendleton OR",
    headline: "Frost Advisory (expired) by NWS Pendleton OR",
    description: "Temperatures as low as 30.",
  }),
  alert(4, "OR", {
    areaDesc: "Northern Oregon Cascades",
    sent: "2026-03-02T03:00:00-08:00",
    expires: "2026-03-03T04:00:00-08:00",
    severity: "Severe",
    event: "Winter Storm Warning",
    senderName: "NWS Portland OR",
    headline: "Winter Storm Warning issued March 2 at 3:00AM PST by NWS Portland OR",
    description: "Heavy snow expected above 3000 feet.",
  }),
  alert(5, "WA", {
    areaDesc: "King",
    status: "Test",
    sent: "2026-03-02T09:00:00-08:00",
    expires: "2026-03-02T21:00:00-08:00",
    severity: "Unknown",
    event: "Test Message",
    senderName: "NWS Seattle WA",
    headline: "This is a test message",
  }),
  alert(6, "WA", {
    areaDesc: "Skagit Valley",
    messageType: "Cancel",
    sent: "2026-03-02T07:00:00-08:00",
    expires: "2026-03-02T22:00:00-08:00",
    severity: "Minor",
    event: "Dense Fog Advisory",
    senderName: "NWS Seattle WA",
    headline: "The Dense Fog Advisory has been cancelled",
  }),
];

let recentAnchorMs: number | null = null;

/** The `recent` scenario's "now" (epoch ms), onto which NWS_FIXTURE_NOW moves. */
export function setNwsRecentAnchor(ms: number): void {
  recentAnchorMs = ms;
}

const TIME_FIELDS = ["sent", "effective", "onset", "expires", "ends"] as const;

/** The alerts with every time moved by the anchor's distance from NWS_FIXTURE_NOW (offsets written as UTC). */
function recentAlerts(): Alert[] {
  if (recentAnchorMs === null) throw new Error("fake nws: the recent scenario needs setNwsRecentAnchor() first");
  const shift = recentAnchorMs - Date.parse(NWS_FIXTURE_NOW);
  return NWS_ALERTS.map((a) => {
    const properties = { ...a.properties };
    for (const field of TIME_FIELDS) {
      const value = properties[field];
      if (typeof value === "string") properties[field] = new Date(Date.parse(value) + shift).toISOString();
    }
    return { ...a, properties };
  });
}

const KNOWN_AREAS = new Set(["WA", "OR", "CA", "TX", "FL", "NY", "PZ", "PK"]);

/** GET /alerts/{id}: one alert as a GeoJSON Feature (the active list's entry), 404 problem+json for an unknown id. */
function oneAlert(alerts: Alert[], id: string, res: http.ServerResponse) {
  const found = alerts.find((a) => a.properties.id === id);
  if (!found) {
    json(res, 404, { title: "Not Found", status: 404, detail: `Alert with ID "${id}" not found` }, "application/problem+json");
    return;
  }
  res.writeHead(200, { "content-type": "application/geo+json" });
  res.end(JSON.stringify({ "@context": [], id: found.properties["@id"], type: "Feature", geometry: null, properties: found.properties }));
}

export const nwsFake = providerFake("nws", ({ path, query, req, res, scenario }) => {
  const alerts = scenario?.name === "recent" ? recentAlerts() : NWS_ALERTS;
  if (req.method !== "GET" || !path.startsWith("/alerts/")) return false;
  if (!req.headers["user-agent"]) {
    json(res, 403, { title: "Forbidden", status: 403, detail: "A User-Agent header is required." }, "application/problem+json");
    return true;
  }
  if (path !== "/alerts/active") {
    oneAlert(alerts, decodeURIComponent(path.slice("/alerts/".length)), res);
    return true;
  }
  let states: string[] | null = null;
  const area = query.get("area");
  const point = query.get("point");
  if (area) {
    states = area.split(",");
    const bad = states.find((s) => !KNOWN_AREAS.has(s));
    if (bad) {
      json(res, 400, { title: "Bad Request", status: 400, detail: `Parameter "area" is invalid: ${bad}` }, "application/problem+json");
      return true;
    }
  } else if (point) {
    const lat = Number(point.split(",")[0]);
    states = [lat > 46 ? "WA" : "OR"];
  }
  const status = query.get("status");
  const features = alerts
    .filter((a) => (!states || states.includes(a.state)) && (!status || String(a.properties.status).toLowerCase() === status))
    .map((a) => ({
      id: a.properties["@id"],
      type: "Feature",
      geometry: null,
      properties: a.properties,
    }));
  res.writeHead(200, { "content-type": "application/geo+json" });
  res.end(
    JSON.stringify({
      "@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"],
      type: "FeatureCollection",
      features,
      title: "Current watches, warnings, and advisories",
      updated: "2026-03-02T20:00:00+00:00",
    }),
  );
  return true;
});
