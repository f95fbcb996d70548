import { env } from "cloudflare:test";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { MselRow } from "../../shared/db/exercise-shapes";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createCampaign, createExercise } from "./helpers";
import flood from "./fixtures/nws-flood-warning.cap.xml?raw";
import wind from "./fixtures/nws-wind-advisory.cap.xml?raw";

/**
 * Importing a CAP 1.2 file into an exercise's MSEL (issue 32 item 11): one alert's XML, or a zip
 * of them, each alert one pre-filled inject in the order they were sent. A file that is not CAP is
 * a 400 saying so, and nothing changes.
 */

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" })]);
});

function upload(user: TestUser, exerciseId: string, file: string | Uint8Array, name: string, path = `/api/exercises/${exerciseId}/msel/cap`) {
  const form = new FormData();
  form.append("file", new File([typeof file === "string" ? file : new Uint8Array(file)], name));
  return api(path, { user, raw: form });
}
const msel = async (user: TestUser, id: string) => (await json<{ mselTable: MselRow[] | null }>(await api(`/api/exercises/${id}`, { user }))).mselTable ?? [];
const EXISTING: MselRow[] = [{ event: "1", synopsis: "Start of play" }];

describe("CAP import", () => {
  it("adds one alert's XML as a pre-filled inject after the existing rows", async () => {
    const id = await createExercise(alice, { name: "CAP", mselTable: EXISTING });
    const res = await upload(alice, id, flood, "flood.xml");
    await expectStatus(res, 201);
    expect(await json(res)).toMatchObject({ exerciseId: id, firstIndex: 1, count: 1, events: ["2"], rows: [{ event: "2", from: "NWS Seattle WA" }] });
    const rows = await msel(alice, id);
    expect(rows[1]).toMatchObject({
      event: "2",
      synopsis: "Flood Warning issued March 2 at 8:00AM PST until March 3 at 8:00PM PST by NWS Seattle WA",
      from: "NWS Seattle WA",
      category: "Hazard alert",
    });
    expect(rows[1]!.message).toContain("Turn around, don't drown");
    expect(rows[1]!.comment).toMatch(/^Pre-filled from the CAP file flood\.xml: Flood Warning \(Severe, Immediate, Likely\), sent 2026-03-02T08:00:00-08:00/);
  });

  it("adds every alert of a zip, in the order they were sent, in a campaign exercise too", async () => {
    const campaignId = await createCampaign(alice, []);
    const created = await api(`/api/collaborate/campaigns/${campaignId}/exercises/create`, { user: alice, body: { exercise: { name: "Campaign CAP" } } });
    await expectStatus(created, 201);
    const { id } = await json<{ id: string }>(created);
    const zip = zipSync({ "alerts/a-flood.xml": strToU8(flood), "alerts/b-wind.xml": strToU8(wind), "readme.txt": strToU8("two alerts") });
    const res = await upload(alice, id, zip, "storm.zip", `/api/collaborate/campaigns/${campaignId}/exercises/${id}/msel/cap`);
    await expectStatus(res, 201);
    expect(await json(res)).toMatchObject({ firstIndex: 0, count: 2, events: ["1", "2"] });
    const rows = (await json<{ mselTable: MselRow[] }>(await api(`/api/collaborate/campaigns/${campaignId}/exercises/${id}`, { user: alice }))).mselTable;
    // The wind advisory was sent at 05:00, the flood warning at 08:00.
    expect(rows.map((r) => r.synopsis)).toEqual([
      "Wind Advisory — Western Whatcom; Skagit Valley",
      "Flood Warning issued March 2 at 8:00AM PST until March 3 at 8:00PM PST by NWS Seattle WA",
    ]);
    expect(rows[0]!.comment).toContain("the CAP file storm.zip (alerts/b-wind.xml)");
  });

  it("refuses what is not CAP with a 400 that says what to send, and changes nothing", async () => {
    const id = await createExercise(alice, { name: "Not CAP", mselTable: EXISTING });
    const cases: [string | Uint8Array, string, RegExp][] = [
      [`<?xml version="1.0"?><rss version="2.0"><channel><title>Weather</title></channel></rss>`, "feed.xml", /feed\.xml: This file has no CAP alert/],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), "photo.png", /photo\.png is not an XML file/],
      [zipSync({ "word/document.xml": strToU8("<w:document/>") }), "plan.docx", /word\/document\.xml in plan\.docx: This file has no CAP alert/],
      [zipSync({ "notes.txt": strToU8("hello") }), "notes.zip", /notes\.zip holds no \.xml file/],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "broken.zip", /broken\.zip could not be opened as a zip/],
      ["", "empty.xml", /empty\.xml is empty/],
      [flood.replace(/<identifier>[^<]*<\/identifier>/, ""), "no-id.xml", /Alert 1 has no <identifier>/],
    ];
    for (const [body, name, message] of cases) {
      const error = await apiError(await upload(alice, id, body, name));
      expect(error, name).toMatchObject({ status: 400, code: "not_cap" });
      expect(error.message, name).toMatch(message);
    }
    const missing = await api(`/api/exercises/${id}/msel/cap`, { user: alice, raw: new FormData() });
    expect(await apiError(missing)).toMatchObject({ status: 400, code: "file_required" });
    const notMultipart = await api(`/api/exercises/${id}/msel/cap`, { user: alice, body: { file: flood } });
    expect(await apiError(notMultipart)).toMatchObject({ status: 400, code: "multipart_required" });
    const huge = await upload(alice, id, new Uint8Array(3 * 1024 * 1024), "huge.xml");
    expect(huge.status).toBe(413);
    expect(await msel(alice, id)).toEqual(EXISTING);
  });

  it("another user's exercise is a 404 before the file is read; a locked one a 423", async () => {
    const id = await createExercise(alice, { name: "Alice's", mselTable: EXISTING });
    expect(await apiError(await upload(bob, id, flood, "flood.xml"))).toMatchObject({ status: 404, message: "Exercise not found." });
    expect(await apiError(await upload(bob, id, "not cap", "x.xml"))).toMatchObject({ status: 404 });
    const lock = env.EXERCISE_LOCK.get(env.EXERCISE_LOCK.idFromName(id));
    expect((await lock.acquire(bob.userId, 60_000)).ok).toBe(true);
    expect(await apiError(await upload(alice, id, flood, "flood.xml"))).toMatchObject({ status: 423, lockedByUserId: bob.userId });
    await lock.release(bob.userId);
    expect(await msel(alice, id)).toEqual(EXISTING);
  });
});
