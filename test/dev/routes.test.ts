import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BENCH_CREDITS } from "../../worker/dev/streaming-bench";
import { nowMs } from "../../worker/lib/clock";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { teamOwner } from "../teams/helpers";
import { appContext } from "../../worker/context";
import worker from "../../worker/index";
import { ingestDocument } from "../../worker/documents/ingest";
import { storeDocument } from "../documents/ingest-helpers";
import { aiEnv, balance } from "../conversations/helpers";

// Development and benchmark routes (worker/dev/) exist only in a local or test app on a loopback
// address; everywhere else they answer 404 like any unknown path.

describe("POST /api/dev/bench/ledger", () => {
  it("runs reserve+settle pairs and reconciles to zero lost or duplicated credits", async () => {
    const res = await SELF.fetch("http://localhost/api/dev/bench/ledger", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pairs: 60, concurrency: 8 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ pairs: 60, concurrency: 8, lostCredits: 0, duplicatedSpends: 0, auditOk: true, d1Spends: 60, retriesReplayed: 7 });
  });

  it("validates its input", async () => {
    const res = await SELF.fetch("http://localhost/api/dev/bench/ledger", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pairs: -1 }),
    });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/dev/bench/counter", () => {
  it("runs the ledger bench's calls against the bare counter object: two increments per pair, none lost", async () => {
    const res = await SELF.fetch("http://localhost/api/dev/bench/counter", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pairs: 60, concurrency: 8 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ pairs: 60, concurrency: 8, calls: 120, count: 120 });
    expect(body.pairsPerSecond).toBeGreaterThan(0);
  });

  it("counts in a fresh object each run, and validates its input", async () => {
    const run = () =>
      SELF.fetch("http://localhost/api/dev/bench/counter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ pairs: 3 }),
      });
    expect(await (await run()).json()).toMatchObject({ concurrency: 1, calls: 6, count: 6 });
    expect(await (await run()).json()).toMatchObject({ count: 6 });
    const bad = await SELF.fetch("http://localhost/api/dev/bench/counter", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pairs: 0 }),
    });
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/dev/bench/streaming/credits", () => {
  it("grants the signed-in caller's account the bench credits, and refuses a signed-out caller", async () => {
    const u = await createTestUser();
    const res = await expectStatus(await api("/api/dev/bench/streaming/credits", { user: u, method: "POST" }), 200);
    expect(await json(res)).toEqual({ accountId: u.accountId, granted: BENCH_CREDITS });
    await expectStatus(await api("/api/dev/bench/streaming/credits", { method: "POST" }), 401);
  });
});

describe("POST /api/dev/bench/retrieval", () => {
  it("retrieves from the caller's documents only, validates its input, refuses a signed-out caller", async () => {
    const [me, other] = await Promise.all([createTestUser(), createTestUser()]);
    const mine = await storeDocument(me.userId, "levee.md", "# Levee L-3\nPatrols begin at the action stage of 15 ft.");
    const theirs = await storeDocument(other.userId, "levee.md", "# Levee L-3\nTheir patrols begin at 9 ft.");
    for (const [user, doc] of [
      [me, mine],
      [other, theirs],
    ] as const) {
      await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId });
    }
    const body = { questions: ["When do levee patrols begin?"], documentIds: [mine.id, theirs.id] };
    const res = await expectStatus(await api("/api/dev/bench/retrieval", { user: me, method: "POST", body }), 200);
    const { results } = await json<{ results: { passages: { content: string }[] }[] }>(res);
    expect(results[0]!.passages.map((p) => p.content)).toEqual([expect.stringContaining("15 ft")]);
    await expectStatus(await api("/api/dev/bench/retrieval", { user: me, method: "POST", body: { questions: [] } }), 400);
    await expectStatus(await api("/api/dev/bench/retrieval", { method: "POST", body }), 401);
  });

  it("with a chat model and assist: the passages of Ask's model search, uncharged, with the retrieval's time", async () => {
    const me = await createTestUser();
    const doc = await storeDocument(
      me.userId,
      "levee.md",
      "# Levee L-3\nPatrols begin at the action stage of 15 ft.\n\n# Sandbags\nSandbag sites open at 12 ft.",
    );
    await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: me.userId });
    const question = "When do people start walking the levee? (bench assist)";
    for (const [schema, text] of [
      ["search_queries", JSON.stringify({ queries: ["levee patrols begin"] })],
      ["passage_ranking", JSON.stringify({ relevant: [1] })],
    ]) {
      await fetch(`${env.FAKE_ORIGIN}/__fake/openai/script`, { method: "POST", body: JSON.stringify({ contains: question, schema, text }) });
    }
    const before = await balance(me.accountId);
    const body = { questions: [question], documentIds: [doc.id], semantic: false, model: true, assist: true };
    const res = await expectStatus(await api("/api/dev/bench/retrieval", { user: me, method: "POST", body, env: aiEnv() }), 200);
    const { model, results } = await json<{ model: string | null; results: { assisted: boolean; ms: number; passages: { content: string }[] }[] }>(res);
    expect(model).toBe("gpt-4o");
    expect(results[0]).toMatchObject({ assisted: true, ms: expect.any(Number), passages: [{ content: expect.stringContaining("15 ft") }] });
    expect(await balance(me.accountId)).toEqual(before);
  });
});

