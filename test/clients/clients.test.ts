import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userContext } from "../../worker/context";
import { getDashboard } from "../../worker/dashboard/service";
import { auditLogs, clients, documents, exercises } from "../../worker/db/schema";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { db, enterprise } from "./helpers";
import { createExercise } from "../exercises/helpers";

// Enterprise clients (issue 13): the Clients page's API, who sees which client's exercises and
// documents, clientId on create, the dashboard's filter, and the audit trail.

async function createClient(user: TestUser, name: string): Promise<string> {
  const res = await expectStatus(await api("/api/clients", { user, body: { name } }), 201, `create client ${name}`);
  return (await json<{ id: string }>(res)).id;
}

function upload(user: TestUser, filename: string, clientId?: string) {
  const form = new FormData();
  form.append("file", new File(["Levee L-3 seepage boils near Alder Flats."], filename));
  if (clientId !== undefined) form.append("clientId", clientId);
  return api("/api/documents/upload", { method: "POST", user, raw: form });
}

async function uploadOk(user: TestUser, filename: string, clientId?: string): Promise<string> {
  return ((await json(await expectStatus(await upload(user, filename, clientId), 201, `upload ${filename}`))).document as Json).id;
}

const exerciseNames = async (user: TestUser, query = "") =>
  ((await json(await api(`/api/exercises${query}`, { user }))).exercises as Json[]).map((e) => e.name).sort();
const documentNames = async (user: TestUser, query = "") =>
  ((await json(await api(`/api/documents${query}`, { user }))).documents as Json[]).map((d) => d.name).sort();
const auditActions = async (accountId: string) =>
  (await db().select().from(auditLogs).where(eq(auditLogs.accountId, accountId)).orderBy(auditLogs.createdAt)).map((r) => r.action);

let solo: TestUser;
beforeAll(async () => {
  solo = await createTestUser({ plan: "SOLO" });
});

describe("clients CRUD", () => {
  it("an owner creates, renames, archives and unarchives clients; each change is audited", async () => {
    const { owner } = await enterprise();
    const id = await createClient(owner, "Bayhaven County");
    await createClient(owner, "Alder Flats");
    let page = await json(await expectStatus(await api("/api/clients", { user: owner }), 200));
    expect(page.canManage).toBe(true);
    expect((page.clients as Json[]).map((c) => [c.name, c.archived])).toEqual([
      ["Alder Flats", false],
      ["Bayhaven County", false],
    ]);
    expect((page.people as Json[]).map((p) => p.id)).toEqual([owner.userId]);

    await expectStatus(await api(`/api/clients/${id}`, { method: "PATCH", user: owner, body: { name: "Bayhaven County EMA" } }), 200);
    await expectStatus(await api(`/api/clients/${id}`, { method: "PATCH", user: owner, body: { archived: true } }), 200);
    page = await json(await api("/api/clients", { user: owner }));
    expect((page.clients as Json[]).find((c) => c.id === id)).toMatchObject({ name: "Bayhaven County EMA", archived: true });
    // Archived: gone from the picker list, no new exercise under it.
    expect(((await json(await api(`/api/clients/user/${owner.userId}/list`, { user: owner }))).clients as Json[]).map((c) => c.name)).toEqual(["Alder Flats"]);
    const refused = await api("/api/exercises/create", { user: owner, body: { clientId: id, exercise: { name: "x" } } });
    expect((await apiError(await expectStatus(refused, 400))).code).toBe("client_archived");
    await expectStatus(await api(`/api/clients/${id}`, { method: "PATCH", user: owner, body: { archived: false } }), 200);
    await createExercise(owner, { name: "Bayhaven TTX" }, { clientId: id });

    expect(await auditActions(owner.accountId)).toEqual(["client.created", "client.created", "client.renamed", "client.archived", "client.unarchived"]);
    const [renamed] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.accountId, owner.accountId), eq(auditLogs.action, "client.renamed")));
    expect(renamed).toMatchObject({
      actorId: owner.userId,
      metadata: { targetType: "client", targetId: id, from: "Bayhaven County", to: "Bayhaven County EMA" },
    });
  });

  it("bad input is 400 with nothing changed; a cross-site write is 403; signed out is 401", async () => {
    const { owner } = await enterprise();
    const id = await createClient(owner, "Port Authority");
    const before = await db().select().from(clients).where(eq(clients.accountId, owner.accountId));
    for (const body of [{}, { name: "" }, { name: "x".repeat(121) }, { name: 42 }]) {
      expect((await apiError(await expectStatus(await api("/api/clients", { user: owner, body }), 400))).code).toBe("validation_error");
    }
    await expectStatus(await api("/api/clients", { user: owner, raw: "{nope" }), 400);
    await expectStatus(await api(`/api/clients/${id}`, { method: "PATCH", user: owner, body: {} }), 400);
    await expectStatus(await api(`/api/clients/${id}`, { method: "PATCH", user: owner, body: { archived: "yes" } }), 400);
    await expectStatus(await api(`/api/clients/${id}`, { method: "PATCH", user: owner, body: { name: "  " } }), 400);
    const crossSite = await api("/api/clients", { user: owner, body: { name: "Evil" }, headers: { origin: "https://evil.example" } });
    await expectStatus(crossSite, 403);
    await expectStatus(
      await api(`/api/clients/${id}`, { method: "PATCH", user: owner, body: { name: "Evil" }, headers: { origin: "https://evil.example" } }),
      403,
    );
    await expectStatus(await api("/api/clients", { body: { name: "Anon" } }), 401);
    await expectStatus(await api("/api/clients"), 401);
    expect(await db().select().from(clients).where(eq(clients.accountId, owner.accountId))).toEqual(before);
    expect(await auditActions(owner.accountId)).toEqual(["client.created"]);
  });
});

