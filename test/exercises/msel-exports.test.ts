import { strFromU8, unzipSync } from "fflate";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { MSEL_COLUMN_LABELS, mselColumns, type MselRow } from "../../shared/db/exercise-shapes";
import { getDb } from "../../worker/db/client";
import { conductSessions } from "../../worker/db/schema";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createCampaign, createExercise } from "./helpers";

/**
 * The MSEL exports of issue 32 through the export route: xlsx, JSON with its published schema, CAP
 * 1.2 and the conduct schedule as iCalendar. The formats' own details are tested beside their
 * writers (xlsx-libreoffice, cap-xsd and ics node tests); here: the route, scoping and messages.
 */

const MSEL: MselRow[] = [
  {
    event: "1",
    date: "Day 1",
    time: "09:00",
    category: "Contextual",
    injectMode: "Phone",
    synopsis: "Levee seepage reported",
    from: "SimCell",
    to: "EOC",
    message: "Water on Levee Rd.",
  },
  {
    event: "2",
    date: "Day 1",
    time: "09:30",
    category: "Alert",
    injectMode: "WEA",
    synopsis: "NWS issues Flash Flood Warning",
    from: "NWS",
    to: "Public",
    message: "Flash Flood Warning until 9 PM.",
    expectedAction: "Issue evacuation order",
  },
  {
    event: "3",
    date: "Day 2",
    time: "08:00",
    category: "Operational",
    injectMode: "Siren",
    synopsis: "Outdoor sirens sounded",
    message: "Sirens activate in Zone A.",
  },
  { event: "4", time: "T+45", category: "Contextual", synopsis: "Media inquiry", message: "A reporter calls, asking; about the levee." },
];

const db = () => getDb(env.DB);

let user: TestUser;
let other: TestUser;
let id: string;

beforeAll(async () => {
  [user, other] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" })]);
  id = await createExercise(user, { name: "Harbor Flood TTX", threatType: "Riverine flood", mselTable: MSEL });
});

const exportOf = (format: string, as: TestUser | null = user, exerciseId = id, extra = "") =>
  api(`/api/exercises/${exerciseId}/export?format=${format}${extra}`, { user: as });

