import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ControllerStateView } from "../../shared/conduct/views";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { dashboardHtml, newcomer, rowsOf } from "./helpers";

describe("the sample workspace's ended session", () => {
  it("has a console read from D1 (recorded: ended, its releases, its counts) instead of a 404, and stays 404 to anyone else", async () => {
    const user = await newcomer();
    await dashboardHtml(user);
    const [session] = (await rowsOf(user)).sessions;
    expect(session).toBeDefined();

    const state = await json<ControllerStateView>(await expectStatus(await api(`/api/conduct/sessions/${session!.id}`, { user }), 200));
    expect(state.recorded).toBe(true);
    expect(state.session.status).toBe("ended");
    expect(state.links).toEqual([]);
    const count = async (kind: string) =>
      (await env.DB.prepare('SELECT count(*) AS n FROM "ConductEvent" WHERE "sessionId" = ? AND "kind" = ?').bind(session!.id, kind).first<{ n: number }>())!.n;
    const released = await count("released");
    expect(released).toBeGreaterThan(0);
    expect(state.items.filter((i) => i.status === "released")).toHaveLength(released);
    expect(state.counts.observations).toBe(await count("observation"));
    // The replay's log is the same record.
    await expectStatus(await api(`/api/conduct/sessions/${session!.id}/events`, { user }), 200);

    const stranger = await createTestUser();
    await expectStatus(await api(`/api/conduct/sessions/${session!.id}`, { user: stranger }), 404);
  });
});
