import { describe, expect, it } from "vitest";
import { dateFormat, dateSettingsFrom } from "../../web/lib/dates";

describe("dates in the reader's locale and zone (issue 30 item 8)", () => {
  const moment = "2026-03-14T23:30:00.000Z";

  it("takes the best Accept-Language tag the runtime can format, and the zone from the cookie", () => {
    expect(dateSettingsFrom("en-GB,en;q=0.8", "Asia/Tokyo")).toEqual({ locale: "en-GB", timeZone: "Asia/Tokyo" });
    expect(dateSettingsFrom("fr;q=0.5, de-DE;q=0.9", null).locale).toBe("de-DE");
    expect(dateSettingsFrom("*, en-AU", undefined).locale).toBe("en-AU");
  });

  it("falls back to en-US and UTC for a missing, unreadable or hostile header", () => {
    expect(dateSettingsFrom(null, null)).toEqual({ locale: "en-US", timeZone: "UTC" });
    expect(dateSettingsFrom("!!!, ;;;", "Mars/Olympus_Mons")).toEqual({ locale: "en-US", timeZone: "UTC" });
    expect(dateSettingsFrom(`${"x-".repeat(50_000)}en`, "A".repeat(10_000))).toEqual({ locale: "en-US", timeZone: "UTC" });
  });

  it("writes a day and a moment in that locale and zone", () => {
    expect(dateFormat({ locale: "en-US", timeZone: "UTC" }).day(moment)).toBe("Mar 14, 2026");
    expect(dateFormat({ locale: "en-GB", timeZone: "UTC" }).day(moment)).toBe("14 Mar 2026");
    // Half past eleven at night in UTC is the next morning in Tokyo.
    expect(dateFormat({ locale: "en-GB", timeZone: "Asia/Tokyo" }).day(moment)).toBe("15 Mar 2026");
    expect(dateFormat({ locale: "en-US", timeZone: "UTC" }).dayTime(moment)).toBe("Mar 14, 2026, 11:30 PM UTC");
    expect(dateFormat({ locale: "en-US", timeZone: "America/New_York" }).dayTime(moment)).toBe("Mar 14, 2026, 7:30 PM EDT");
  });

  it("keeps a calendar day (a due date) the same day in every zone, and writes — for nothing", () => {
    expect(dateFormat({ locale: "en-US", timeZone: "Pacific/Honolulu" }).day("2026-03-14")).toBe("Mar 14, 2026");
    expect(dateFormat({ locale: "en-GB", timeZone: "Pacific/Kiritimati" }).day("2026-03-14")).toBe("14 Mar 2026");
    expect(dateFormat().day(null)).toBe("—");
    expect(dateFormat().dayTime("not a date")).toBe("—");
  });
});
