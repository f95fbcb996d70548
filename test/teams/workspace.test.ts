import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { ingestDocument } from "../../worker/documents/ingest";
import { retrievePassages } from "../../worker/documents/retrieval";
import type { Env } from "../../worker/env";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { storeDocument } from "../documents/ingest-helpers";
import { joinedMember, teamOwner } from "./helpers";

/**
 * The team workspace (issue 29 item 4): documents, exercises and briefs shared with the team by
 * their author or a team admin, read (or edited, exercises, under the lock) by its members, and by
 * nobody else; private stays private and leaving the team ends access at once.
 */

const PLAN = "# Sheltering\nThe Quillmere Arena opens as the shelter with 640 cots when the Brackwater River crests.";
const PRIVATE = "# Staffing\nThe Vexholt duty roster is private to its author and names the zanthrope liaison.";

async function ingested(e: Env, user: TestUser, filename: string, text: string): Promise<string> {
  const doc = await storeDocument(user.userId, filename, text);
  expect((await ingestDocument(appContext(e), { kind: "ingest", documentId: doc.id, userId: user.userId })).outcome).toBe("ready");
  return doc.id;
}

const share = (user: TestUser, kind: "document" | "exercise" | "brief", id: string, access: "private" | "read" | "edit") =>
  api(`/api/teams/shares/${kind}/${id}`, { method: "PUT", user, body: { access } });

async function exercise(user: TestUser, name: string): Promise<string> {
  return (await json(await expectStatus(await api("/api/exercises/create", { user, body: { exercise: { name } } }), 201, "create exercise"))).id as string;
}

async function brief(user: TestUser, title: string): Promise<string> {
  const res = await expectStatus(await api("/api/intelligence/briefs", { user, body: { title, content: `${title}: the river crests Friday.` } }), 201, "brief");
  return (await json(res)).brief.id as string;
}

const status = async (res: Promise<Response>) => (await res).status;
const names = (list: Json[], key = "name") => list.map((d) => d[key] as string);
const retrieve = (e: Env, user: TestUser, question: string) => retrievePassages(appContext(e), { userId: user.userId, question });

/** A team (owner = admin), a plain member, and an outsider with a plan of their own. */
async function workspace() {
  const owner = await teamOwner();
  const member = await joinedMember(owner);
  const outsider = await createTestUser({ plan: "TEAM", onboarded: true });
  return { owner, member, outsider };
}