describe("only enterprise accounts; only owners and admins manage", () => {
  it("a solo account gets 403 enterprise_required, a member 403 client_admin_required, another account 404", async () => {
    const { owner, members } = await enterprise(1);
    const member = members[0]!;
    const id = await createClient(owner, "Bayhaven County");

    const soloPage = await expectStatus(await api("/api/clients", { user: solo }), 403);
    expect((await apiError(soloPage)).code).toBe("enterprise_required");
    expect((await apiError(await expectStatus(await api("/api/clients", { user: solo, body: { name: "x" } }), 403))).code).toBe("enterprise_required");

    // A member reads the page (their own clients) but cannot change anything.
    const memberPage = await json(await expectStatus(await api("/api/clients", { user: member }), 200));
    expect(memberPage).toMatchObject({ canManage: false, clients: [], people: [], groups: [] });
    for (const res of [
      await api("/api/clients", { user: member, body: { name: "x" } }),
      await api(`/api/clients/${id}`, { method: "PATCH", user: member, body: { name: "x" } }),
      await api(`/api/clients/${id}/users`, { user: member, body: { userId: member.userId } }),
    ]) {
      expect((await apiError(await expectStatus(res, 403))).code).toBe("client_admin_required");
    }

    // Another enterprise's owner: the client is not found.
    const other = await enterprise();
    await expectStatus(await api(`/api/clients/${id}`, { method: "PATCH", user: other.owner, body: { name: "Mine now" } }), 404);
    await expectStatus(await api(`/api/clients/${id}/users`, { user: other.owner, body: { userId: other.owner.userId } }), 404);
    expect((await db().select().from(clients).where(eq(clients.id, id)))[0]!.name).toBe("Bayhaven County");
  });
});

