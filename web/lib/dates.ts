/**
 * The app's one way of writing dates (issue 30 item 8): a day ("Nov 29, 2026" in en-US, "29 Nov
 * 2026" in en-GB) and a moment with its zone ("Nov 29, 2026, 3:04 PM EST"), in the reader's locale
 * (Accept-Language) and time zone (the browser's, remembered in a cookie; UTC until it is known).
 * The root loader decides both once per page load and every render — server and browser — formats
 * with that decision, so the hydrated page says exactly what the server wrote. A bare "YYYY-MM-DD"
 * is that calendar day everywhere. Missing or unreadable: "—".
 */
export type DateSettings = { locale: string; timeZone: string };

export const DEFAULT_DATE_SETTINGS: DateSettings = { locale: "en-US", timeZone: "UTC" };

/** Spec §9 cookie list: the browser's IANA time zone, written by the browser, read by the root loader. */
export const TIME_ZONE_COOKIE = "timeZone";

type DateInput = string | number | Date | null | undefined;

export type DateFormat = { day: (value: DateInput) => string; dayTime: (value: DateInput) => string };

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function supportedLocale(tag: string): string | null {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag])[0] ?? null;
  } catch {
    return null;
  }
}

function supportedTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The reader's settings from the request: the first Accept-Language tag the runtime can format
 * (quality order; at most 10 tags read so a long header costs nothing), and the time-zone cookie
 * when it names a real zone.
 */
export function dateSettingsFrom(acceptLanguage: string | null | undefined, timeZoneCookie: string | null | undefined): DateSettings {
  const tags = (acceptLanguage ?? "")
    .slice(0, 500)
    .split(",")
    .slice(0, 10)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((t) => t.tag && t.tag !== "*" && t.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  let locale: string | null = null;
  for (const t of tags) {
    locale = supportedLocale(t.tag);
    if (locale) break;
  }
  const zone = timeZoneCookie && timeZoneCookie.length <= 64 ? supportedTimeZone(timeZoneCookie) : null;
  return { locale: locale ?? DEFAULT_DATE_SETTINGS.locale, timeZone: zone ?? DEFAULT_DATE_SETTINGS.timeZone };
}

const formats = new Map<string, DateFormat>();

/** Formatters for one reader's settings (built once per locale and zone: Intl formatters are costly). */
export function dateFormat(settings: DateSettings = DEFAULT_DATE_SETTINGS): DateFormat {
  const key = `${settings.locale}|${settings.timeZone}`;
  const known = formats.get(key);
  if (known) return known;
  const day = new Intl.DateTimeFormat(settings.locale, { month: "short", day: "numeric", year: "numeric", timeZone: settings.timeZone });
  const dayTime = new Intl.DateTimeFormat(settings.locale, {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: settings.timeZone,
    timeZoneName: "short",
  });
  // A calendar day ("YYYY-MM-DD", a due date) is the same day in every zone.
  const calendarDay = new Intl.DateTimeFormat(settings.locale, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  const format: DateFormat = {
    day: (value) => {
      const date = toDate(value);
      if (!date) return "—";
      return (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? calendarDay : day).format(date);
    },
    dayTime: (value) => {
      const date = toDate(value);
      return date ? dayTime.format(date) : "—";
    },
  };
  if (formats.size < 200) formats.set(key, format);
  return format;
}
