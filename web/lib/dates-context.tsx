import * as React from "react";
import { writeCookie } from "./cookies";
import { dateFormat, DEFAULT_DATE_SETTINGS, TIME_ZONE_COOKIE, type DateFormat, type DateSettings } from "./dates";

const DateSettingsContext = React.createContext<DateSettings>(DEFAULT_DATE_SETTINGS);

/**
 * Gives every page the reader's date settings from the root loader. The browser's own zone is
 * remembered for the next page load rather than switched to now: changing text after hydration
 * would make the server's render and the browser's disagree.
 */
export function DateSettingsProvider({ settings, children }: { settings: DateSettings; children: React.ReactNode }) {
  React.useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== settings.timeZone) writeCookie(TIME_ZONE_COOKIE, zone);
  }, [settings.timeZone]);
  return <DateSettingsContext.Provider value={settings}>{children}</DateSettingsContext.Provider>;
}

/** `const { day, dayTime } = useDates()` — the one way a component writes a date. */
export function useDates(): DateFormat {
  const settings = React.useContext(DateSettingsContext);
  return React.useMemo(() => dateFormat(settings), [settings]);
}