describe("assignment and scoping", () => {
  it("members see only their assigned clients' exercises and documents (directly or through a group); owners see all", async () => {
    const { owner, members } = await enterprise(2);
    const [ana, ben] = members as [TestUser, TestUser];
    const bay = await createClient(owner, "Bayhaven County");
    const port = await createClient(owner, "Port Authority");

    // Assign ana to Bayhaven directly; ben to Port Authority through a group.
    await expectStatus(await api(`/api/clients/${bay}/users`, { user: owner, body: { userId: ana.userId } }), 200);
    const group = (await json(await expectStatus(await api("/api/clients/groups", { user: owner, body: { name: "Harbour team" } }), 201))).id as string;
    await expectStatus(await api(`/api/clients/groups/${group}/users`, { user: owner, body: { userId: ben.userId } }), 200);
    await expectStatus(await api(`/api/clients/${port}/groups`, { user: owner, body: { groupId: group } }), 200);
    // Somebody outside the account cannot be assigned.
    await expectStatus(await api(`/api/clients/${bay}/users`, { user: owner, body: { userId: solo.userId } }), 404);
    await expectStatus(await api(`/api/clients/${bay}/users`, { user: owner, body: {} }), 400);

    const page = await json(await api("/api/clients", { user: owner }));
    expect((page.clients as Json[]).find((c) => c.id === bay)!.userIds).toEqual([ana.userId]);
    expect((page.clients as Json[]).find((c) => c.id === port)!.groupIds).toEqual([group]);
    expect((page.groups as Json[])[0]).toMatchObject({ name: "Harbour team", userIds: [ben.userId] });
    expect(((await json(await api(`/api/clients/user/${ana.userId}/list`, { user: ana }))).clients as Json[]).map((c) => c.name)).toEqual(["Bayhaven County"]);
    expect(((await json(await api(`/api/clients/user/${ben.userId}/list`, { user: ben }))).clients as Json[]).map((c) => c.name)).toEqual(["Port Authority"]);

    const bayTtx = await createExercise(ana, { name: "Bayhaven TTX" }, { clientId: bay });
    const portTtx = await createExercise(owner, { name: "Port TTX" }, { clientId: port });
    await createExercise(ana, { name: "Ana private" });
    // ana may not file under a client she does not see.
    await expectStatus(await api("/api/exercises/create", { user: ana, body: { clientId: port, exercise: { name: "sneaky" } } }), 404);
    const bayDoc = await uploadOk(ana, "bayhaven-eop.md", bay);
    const portDoc = await uploadOk(owner, "port-plan.md", port);

    expect(await exerciseNames(ana)).toEqual(["Ana private", "Bayhaven TTX"]);
    expect(await exerciseNames(ben)).toEqual(["Port TTX"]);
    expect(await exerciseNames(owner)).toEqual(["Bayhaven TTX", "Port TTX"]);
    expect(await documentNames(ana)).toEqual(["bayhaven-eop"]);
    expect(await documentNames(ben)).toEqual(["port-plan"]);
    expect(await documentNames(owner)).toEqual(["bayhaven-eop", "port-plan"]);

    // Reads of another client's items are 404; a colleague's item under a shared client reads, but stays the author's to change.
    await expectStatus(await api(`/api/exercises/${portTtx}`, { user: ana }), 404);
    await expectStatus(await api(`/api/documents/${portDoc}`, { user: ana }), 404);
    await expectStatus(await api(`/api/exercises/${bayTtx}`, { user: ben }), 404);
    await expectStatus(await api(`/api/exercises/${portTtx}`, { user: ben }), 200);
    await expectStatus(await api(`/api/documents/${portDoc}`, { user: ben }), 200);
    await expectStatus(await api(`/api/exercises/${portTtx}/update`, { method: "PUT", user: ben, body: { exercise: { name: "Ben's now" } } }), 404);
    await expectStatus(await api(`/api/exercises/${bayTtx}`, { user: owner }), 200);

    // Unassigning ana hides Bayhaven's items from her, her own exercise included.
    await expectStatus(await api(`/api/clients/${bay}/users/${ana.userId}`, { method: "DELETE", user: owner }), 200);
    expect(await exerciseNames(ana)).toEqual(["Ana private"]);
    expect(await documentNames(ana)).toEqual([]);
    await expectStatus(await api(`/api/exercises/${bayTtx}`, { user: ana }), 404);
    await expectStatus(await api(`/api/exercises/${bayTtx}/update`, { method: "PUT", user: ana, body: { exercise: { name: "x" } } }), 404);
    await expectStatus(await api(`/api/documents/${bayDoc}`, { user: ana }), 404);

    // Another account's user: 404 on everything.
    for (const path of [`/api/exercises/${bayTtx}`, `/api/exercises/${portTtx}`, `/api/documents/${bayDoc}`, `/api/documents/${portDoc}`]) {
      await expectStatus(await api(path, { user: solo }), 404, path);
    }
    expect(await exerciseNames(solo)).toEqual([]);

    expect(await auditActions(owner.accountId)).toEqual([
      "client.created",
      "client.created",
      "client.user_assigned",
      "group.created",
      "group.user_added",
      "client.group_assigned",
      "client.user_unassigned",
    ]);
  });
});