describe("sharing with the team", () => {
  it("the author shares; a team admin shares a member's item; a plain member may not share a colleague's (403) or see a private one (404)", async () => {
    const { owner, member, outsider } = await workspace();
    const ownerDoc = await ingested(env, owner, "plan.md", PLAN);
    const ownerPrivate = await ingested(env, owner, "roster.md", PRIVATE);
    const memberExercise = await exercise(member, "Member's tabletop");

    const shared = await json(await expectStatus(await share(owner, "document", ownerDoc, "read"), 200, "author shares"));
    expect(shared).toMatchObject({ kind: "document", id: ownerDoc, team: { access: "read", sharedBy: expect.any(String) } });
    // The admin shares the member's exercise for editing.
    await expectStatus(await share(owner, "exercise", memberExercise, "edit"), 200, "admin shares a member's exercise");

    // A plain member: a colleague's shared document is visible but not theirs to unshare (403), a private one is 404.
    expect(await apiError(await share(member, "document", ownerDoc, "private"))).toMatchObject({ status: 403 });
    expect((await apiError(await share(member, "document", ownerPrivate, "read"))).status).toBe(404);
    // Someone outside the team, or with no team at all: 404, and nothing changed.
    expect((await apiError(await share(outsider, "document", ownerDoc, "private"))).status).toBe(404);
    expect(names((await json(await api("/api/documents", { user: member }))).documents)).toContain("plan");

    // Bad input: "edit" is for exercises only; an unknown kind is a 400 with a message.
    expect(await apiError(await share(owner, "document", ownerDoc, "edit"))).toMatchObject({ status: 400, code: "edit_exercises_only" });
    const badKind = await api(`/api/teams/shares/folder/${ownerDoc}`, { method: "PUT", user: owner, body: { access: "read" } });
    expect(badKind.status).toBe(400);
    // Signed out: 401.
    expect((await api(`/api/teams/shares/document/${ownerDoc}`, { method: "PUT", body: { access: "read" } })).status).toBe(401);
  });

  it("a member reads a shared document and brief, with who shared them; the private ones stay private", async () => {
    const { owner, member, outsider } = await workspace();
    const sharedDoc = await ingested(env, owner, "plan.md", PLAN);
    const privateDoc = await ingested(env, owner, "roster.md", PRIVATE);
    const sharedBrief = await brief(owner, "River brief");
    const privateBrief = await brief(owner, "Private brief");
    await expectStatus(await share(owner, "document", sharedDoc, "read"), 200);
    await expectStatus(await share(owner, "brief", sharedBrief, "read"), 200);

    const library = (await json(await api("/api/documents", { user: member }))).documents as Json[];
    expect(names(library)).toEqual(["plan"]);
    expect(library[0]).toMatchObject({ canEdit: false, team: { access: "read" }, authorName: expect.any(String) });
    expect((await json(await api(`/api/documents/${sharedDoc}`, { user: member }))).document.team.access).toBe("read");
    expect(await status(api(`/api/documents/${privateDoc}`, { user: member }))).toBe(404);
    // Read-only: the member cannot rename or delete the author's document.
    expect(await status(api(`/api/documents/${sharedDoc}`, { method: "PATCH", user: member, body: { name: "Mine now" } }))).toBe(404);
    expect(await status(api(`/api/documents/${sharedDoc}`, { method: "DELETE", user: member }))).toBe(404);

    const briefs = (await json(await api("/api/intelligence/briefs", { user: member }))).briefs as Json[];
    expect(names(briefs, "title")).toEqual(["River brief"]);
    expect(briefs[0]).toMatchObject({ mine: false, team: { access: "read" }, chatId: null, shareToken: null });
    expect((await json(await api(`/api/intelligence/briefs/${sharedBrief}`, { user: member }))).brief.title).toBe("River brief");
    expect(await status(api(`/api/intelligence/briefs/${privateBrief}`, { user: member }))).toBe(404);
    expect(await status(api(`/api/intelligence/briefs/${sharedBrief}`, { method: "DELETE", user: member }))).toBe(404);

    // The dashboard shows the shared items with their badge.
    const dashboard = (await import("../../worker/dashboard/service")).getDashboard;
    const { userContext } = await import("../../worker/context");
    const home = await dashboard(userContext(env, member.userId));
    expect(home.documents.items.map((d) => [d.name, d.team?.access])).toEqual([["plan", "read"]]);
    expect(home.briefs.items.map((b) => b.title)).toEqual(["River brief"]);

    // Another user (another team, or none): 404 on everything.
    expect(await status(api(`/api/documents/${sharedDoc}`, { user: outsider }))).toBe(404);
    expect(await status(api(`/api/intelligence/briefs/${sharedBrief}`, { user: outsider }))).toBe(404);
    expect((await json(await api("/api/documents", { user: outsider }))).documents).toEqual([]);
  });

  it("a shared exercise opens read-only; shared for editing it is edited under the edit lock; only its author deletes it", async () => {
    const { owner, member, outsider } = await workspace();
    const id = await exercise(owner, "Brackwater flood TTX");
    const privateId = await exercise(owner, "Private drill");
    await expectStatus(await share(owner, "exercise", id, "read"), 200);

    const read = await json(await api(`/api/exercises/${id}`, { user: member }));
    expect(read).toMatchObject({ access: "read", sharedBy: { viaTeam: true } });
    const update = { exercise: { scenario: "The levee fails at dawn." } };
    expect(await status(api(`/api/exercises/${id}/update`, { method: "PUT", user: member, body: update }))).toBe(404);
    expect(await status(api(`/api/exercises/${id}/lock`, { method: "POST", user: member }))).toBe(404);
    expect(await status(api(`/api/exercises/${privateId}`, { user: member }))).toBe(404);

    await expectStatus(await share(owner, "exercise", id, "edit"), 200);
    const editable = await json(await api(`/api/exercises/${id}`, { user: member }));
    expect(editable).toMatchObject({ access: "edit", sharedBy: { viaTeam: true } });
    await expectStatus(await api(`/api/exercises/${id}/update`, { method: "PUT", user: member, body: update }), 200, "member edits");
    const afterEdit = await json(await api(`/api/exercises/${id}`, { user: owner }));
    expect(afterEdit.scenario).toBe("The levee fails at dawn.");

    // The author holds the lock: the member's edit waits (423), as for any editor.
    await expectStatus(await api(`/api/exercises/${id}/lock`, { method: "POST", user: owner }), 200, "owner locks");
    expect(await status(api(`/api/exercises/${id}/update`, { method: "PUT", user: member, body: update }))).toBe(423);
    await expectStatus(await api(`/api/exercises/${id}/lock`, { method: "DELETE", user: owner }), 200, "owner releases");
    await expectStatus(await api(`/api/exercises/${id}/lock`, { method: "POST", user: member }), 200, "member locks");
    expect(await status(api(`/api/exercises/${id}/update`, { method: "PUT", user: owner, body: update }))).toBe(423);
    await expectStatus(await api(`/api/exercises/${id}/lock`, { method: "DELETE", user: member }), 200);

    expect(await apiError(await api(`/api/exercises/${id}/delete`, { method: "DELETE", user: member }))).toMatchObject({ status: 403 });
    expect(await status(api(`/api/exercises/${id}`, { user: outsider }))).toBe(404);
    expect(await status(api(`/api/exercises/${id}/update`, { method: "PUT", user: outsider, body: update }))).toBe(404);
  });

  it("the team setting shares new uploads by default; admins only", async () => {
    const { owner, member } = await workspace();
    expect((await json(await api("/api/teams/settings", { user: member }))).shareNewDocuments).toBe(false);
    expect((await apiError(await api("/api/teams/settings", { method: "PATCH", user: member, body: { shareNewDocuments: true } }))).status).toBe(403);
    expect((await apiError(await api("/api/teams/settings", { method: "PATCH", user: owner, body: { shareNewDocuments: "yes" } }))).status).toBe(400);
    await expectStatus(await api("/api/teams/settings", { method: "PATCH", user: owner, body: { shareNewDocuments: true } }), 200);

    const form = new FormData();
    form.append("file", new File(["Levee L-3 seepage boils near Alder Flats."], "levee.txt"));
    const uploaded = (await json(await expectStatus(await api("/api/documents/upload", { method: "POST", user: member, raw: form }), 201))).document;
    expect(uploaded.team).toMatchObject({ access: "read" });
    expect(names((await json(await api("/api/documents", { user: owner }))).documents)).toContain("levee");
  });
});