describe("xlsx", () => {
  it("a workbook of one sheet: title block, frozen styled header by the labels, one row per inject", async () => {
    const res = await exportOf("xlsx");
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Harbor-Flood-TTX-MSEL.xlsx"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
    expect(sheet).toContain('<pane ySplit="5" topLeftCell="A6" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toMatch(/<col min="9" max="9" width="60" customWidth="1"\/>/);
    for (const c of mselColumns) expect(sheet).toContain(`<t xml:space="preserve">${MSEL_COLUMN_LABELS[c]}</t>`);
    expect(sheet.match(/<row r="\d+">/g)).toHaveLength(5 + MSEL.length);
    expect(sheet).toContain("Harbor Flood TTX");
    expect(sheet).toContain("FOR OFFICIAL USE ONLY (FOUO)");
    expect(strFromU8(files["xl/styles.xml"]!)).toContain('wrapText="1"');
  });

  it("another user's exercise is 404, nothing rendered", async () => {
    await expectStatus(await exportOf("xlsx", other), 404);
    await expectStatus(await exportOf("xlsx", null), 401);
  });

  it("a campaign exercise exports too", async () => {
    const campaignId = await createCampaign(user, []);
    const res = await api(`/api/collaborate/campaigns/${campaignId}/exercises/create`, { user, body: { exercise: { name: "Campaign TTX", mselTable: MSEL } } });
    await expectStatus(res, 201, "create campaign exercise");
    const exerciseId = (await json(res)).id as string;
    const xlsx = await api(`/api/collaborate/campaigns/${campaignId}/exercises/${exerciseId}/export?format=xlsx`, { user });
    await expectStatus(xlsx, 200);
    expect(xlsx.headers.get("content-disposition")).toMatch(/-MSEL\.xlsx"$/);
  });
});

describe("JSON and its published schema", () => {
  it("the schema is served at /schemas/msel-v1.json, the export names it, and the export validates against it", async () => {
    const res = await api("/schemas/msel-v1.json");
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("application/schema+json; charset=utf-8");
    const schema = await json(res);
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toMatch(/\/schemas\/msel-v1\.json$/);
    expect(schema.properties.exercise.properties.mselTable).toBeDefined();

    const exported = await json(await exportOf("json"));
    expect(exported.$schema).toBe(schema.$id);
    expect(exported.version).toBe(1);
    // An independent reader of the published document (zod's JSON Schema reader, not the schema it was written from).
    const validator = z.fromJSONSchema(schema);
    expect(validator.safeParse(exported).success).toBe(true);
    expect(validator.safeParse({ ...exported, exercise: { ...exported.exercise, mselTable: "not a list" } }).success).toBe(false);
    expect(validator.safeParse({ ...exported, format: "someone-else" }).success).toBe(false);
    // What the schema accepts, import takes.
    const reimport = await api("/api/exercises/import", { user, body: exported });
    await expectStatus(reimport, 201);
  });
});

describe("CAP", () => {
  it("several alert injects: a zip of CAP documents, one per alert inject", async () => {
    const res = await exportOf("cap");
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Harbor-Flood-TTX-CAP.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["inject-002-event-2.xml", "inject-003-event-3.xml"]);
    const xml = strFromU8(files["inject-002-event-2.xml"]!);
    expect(xml).toContain("<status>Exercise</status>");
    expect(xml).toContain("<headline>NWS issues Flash Flood Warning</headline>");
  });

  it("one alert inject: the CAP document itself", async () => {
    const one = await createExercise(user, { name: "One alert", mselTable: [MSEL[1]] });
    const res = await exportOf("cap", user, one);
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("application/cap+xml; charset=utf-8");
    expect(await res.text()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">/);
  });

  it("no alert injects: 409 saying what makes an inject an alert", async () => {
    const none = await createExercise(user, { name: "No alerts", mselTable: [MSEL[0], MSEL[3]] });
    const res = await exportOf("cap", user, none);
    await expectStatus(res, 409);
    const error = await apiError(res);
    expect(error.code).toBe("no_alert_injects");
    expect(error.message).toMatch(/no alert or warning injects.*Set the Category of the injects that are alerts to “Alert”/);
    await expectStatus(await exportOf("cap", other), 404);
  });
});

describe("ICS conduct schedule", () => {
  it("Day 1 from the caller: the session and each timed inject, in UTC", async () => {
    const res = await exportOf("ics", user, id, `&day1=${encodeURIComponent("2026-12-01T00:00:00-05:00")}`);
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Harbor-Flood-TTX-schedule.ics"');
    const ics = await res.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1 + MSEL.length);
    // 09:00 on Day 1 in UTC-5 is 14:00Z; Day 2 08:00 the next day 13:00Z; T+45 from the 09:00 start is 09:45.
    expect(ics).toContain("DTSTART:20261201T140000Z\r\nDTEND:20261201T141500Z\r\nSUMMARY:Inject 1: Levee seepage reported");
    expect(ics).toContain("DTSTART:20261202T130000Z");
    expect(ics).toContain("DTSTART:20261201T144500Z");
    expect(ics).toContain("SUMMARY:Harbor Flood TTX: exercise session");
    // Folded lines joined again (RFC 5545 §3.1), then the escaped text reads as written.
    expect(ics.replace(/\r\n /g, "")).toContain("A reporter calls\\, asking\\; about the levee.");
    // Stable UIDs: the same file twice has the same ones.
    const again = await (await exportOf("ics", user, id, `&day1=${encodeURIComponent("2026-12-01T00:00:00-05:00")}`)).text();
    expect(again.match(/UID:.*/g)).toEqual(ics.match(/UID:.*/g));
  });

  it("Day 1 from the MSEL's calendar dates when none is given", async () => {
    const dated = await createExercise(user, { name: "Dated", mselTable: [{ ...MSEL[0], date: "2026-06-02" }] });
    const ics = await (await exportOf("ics", user, dated)).text();
    expect(ics).toContain("DTSTART:20260602T090000Z");
  });

  it("Day 1 from a US or written-out calendar date too, the earliest of the column", async () => {
    const dated = await createExercise(user, {
      name: "US dated",
      mselTable: [
        { ...MSEL[0], date: "3/2/2026", time: "10:00" },
        { ...MSEL[1], date: "1 March 2026" },
      ],
    });
    const ics = await (await exportOf("ics", user, dated)).text();
    // Day 1 is 1 March (the earlier date); 3/2 is Day 2 at 10:00.
    expect(ics).toContain("DTSTART:20260301T093000Z");
    expect(ics).toContain("DTSTART:20260302T100000Z");
  });

  it("Day 1 from the session started last, not from a newer session never started", async () => {
    const exerciseId = await createExercise(user, { name: "Ran once", mselTable: [MSEL[0]] });
    const plan = { exerciseName: "Ran once", scenario: null, objectives: [], modules: [], items: [] };
    const started = { userId: user.userId, exerciseId, plan, status: "ended" as const, endedAt: new Date(Date.UTC(2026, 4, 5, 12)) };
    await db()
      .insert(conductSessions)
      .values([
        { ...started, name: "First run", startedAt: new Date(Date.UTC(2026, 4, 4, 9)), createdAt: new Date(Date.UTC(2026, 4, 1)) },
        { ...started, name: "Second run", startedAt: new Date(Date.UTC(2026, 4, 5, 9)), createdAt: new Date(Date.UTC(2026, 4, 2)) },
        { userId: user.userId, exerciseId, plan, name: "Planned rerun", createdAt: new Date(Date.UTC(2026, 4, 3)) },
      ]);
    const ics = await (await exportOf("ics", user, exerciseId)).text();
    expect(ics).toContain("SUMMARY:Second run (exercise session)");
    expect(ics).not.toContain("Planned rerun");
    // The scenario's 09:00 start is the moment the second run started.
    expect(ics).toContain("DTSTART:20260505T090000Z\r\nDTEND:20260505T091500Z\r\nSUMMARY:Inject 1");
  });

  it("without a day for Day 1: 400 saying how to give one; a bad day1 is 400 too", async () => {
    const res = await exportOf("ics");
    await expectStatus(res, 400);
    const error = await apiError(res);
    expect(error.code).toBe("schedule_needs_day1");
    expect(error.message).toMatch(/choose it when you export/);
    await expectStatus(await exportOf("ics", user, id, "&day1=tomorrow"), 400);
    await expectStatus(await exportOf("ics", other, id, "&day1=2026-12-01T00:00:00Z"), 404);
  });
});