describe("clientId on create", () => {
  it("a foreign, unknown or malformed clientId is refused and creates nothing", async () => {
    const { owner } = await enterprise();
    const other = await enterprise();
    const own = await createClient(owner, "Bayhaven County");
    const foreign = await createClient(other.owner, "Someone else");
    const count = async () => ({
      exercises: (await db().select().from(exercises).where(eq(exercises.userId, owner.userId))).length,
      documents: (await db().select().from(documents).where(eq(documents.userId, owner.userId))).length,
    });
    const before = await count();
    await expectStatus(await api("/api/exercises/create", { user: owner, body: { clientId: foreign, exercise: { name: "x" } } }), 404);
    await expectStatus(await api("/api/exercises/create", { user: owner, body: { clientId: "no-such-client", exercise: { name: "x" } } }), 404);
    await expectStatus(await api("/api/exercises/create", { user: owner, body: { clientId: 42, exercise: { name: "x" } } }), 400);
    await expectStatus(await api("/api/exercises/from-template", { user: owner, body: { templateId: "x", clientId: foreign } }), 404);
    await expectStatus(await upload(owner, "plan.md", foreign), 404);
    await expectStatus(await upload(owner, "plan.md", "x".repeat(300)), 400);
    // Smuggling a client in through metadata does not file the exercise.
    const smuggled = await createExercise(owner, { name: "smuggled", metadata: { clientId: foreign } });
    expect((await json(await api(`/api/exercises/${smuggled}`, { user: owner }))).metadata).toEqual({});
    // A solo account has no clients at all.
    await expectStatus(await api("/api/exercises/create", { user: solo, body: { clientId: own, exercise: { name: "x" } } }), 404);
    expect(await count()).toEqual({ exercises: before.exercises + 1, documents: before.documents });

    // An update can neither drop nor change the client.
    const filed = await createExercise(owner, { name: "filed" }, { clientId: own });
    await expectStatus(
      await api(`/api/exercises/${filed}/update`, { method: "PUT", user: owner, body: { exercise: { metadata: { clientId: foreign } } } }),
      200,
    );
    expect((await json(await api(`/api/exercises/${filed}`, { user: owner }))).metadata).toEqual({ clientId: own });
  });

  it("an update whose metadata is null or leaves the client out keeps the exercise filed (issue 27)", async () => {
    const { owner, members } = await enterprise(2);
    const [author, colleague] = members as [TestUser, TestUser];
    const own = await createClient(owner, "Bayhaven County");
    for (const m of [author, colleague]) await expectStatus(await api(`/api/clients/${own}/users`, { user: owner, body: { userId: m.userId } }), 200);
    const filed = await createExercise(author, { name: "filed", metadata: { templateId: "tpl-1" } }, { clientId: own });
    const update = (metadata: unknown) =>
      api(`/api/exercises/${filed}/update`, { method: "PUT", user: author, body: { exercise: { name: "filed", metadata } } });

    for (const metadata of [null, {}, { templateId: "tpl-2" }]) {
      await expectStatus(await update(metadata), 200, `metadata ${JSON.stringify(metadata)}`);
      const stored = (await db().select({ metadata: exercises.metadata }).from(exercises).where(eq(exercises.id, filed)))[0]!.metadata;
      expect(stored?.clientId, `metadata ${JSON.stringify(metadata)}`).toBe(own);
      // Still shared through the client.
      expect((await json(await expectStatus(await api(`/api/exercises/${filed}`, { user: colleague }), 200))).access).toBe("read");
    }
    expect((await db().select({ metadata: exercises.metadata }).from(exercises).where(eq(exercises.id, filed)))[0]!.metadata).toEqual({
      templateId: "tpl-2",
      clientId: own,
    });
    // Taken off the client, the author no longer opens it: it was not un-filed behind the rule's back.
    await expectStatus(await api(`/api/clients/${own}/users/${author.userId}`, { method: "DELETE", user: owner }), 200);
    await expectStatus(await api(`/api/exercises/${filed}`, { user: author }), 404);
    // An unfiled exercise gains no client through metadata either, and null metadata stays null.
    const unfiled = await createExercise(colleague, { name: "unfiled" });
    await expectStatus(
      await api(`/api/exercises/${unfiled}/update`, { method: "PUT", user: colleague, body: { exercise: { metadata: { clientId: own } } } }),
      200,
    );
    await expectStatus(await api(`/api/exercises/${unfiled}/update`, { method: "PUT", user: colleague, body: { exercise: { metadata: null } } }), 200);
    expect((await db().select({ metadata: exercises.metadata }).from(exercises).where(eq(exercises.id, unfiled)))[0]!.metadata).toBeNull();
  });
});

