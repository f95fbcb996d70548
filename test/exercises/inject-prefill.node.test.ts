import { describe, expect, it } from "vitest";
import flood from "./fixtures/nws-flood-warning.cap.xml?raw";
import wind from "./fixtures/nws-wind-advisory.cap.xml?raw";
import { nextEvents } from "../../shared/exercises/msel-events";
import { addedRowsQuery, parseAddedRows, rowsAddedElsewhere } from "../../shared/exercises/msel-append";
import { CapFormatError, parseCapXml } from "../../worker/exercises/inject/cap-xml";
import { injectFromAlertSummary, injectFromAnswer, injectFromCap } from "../../worker/exercises/inject/prefill";

/** Issue 32 item 11: the pure parts of "Use as inject" and the CAP import. */

describe("event numbers continue the MSEL's sequence", () => {
  it("counts on from the largest number, keeping the last numbered row's prefix and padding", () => {
    expect(nextEvents([], 2)).toEqual(["1", "2"]);
    expect(nextEvents([{ event: "1" }, { event: "3" }, { event: "2" }], 1)).toEqual(["4"]);
    expect(nextEvents([{ event: "INJ-01" }, { event: "INJ-09" }, { event: "" }], 2)).toEqual(["INJ-10", "INJ-11"]);
    expect(nextEvents([{ event: "M1-2" }, { event: "M2-1" }], 1)).toEqual(["M2-2"]);
    expect(nextEvents([{ event: "Start of play" }, { event: null }], 1)).toEqual(["1"]);
  });

  it("reads a long event in linear time (user input)", () => {
    expect(nextEvents([{ event: `${"a".repeat(100_000)}7` }], 1)).toEqual([`${"a".repeat(100_000)}8`]);
  });
});

describe("rows added elsewhere while an editor was open", () => {
  const a = { event: "1", synopsis: "Start" };
  const b = { event: "2", synopsis: "Levee seepage", from: "" };
  const c = { event: "3", synopsis: "Flood warning", from: "NWS Seattle WA" };
  it("are the server's rows past the editor's, when the editor's are the server's first ones", () => {
    expect(rowsAddedElsewhere([a, b], [a, { ...b, from: undefined }, c])).toEqual([c]);
    expect(rowsAddedElsewhere([], [c])).toEqual([c]);
  });
  it("compare a drafted row's plan source by value (each copy of the MSEL has its own object)", () => {
    const sourced = (quote: string) => ({ ...a, source: { documentId: "d1", documentName: "EOP", chunkId: "c1", quote } });
    expect(rowsAddedElsewhere([sourced("Sirens sound.")], [sourced("Sirens sound."), c])).toEqual([c]);
    expect(rowsAddedElsewhere([sourced("Sirens sound.")], [sourced("Sirens wail."), c])).toBeNull();
  });
  it("are none when nothing was added, and unknown when the two differ otherwise", () => {
    expect(rowsAddedElsewhere([a, b], [a, b])).toBeNull();
    expect(rowsAddedElsewhere([a, { ...b, synopsis: "Edited here" }], [a, b, c])).toBeNull();
    expect(rowsAddedElsewhere([a, b, c], [a, b])).toBeNull();
  });
});

describe("the added rows in the editor's URL", () => {
  it("round-trips a range and refuses anything else", () => {
    expect(addedRowsQuery({ firstIndex: 4, count: 1 })).toBe("added=5");
    expect(addedRowsQuery({ firstIndex: 4, count: 3 })).toBe("added=5-7");
    expect(parseAddedRows("5-7")).toEqual({ from: 4, to: 6 });
    expect(parseAddedRows("5")).toEqual({ from: 4, to: 4 });
    for (const bad of [null, "", "0", "7-5", "x", "1-2-3"]) expect(parseAddedRows(bad)).toBeNull();
  });
});

describe("CAP 1.2 XML", () => {
  it("reads an NWS alert: identity, the English info, every area, entities and CDATA", () => {
    const [alert] = parseCapXml(flood);
    expect(alert).toMatchObject({
      identifier: "urn:oid:2.49.0.1.840.0.0a1b2c3d4e5f60718293a4b5c6d7e8f901234567.001.1",
      sender: "w-nws.webmaster@noaa.gov",
      sent: "2026-03-02T08:00:00-08:00",
      status: "Actual",
      msgType: "Alert",
      info: {
        language: "en-US",
        category: "Met",
        event: "Flood Warning",
        severity: "Severe",
        senderName: "NWS Seattle WA",
        expires: "2026-03-03T08:00:00-08:00",
        instruction: "Turn around, don't drown when encountering flooded roads. Most flood deaths occur in vehicles.",
        areaDesc: ["Brackwater; King"],
      },
    });
    expect(alert!.info!.description).toContain("The Brackwater River at Millbrook & low-lying");
  });

  it("reads a prefixed CAP namespace and several areas", () => {
    const [alert] = parseCapXml(wind);
    expect(alert).toMatchObject({
      status: "Exercise",
      msgType: "Update",
      info: { event: "Wind Advisory", headline: null, areaDesc: ["Western Whatcom", "Skagit Valley"] },
    });
  });

  it("refuses a document that is not CAP, and a CAP alert without what CAP requires, saying which", () => {
    expect(() => parseCapXml(`<?xml version="1.0"?><rss><channel><title>Alerts</title></channel></rss>`)).toThrow(CapFormatError);
    expect(() => parseCapXml(`<alert><identifier>x</identifier></alert>`)).toThrow(/no CAP alert/);
    expect(() => parseCapXml(flood.replace(/<sent>[^<]*<\/sent>/, ""))).toThrow(
      "Alert 1 has no <sent>: a CAP 1.2 alert needs identifier, sender, sent, status and msgType.",
    );
  });
});

