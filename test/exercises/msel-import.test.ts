import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { exercises } from "../../worker/db/schema";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createExercise } from "./helpers";
import { HSEEP_WORKBOOK, makeXlsx, OTHER_TOOL_CSV, textFile } from "./msel-fixtures";

/** The MSEL import routes (issue 32 item 6), in workerd: multipart in, the caller's exercises only. */

let alice: TestUser;
let bob: TestUser;
let noPlan: TestUser;

beforeAll(async () => {
  [alice, bob, noPlan] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" }), createTestUser({ plan: null })]);
});

const WORKBOOK = makeXlsx(HSEEP_WORKBOOK);

function post(path: "preview" | "import", user: TestUser | null, file: File | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append("file", file);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return api(`/api/exercises/msel/${path}`, { method: "POST", user, raw: form });
}

const xlsxFile = (name = "rising-water.xlsx") => new File([WORKBOOK], name);
const storedMsel = async (id: string) => (await getDb(env.DB).select().from(exercises).where(eq(exercises.id, id)))[0]?.mselTable ?? [];
const count = async (user: TestUser) => (await getDb(env.DB).select({ id: exercises.id }).from(exercises).where(eq(exercises.userId, user.userId))).length;

describe("POST /api/exercises/msel/preview", () => {
  it("answers the sheets, header row, proposed mapping, first rows and warnings, and writes nothing", async () => {
    const before = await count(alice);
    const res = await expectStatus(await post("preview", alice, xlsxFile()), 200);
    const preview = await json(res);
    expect(preview).toMatchObject({ fileName: "rising-water.xlsx", format: "xlsx", sheet: "MSEL", headerRow: 6, rowCount: 4, unreadableCells: 1 });
    expect(preview.sheets.map((s: Json) => s.name)).toEqual(["Instructions", "MSEL"]);
    expect(preview.columns[0]).toEqual({ header: "Inject No.", column: "A", target: "event", proposed: "event", samples: ["1", "2", "3"] });
    expect(preview.columns[2]).toMatchObject({ header: "Time (EST)", samples: ["08:00", "0915", "TBD"] });
    expect(preview.rows[0]).toMatchObject({ event: "1", time: "08:00", synopsis: "Flood warning issued" });
    expect(await count(alice)).toBe(before);
  });

  it("a changed mapping is previewed as it will be imported", async () => {
    const base = await json(await post("preview", alice, xlsxFile()));
    const mapping = base.columns.map((c: Json) => (c.header === "Originator" ? "pocAuthor" : c.target));
    const res = await expectStatus(await post("preview", alice, xlsxFile(), { mapping: JSON.stringify(mapping) }), 200);
    const preview = await json(res);
    expect(preview.columns.find((c: Json) => c.header === "Originator")).toMatchObject({ target: "pocAuthor", proposed: "from" });
    expect(preview.rows[0]).toMatchObject({ from: null, pocAuthor: "SimCell (NWS)" });
  });

  it("bad input is a 4xx saying what to do", async () => {
    await expectStatus(await post("preview", null, xlsxFile()), 401);
    expect(await apiError(await post("preview", alice, null))).toMatchObject({ status: 400, code: "file_required" });
    expect(await apiError(await api("/api/exercises/msel/preview", { method: "POST", user: alice, body: { file: "x" } }))).toMatchObject({
      status: 400,
      code: "multipart_required",
    });
    expect(await apiError(await post("preview", alice, new File(["%PDF-1.4"], "msel.pdf")))).toMatchObject({ status: 400, code: "unsupported_type" });
    expect(await apiError(await post("preview", alice, new File([], "msel.csv")))).toMatchObject({ status: 400, code: "empty_file" });
    expect(await apiError(await post("preview", alice, new File(["Shelter,Beds\nLincoln,450\n"], "shelters.csv")))).toMatchObject({
      status: 400,
      code: "not_an_msel",
    });
    expect(await apiError(await post("preview", alice, new File(["PK\u0003\u0004 broken"], "msel.xlsx")))).toMatchObject({
      status: 400,
      code: "unreadable_file",
    });
    const badMapping = await apiError(await post("preview", alice, xlsxFile(), { mapping: '["when"]' }));
    expect(badMapping).toMatchObject({ status: 400, code: "validation_error" });
    expect(badMapping.message).toMatch(/mapping must be a JSON array/);
    expect(await apiError(await post("preview", alice, xlsxFile(), { headerRow: "0" }))).toMatchObject({ status: 400, code: "validation_error" });
  });
});

