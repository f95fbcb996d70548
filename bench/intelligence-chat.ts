/**
 * `npm run bench` section: the intelligence chat's answer TTFB overhead over the provider's (issue
 * 12), in the pattern of bench/streaming.ts. A question PUT to /api/intelligence/chats/{id}/messages
 * (NDJSON) goes through our Worker: session, chat, settings and profile reads, the credit hold, the
 * search of the four public sources (the e2e fakes of NWS, USGS, OpenFEMA and GDELT, on loopback),
 * the prompt, the provider call. Timed to the first text event (the answer's first words; the meta
 * and citations lines go out earlier, when the provider's stream opens) and, for reference, to the
 * first byte. The provider's own TTFB is measured directly on the same fake, the same round. Our
 * overhead = Worker first text − provider first byte, paired by round.
 *
 * The fake provider answers at once ("normal"): its slow scenario is chosen by a [fake:slow] marker
 * in the question, and those words would then be searched for too and match no news item. A fresh
 * chat each round keeps the prompt the same size. Ratios are to the signed-in floor GET
 * /api/ai/models (session check and one account query), measured in the same rounds.
 *
 * BENCH_INTEL_CHAT_REQUESTS (default 30).
 */
import { BENCH_AI_KEY, benchFakes } from "./lib/fakes.ts";
import type { BenchContext } from "./lib/section.ts";
import { ratio } from "./lib/table.ts";
import { median, msText, p90, timeToFirstByte } from "./lib/timing.ts";

export const name = "intelligence-chat";

const REQUESTS = Number(process.env.BENCH_INTEL_CHAT_REQUESTS ?? 30);
const WARMUP = 3;
// The fake news source has a Brackwater River story (test/fakes/intel/gdelt.ts), as the e2e journey asks.
const QUESTION = "What is the latest on the Brackwater River flood?";
let origin: string | null = null;

export async function prepare() {
  const peer = await benchFakes({ sources: true });
  origin = peer.origin;
  return { vars: peer.vars, stop: peer.stop };
}

export async function run(ctx: BenchContext) {
  if (!ctx.cookie || !origin) {
    console.log(`\nbench section intelligence-chat skipped: ${!ctx.cookie ? "no demo session" : "the fake provider did not start"}.`);
    return;
  }
  const headers = { cookie: ctx.cookie, "content-type": "application/json", origin: ctx.baseURL };
  const credits = await fetch(`${ctx.baseURL}/api/dev/bench/streaming/credits`, { method: "POST", headers });
  if (!credits.ok) throw new Error(`granting bench credits answered ${credits.status}: ${await credits.text()}`);

  const newChat = async () => {
    const res = await fetch(`${ctx.baseURL}/api/intelligence/chats`, { method: "POST", headers, body: "{}" });
    if (!res.ok) throw new Error(`POST /api/intelligence/chats answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { chat: { id: string } }).chat.id;
  };
  const body = JSON.stringify({ question: QUESTION });
  const viaWorker = (chatId: string) =>
    timeToFirstByte(`${ctx.baseURL}/api/intelligence/chats/${chatId}/messages`, { method: "PUT", headers, body }, /"type":"text"/);
  const direct = () =>
    timeToFirstByte(`${origin}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${BENCH_AI_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gemini-2.5-pro", stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: QUESTION }] }),
    });
  const health = () => timeToFirstByte(`${ctx.baseURL}/api/health`, { headers });
  const signedIn = () => timeToFirstByte(`${ctx.baseURL}/api/ai/models`, { headers });

  for (let i = 0; i < WARMUP; i++) {
    await health();
    await signedIn();
    await viaWorker(await newChat());
  }
  const text: number[] = [];
  const firstByte: number[] = [];
  const provider: number[] = [];
  const healthFloor: number[] = [];
  const signedInFloor: number[] = [];
  let label = "";
  let cited = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const chatId = await newChat();
    healthFloor.push((await health()).ms);
    const floor = await signedIn();
    if (floor.status !== 200) throw new Error(`GET /api/ai/models answered ${floor.status}`);
    signedInFloor.push(floor.ms);
    const w = await viaWorker(chatId);
    if (w.status !== 200) throw new Error(`PUT /api/intelligence/chats/{id}/messages answered ${w.status}: ${w.body.slice(0, 200)}`);
    const events = w.body
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; label?: string; citations?: unknown[] });
    label = events.find((e) => e.type === "meta")?.label ?? label;
    cited = events.find((e) => e.type === "citations")?.citations?.length ?? 0;
    if (!events.some((e) => e.type === "done")) throw new Error(`the answer did not finish: ${w.body.slice(-200)}`);
    text.push(w.ms);
    firstByte.push(w.firstByteMs);
    provider.push((await direct()).firstByteMs);
  }
  const overhead = text.map((t, i) => t - provider[i]!);
  const base = median(signedInFloor);
  const row = (measure: string, xs: number[], note: string) => [measure, msText(median(xs)), msText(p90(xs)), ratio(median(xs), base), note];
  ctx.printTable(
    `Intelligence chat: time to the answer's first text (${REQUESTS} sequential rounds, a fresh chat each, fake provider "${label}" answering at once, fake sources; ${cited} items cited); ratios to the signed-in floor GET /api/ai/models, same rounds`,
    ["measure", "median", "p90", "median ÷ signed-in floor", "note"],
    [
      row(
        "our overhead = Worker first text − provider first byte (paired)",
        overhead,
        "session, chat, settings, credit hold, 4 source searches, prompt, provider call",
      ),
      row("GET /api/ai/models (signed-in floor)", signedInFloor, "baseline: session check + one account query"),
      row("GET /api/health (floor)", healthFloor, "the bare Worker"),
      row("through our Worker: first text event", text, "PUT /api/intelligence/chats/{id}/messages (NDJSON)"),
      row("through our Worker: first byte (meta line)", firstByte, "sent when the provider's stream opens, before its first token"),
      row("provider directly: first byte", provider, "the fake's own first byte: a streamed request with the question alone, same round"),
    ],
  );
  console.log(
    `  intelligence answer TTFB overhead: ${msText(median(overhead))} over the provider's ${msText(median(provider))}; ${ratio(median(overhead), base)} the signed-in floor (${msText(base)}), same run`,
  );
}