describe("pre-filled injects, the same with or without an AI provider", () => {
  it("a CAP alert: headline, description and instruction, the issuing office, and a comment citing it and its time", () => {
    const row = injectFromCap(parseCapXml(flood)[0]!, { label: "the CAP file flood.xml" });
    expect(row).toMatchObject({
      synopsis: "Flood Warning issued March 2 at 8:00AM PST until March 3 at 8:00PM PST by NWS Seattle WA",
      from: "NWS Seattle WA",
      category: "Hazard alert",
    });
    expect(row.message).toBe(
      "* WHAT...Flooding caused by excessive rainfall is expected.\n\n* WHERE...The Brackwater River at Millbrook & low-lying areas of King County.\n\n* WHEN...Until 8:00 PM PST Tuesday.\n\nTurn around, don't drown when encountering flooded roads. Most flood deaths occur in vehicles.",
    );
    expect(row.comment).toBe(
      "Pre-filled from the CAP file flood.xml: Flood Warning (Severe, Immediate, Likely), sent 2026-03-02T08:00:00-08:00 by NWS Seattle WA. Expires 2026-03-03T08:00:00-08:00. Area: Brackwater; King. CAP identifier urn:oid:2.49.0.1.840.0.0a1b2c3d4e5f60718293a4b5c6d7e8f901234567.001.1. Source: http://www.weather.gov",
    );
    const exercise = injectFromCap(parseCapXml(wind)[0]!, { label: "the CAP file wind.xml" });
    expect(exercise.synopsis).toBe("Wind Advisory — Western Whatcom; Skagit Valley");
    expect(exercise.comment).toContain("CAP identifier urn:oid:2.49.0.1.840.0.fake2.002.1, status Exercise, Update.");
  });

  it("an answer: the question, the answer without markers or feed notes, the cited office, its sources and time", () => {
    const row = injectFromAnswer({
      content: "**Active warnings**\n- Flood Warning for the Brackwater River, NWS Seattle WA [2]. USGS could not be reached.\n\nRoads may close [1].",
      asked: "Flood risk on the Brackwater?",
      createdAt: "2026-03-02T12:00:00.000Z",
      notice: null,
      offline: true,
      citations: [
        {
          n: 1,
          itemId: "gdelt:1",
          title: "Roads close",
          publisher: "Daily Herald",
          publishedAt: "2026-03-02T10:00:00Z",
          url: null,
          kind: "news",
          sourceName: "GDELT",
        },
        {
          n: 2,
          itemId: "nws:x",
          title: "Flood Warning",
          publisher: "NWS Seattle WA",
          publishedAt: "2026-03-02T16:00:00Z",
          url: "https://api.weather.gov/alerts/x",
          kind: "hazard-alert",
          sourceName: "National Weather Service",
        },
      ],
    });
    expect(row).toMatchObject({
      synopsis: "Intelligence update: Flood risk on the Brackwater?",
      message: "Active warnings\n- Flood Warning for the Brackwater River, NWS Seattle WA.\n\nRoads may close.",
      from: "NWS Seattle WA",
      category: "Intelligence",
    });
    expect(row.comment).toBe(
      "Pre-filled from an intelligence answer of 2026-03-02 12:00 UTC (an offline digest of the fetched items, written without an AI model) to “Flood risk on the Brackwater?”. Sources: [1] Roads close — Daily Herald, 2026-03-02 10:00 UTC; [2] Flood Warning — NWS Seattle WA, 2026-03-02 16:00 UTC, https://api.weather.gov/alerts/x",
    );
  });

  it("a news alert summary: its title, its text without the Sources list, the first publisher, the sources in the comment", () => {
    const row = injectFromAlertSummary({
      queryText: "Brackwater flooding",
      title: "Brackwater flooding — 2026-03-02",
      triggerDate: "2026-03-02T12:00:00.000Z",
      content:
        "The river is rising [1].\n\n**Sources**\n\n1. [River rises at Millbrook](https://news.example/1) — Millbrook Gazette, 2026-03-02\n2. Levee watch — KXYZ, 2026-03-01",
    });
    expect(row).toMatchObject({ synopsis: "Brackwater flooding — 2026-03-02", message: "The river is rising.", from: "Millbrook Gazette", category: "News" });
    expect(row.comment).toBe(
      "Pre-filled from the news alert “Brackwater flooding”, summary of 2026-03-02 12:00 UTC. Sources: 1. River rises at Millbrook (https://news.example/1) — Millbrook Gazette, 2026-03-02; 2. Levee watch — KXYZ, 2026-03-01",
    );
  });
});
