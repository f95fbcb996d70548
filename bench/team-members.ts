/**
 * `npm run bench` section: GET /api/users/team-members for a 200-member team (issue 13), against
 * the bare floor (GET /api/health) and the signed-in floor (GET /api/ai/models: a session check and
 * one account query), measured one after another at each connection count. The demo user's team is
 * grown first through POST /api/dev/bench/team (made-up members, local only). BENCH_TEAM_MEMBERS
 * sets the size (default 200). Never asserted.
 */
import type { BenchContext } from "./lib/section.ts";
import type { HttpStats } from "./lib/http.ts";
import { ms, ratio } from "./lib/table.ts";

export const name = "team-members";

export async function run(ctx: BenchContext) {
  if (!ctx.userId || !ctx.cookie) {
    console.log("team-members: skipped (the demo user could not sign in)");
    return;
  }
  const members = Number(process.env.BENCH_TEAM_MEMBERS ?? 200);
  const res = await fetch(`${ctx.baseURL}/api/dev/bench/team`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ctx.baseURL },
    body: JSON.stringify({ userId: ctx.userId, members }),
  });
  if (!res.ok) {
    console.log(`team-members: the bench route answered ${res.status}: ${await res.text()}`);
    return;
  }
  const team = (await res.json()) as { members: number };
  const check = await fetch(`${ctx.baseURL}/api/users/team-members`, { headers: { cookie: ctx.cookie } });
  const body = (await check.json()) as { teamMembers?: unknown[] };
  if (!check.ok || !Array.isArray(body.teamMembers)) {
    console.log(`team-members: GET /api/users/team-members answered ${check.status}`);
    return;
  }
  const auth = { cookie: ctx.cookie };
  const rows: (string | number)[][] = [];
  for (const connections of ctx.connections) {
    // The floors right before the target, so the ratios compare runs seconds apart.
    const floor = await ctx.measureHttp({ label: "GET /api/health (floor)", path: "/api/health" }, { connections });
    const signedIn = await ctx.measureHttp({ label: "GET /api/ai/models (signed-in floor)", path: "/api/ai/models", headers: auth }, { connections });
    const target = await ctx.measureHttp(
      { label: `GET /api/users/team-members (${body.teamMembers.length} members)`, path: "/api/users/team-members", headers: auth },
      { connections },
    );
    for (const s of [floor, signedIn, target] as HttpStats[]) {
      rows.push([
        s.label,
        connections,
        ms(s.p50),
        ratio(s.p50, floor.p50),
        ratio(s.p50, signedIn.p50),
        ms(s.p99),
        Math.round(s.rps),
        s.ok,
        s.non2xx + s.errors,
      ]);
    }
  }
  ctx.printTable(
    `Team members of a ${team.members}-member team; ratios to the floors measured right before, same connections`,
    ["target", "conns", "p50", "÷ health", "÷ signed-in", "p99", "req/s", "2xx", "other"],
    rows,
  );
}
