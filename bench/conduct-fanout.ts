/**
 * Live conduct's inject fan-out (issue 15): one session, 200 player sockets connected through the
 * Worker to the session's Durable Object (10 player links × 20 sockets, as groups sharing a link on
 * several phones), and the controller releases injects one by one through
 * POST /api/conduct/sessions/{id}/commands. Per release: the time from sending the POST until every
 * one of the 200 sockets has received the state that contains the inject (p50/p99), and the POST's
 * own answer time. Absolute times swing 2–3x between runs on shared machines, so the median is also
 * stated against the signed-in floor, GET /api/ai/models (session check and one account query),
 * measured in the same rounds: one floor request before each release.
 *
 * BENCH_CONDUCT_PLAYERS (default 200), BENCH_CONDUCT_RELEASES (default 30).
 */
import type { BenchContext } from "./lib/section.ts";
import { ms, ratio } from "./lib/table.ts";
import { quantile } from "./lib/timing.ts";

export const name = "conduct-fanout";

const PLAYERS = Number(process.env.BENCH_CONDUCT_PLAYERS ?? 200);
const RELEASES = Number(process.env.BENCH_CONDUCT_RELEASES ?? 30);
const LINKS = 10;
const WARMUP = 3;
const TIMEOUT_MS = 15_000;

type Player = { ws: WebSocket; seen: Map<string, number> };

async function connect(url: string): Promise<Player> {
  const ws = new WebSocket(url);
  const seen = new Map<string, number>();
  ws.addEventListener("message", (e) => {
    const at = performance.now();
    const text = typeof e.data === "string" ? e.data : "";
    // The keys the state carries, found without parsing 200 copies of the same JSON on the client.
    for (const m of text.matchAll(/"title":"(bench-\d+)"/g)) if (!seen.has(m[1]!)) seen.set(m[1]!, at);
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error(`socket to ${url} failed`)), { once: true });
  });
  return { ws, seen };
}

async function allReceived(players: Player[], key: string): Promise<number> {
  const deadline = performance.now() + TIMEOUT_MS;
  for (;;) {
    const times = players.map((p) => p.seen.get(key));
    if (times.every((t) => t !== undefined)) return Math.max(...(times as number[]));
    if (performance.now() > deadline) throw new Error(`${times.filter((t) => t === undefined).length} of ${players.length} sockets never received ${key}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

export async function run(ctx: BenchContext) {
  if (!ctx.cookie) {
    console.log("\nbench section conduct-fanout skipped: no demo session.");
    return;
  }
  const headers = { cookie: ctx.cookie, "content-type": "application/json", origin: ctx.baseURL };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(ctx.baseURL + path, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as Record<string, unknown>;
  };

  // An exercise whose MSEL has one unscheduled row per release (keyed msel-<i>, titled bench-<i>).
  const total = WARMUP + RELEASES;
  const mselTable = Array.from({ length: total }, (_, i) => ({
    event: String(i + 1),
    synopsis: `bench-${i}`,
    message: `Inject ${i + 1}: the situation changes.`,
    expectedAction: "Respond.",
  }));
  const { id: exerciseId } = (await post("/api/exercises/create", { exercise: { name: "Bench: conduct fan-out", mselTable } })) as { id: string };
  const session = (await post("/api/conduct/sessions", { exerciseId })) as { id: string };
  const tokens: string[] = [];
  for (let i = 0; i < LINKS; i++) {
    const link = (await post(`/api/conduct/sessions/${session.id}/links`, { role: "player", label: `Group ${i + 1}` })) as { url: string };
    tokens.push(link.url.split("/").pop()!);
  }
  await post(`/api/conduct/sessions/${session.id}/commands`, { type: "start" });

  const wsBase = ctx.baseURL.replace(/^http/, "ws");
  const players: Player[] = [];
  const connectStarted = performance.now();
  // In small batches: 200 handshakes at once would measure the dev server's accept queue instead.
  for (let i = 0; i < PLAYERS; i += 20) {
    players.push(
      ...(await Promise.all(Array.from({ length: Math.min(20, PLAYERS - i) }, (_, j) => connect(`${wsBase}/api/conduct/t/${tokens[(i + j) % LINKS]}/socket`)))),
    );
  }
  const connectMs = performance.now() - connectStarted;

  const fanout: number[] = [];
  const answered: number[] = [];
  const floor: number[] = [];
  try {
    for (let i = 0; i < total; i++) {
      const f0 = performance.now();
      const floorRes = await fetch(`${ctx.baseURL}/api/ai/models`, { headers: { cookie: ctx.cookie } });
      await floorRes.arrayBuffer();
      if (floorRes.status !== 200) throw new Error(`GET /api/ai/models answered ${floorRes.status}`);
      const floorMs = performance.now() - f0;

      const t0 = performance.now();
      const res = await fetch(`${ctx.baseURL}/api/conduct/sessions/${session.id}/commands`, {
        method: "POST",
        headers,
        body: JSON.stringify({ type: "release", itemKey: `msel-${i}` }),
      });
      await res.arrayBuffer();
      const answeredMs = performance.now() - t0;
      if (!res.ok) throw new Error(`release ${i} answered ${res.status}`);
      const last = await allReceived(players, `bench-${i}`);
      if (i < WARMUP) continue;
      floor.push(floorMs);
      answered.push(answeredMs);
      fanout.push(last - t0);
    }
  } finally {
    for (const p of players) p.ws.close(1000);
  }

  const floorP50 = quantile(floor, 0.5);
  ctx.printTable(
    `Inject fan-out: ${PLAYERS} player sockets (${LINKS} links) on one session object, ${RELEASES} releases by POST after ${WARMUP} warm-up; ms from sending the POST until every socket has the state with the inject; ratio to the signed-in floor (GET /api/ai/models) in the same rounds`,
    ["measure", "n", "p50", "p99", "÷ floor p50"],
    [
      ["all 200 sockets have the inject", fanout.length, ms(quantile(fanout, 0.5)), ms(quantile(fanout, 0.99)), ratio(quantile(fanout, 0.5), floorP50)],
      ["POST /commands answered", answered.length, ms(quantile(answered, 0.5)), ms(quantile(answered, 0.99)), ratio(quantile(answered, 0.5), floorP50)],
      ["signed-in floor GET /api/ai/models", floor.length, ms(floorP50), ms(quantile(floor, 0.99)), "1.00x"],
    ],
  );
  console.log(`  ${PLAYERS} sockets connected in ${connectMs.toFixed(0)} ms (batches of 20).`);
}
