/**
 * The synthesis client of spec §7/§8. Two transports: through the app (`/api`, session cookie),
 * or — in direct mode — straight to the hosted synthesis service with `Authorization: Bearer`.
 * Which one is read from GET /api/synthesis/token: it answers `{ token, expiresAt, baseUrl }`
 * only in direct mode (so the browser needs no build-time flag), and the token is fetched again
 * shortly before it expires. Every call sends a JSON content-type; any non-ok answer throws
 * 'Synthesis API error: ' + (response text || status text), logged except on 404.
 */
import type { SynthesisStateView } from "../../shared/collaborate/views";
import { SynthesisApiError } from "./synthesis-logic";

export { SynthesisApiError };

/** Spec §7 state variants. */
export type SynthesisContent = "anonymized" | "summary" | "all";

type DirectToken = { token: string; expiresAt: string | number; baseUrl: string };
type Transport = { kind: "proxy" } | { kind: "direct"; token: string; expiresAtMs: number; baseUrl: string };

/** Fetch a fresh direct-mode token this long before it expires (spec §9 token expiry tolerance is 5 s; a minute leaves room for a slow call). */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export type SynthesisClientOptions = { fetch?: typeof fetch; now?: () => number };

/** The path and query of a state read (spec §7 variants). */
export function statePath(id: string, options: { content?: SynthesisContent; includeIdentifying?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (options.content) query.set("content", options.content);
  if (options.includeIdentifying) query.set("include_identifying", "true");
  const qs = query.toString();
  return `/synthesis/state/${encodeURIComponent(id)}${qs ? `?${qs}` : ""}`;
}

function expiryMs(expiresAt: string | number): number {
  const ms = typeof expiresAt === "number" ? expiresAt : Date.parse(expiresAt);
  return Number.isFinite(ms) ? ms : 0;
}

export function createSynthesisClient(options: SynthesisClientOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  let transport: Transport | null = null;
  let pending: Promise<Transport> | null = null;

  async function resolveTransport(): Promise<Transport> {
    if (transport && (transport.kind === "proxy" || transport.expiresAtMs - TOKEN_REFRESH_MARGIN_MS > now())) return transport;
    pending ??= (async () => {
      try {
        const res = await doFetch("/api/synthesis/token", { credentials: "same-origin", headers: { accept: "application/json", "content-type": "application/json" } });
        const body = res.ok ? ((await res.json().catch(() => null)) as DirectToken | null) : null;
        transport =
          body && typeof body.token === "string" && typeof body.baseUrl === "string"
            ? { kind: "direct", token: body.token, expiresAtMs: expiryMs(body.expiresAt), baseUrl: body.baseUrl.replace(/(?<!\/)\/+$/, "") }
            : { kind: "proxy" };
      } catch {
        // No token endpoint reachable: the app's own /api is the transport.
        transport = { kind: "proxy" };
      }
      return transport;
    })().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(path: string, init: { method: "GET" | "POST"; body?: unknown }): Promise<T> {
    const t = await resolveTransport();
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (t.kind === "direct") headers.authorization = `Bearer ${t.token}`;
    const url = t.kind === "direct" ? `${t.baseUrl}${path}` : `/api${path}`;
    const res = await doFetch(url, {
      method: init.method,
      headers,
      credentials: t.kind === "direct" ? "omit" : "same-origin",
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      const error = new SynthesisApiError(res.status, text || res.statusText);
      if (res.status !== 404) console.error(error.message);
      throw error;
    }
    return (await res.json()) as T;
  }

  return {
    /** POST /synthesis/trigger/{id} with a free JSON body. */
    trigger: (campaignId: string, body: Record<string, unknown> = {}) => call<SynthesisStateView>(`/synthesis/trigger/${encodeURIComponent(campaignId)}`, { method: "POST", body }),
    /** The draft-injects variant (no query). */
    state: (campaignId: string) => call<SynthesisStateView>(statePath(campaignId), { method: "GET" }),
    anonymized: (id: string) => call<SynthesisStateView>(statePath(id, { content: "anonymized" }), { method: "GET" }),
    summary: (campaignId: string) => call<SynthesisStateView>(statePath(campaignId, { content: "summary" }), { method: "GET" }),
    all: (campaignId: string) => call<SynthesisStateView>(statePath(campaignId, { content: "all" }), { method: "GET" }),
    /** All content with the identifying map (creator only). */
    allWithIdentifying: (campaignId: string) => call<SynthesisStateView>(statePath(campaignId, { content: "all", includeIdentifying: true }), { method: "GET" }),
  };
}

export type SynthesisClient = ReturnType<typeof createSynthesisClient>;

let shared: SynthesisClient | null = null;
/** The one client of the page (its token is reused across calls). */
export function synthesisClient(): SynthesisClient {
  shared ??= createSynthesisClient();
  return shared;
}
