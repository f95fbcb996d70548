import { describe, expect, it } from "vitest";
import { parseDraft } from "../../worker/exercises/prompts";
import { createExercise } from "../exercises/helpers";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { balance, grant, readNdjson, stripePlan } from "./helpers";

describe("offline drafting through the Worker (no AI provider configured)", () => {
  it("is labelled, streams in chunks, drafts from the closest template, is deterministic and is charged from its usage", async () => {
    const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
    await grant(user.accountId, 100);
    const id = await createExercise(user, { name: "County network outage", threatType: "Ransomware attack on county IT systems" });
    const body = { sectionType: "module_inject", purpose: "content", moduleIndex: 1, messages: [{ role: "user", content: "Draft injects for module 2" }] };

    const first = await api(`/api/conversations/v2/${id}`, { method: "PUT", user, body });
    await expectStatus(first, 200);
    expect(first.headers.get("x-ai-provider")).toBe("offline");
    expect(first.headers.get("x-ai-label")).toBe("offline drafting");
    const events = await readNdjson(first);
    expect(events[0]).toMatchObject({ type: "meta", provider: "offline", offline: true, label: "offline drafting" });
    const deltas = events.filter((e) => e.type === "text").map((e) => e.delta as string);
    expect(deltas.length).toBeGreaterThan(3);
    const draft = events.find((e) => e.type === "draft")!;
    const injects = (draft.draft as { injects: string[] }).injects;
    expect(injects.length).toBeGreaterThan(0);
    expect(parseDraft("module_inject", deltas.join("")).ok).toBe(true);
    // Grounded in the ransomware template, not the default one.
    expect(injects.join(" ").toLowerCase()).toMatch(/ransom|encrypt|network|systems|data/);
    const usage = events.at(-1)!;
    expect(usage).toMatchObject({ type: "usage", interrupted: false });
    expect(Number(usage.outputTokens)).toBeGreaterThan(0);
    expect(await balance(user.accountId)).toEqual({ current: 100 - Number(usage.credits), pending: 0 });

    const again = await readNdjson(await api(`/api/conversations/v2/${id}`, { method: "PUT", user, body }));
    expect(
      again
        .filter((e) => e.type === "text")
        .map((e) => e.delta as string)
        .join(""),
    ).toBe(deltas.join(""));
    expect(again.find((e) => e.type === "draft")?.draft).toEqual(draft.draft);
  });

  it("answers conversation-purpose questions in prose (v1 text)", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    await grant(user.accountId, 100);
    const id = await createExercise(user, { name: "Spring flood", threatType: "Riverine flood" });
    const res = await api(`/api/conversations/${id}`, {
      method: "PUT",
      user,
      body: { sectionType: "objectives", purpose: "conversation", messages: [{ role: "user", content: "Are my objectives measurable?" }] },
    });
    await expectStatus(res, 200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("Offline drafting");
    expect(text).toContain("flood");
  });

  it("GET /api/ai/models lists the catalogue and says drafting is offline", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const res = await api("/api/ai/models", { user });
    await expectStatus(res, 200);
    const body = await json<{
      models: { id: string; available: boolean }[];
      defaultChatModel: string;
      selectionEnabled: boolean;
      offline: boolean;
      offlineLabel: string;
    }>(res);
    expect(body).toMatchObject({ defaultChatModel: "gemini-2.5-pro", selectionEnabled: false, offline: true, offlineLabel: "offline drafting" });
    expect(body.models.map((m) => m.id)).toContain("o3");
    expect(body.models.every((m) => !m.available)).toBe(true);
  });
});
