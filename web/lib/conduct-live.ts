/**
 * Live conduct's browser logic with no React in it (issue 15), so it is tested in plain Node:
 * which socket state wins, how long to wait before reconnecting, the session clock, and the outbox
 * that keeps answers and observations written offline until the server has them.
 */
import type { ObservationInput } from "../../shared/conduct/model";
import { formatScenarioTime } from "../../shared/conduct/scenario-time";
import type { ClockView, ConductStatus, ObservationView, Rating } from "../../shared/conduct/views";

// ---------------------------------------------------------------------------------------------
// State ordering: every state the server sends carries the highest event seq it has applied. A
// state that arrives late (a poll answered after a socket push) must not roll the screen back.

/** The state to show: `next` unless it is older than what is on screen (equal seq is a refresh: take it). */
export function acceptState<S extends { seq: number }>(current: S | null, next: S): S {
  if (!current) return next;
  return next.seq >= current.seq ? next : current;
}

// ---------------------------------------------------------------------------------------------
// Reconnecting.

const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;
/** While the socket is down the page polls the state this often, so nothing waits for the socket. */
export const POLL_WHILE_DISCONNECTED_MS = 5_000;

/**
 * Exponential backoff with jitter (between half and all of the step), so 200 phones that lost the
 * same Wi-Fi do not all knock at the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 20)));
  return Math.round(step / 2 + (step / 2) * random());
}

/** ws:// or wss:// for a same-origin path, as the page was loaded. */
export function socketUrl(location: { protocol: string; host: string }, path: string): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
}

export type ConnectionStatus = "connecting" | "live" | "reconnecting" | "gone";

/** The connection to the session (this page's socket), not the session's own state. */
export const CONNECTION_LABEL: Record<ConnectionStatus, string> = {
  connecting: "Connecting…",
  live: "Connected",
  reconnecting: "Reconnecting…",
  gone: "Disconnected",
};

/** The session's state, the same words on every page (console, player, evaluator). */
export const SESSION_STATUS_LABEL: Record<ConductStatus, string> = {
  ready: "Not started",
  running: "Live",
  paused: "Paused",
  ended: "Ended",
};

// ---------------------------------------------------------------------------------------------
// Focus. A console button that does its job disappears (Release now, Skip, Open module): the
// browser would drop keyboard focus to the page's start, so it goes to the button's row instead.

/** Focuses the row of `list` marked data-row-key={key} (rows take tabIndex={-1}); nothing if it is gone. */
export function focusRow(list: HTMLElement | null, key: string): void {
  const row = Array.from(list?.children ?? []).find((el) => (el as HTMLElement).dataset?.rowKey === key) as HTMLElement | undefined;
  row?.focus();
}

// ---------------------------------------------------------------------------------------------
// The session clock (scenario time, issue 30): the server sends the scenario time when it answered
// and the scale; the browser ticks from the moment the state arrived, by its own clock times the
// scale — never by comparing its clock with the server's `asOf` (a phone's clock can be minutes off,
// and a test server's clock is pinned).

/** Scenario time now, for a clock view received at `receivedAtMs` (browser clock). */
export function scenarioNowOf(clock: ClockView, receivedAtMs: number, nowMs: number): number {
  if (clock.status !== "running") return clock.scenarioMs;
  return clock.scenarioMs + Math.max(0, nowMs - receivedAtMs) * clock.scale;
}

/** A scenario instant as this session shows it: "Day 1 06:27" (or "T+0:27" without a time of day); "—" when there is none. */
export function formatScenario(clock: Pick<ClockView, "startScenarioMs" | "timeOfDay">, scenarioMs: number | null, seconds = false): string {
  if (scenarioMs === null) return "—";
  return formatScenarioTime(scenarioMs, { startMs: clock.startScenarioMs, timeOfDay: clock.timeOfDay, seconds });
}

/** "10x", "2.5x". */
export const formatScale = (scale: number) => `${Number(scale.toFixed(2))}x`;

// ---------------------------------------------------------------------------------------------
// Client keys and the outbox.