describe("retrieval over the team's shared plans", () => {
  it("keyword search and Ask retrieval find team-shared passages for members only, never a private one", async () => {
    const { owner, member, outsider } = await workspace();
    const sharedDoc = await ingested(env, owner, "plan.md", PLAN);
    await ingested(env, owner, "roster.md", PRIVATE);
    await expectStatus(await share(owner, "document", sharedDoc, "read"), 200);

    expect((await retrieve(env, member, "Which arena opens as the shelter?")).map((p) => p.documentId)).toEqual([sharedDoc]);
    expect(await retrieve(env, member, "Who is the zanthrope liaison on the Vexholt roster?")).toEqual([]);
    expect(await retrieve(env, outsider, "Which arena opens as the shelter?")).toEqual([]);
    const hits = (await json(await api("/api/documents/search?q=Quillmere", { user: member }))).hits as Json[];
    expect(hits.map((h) => h.documentId)).toEqual([sharedDoc]);
    expect((await json(await api("/api/documents/search?q=Quillmere", { user: outsider }))).hits).toEqual([]);
  });

  it("meaning search reaches the author's vectors for the shared document only", async () => {
    const e = {
      ...env,
      EMBEDDINGS_BASE_URL: `${env.FAKE_ORIGIN}/v1`,
      EMBEDDINGS_API_KEY: "sk-fake-test",
      EMBEDDINGS_MODEL: "fake-embed-1",
      EMBEDDINGS_MIN_SCORE: "0.3",
    } as Env;
    const { owner, member, outsider } = await workspace();
    const routes = await ingested(e, owner, "routes.md", "# Routes\nSaltmarsh Point evacuation uses the Calloway Bridge.");
    const question = "Saltmarssh evacuaton brigde";
    expect(await retrieve(e, member, question)).toEqual([]);
    await expectStatus(await share(owner, "document", routes, "read"), 200);
    expect((await retrieve(e, member, question)).map((p) => p.documentId)).toEqual([routes]);
    expect(await retrieve(e, outsider, question)).toEqual([]);
  });
});