describe("POST /api/exercises/msel/import", () => {
  it("into a new exercise named after the file (a second import of the same name is '… (imported)')", async () => {
    const res = await expectStatus(await post("import", alice, new File([textFile(OTHER_TOOL_CSV)], "Hazmat MSEL.csv")), 201);
    const result = await json(res);
    expect(result).toMatchObject({ created: true, imported: 3, unreadableCells: 0, exerciseId: expect.any(String) });
    const [row] = await getDb(env.DB).select().from(exercises).where(eq(exercises.id, result.exerciseId));
    expect(row).toMatchObject({ name: "Hazmat MSEL", userId: alice.userId });
    expect(row!.mselTable?.map((r) => r.time)).toEqual(["H+0", "H+0:30", "T+45"]);
    const again = await json(await post("import", alice, new File([textFile(OTHER_TOOL_CSV)], "Hazmat MSEL.csv")));
    expect((await getDb(env.DB).select().from(exercises).where(eq(exercises.id, again.exerciseId)))[0]?.name).toBe("Hazmat MSEL (imported)");
    const named = await json(await post("import", alice, xlsxFile(), { target: "new", name: "Rising Water FSE" }));
    const [rising] = await getDb(env.DB).select().from(exercises).where(eq(exercises.id, named.exerciseId));
    expect(rising?.name).toBe("Rising Water FSE");
    expect(rising?.capabilitiesAndObjectives?.map((c) => c.capability)).toEqual([
      "Situational Assessment",
      "Infrastructure Systems",
      "Mass Search and Rescue Operations",
      "Planning",
    ]);
  });

  it("appends to an exercise's MSEL with the planner's mapping", async () => {
    const id = await createExercise(alice, { name: "Existing", mselTable: [{ event: "0", synopsis: "Kick-off" }] });
    const base = await json(await post("preview", alice, xlsxFile()));
    const mapping = base.columns.map((c: Json) => (c.header === "Location" ? "skip" : c.target));
    const res = await expectStatus(
      await post("import", alice, xlsxFile(), { target: id, mapping: JSON.stringify(mapping), sheet: "MSEL", headerRow: "6" }),
      201,
    );
    const result = await json(res);
    expect(result).toMatchObject({ exerciseId: id, created: false, imported: 4, unreadableCells: 1 });
    expect(result.rows.map((r: Json) => r.event)).toEqual(["1", "2", "3", "4"]);
    const msel = await storedMsel(id);
    expect(msel.map((r) => r.synopsis)).toEqual([
      "Kick-off",
      "Flood warning issued",
      "Levee seepage reported",
      "Swift-water rescue request",
      "Overnight update",
    ]);
    expect(msel[1]!.comment).not.toMatch(/Location/);
  });

  it("appending, the preview and the import write the file's capabilities and objectives in the exercise's words; another planner's exercise is 404 to the preview", async () => {
    const aims = [
      { capability: "Situational Assessment", objective: "Assess levee conditions within 30 minutes of a seepage report" },
      { capability: "Planning", objective: null },
    ];
    const id = await createExercise(alice, { name: "Aims", capabilitiesAndObjectives: aims, mselTable: [] });
    const csv = "Time,Synopsis,Core Capability,Objective\n08:00,Seepage,situational assessment,Obj 1\n08:30,Shelter,Mass Care Services,Obj 4\n";
    const file = () => new File([csv], "levee.csv");
    const preview = await json(await expectStatus(await post("preview", alice, file(), { target: id }), 200));
    expect(preview.rows[0].comment).toBe("Core Capability: Situational Assessment\nObjective 1: Assess levee conditions within 30 minutes of a seepage report");
    expect(preview.warnings.join("\n")).toContain(
      "Not among this exercise's capabilities and objectives, kept in Comment as written: “Mass Care Services”, “Obj 4”.",
    );
    expect(await apiError(await post("preview", bob, file(), { target: id }))).toMatchObject({ status: 404, code: "not_found" });
    await expectStatus(await post("import", alice, file(), { target: id }), 201);
    expect((await storedMsel(id))[0]!.comment).toBe(preview.rows[0].comment);
    // Into a new exercise, the objective texts become its objectives.
    const created = await json(
      await post("import", alice, new File(["Time,Synopsis,Core Capability,Objective\n08:00,Seepage,Situational Assessment,1. Assess the levee\n"], "new.csv")),
    );
    const [row] = await getDb(env.DB).select().from(exercises).where(eq(exercises.id, created.exerciseId));
    expect(row?.capabilitiesAndObjectives).toEqual([{ capability: "Situational Assessment", objective: "Assess the levee" }]);
  });

  it("another planner's exercise is 404 and stays as it was; a lock held by someone else is 423", async () => {
    const id = await createExercise(alice, { name: "Alice's", mselTable: [{ synopsis: "Only row" }] });
    const other = await apiError(await post("import", bob, xlsxFile(), { target: id }));
    expect(other).toMatchObject({ status: 404, code: "not_found" });
    expect(await apiError(await post("import", bob, new File(["junk"], "x.pdf"), { target: id }))).toMatchObject({ status: 404 });
    const lock = env.EXERCISE_LOCK.get(env.EXERCISE_LOCK.idFromName(id));
    expect((await lock.acquire(bob.userId, 60_000)).ok).toBe(true);
    expect(await apiError(await post("import", alice, xlsxFile(), { target: id }))).toMatchObject({ status: 423, code: "locked" });
    expect((await lock.release(bob.userId)).ok).toBe(true);
    expect((await storedMsel(id)).map((r) => r.synopsis)).toEqual(["Only row"]);
  });

  it("a bad file or no plan changes nothing", async () => {
    const id = await createExercise(alice, { name: "Untouched", mselTable: [{ synopsis: "Only row" }] });
    const before = await count(alice);
    expect(await apiError(await post("import", alice, new File(["Shelter,Beds\nLincoln,450\n"], "shelters.csv"), { target: id }))).toMatchObject({
      status: 400,
      code: "not_an_msel",
    });
    expect(await apiError(await post("import", alice, new File(["garbage"], "msel.xls")))).toMatchObject({ status: 400, code: "unreadable_file" });
    expect((await storedMsel(id)).map((r) => r.synopsis)).toEqual(["Only row"]);
    expect(await count(alice)).toBe(before);
    expect((await apiError(await post("import", noPlan, xlsxFile()))).status).toBe(402);
    expect(await count(noPlan)).toBe(0);
  });
});
