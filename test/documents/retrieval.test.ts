import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { ingestDocument } from "../../worker/documents/ingest";
import { retrievePassages } from "../../worker/documents/retrieval";
import { createTestUser, type TestUser } from "../helpers/auth";
import { storeDocument } from "./ingest-helpers";

/** Retrieval's rules through real D1 and FTS5: declining, focusing on a named plan, tenancy. */
let me: TestUser;
let other: TestUser;
const docs: Record<string, string> = {};

async function ingested(user: TestUser, filename: string, text: string, name?: string) {
  const doc = await storeDocument(user.userId, filename, text, name ? { name } : {});
  const result = await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId });
  expect(result.outcome).toBe("ready");
  return doc.id;
}

const ask = (user: TestUser, question: string, extra: { documentIds?: string[]; decline?: boolean } = {}) =>
  retrievePassages(appContext(env), { userId: user.userId, question, ...extra });

beforeAll(async () => {
  [me, other] = await Promise.all([createTestUser(), createTestUser()]);
  docs.greywell = await ingested(
    me,
    "greywell.md",
    "# Sheltering\nThe county emergency manager opens the Greywell High School shelter, capacity 850, when the river reaches flood stage.\n\n" +
      "# Staffing\nThe county emergency operations center is staffed by the duty officer at Level 3.",
    "Greywell Town Emergency Plan",
  );
  docs.alder = await ingested(
    me,
    "alder.md",
    "# Sheltering\nThe county emergency manager opens the Alder Flats Community Center shelter, capacity 300, when the levee is threatened.",
    "Alder Flats Emergency Plan",
  );
  docs.annexH = await ingested(
    me,
    "annex-h.md",
    "# Annex H: Hazardous Materials Response\n## B. Regional hazardous materials team\n" +
      "Regional Hazardous Materials Team 4, based in Marlow City, responds to requests from any fire chief in the county. " +
      "The expected arrival time of the team anywhere in the county is 55 minutes from dispatch.\n\n" +
      "## C. Notifications\nThe incident commander notifies the State Warning Point within 15 minutes of confirming a release.",
  );
  docs.port = await ingested(
    me,
    "port.md",
    "# Port operations\nThe county fire department's Hazmat Team 7 covers the port. The harbor master keeps the berth list.\n\n" +
      "# Response\nThe harbor master keeps the berths clear during large incidents.",
  );
  docs.secret = await ingested(other, "secret.md", "# Sheltering\nThe zebracorn bunker shelter holds 40 and opens at Condition II.");
});

describe("retrievePassages", () => {
  it("cites the passage that answers, with paraphrase and inflection", async () => {
    const passages = await ask(me, "Who staffs the EOC at level 3?");
    expect(passages[0]?.content).toContain("staffed by the duty officer");
  });

  it("declines a question whose only links to the library are its common words", async () => {
    expect(await ask(me, "What is the county emergency manager's annual snow removal budget?")).toEqual([]);
    // The design assistant ranks without declining: it flags unsupported rows itself.
    expect((await ask(me, "What is the county emergency manager's annual snow removal budget?", { decline: false })).length).toBeGreaterThan(0);
  });

  it("cites only passages that bear on the question: another document sharing its common words is not padded in", async () => {
    const passages = await ask(me, "How long does the regional hazmat team take to arrive?");
    expect(passages[0]?.content).toContain("55 minutes");
    expect(passages.map((p) => p.documentId)).not.toContain(docs.port);
  });

  it("answers from the plan the question names, not another jurisdiction's", async () => {
    const passages = await ask(me, "How many people can the Greywell shelter hold when the county opens it?");
    expect(passages.map((p) => p.documentId)).toEqual([docs.greywell]);
    const both = await ask(me, "What is the shelter capacity when the county emergency manager opens a shelter?");
    expect(new Set(both.map((p) => p.documentId))).toEqual(new Set([docs.greywell, docs.alder]));
  });

  it("never returns another user's passages, even for their exact words or ids", async () => {
    expect(await ask(me, "zebracorn bunker shelter Condition II")).toEqual([]);
    expect(await ask(me, "zebracorn bunker", { documentIds: [docs.secret!] })).toEqual([]);
    expect((await ask(other, "zebracorn bunker Condition II")).map((p) => p.documentId)).toEqual([docs.secret]);
  });

  it("a short passage (a section's tail) is cited with the rest of its section, overlap removed", async () => {
    const filler = Array.from({ length: 24 }, (_, i) => `Step ${i + 1}: the traffic unit closes lane ${i + 1} of Route 14.`).join(" ");
    await ingested(me, "contraflow.md", `# Contraflow\n${filler} Finally the quartermaster unlocks the kestrelgate barrier.`);
    const [passage] = await ask(me, "Who unlocks the kestrelgate barrier?");
    expect(passage?.content).toContain("kestrelgate barrier");
    expect(passage?.content).toContain("Step 1: the traffic unit closes lane 1");
    expect(passage!.content.match(/Step 20:/g)?.length).toBe(1);
  });

  it("an empty document selection retrieves nothing", async () => {
    expect(await ask(me, "Greywell shelter capacity", { documentIds: [] })).toEqual([]);
  });
});