describe("outside a local app the dev routes do not exist", () => {
  const production = { ...env, APP_ENV: "production", AUTH_SECRET: "a-long-random-production-secret-value", APP_URL: "https://readyroom.example" };
  const cases: [string, string, object, string][] = [
    ["production", "/api/dev/bench/ledger", production, "http://localhost"],
    ["production", "/api/dev/bench/streaming/credits", production, "http://localhost"],
    ["production", "/api/dev/bench/counter", production, "http://localhost"],
    ["production", "/api/dev/bench/retrieval", production, "http://localhost"],
    ["a local app reached by a domain", "/api/dev/bench/ledger", env, "https://readyroom.example"],
    ["a local app reached by a domain", "/api/dev/bench/counter", env, "https://readyroom.example"],
  ];
  for (const [where, path, e, origin] of cases) {
    it(`${where}: POST ${path} answers 404`, async () => {
      const u = await createTestUser();
      const res = await api(`${origin}${path}`, { user: u, method: "POST", env: e, body: { pairs: 1 }, headers: { origin } });
      expect(res.status).toBe(404);
      expect(await json(res)).toMatchObject({ code: "not_found" });
    });
  }
});

describe("the local mailbox page follows the dev routes' rule (issue 27)", () => {
  const production = { ...env, APP_ENV: "production", AUTH_SECRET: "a-long-random-production-secret-value", APP_URL: "https://readyroom.example" };
  const subject = `Reset link ${crypto.randomUUID()}`;
  const page = (url: string, e: object = env) => worker.fetch(new Request(url) as never, e as typeof env, createExecutionContext());

  it("answers on a loopback address of a test app, and 404 to a test app reached by a domain or to production", async () => {
    await env.DB.prepare(
      `INSERT INTO "EmailOutbox" (id, "to", subject, text, kind, createdAt) VALUES (?, 'a@example.test', ?, 'http://localhost/reset-password?token=abc', 'test', ?)`,
    )
      .bind(crypto.randomUUID(), subject, nowMs() + 60_000)
      .run();
    const local = await page("http://localhost/dev/mailbox");
    expect(local.status).toBe(200);
    expect(await local.text()).toContain(subject);
    for (const [where, res] of [
      ["a test app reached by its domain", await page("https://readyroom.example/dev/mailbox")],
      ["production on a loopback address", await page("http://localhost/dev/mailbox", production)],
    ] as const) {
      expect(res.status, where).toBe(404);
      expect(await res.text(), where).not.toContain(subject);
    }
  });
});

describe("POST /api/dev/bench/alert-summaries", () => {
  it("refuses a signed-out caller, validates its input, and counts no summaries for an unknown tag", async () => {
    const u = await createTestUser();
    await expectStatus(await api("/api/dev/bench/alert-summaries", { method: "POST", body: { alerts: 2 } }), 401);
    await expectStatus(await api("/api/dev/bench/alert-summaries", { user: u, method: "POST", body: { alerts: 0 } }), 400);
    await expectStatus(await api("/api/dev/bench/alert-summaries", { user: u, method: "POST", body: { alerts: 2, mode: "sideways" } }), 400);
    const res = await expectStatus(await api(`/api/dev/bench/alert-summaries/bench-${crypto.randomUUID()}`, { user: u }), 200);
    expect(await json(res)).toMatchObject({ summaries: 0, charged: 0, firstAt: null, lastAt: null });
  });
});

describe("POST /api/dev/bench/team", () => {
  it("grows the admin's team to the asked size once, with seats for it, and refuses a user without a team", async () => {
    const owner = await teamOwner(5);
    const first = await json(await expectStatus(await api("/api/dev/bench/team", { method: "POST", body: { userId: owner.userId, members: 30 } }), 200));
    expect(first).toMatchObject({ teamId: owner.teamId, members: 30, added: 29 });
    const again = await json(await expectStatus(await api("/api/dev/bench/team", { method: "POST", body: { userId: owner.userId, members: 30 } }), 200));
    expect(again).toMatchObject({ members: 30, added: 0 });
    const listed = await json(await expectStatus(await api("/api/users/team-members", { user: owner }), 200));
    expect(listed.teamMembers).toHaveLength(30);
    const solo = await createTestUser();
    await expectStatus(await api("/api/dev/bench/team", { method: "POST", body: { userId: solo.userId } }), 404);
    await expectStatus(await api("/api/dev/bench/team", { method: "POST", body: { userId: owner.userId, members: 0 } }), 400);
  });
});