describe("leaving the team", () => {
  it("a removed member loses every shared item at once (404, no retrieval hits), and a removed author's items stop being shared", async () => {
    const { owner, member } = await workspace();
    const other = await joinedMember(owner);
    const doc = await ingested(env, owner, "plan.md", PLAN);
    const ex = await exercise(owner, "Shared TTX");
    const br = await brief(owner, "Shared brief");
    for (const [kind, id] of [
      ["document", doc],
      ["exercise", ex],
      ["brief", br],
    ] as const)
      await expectStatus(await share(owner, kind, id, "read"), 200);
    const memberDoc = await ingested(env, member, "member.md", "# Notes\nThe Ostrovel pumping station floods first.");
    await expectStatus(await share(member, "document", memberDoc, "read"), 200);
    expect(await status(api(`/api/documents/${doc}`, { user: member }))).toBe(200);
    expect(await status(api(`/api/documents/${memberDoc}`, { user: other }))).toBe(200);

    await expectStatus(await api(`/api/teams/members/${member.userId}`, { method: "DELETE", user: owner }), 200, "remove");

    expect(await status(api(`/api/documents/${doc}`, { user: member }))).toBe(404);
    expect(await status(api(`/api/exercises/${ex}`, { user: member }))).toBe(404);
    expect(await status(api(`/api/intelligence/briefs/${br}`, { user: member }))).toBe(404);
    expect(await retrieve(env, member, "Which arena opens as the shelter?")).toEqual([]);
    expect((await json(await api("/api/exercises/all", { user: member }))).exercises).toEqual([]);
    // What the removed member had shared is no longer the team's.
    expect(await status(api(`/api/documents/${memberDoc}`, { user: other }))).toBe(404);
    expect(await retrieve(env, other, "Which pumping station floods first?")).toEqual([]);
    // The others still see the owner's shared items.
    expect(await status(api(`/api/documents/${doc}`, { user: other }))).toBe(200);
  });
});

describe("GET /api/exercises/all (the Exercises page)", () => {
  it("lists mine and the team's with their source, filtered by source, status and search", async () => {
    const { owner, member, outsider } = await workspace();
    const mine = await exercise(member, "Member drill");
    const teamEx = await exercise(owner, "Owner flood TTX");
    await exercise(owner, "Owner private");
    await expectStatus(await share(owner, "exercise", teamEx, "read"), 200);
    await expectStatus(await api(`/api/exercises/${mine}/update`, { method: "PUT", user: member, body: { exercise: { completed: true } } }), 200);

    const all = await json(await api("/api/exercises/all", { user: member }));
    expect(all.exercises.map((e: Json) => [e.name, e.source, e.access]).sort()).toEqual([
      ["Member drill", "mine", "edit"],
      ["Owner flood TTX", "team", "read"],
    ]);
    expect(all.counts).toMatchObject({ mine: 1, team: 1, client: 0, campaign: 0 });
    expect(all.exercises.find((e: Json) => e.source === "team")).toMatchObject({ id: teamEx, campaignId: null, resumeStep: expect.any(String) });
    expect(names((await json(await api("/api/exercises/all?source=team", { user: member }))).exercises)).toEqual(["Owner flood TTX"]);
    expect(names((await json(await api("/api/exercises/all?status=completed", { user: member }))).exercises)).toEqual(["Member drill"]);
    expect(names((await json(await api("/api/exercises/all?search=flood", { user: member }))).exercises)).toEqual(["Owner flood TTX"]);
    // A stale filter falls back to all; another user sees none of these.
    expect((await json(await api("/api/exercises/all?source=nonsense", { user: member }))).exercises).toHaveLength(2);
    expect((await json(await api("/api/exercises/all", { user: outsider }))).exercises).toEqual([]);
    expect((await api("/api/exercises/all")).status).toBe(401);
  });
});
