import { describe, expect, it } from "vitest";
import {
  acceptState,
  deliveredKeys,
  flushOutbox,
  formatScenario,
  mergeNotes,
  newClientKey,
  observationDraft,
  Outbox,
  outcomeOfError,
  reconnectDelayMs,
  RECONNECT_MAX_MS,
  scenarioNowOf,
  socketUrl,
  type OutboxEntry,
  type StorageLike,
} from "../../web/lib/conduct-live";
import { ApiError } from "../../web/lib/query";
import { clientKeySchema, type ObservationInput } from "../../shared/conduct/model";
import type { ObservationView } from "../../shared/conduct/views";
import { isPublicPath, isAllowedWithoutPlan } from "../../worker/auth/guard";

// Live conduct's browser logic (web/lib/conduct-live.ts): state ordering by seq, reconnect backoff,
// the clock, and the outbox that keeps answers and observations until the server has them.

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const obs = (text: string): Omit<ObservationInput, "clientKey"> => ({
  capability: "Mass Care Services",
  text,
  rating: "S",
  targetId: null,
  writtenAt: 1_700_000_000_000,
});
const entry = (clientKey: string, text = "note"): OutboxEntry<ObservationInput> => ({
  clientKey,
  input: { ...obs(text), clientKey },
  queuedAt: 1_700_000_000_000,
  error: null,
});

describe("acceptState (seq ordering)", () => {
  it("takes a newer or equal state and keeps the screen when a late, older one arrives", () => {
    const s5 = { seq: 5, label: "five" };
    expect(acceptState(null, s5)).toBe(s5);
    const s7 = { seq: 7, label: "seven" };
    expect(acceptState(s5, s7)).toBe(s7);
    expect(acceptState(s7, s5)).toBe(s7);
    const refreshed = { seq: 7, label: "seven, refreshed (connected counts changed)" };
    expect(acceptState(s7, refreshed)).toBe(refreshed);
  });
});