describe("dashboard filter", () => {
  it("filters exercises and documents by client; the client list is read only for enterprise accounts", async () => {
    const { owner } = await enterprise();
    const bay = await createClient(owner, "Bayhaven County");
    const port = await createClient(owner, "Port Authority");
    await createExercise(owner, { name: "Bayhaven TTX" }, { clientId: bay });
    await createExercise(owner, { name: "Port TTX" }, { clientId: port });
    await createExercise(owner, { name: "Unfiled TTX" });
    await uploadOk(owner, "bay-plan.md", bay);
    await uploadOk(owner, "general.md");

    const ctx = userContext(env, owner.userId);
    const all = await getDashboard(ctx);
    expect(all.clients.map((c) => c.name)).toEqual(["Bayhaven County", "Port Authority"]);
    expect(all.exercises.total).toBe(3);
    expect(all.clientId).toBeNull();
    const filtered = await getDashboard(ctx, { sort: "desc", clientId: bay });
    expect(filtered.clientId).toBe(bay);
    expect(filtered.exercises.list.map((e) => [e.name, e.clientId])).toEqual([["Bayhaven TTX", bay]]);
    expect(filtered.exercises.total).toBe(1);
    expect(filtered.documents.items.map((d) => d.name)).toEqual(["bay-plan"]);
    expect(filtered.documents.total).toBe(1);
    // A client the caller does not see is ignored, not an error.
    const other = await enterprise();
    const foreign = await createClient(other.owner, "Foreign");
    expect((await getDashboard(ctx, { sort: "desc", clientId: foreign })).exercises.total).toBe(3);
    // The API's list takes the same filter.
    expect(await exerciseNames(owner, `?clientId=${port}`)).toEqual(["Port TTX"]);
    expect(await documentNames(owner, `?clientId=${bay}`)).toEqual(["bay-plan"]);

    const soloDash = await getDashboard(userContext(env, solo.userId), { sort: "desc", clientId: bay });
    expect(soloDash).toMatchObject({ enterprise: false, clients: [], clientId: null });
  });

  it("the dashboard page offers the client filter to enterprise accounts only", async () => {
    const { owner } = await enterprise();
    const bay = await createClient(owner, "Bayhaven County");
    await createExercise(owner, { name: "Bayhaven TTX" }, { clientId: bay });
    await createExercise(owner, { name: "Unfiled TTX" });
    const page = await (await fetchPage(owner, `/dashboard?client=${bay}`)).text();
    expect(page).toContain("Bayhaven TTX");
    expect(page).not.toContain("Unfiled TTX");
    expect(page).toContain('data-testid="client-filter"');
    const soloPage = await (await fetchPage(solo, "/dashboard")).text();
    expect(soloPage).not.toContain('data-testid="client-filter"');
  });
});

async function fetchPage(user: TestUser, path: string): Promise<Response> {
  const { SELF } = await import("cloudflare:test");
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { cookie: user.cookie } });
  expect(res.status, path).toBe(200);
  return res;
}
