/**
 * The synthesis client of spec §7/§8. Two transports: through the app (`/api`, session cookie),
 * or — in direct mode — straight to the hosted synthesis service with `Authorization: Bearer`.
 * Which one is read from GET /api/synthesis/token: it answers `{ token, expiresAt, baseUrl }`
 * only in direct mode (so the browser needs no build-time flag), and the token is fetched again
 * shortly before it expires. Every call sends a JSON content-type; any non-ok answer throws
 * 'Synthesis API error: ' + (response text || status text), logged except on 404. Paths, queries
 * and answers are the synthesis router's own (worker/collaborate/synthesis/routes.ts).
 */
import { hc, type ClientResponse } from "hono/client";
import type { SynthesisRoutes } from "../../worker/collaborate/synthesis/routes";
import type { OkBody } from "./api-client";
import { SynthesisApiError } from "./synthesis-logic";

/** Spec §7 state variants. */
type SynthesisContent = "anonymized" | "summary" | "all";

type Transport = { kind: "proxy" } | { kind: "direct"; token: string; expiresAtMs: number; baseUrl: string };

/** Fetch a fresh direct-mode token this long before it expires (spec §9 token expiry tolerance is 5 s; a minute leaves room for a slow call). */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export type SynthesisClientOptions = { fetch?: typeof fetch; now?: () => number };

type StateOptions = { content?: SynthesisContent; includeIdentifying?: boolean };

/** The query of a state read (spec §7 variants); fields left undefined stay out of the URL. */
function stateQuery(options: StateOptions) {
  return { content: options.content, include_identifying: options.includeIdentifying ? ("true" as const) : undefined };
}

/** The path and query of a state read (spec §7 variants). */
export function statePath(id: string, options: StateOptions = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(stateQuery(options))) if (value) query.set(name, value);
  const qs = query.toString();
  return `/synthesis/state/${encodeURIComponent(id)}${qs ? `?${qs}` : ""}`;
}

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

function expiryMs(expiresAt: string | number): number {
  const ms = typeof expiresAt === "number" ? expiresAt : Date.parse(expiresAt);
  return Number.isFinite(ms) ? ms : 0;
}

export function createSynthesisClient(options: SynthesisClientOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  // hc directly rather than apiClient: the address, the bearer header and the cookie policy are the transport's.
  const proxy = hc<SynthesisRoutes>("/api/synthesis", { fetch: doFetch, headers: JSON_HEADERS, init: { credentials: "same-origin" } });
  let transport: Transport | null = null;
  let pending: Promise<Transport> | null = null;

  async function resolveTransport(): Promise<Transport> {
    if (transport && (transport.kind === "proxy" || transport.expiresAtMs - TOKEN_REFRESH_MARGIN_MS > now())) return transport;
    pending ??= (async () => {
      try {
        const res = await proxy.token.$get();
        const body = res.ok ? await res.json().catch(() => null) : null;
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

  async function client() {
    const t = await resolveTransport();
    if (t.kind === "proxy") return proxy;
    return hc<SynthesisRoutes>(`${t.baseUrl}/synthesis`, {
      fetch: doFetch,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${t.token}` },
      init: { credentials: "omit" },
    });
  }

  async function answer<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<OkBody<R>> {
    const res = await call;
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      const error = new SynthesisApiError(res.status, text || res.statusText);
      if (res.status !== 404) console.error(error.message);
      throw error;
    }
    return (await res.json()) as OkBody<R>;
  }

  // hc puts path parameters into the path as given, hence encoded here.
  const state = async (id: string, options: StateOptions = {}) =>
    answer((await client()).state[":id"].$get({ param: { id: encodeURIComponent(id) }, query: stateQuery(options) }));

  return {
    /** POST /synthesis/trigger/{id} with a free JSON body. */
    trigger: async (campaignId: string, body: Record<string, unknown> = {}) =>
      answer((await client()).trigger[":id"].$post({ param: { id: encodeURIComponent(campaignId) }, json: body })),
    /** The draft-injects variant (no query). */
    state: (campaignId: string) => state(campaignId),
    anonymized: (id: string) => state(id, { content: "anonymized" }),
    summary: (campaignId: string) => state(campaignId, { content: "summary" }),
    all: (campaignId: string) => state(campaignId, { content: "all" }),
    /** All content with the identifying map (creator only). */
    allWithIdentifying: (campaignId: string) => state(campaignId, { content: "all", includeIdentifying: true }),
  };
}

export type SynthesisClient = ReturnType<typeof createSynthesisClient>;

let shared: SynthesisClient | null = null;
/** The one client of the page (its token is reused across calls). */
export function synthesisClient(): SynthesisClient {
  shared ??= createSynthesisClient();
  return shared;
}
