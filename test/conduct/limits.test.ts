import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CONDUCT_MESSAGES, MAX_SOCKETS_PER_LINK, MAX_SUBMISSIONS_PER_LINK_PER_MINUTE } from "../../shared/conduct/model";
import { api, apiError, json, ORIGIN } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { clientKey, command, conductExercise, createLink, createSession, openSocket, stateAt, tokenOf } from "./helpers";

let owner: TestUser;

beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
});

/** Brakes on a leaked or runaway link: it can neither fill the session's sockets nor flood its log. */
describe("per-link limits", () => {
  it("refuses a link's socket beyond MAX_SOCKETS_PER_LINK, while another link still connects", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const crowded = tokenOf(await createLink(owner, session.id as string, "player", "Crowded table"));
    const other = tokenOf(await createLink(owner, session.id as string, "player", "Other table"));
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_LINK; i++) open.push(await openSocket(`/api/conduct/t/${crowded}/socket`));
    const refused = await SELF.fetch(`${ORIGIN}/api/conduct/t/${crowded}/socket`, { headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(refused.status).toBe(429);
    expect((await apiError(refused)).message).toBe(CONDUCT_MESSAGES.linkFull);
    const fine = await openSocket(`/api/conduct/t/${other}/socket`);
    await fine.next(stateAt(0), "the other link's state");
    for (const s of [...open, fine]) s.ws.close(1000);
  });

  it("answers 429 past MAX_SUBMISSIONS_PER_LINK_PER_MINUTE, stores nothing more, and still acknowledges re-sends", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const evaluator = tokenOf(await createLink(owner, session.id as string, "evaluator", "Evaluator"));
    await command(owner, session.id as string, { type: "start" });
    const note = () => ({ clientKey: clientKey(), capability: "Mass Care Services", text: "Noted." });
    let first: { clientKey: string } | null = null;
    for (let i = 0; i < MAX_SUBMISSIONS_PER_LINK_PER_MINUTE; i++) {
      const body = note();
      first ??= body;
      expect((await api(`/api/conduct/t/${evaluator}/observations`, { body })).status).toBe(200);
    }
    const over = await api(`/api/conduct/t/${evaluator}/observations`, { body: note() });
    expect(over.status).toBe(429);
    expect((await apiError(over)).message).toBe(CONDUCT_MESSAGES.tooFast);
    // A note already stored, sent again after a reconnect, is acknowledged, not refused.
    const again = await json(await api(`/api/conduct/t/${evaluator}/observations`, { body: first! }));
    expect(again).toMatchObject({ duplicate: true });
    const state = await json(await api(`/api/conduct/t/${evaluator}`));
    expect((state.observations as unknown[]).length).toBe(MAX_SUBMISSIONS_PER_LINK_PER_MINUTE);
  });
});
