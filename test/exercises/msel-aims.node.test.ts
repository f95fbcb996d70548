import { describe, expect, it } from "vitest";
import { previewMsel } from "../../worker/exercises/msel-import/service";
import { recogniseAims } from "../../worker/exercises/msel-import/capabilities";
import { tableAt } from "../../worker/exercises/msel-import/table";
import { proposeMapping } from "../../worker/exercises/msel-import/vocabulary";
import { textFile } from "./msel-fixtures";

/**
 * Issue 32 item 3: an MSEL's capability and objective columns recognised against the exercise's
 * own — written in its words when the rows are appended, and becoming a new exercise's
 * capabilities and objectives otherwise.
 */

const OWN = [
  { capability: "Operational Communications", objective: "Activate the EOC within 60 minutes of notification" },
  { capability: "Public Information and Warning", objective: "Issue a public warning within 15 minutes of the decision to warn" },
  { capability: "Mass Care Services", objective: null },
];

const CSV = [
  "#,Time,Synopsis,Core Capability,Objective",
  "1,09:00,Phones down,operational communications,Obj 1",
  '2,09:15,Warning decision,Public Information and Warning,"issue a public warning within 15 minutes of the decision to warn"',
  "3,09:30,Shelter opens,Mass Care Services; Logistics and Supply Chain Management,Objective #7",
  "4,09:45,Road closures,Critical Transportation (lead: DOT),Coordinate evacuation routes",
].join("\n");

const preview = (own: typeof OWN | null) => previewMsel({ bytes: textFile(CSV), fileName: "county-msel.csv" }, {}, own);

describe("capabilities and objectives of an imported MSEL", () => {
  it("appended: the exercise's own capabilities and numbered objectives are written in its words; the rest is kept as written and named", () => {
    const result = preview(OWN);
    expect(result.rows.map((r) => r.comment)).toEqual([
      "Core Capability: Operational Communications\nObjective 1: Activate the EOC within 60 minutes of notification",
      "Core Capability: Public Information and Warning\nObjective 2: Issue a public warning within 15 minutes of the decision to warn",
      "Core Capability: Mass Care Services; Logistics and Supply Chain Management\nObjective #7",
      "Core Capability: Critical Transportation (lead: DOT)\nObjective: Coordinate evacuation routes",
    ]);
    expect(result.warnings).toContain(
      "Matched to this exercise's own capabilities Operational Communications, Public Information and Warning, Mass Care Services and objectives 1, 2, written in Comment as the exercise words them.",
    );
    expect(result.warnings).toContain(
      "Not among this exercise's capabilities and objectives, kept in Comment as written: “Logistics and Supply Chain Management”, “Objective #7”, “Critical Transportation”, “Coordinate evacuation routes”. Add them under Core capabilities or Objectives if they belong.",
    );
  });

  it("a new exercise: the doctrine's capabilities and the file's objective texts, each objective with its row's one capability", () => {
    const { table, mapping } = tableOf(CSV);
    const aims = recogniseAims(table, mapping, null);
    expect(aims.newAims).toEqual([
      { capability: "Public Information and Warning", objective: "issue a public warning within 15 minutes of the decision to warn" },
      { capability: "Critical Transportation", objective: "Coordinate evacuation routes" },
      { capability: "Operational Communications", objective: null },
      { capability: "Mass Care Services", objective: null },
      { capability: "Logistics and Supply Chain Management", objective: null },
    ]);
    // "Obj 1" and "Objective #7" alone say no objective's words.
    expect(aims.unmatched).toEqual(["Obj 1", "Objective #7"]);
    const result = preview(null);
    expect(result.warnings).toContain(
      "The new exercise lists the file's 5 core capabilities (Operational Communications, Public Information and Warning, Mass Care Services, Logistics and Supply Chain Management, Critical Transportation) and 2 objectives under Core capabilities and Objectives.",
    );
    // A new exercise keeps the file's words in Comment (the capability respelt only when the cell is nothing else).
    expect(result.rows[0]!.comment).toBe("Core Capability: Operational Communications\nObjective: Obj 1");
  });

  it("numbered objectives of a new exercise keep the file's order, whatever row names them first", () => {
    const { table, mapping } = tableOf(
      ["Time,Synopsis,Objective", "09:00,A,Obj 2: Protective actions", "09:30,B,Obj 1: Notification", "10:00,C,Notification"].join("\n"),
    );
    expect(recogniseAims(table, mapping, null).newAims.map((a) => a.objective)).toEqual(["Notification", "Protective actions"]);
  });

  it("a hostile cell is read in linear time and a long one is kept as written", () => {
    const long = `Obj${" ".repeat(50_000)}x`;
    const { table, mapping } = tableOf(`Time,Synopsis,Objective\n09:00,A,"${long}"\n09:30,B,"${"#".repeat(50_000)}1"`);
    const aims = recogniseAims(table, mapping, OWN);
    expect(aims.objectives).toEqual([]);
    expect(aims.rewritten.size).toBe(0);
  });
});

function tableOf(csv: string) {
  const rows = csv.split("\n").map((line) => line.match(/("[^"]*"|[^,]+)/g)!.map((c) => ({ text: c.replace(/^"|"$/g, "") })));
  const table = tableAt({ name: "MSEL", rows, hiddenColumns: [], merges: [] }, 0);
  return {
    table,
    mapping: proposeMapping(
      table.headers,
      table.body.map((r) => r.map((c) => c.text)),
    ),
  };
}
