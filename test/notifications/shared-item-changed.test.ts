import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationItems } from "../../worker/db/schema";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, latestMail, type TestUser } from "../helpers/auth";
import { db, joinedMember, teamOwner } from "../teams/helpers";

const changed = async (user: TestUser) =>
  (
    await db()
      .select({ kind: notificationItems.kind, title: notificationItems.title, link: notificationItems.link })
      .from(notificationItems)
      .where(eq(notificationItems.userId, user.userId))
  ).filter((n) => n.kind === "shared-item-changed");

const share = async (user: TestUser, kind: "document" | "exercise" | "brief", id: string, access: "private" | "read" | "edit") =>
  expectStatus(await api(`/api/teams/shares/${kind}/${id}`, { method: "PUT", user, body: { access } }), 200, `share ${kind}`);

async function exercise(user: TestUser, name: string): Promise<string> {
  return (await json(await expectStatus(await api("/api/exercises/create", { user, body: { exercise: { name } } }), 201, "create exercise"))).id as string;
}

const edit = async (user: TestUser, id: string, exercise: Record<string, unknown>) =>
  expectStatus(await api(`/api/exercises/${id}/update`, { method: "PUT", user, body: { exercise } }), 200, "update exercise");

describe("a shared item changed (issue 30 item 7)", () => {
  it("tells the team, once a day per item, and not the one who changed it; a private item tells nobody", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const outsider = await createTestUser({ plan: "TEAM", onboarded: true });
    const sharedId = await exercise(owner, "Levee tabletop");
    const privateId = await exercise(owner, "Private draft");
    await share(owner, "exercise", sharedId, "read");

    await edit(owner, privateId, { scenario: "Nobody else sees this." });
    expect(await changed(member)).toEqual([]);

    // Autosave: many edits, one bell item and one e-mail for the day.
    await edit(owner, sharedId, { scenario: "The river crests Friday." });
    await edit(owner, sharedId, { scenario: "The river crests Saturday." });
    const told = await changed(member);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: expect.stringMatching(/ changed “Levee tabletop”$/), link: `/exercise/${sharedId}` });
    expect((await latestMail(member.email, "shared-item-changed"))?.subject).toBe(told[0]!.title);
    expect(await changed(owner)).toEqual([]);
    expect(await changed(outsider)).toEqual([]);
  });

  it("a colleague editing a shared-for-editing exercise tells its author", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const id = await exercise(owner, "Shared for editing");
    await share(owner, "exercise", id, "edit");
    await edit(member, id, { scenario: "Edited by a colleague." });
    expect(await changed(owner)).toHaveLength(1);
    expect(await changed(member)).toEqual([]);
  });

  it("renaming a shared document and editing a shared brief tell the team too", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const upload = new FormData();
    upload.set("file", new File(["# Shelters\nGreywell High School opens first."], "shelters.md", { type: "text/markdown" }));
    const doc = (await json(await expectStatus(await api("/api/documents/upload", { user: owner, method: "POST", raw: upload }), 201, "upload"))).document as {
      id: string;
    };
    await share(owner, "document", doc.id, "read");
    await expectStatus(await api(`/api/documents/${doc.id}`, { method: "PATCH", user: owner, body: { name: "Shelter plan 2027" } }), 200, "rename");
    const brief = await json(
      await expectStatus(await api("/api/intelligence/briefs", { user: owner, body: { title: "River outlook", content: "Crest Friday." } }), 201, "brief"),
    );
    await share(owner, "brief", brief.brief.id as string, "read");
    await expectStatus(
      await api(`/api/intelligence/briefs/${brief.brief.id}`, { method: "PATCH", user: owner, body: { content: "Crest Saturday." } }),
      200,
      "edit brief",
    );
    const titles = (await changed(member)).map((n) => n.title);
    expect(titles).toHaveLength(2);
    expect(titles.some((t) => t.endsWith("changed “Shelter plan 2027”"))).toBe(true);
    expect(titles.some((t) => t.endsWith("changed “River outlook”"))).toBe(true);
  });
});