describe("reconnecting", () => {
  it("backs off exponentially with jitter, capped", () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(250);
    expect(reconnectDelayMs(0, () => 1)).toBe(500);
    expect(reconnectDelayMs(3, () => 1)).toBe(4_000);
    expect(reconnectDelayMs(50, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(50, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it("uses wss on https pages and ws on http", () => {
    expect(socketUrl({ protocol: "https:", host: "app.example" }, "/api/conduct/t/abc/socket")).toBe("wss://app.example/api/conduct/t/abc/socket");
    expect(socketUrl({ protocol: "http:", host: "localhost:8787" }, "/x")).toBe("ws://localhost:8787/x");
  });
});

describe("the session clock", () => {
  const asOf = "2026-11-26T10:00:00.000Z";
  const received = 5_000_000;
  const clock = {
    asOf,
    scenarioMs: 6 * 3_600_000,
    scale: 10,
    manualOnly: false,
    startScenarioMs: 6 * 3_600_000,
    timeOfDay: true,
    hotWashMinutes: 60,
  } as const;
  it("ticks at the session's scale from when the state arrived while running, and holds while paused", () => {
    expect(scenarioNowOf({ ...clock, status: "running" }, received, received + 30_000)).toBe(6 * 3_600_000 + 300_000);
    expect(scenarioNowOf({ ...clock, status: "paused" }, received, received + 30_000)).toBe(6 * 3_600_000);
    // The server's asOf plays no part: a browser clock far off the server's still ticks right.
    expect(scenarioNowOf({ ...clock, status: "running", asOf: "2030-01-01T00:00:00.000Z" }, received, received + 1_000)).toBe(6 * 3_600_000 + 10_000);
    expect(scenarioNowOf({ ...clock, status: "running" }, received, received - 10)).toBe(6 * 3_600_000);
  });
  it("shows scenario time as the session does: a day and time of day, or time since the start", () => {
    expect(formatScenario(clock, 6 * 3_600_000 + 27 * 60_000)).toBe("Day 1 06:27");
    expect(formatScenario({ ...clock, timeOfDay: false }, 6 * 3_600_000 + 27 * 60_000 + 5_000, true)).toBe("T+0:27:05");
    expect(formatScenario(clock, null)).toBe("—");
  });
});

describe("client keys", () => {
  it("are accepted by the API's clientKey schema and differ each time", () => {
    const a = newClientKey();
    expect(clientKeySchema.safeParse(a).success).toBe(true);
    expect(newClientKey()).not.toBe(a);
  });
});

describe("the outbox", () => {
  it("keeps entries in storage across a reload, and removes them once sent", () => {
    const storage = memoryStorage();
    const first = new Outbox<ObservationInput>(storage, "k");
    first.add(entry("aaaaaaaa", "one"));
    first.add(entry("bbbbbbbb", "two"));
    const reloaded = new Outbox<ObservationInput>(storage, "k");
    expect(reloaded.list().map((e) => e.input.text)).toEqual(["one", "two"]);
    reloaded.remove(["aaaaaaaa"]);
    expect(new Outbox<ObservationInput>(storage, "k").list().map((e) => e.clientKey)).toEqual(["bbbbbbbb"]);
    reloaded.remove(["bbbbbbbb"]);
    expect(storage.data.has("k")).toBe(false);
  });

  it("replaces a queued entry it supersedes (a newer answer to the same question)", () => {
    const box = new Outbox<ObservationInput>(memoryStorage(), "k");
    box.add(entry("aaaaaaaa", "draft"));
    box.add(entry("bbbbbbbb", "final"), (other) => other.input.capability === "Mass Care Services");
    expect(box.list().map((e) => e.input.text)).toEqual(["final"]);
  });

  it("survives unreadable storage and storage that refuses writes", () => {
    const broken: StorageLike = {
      getItem: () => "{not json",
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => undefined,
    };
    const box = new Outbox<ObservationInput>(broken, "k");
    expect(box.list()).toEqual([]);
    box.add(entry("aaaaaaaa"));
    expect(box.list()).toHaveLength(1);
    expect(new Outbox<ObservationInput>(null, "k").list()).toEqual([]);
  });

  it("sends in order, stops at a network failure and keeps the rest; a refusal is kept with its message", async () => {
    const sent: string[] = [];
    const outcomes: Record<string, "sent" | "retry" | { refused: string }> = {
      aaaaaaaa: "sent",
      bbbbbbbb: { refused: "This link cannot do that." },
      cccccccc: "retry",
      dddddddd: "sent",
    };
    const result = await flushOutbox([entry("aaaaaaaa"), entry("bbbbbbbb"), entry("cccccccc"), entry("dddddddd")], async (e) => {
      sent.push(e.clientKey);
      return outcomes[e.clientKey]!;
    });
    expect(sent).toEqual(["aaaaaaaa", "bbbbbbbb", "cccccccc"]);
    expect(result).toEqual({ sent: ["aaaaaaaa"], refused: [{ clientKey: "bbbbbbbb", message: "This link cannot do that." }], stopped: true });
  });

  it("does not send again an entry the server refused for good", async () => {
    let calls = 0;
    await flushOutbox([{ ...entry("aaaaaaaa"), error: "Refused" }], async () => {
      calls++;
      return "sent";
    });
    expect(calls).toBe(0);
  });

  it("retries no answer, 5xx, 408 and 429; other 4xx are refusals carrying the server's message", () => {
    expect(outcomeOfError(new TypeError("Failed to fetch"))).toBe("retry");
    expect(outcomeOfError(new ApiError(503, "x", "down"))).toBe("retry");
    expect(outcomeOfError(new ApiError(429, "x", "slow down"))).toBe("retry");
    expect(outcomeOfError(new ApiError(408, "x", "timeout"))).toBe("retry");
    expect(outcomeOfError(new ApiError(400, "bad_request", "Write what you observed."))).toEqual({ refused: "Write what you observed." });
  });

  it("drops entries the server's state already lists (sent, but the answer was lost)", () => {
    expect(deliveredKeys([entry("aaaaaaaa"), entry("bbbbbbbb")], [null, "bbbbbbbb", "zzzzzzzz"])).toEqual(["bbbbbbbb"]);
  });
});

describe("the evaluator's notes", () => {
  it("a note is tied to the inject on screen when it was written, not to the one released when it arrives", () => {
    const draft = observationDraft({ capability: "Mass Care Services", targetId: null, text: "Shelter B opened late.", rating: "M" }, "msel-2", 1_000);
    expect(draft).toEqual({
      capability: "Mass Care Services",
      targetId: null,
      text: "Shelter B opened late.",
      rating: "M",
      itemKey: "msel-2",
      writtenAt: 1_000,
    });
    // Nothing released yet: the server ties it to nothing.
    expect(observationDraft({ capability: "Mass Care Services", targetId: null, text: "Waiting.", rating: null }, null, 2_000).itemKey).toBeNull();
  });

  const saved = (clientKey: string, at: string): ObservationView => ({
    id: `id-${clientKey}`,
    clientKey,
    capability: "Operational Communications",
    targetId: null,
    text: `stored ${clientKey}`,
    rating: "M",
    itemKey: "msel-1",
    at,
    afterPlay: false,
  });
  it("shows stored notes as Saved and the rest as Queued, once each, newest first", () => {
    const notes = mergeNotes(
      [saved("aaaaaaaa", "2026-11-26T10:00:00.000Z")],
      [
        { ...entry("aaaaaaaa", "dup"), queuedAt: Date.parse("2026-11-26T10:00:00.000Z") },
        {
          clientKey: "bbbbbbbb",
          input: { ...obs("offline"), clientKey: "bbbbbbbb", writtenAt: Date.parse("2026-11-26T10:05:00.000Z") },
          queuedAt: 0,
          error: null,
        },
      ],
    );
    expect(notes.map((n) => [n.text, n.state])).toEqual([
      ["offline", "queued"],
      ["stored aaaaaaaa", "saved"],
    ]);
  });
});

describe("the access guard lets conduct links through, not the console", () => {
  it("/conduct/<token> is public; /conduct/sessions/… is not", () => {
    expect(isPublicPath("/conduct/abcDEF123_-")).toBe(true);
    expect(isAllowedWithoutPlan("/conduct/abcDEF123_-", false)).toBe(true);
    expect(isPublicPath("/conduct/sessions/123")).toBe(false);
    expect(isPublicPath("/conduct/sessions")).toBe(false);
    expect(isPublicPath("/conduct/abc/extra")).toBe(false);
  });
});
