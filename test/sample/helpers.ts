import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import type { SampleStatus } from "../../shared/sample/model";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser, type TestUserOptions } from "../helpers/auth";

/** A new account that keeps the sample workspace sign-up asks for, with a plan of its own. */
export function newcomer(options: TestUserOptions = {}) {
  return createTestUser({ plan: "SOLO", sampleWorkspace: true, ...options });
}

/** The dashboard as the browser gets it (its loader creates a pending sample workspace). */
export async function dashboardHtml(user: TestUser): Promise<string> {
  const res = await SELF.fetch("http://localhost/dashboard", { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

export async function sampleStatus(user: TestUser): Promise<SampleStatus> {
  return json<SampleStatus>(await expectStatus(await api("/api/sample", { user }), 200));
}

/** The user's rows of each sample table, sample or not: [id, sample] pairs. */
export async function rowsOf(user: TestUser) {
  const q = async (table: string) =>
    (await env.DB.prepare(`SELECT "id", "sample" FROM "${table}" WHERE "userId" = ? ORDER BY "id"`).bind(user.userId).all<{ id: string; sample: number }>())
      .results;
  const [documents, exercises, briefs, sessions, reports, actions] = await Promise.all(
    ["Document", "Exercise", "IntelBrief", "ConductSession", "AfterActionReport", "CorrectiveAction"].map(q),
  );
  return { documents: documents!, exercises: exercises!, briefs: briefs!, sessions: sessions!, reports: reports!, actions: actions! };
}

export async function sampleState(user: TestUser): Promise<string | null> {
  const row = await env.DB.prepare('SELECT "sampleWorkspace" FROM "User" WHERE "id" = ?').bind(user.userId).first<{ sampleWorkspace: string | null }>();
  return row?.sampleWorkspace ?? null;
}
