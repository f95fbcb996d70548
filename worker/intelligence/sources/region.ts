import type { IntelRegion } from "./types";

/**
 * US states and territories by USPS code, the code NWS (`area=`), OpenFEMA (`state`) and USGS
 * place names use. A profile stores the state as typed ("Washington", "wa", "WA"), so it is
 * normalised here once.
 */
export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  VI: "U.S. Virgin Islands",
};

const BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** The USPS code of a state given by code or name ("Washington", " wa "), or null. */
export function usStateCode(text: string | null | undefined): string | null {
  const value = (text ?? "").trim().replace(/\s+/g, " ");
  if (!value) return null;
  const upper = value.toUpperCase();
  if (upper in US_STATES) return upper;
  return BY_NAME.get(value.toLowerCase().replace(/^state of /, "")) ?? null;
}

/**
 * The region official feeds are filtered by, from what a profile holds (spec: User.state, city,
 * country). A country other than the United States gives no state: NWS and OpenFEMA cover the US only.
 */
export function intelRegion(profile: { state?: string | null; city?: string | null; country?: string | null }): IntelRegion {
  const country = (profile.country ?? "").trim().toLowerCase();
  const inUs = !country || ["us", "usa", "united states", "united states of america"].includes(country);
  const state = inUs ? usStateCode(profile.state) : null;
  const area = profile.city?.trim();
  return { ...(state ? { state } : {}), ...(area ? { area } : {}) };
}

/**
 * The state a place as a provider words it is in ("10 km SW of Ridgecrest, CA", "Anchorage,
 * Alaska"), or null. The longest state name found wins, so "West Virginia" is not Virginia.
 */
export function stateOfPlace(place: string): string | null {
  const code = /,\s*([A-Z]{2})\s*$/.exec(place)?.[1];
  if (code && code in US_STATES) return code;
  let found: { code: string; length: number } | null = null;
  for (const [c, name] of Object.entries(US_STATES)) {
    if (new RegExp(`\\b${name.replace(/\./g, "\\.")}\\b`, "i").test(place) && name.length > (found?.length ?? 0)) found = { code: c, length: name.length };
  }
  return found?.code ?? null;
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