/** An idempotency key in the form clientKeySchema accepts (8–64 of [A-Za-z0-9_-]). */
export function newClientKey(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type OutboxEntry<T> = {
  clientKey: string;
  input: T;
  /** Epoch ms when it was written (sent as writtenAt for observations). */
  queuedAt: number;
  /** The server's refusal, when it refused it for good (kept, shown, never silently dropped). */
  error: string | null;
};

/**
 * What was written but is not yet known to be stored, kept in localStorage under `key` so a reload,
 * a dead battery or a closed tab loses nothing. Without storage (private mode, quota) it keeps the
 * entries in memory for the page's life. Every entry has its clientKey from the start: sending it
 * twice stores it once.
 */
export class Outbox<T> {
  private memory: OutboxEntry<T>[] = [];

  constructor(
    private readonly storage: StorageLike | null,
    readonly key: string,
  ) {
    this.memory = this.read();
  }

  list(): OutboxEntry<T>[] {
    return [...this.memory];
  }

  /** Adds an entry; `replaces` drops queued entries it supersedes (a newer answer to the same question). */
  add(entry: OutboxEntry<T>, replaces?: (other: OutboxEntry<T>) => boolean): OutboxEntry<T>[] {
    this.memory = [...this.memory.filter((e) => e.clientKey !== entry.clientKey && !(replaces?.(e) ?? false)), entry];
    this.write();
    return this.list();
  }

  remove(clientKeys: Iterable<string>): OutboxEntry<T>[] {
    const gone = new Set(clientKeys);
    if (gone.size === 0) return this.list();
    this.memory = this.memory.filter((e) => !gone.has(e.clientKey));
    this.write();
    return this.list();
  }

  markFailed(clientKey: string, error: string): OutboxEntry<T>[] {
    this.memory = this.memory.map((e) => (e.clientKey === clientKey ? { ...e, error } : e));
    this.write();
    return this.list();
  }

  private read(): OutboxEntry<T>[] {
    try {
      const raw = this.storage?.getItem(this.key);
      if (!raw) return [];
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? (parsed.filter(isEntry) as OutboxEntry<T>[]) : [];
    } catch {
      return [];
    }
  }

  private write() {
    try {
      if (this.memory.length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify(this.memory));
    } catch {
      // Storage full or refused: the entries stay in memory for this page's life.
    }
  }
}

function isEntry(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.clientKey === "string" && typeof v.queuedAt === "number" && "input" in v;
}

/** Drops entries the server already has (its state lists them by clientKey): sent, answer lost on the way. */
export function deliveredKeys<T>(entries: OutboxEntry<T>[], serverKeys: Iterable<string | null>): string[] {
  const known = new Set<string>();
  for (const k of serverKeys) if (k) known.add(k);
  return entries.filter((e) => known.has(e.clientKey)).map((e) => e.clientKey);
}

export type SendOutcome = "sent" | "retry" | { refused: string };

/**
 * Sends queued entries in the order written, one at a time. A network failure or a server error
 * ("retry") stops the round and keeps the rest for the next reconnect; a refusal (a 4xx other than
 * 408/429) is kept with its message and the round goes on.
 */
export async function flushOutbox<T>(
  entries: OutboxEntry<T>[],
  send: (entry: OutboxEntry<T>) => Promise<SendOutcome>,
): Promise<{ sent: string[]; refused: { clientKey: string; message: string }[]; stopped: boolean }> {
  const sent: string[] = [];
  const refused: { clientKey: string; message: string }[] = [];
  for (const entry of entries) {
    if (entry.error) continue;
    const outcome = await send(entry);
    if (outcome === "sent") sent.push(entry.clientKey);
    else if (outcome === "retry") return { sent, refused, stopped: true };
    else refused.push({ clientKey: entry.clientKey, message: outcome.refused });
  }
  return { sent, refused, stopped: false };
}

/** How a failed send is treated: no answer or a 5xx/408/429 is worth retrying; another 4xx is a refusal. */
export function outcomeOfError(error: unknown): SendOutcome {
  const status = typeof error === "object" && error && "status" in error && typeof error.status === "number" ? error.status : null;
  if (status === null || status >= 500 || status === 408 || status === 429) return "retry";
  return { refused: error instanceof Error && error.message ? error.message : `Refused with status ${status}.` };
}

/** localStorage when the page may use it; null on the server or when it is blocked. */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The evaluator's notes.

/**
 * An evaluator's note as written: tied to the inject on the evaluator's screen when they wrote it.
 * Without an itemKey the server ties a note to the inject released last when it ARRIVES, which for
 * a note queued offline is one released after it was written.
 */
export function observationDraft(
  fields: { capability: string; targetId: string | null; text: string; rating: Rating | null },
  currentItemKey: string | null,
  writtenAt: number,
): Omit<ObservationInput, "clientKey"> {
  return { ...fields, itemKey: currentItemKey, writtenAt };
}

export type Note = {
  key: string;
  capability: string;
  targetId: string | null;
  text: string;
  rating: Rating | null;
  at: string;
  state: "saved" | "queued" | "refused";
  error: string | null;
  /** Stored as written after the session ended (the server decides; a queued note is not yet known). */
  afterPlay: boolean;
};

/** The evaluator's own notes, newest first: stored ones "Saved", the rest "Queued" until they are. */
export function mergeNotes(observations: ObservationView[], pending: OutboxEntry<ObservationInput>[]): Note[] {
  const stored = new Set(observations.map((o) => o.clientKey).filter(Boolean));
  const queued: Note[] = pending
    .filter((e) => !stored.has(e.clientKey))
    .map((e) => ({
      key: e.clientKey,
      capability: e.input.capability,
      targetId: e.input.targetId ?? null,
      text: e.input.text,
      rating: e.input.rating ?? null,
      at: new Date(e.input.writtenAt ?? e.queuedAt).toISOString(),
      state: e.error ? "refused" : "queued",
      error: e.error,
      afterPlay: false,
    }));
  const saved: Note[] = observations.map((o) => ({
    key: o.id,
    capability: o.capability,
    targetId: o.targetId,
    text: o.text,
    rating: o.rating,
    at: o.at,
    state: "saved",
    error: null,
    afterPlay: o.afterPlay,
  }));
  return [...queued, ...saved].sort((a, b) => b.at.localeCompare(a.at));
}
