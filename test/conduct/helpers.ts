import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { api, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { createExercise } from "../exercises/helpers";

/** An exercise with a three-row MSEL (T+0, T+5 min, unscheduled) and two modules with questions. */
export const CONDUCT_EXERCISE = {
  name: "Harbour flood TTX",
  scenario: "A storm surge floods the port district.",
  capabilitiesAndObjectives: [{ capability: "Mass Care Services", objective: "Open two shelters within two hours." }],
  mselTable: [
    {
      event: "1",
      time: "09:00",
      synopsis: "Warning issued",
      message: "The NWS issues a storm surge warning.",
      expectedAction: "Activate the EOC at level 2.",
      to: "EOC",
    },
    { event: "2", time: "09:05", synopsis: "Shelter full", message: "Shelter A reports it is full.", expectedAction: "Open Shelter B." },
    { event: "3", time: "whenever", synopsis: "Media call", message: "A reporter asks about evacuations.", expectedAction: "Refer to the PIO." },
  ],
  modules: [
    { title: "Response", description: "Landfall at dawn.", questions: ["Who leads the response?", "When do you open shelters?"] },
    {
      title: "Recovery",
      description: "Two days later.",
      questions: { mode: "functional", groups: [{ name: "All", questions: [{ text: "What reopens first?", type: "open-ended" }] }] },
    },
  ],
};

export async function conductExercise(user: TestUser, extra: Record<string, unknown> = {}): Promise<string> {
  return createExercise(user, CONDUCT_EXERCISE, extra);
}

export async function createSession(user: TestUser, exerciseId: string, body: Json = {}): Promise<Json> {
  return json(await expectStatus(await api("/api/conduct/sessions", { user, body: { exerciseId, ...body } }), 201, "create session"));
}

export async function command(user: TestUser, sessionId: string, body: Json, status = 200): Promise<Json> {
  return json(await expectStatus(await api(`/api/conduct/sessions/${sessionId}/commands`, { user, body }), status, `command ${JSON.stringify(body)}`));
}

export async function createLink(user: TestUser, sessionId: string, role: "player" | "evaluator" | "feedback", label: string): Promise<Json> {
  return json(await expectStatus(await api(`/api/conduct/sessions/${sessionId}/links`, { user, body: { role, label } }), 201, "create link"));
}

export const tokenOf = (link: Json) => String(link.url).split("/").pop()!;

export const clientKey = () => crypto.randomUUID().replace(/-/g, "");

/** A test-side WebSocket client: every message kept, and a wait for the first matching one. */
export type SocketClient = {
  ws: WebSocket;
  messages: Json[];
  next(match: (m: Json) => boolean, label?: string): Promise<Json>;
  closed: Promise<{ code: number }>;
};

export async function openSocket(path: string, headers: Record<string, string> = {}): Promise<SocketClient> {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", origin: ORIGIN, ...headers } });
  if (res.status !== 101 || !res.webSocket) throw new Error(`expected 101 for ${path}, got ${res.status}: ${await res.text()}`);
  return clientFor(res.webSocket);
}

function clientFor(ws: WebSocket): SocketClient {
  const messages: Json[] = [];
  const waiters: { match: (m: Json) => boolean; resolve: (m: Json) => void }[] = [];
  let closedResolve: (v: { code: number }) => void = () => undefined;
  const closed = new Promise<{ code: number }>((r) => (closedResolve = r));
  ws.addEventListener("message", (e) => {
    const text = typeof e.data === "string" ? e.data : new TextDecoder().decode(e.data as ArrayBuffer);
    const m = text === "pong" ? { type: "pong" } : (JSON.parse(text) as Json);
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  ws.addEventListener("close", (e) => closedResolve({ code: e.code }));
  ws.accept();
  return {
    ws,
    messages,
    closed,
    next(match, label = "a message") {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}; got ${JSON.stringify(messages).slice(0, 1500)}`)), 5_000);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

/** A state message with at least this seq. */
export const stateAt = (seq: number) => (m: Json) => m.type === "state" && (m.state as Json).seq >= seq;

export function expectNoExpectedAction(value: unknown): void {
  expect(JSON.stringify(value)).not.toMatch(/expectedAction|Activate the EOC|Open Shelter B|offsetMinutes/);
}
