import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import type { MselRow } from "../../shared/db/exercise-shapes";
import { QUICK_START_TEMPLATES } from "../../worker/exercises/templates";
import { EXERCISE_NOTE, injectToCap, isAlertInject, mselToCap, type CapContext } from "../../worker/exercises/export/cap";

/**
 * Every CAP document the MSEL export writes is valid against the official OASIS CAP 1.2 schema
 * (test/fixtures/cap: the XSD and where it comes from), checked by libxml2 (xmllint-wasm).
 */

const XSD = readFileSync(path.join(import.meta.dirname, "../fixtures/cap/CAP-v1.2.xsd"), "utf8");

async function validate(xml: string, name = "alert.xml"): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: name, contents: xml }], schema: [{ fileName: "CAP-v1.2.xsd", contents: XSD }] });
  return result.errors.map((e) => e.rawMessage);
}

const context: CapContext = {
  exerciseId: "ex_123",
  exerciseName: "Harbor Flood & Levee TTX",
  threatType: "Riverine flood",
  host: "readyroom.example",
  sent: new Date("2026-03-31T12:00:00Z"),
};

const warning: MselRow = {
  event: "7",
  category: "Alert",
  injectMode: "WEA",
  synopsis: "NWS issues Flash Flood Warning for Harbor County",
  from: "NWS Forecast Office (SimCell)",
  to: "County EOC; public",
  message: "The National Weather Service has issued a Flash Flood Warning until 9 PM. Move to higher ground <now> & avoid flooded roads.",
  expectedAction: "EOC issues an evacuation order for Zone A",
  pocAuthor: "J. Doe",
};

describe("CAP 1.2 export", () => {
  it("validates against the OASIS file as recorded in its README (unchanged)", () => {
    expect(createHash("sha256").update(XSD).digest("hex")).toBe("b7798ef25868b068c97b268bda02d067c7d4ba9373adc5638bf37105804ee723");
  });

  it("a warning inject is one schema-valid alert marked as an exercise, with the inject's fields in <info>", async () => {
    const xml = injectToCap(warning, 6, context);
    expect(await validate(xml)).toEqual([]);
    expect(xml).toContain("<status>Exercise</status>");
    expect(xml).toContain("<msgType>Alert</msgType>");
    expect(xml).toContain("<scope>Restricted</scope>");
    expect(xml).toContain(`<note>${EXERCISE_NOTE}</note>`);
    expect(xml).toContain("<sent>2026-03-31T12:00:00-00:00</sent>");
    expect(xml).toContain("<event>Flash Flood Warning</event>");
    expect(xml).toContain("<headline>NWS issues Flash Flood Warning for Harbor County</headline>");
    expect(xml).toContain(
      "<description>The National Weather Service has issued a Flash Flood Warning until 9 PM. Move to higher ground &lt;now&gt; &amp; avoid flooded roads.</description>",
    );
    expect(xml).toContain("<instruction>EOC issues an evacuation order for Zone A</instruction>");
    expect(xml).toContain("<senderName>NWS Forecast Office (SimCell)</senderName>");
    expect(xml).toContain("<audience>County EOC; public</audience>");
    expect(xml).toMatch(/<category>Met<\/category>[\s\S]*<urgency>Immediate<\/urgency>\s*<severity>Severe<\/severity>\s*<certainty>Likely<\/certainty>/);
    expect(xml).toMatch(/<identifier>[^\s,<&]+<\/identifier>/);
  });

  it("stays valid with empty fields, odd characters and every kind of alert", async () => {
    const rows: MselRow[] = [
      { category: "Warning", synopsis: "", message: "" },
      { injectMode: "EAS", synopsis: "Tornado Watch, 3 counties", message: "Control chars \u0001\u0008 dropped; emoji 🌪️ kept" },
      { category: "Public information", synopsis: "Boil water notice issued", message: "x", event: "12, b" },
      { category: "Notification", synopsis: "Shelter-in-place order for the plant", message: "chlorine release" },
      { category: "Alert", synopsis: "Something unnamed", message: "", from: "", to: "" },
    ];
    for (const [i, row] of rows.entries()) {
      expect(isAlertInject(row), `row ${i}`).toBe(true);
      expect(await validate(injectToCap(row, i, context), `row-${i}.xml`), `row ${i}`).toEqual([]);
    }
    expect(injectToCap(rows[1]!, 1, context)).toMatch(/<urgency>Future<\/urgency>/);
    expect(injectToCap(rows[3]!, 3, context)).toMatch(/<category>CBRNE<\/category>[\s\S]*<responseType>Shelter<\/responseType>/);
  });

  it("several alerts: a zip of one valid document per alert injects, the rest of the MSEL left out", async () => {
    const rows: MselRow[] = [
      { event: "1", category: "Contextual", synopsis: "Caller reports water on Levee Rd", message: "Phone call to EOC" },
      warning,
      { event: "9", category: "Operational", injectMode: "Siren", synopsis: "Outdoor sirens sounded", message: "Sirens activate" },
    ];
    const out = mselToCap(rows, context);
    expect(out.zipped).toBe(true);
    expect(out.count).toBe(2);
    const files = unzipSync(out.body as Uint8Array);
    expect(Object.keys(files).sort()).toEqual(["inject-002-event-7.xml", "inject-003-event-9.xml"]);
    for (const [name, bytes] of Object.entries(files)) expect(await validate(strFromU8(bytes), name), name).toEqual([]);
  });

  it("the quick-start templates' alert injects all validate", async () => {
    let checked = 0;
    for (const template of QUICK_START_TEMPLATES) {
      for (const [i, row] of template.mselTable.entries()) {
        if (!isAlertInject(row)) continue;
        expect(await validate(injectToCap(row, i, { ...context, exerciseName: template.name }), `${template.id}-${i}.xml`)).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("the schema is the real one: a document without status, or with status Actual misspelled, is refused", async () => {
    const xml = injectToCap(warning, 0, context);
    expect(await validate(xml.replace("<status>Exercise</status>\n", ""))).not.toEqual([]);
    expect(await validate(xml.replace("<status>Exercise</status>", "<status>Exersize</status>"))).not.toEqual([]);
    expect(await validate(xml.replace("-00:00</sent>", "Z</sent>"))).not.toEqual([]);
  });

  it("injects that are not alerts are not taken", () => {
    expect(isAlertInject({ category: "Contextual", injectMode: "Phone", synopsis: "Shelter manager asks for cots", message: "We need 200 cots." })).toBe(false);
    expect(isAlertInject({ category: "Operational", synopsis: "Media inquiry about the flood", message: "A reporter calls the PIO." })).toBe(false);
  });
});
