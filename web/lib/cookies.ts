/**
 * Browser-visible layout and onboarding cookies (spec §9). Read on the server by the root loader
 * so the first HTML already has the right layout (no flicker), written in the browser on toggle.
 * Pure functions apart from `writeCookie`/`readCookie`, which touch `document.cookie`.
 */

export const LAYOUT_COOKIES = {
  sidebarOpen: "sidebarOpen",
  moduleBarOpen: "moduleBarOpen",
  documentToolbarOpen: "documentToolbarOpen",
  exerciseToolbarOpen: "exerciseToolbarOpen",
  navbarMenuOpen: "navbarMenuOpen",
} as const;

export type LayoutKey = keyof typeof LAYOUT_COOKIES;
export type LayoutState = Record<LayoutKey, boolean>;

/** Spec §9 names only the module bar's default (open); the desktop sidebar starts open too. */
export const LAYOUT_DEFAULTS: LayoutState = {
  sidebarOpen: true,
  moduleBarOpen: true,
  documentToolbarOpen: false,
  exerciseToolbarOpen: false,
  navbarMenuOpen: false,
};

export const SHOW_GETTING_STARTED_COOKIE = "showGettingStartedModalOnNextLogin";

/** Spec §9: the Ask Readyroom model picker's choice (a model id, not a layout flag). */
export const DOCUMENT_CHAT_MODEL_COOKIE = "selectedDocumentChatModel";

/** Spec §9: whether the dashboard shows the Threats panel (latest intelligence briefs); default on. */
export const THREAT_INTELLIGENCE_COOKIE = "threatIntelligenceEnabled";

/** Spec §9: cookie storage defaults to 365 days; the welcome cookie stays 30 days. */
const COOKIE_DEFAULT_DAYS = 365;
const DAY_SECONDS = 24 * 60 * 60;

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

function parseBool(value: string | undefined, fallback: boolean) {
  if (value === "true") return true;
  if (value === "false") return false;
  return fallback;
}

export function readLayoutState(cookieHeader: string | null | undefined): LayoutState {
  const cookies = parseCookies(cookieHeader);
  const state = { ...LAYOUT_DEFAULTS };
  for (const key of Object.keys(LAYOUT_COOKIES) as LayoutKey[]) {
    state[key] = parseBool(cookies[LAYOUT_COOKIES[key]], LAYOUT_DEFAULTS[key]);
  }
  return state;
}

/** The Threats panel's switch: on unless the cookie says "false" (spec §9, default on). */
export function readThreatIntelligenceEnabled(cookieHeader: string | null | undefined): boolean {
  return parseBool(parseCookies(cookieHeader)[THREAT_INTELLIGENCE_COOKIE], true);
}

export type CookieOptions = { days?: number; secure?: boolean; path?: string };

/** Serialises one cookie; `days <= 0` deletes it. */
export function serializeCookie(name: string, value: string, { days = COOKIE_DEFAULT_DAYS, secure = false, path = "/" }: CookieOptions = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, `Max-Age=${Math.max(0, Math.round(days * DAY_SECONDS))}`, "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

function isHttps() {
  return typeof location !== "undefined" && location.protocol === "https:";
}

export function writeCookie(name: string, value: string, days = COOKIE_DEFAULT_DAYS) {
  if (typeof document === "undefined") return;
  document.cookie = serializeCookie(name, value, { days, secure: isHttps() });
}

export function deleteCookie(name: string) {
  writeCookie(name, "", 0);
}

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return parseCookies(document.cookie)[name];
}
