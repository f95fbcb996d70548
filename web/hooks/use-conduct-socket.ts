import * as React from "react";
import { ApiError } from "~/lib/query";
import { acceptState, POLL_WHILE_DISCONNECTED_MS, reconnectDelayMs, socketUrl, type ConnectionStatus } from "~/lib/conduct-live";
import type { ServerMessage } from "../../shared/conduct/views";

export const GONE_MESSAGE = "This link no longer works. Ask the exercise controller for a new one.";

type GoneReason = NonNullable<Extract<ServerMessage<unknown>, { type: "gone" }>["reason"]>;

type Options<S> = {
  /** Same-origin path of the socket (conductPaths.controllerSocket / linkSocket). */
  socketPath: string;
  /** The same state over HTTP: the first paint, and the fallback while the socket is down. */
  fetchState: () => Promise<S>;
  /** A state already loaded (e.g. by the page), shown until the socket or the fetch answers. */
  initial?: S | null;
  /** A state with nothing live behind it (a recorded session): no socket is opened for it. */
  isRecorded?: (state: S) => boolean;
};

export type ConductSocket<S> = {
  state: S | null;
  status: ConnectionStatus;
  /** Set once the server said the link or session is gone (socket `gone`, a 404, or a 410 once an evaluator's window has closed). */
  goneMessage: string | null;
  /** Why, when the server said: "evaluation-closed" after an evaluator link's hot wash. */
  goneReason: GoneReason | null;
  /** The last failure to load anything at all (shown only while there is no state). */
  loadError: string | null;
  /** Takes a state from elsewhere (a command's answer) under the same ordering rule as the socket's. */
  accept: (state: S) => void;
  refresh: () => Promise<S | undefined>;
};

/**
 * A conduct page's live state (issue 15): opens the session's socket, replaces the state with each
 * `state` message that is not older than the one shown (seq), reconnects with backoff — at once when
 * the browser comes back online or the tab becomes visible — and polls the HTTP state while the
 * socket is down, so a flaky phone still sees injects. A `gone` message (or a 404) closes it for good.
 */
export function useConductSocket<S extends { seq: number }>({ socketPath, fetchState, initial = null, isRecorded }: Options<S>): ConductSocket<S> {
  const [state, setState] = React.useState<S | null>(initial);
  const [status, setStatus] = React.useState<ConnectionStatus>("connecting");
  const [goneMessage, setGoneMessage] = React.useState<string | null>(null);
  const [goneReason, setGoneReason] = React.useState<GoneReason | null>(null);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const fetchRef = React.useRef(fetchState);
  fetchRef.current = fetchState;
  const isRecordedRef = React.useRef(isRecorded);
  isRecordedRef.current = isRecorded;
  const goneRef = React.useRef(false);

  const accept = React.useCallback((next: S) => {
    if (goneRef.current) return;
    setState((current) => acceptState(current, next));
  }, []);

  const markGone = React.useCallback((message: string, reason: GoneReason | null = null) => {
    goneRef.current = true;
    setGoneMessage(message || GONE_MESSAGE);
    setGoneReason(reason);
    setStatus("gone");
  }, []);

  const refresh = React.useCallback(async () => {
    if (goneRef.current) return;
    try {
      const next = await fetchRef.current();
      accept(next);
      setLoadError(null);
      return next;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) markGone(e.message);
      else if (e instanceof ApiError && e.code === "evaluation_closed") markGone(e.message, "evaluation-closed");
      else setLoadError(e instanceof Error && e.message ? e.message : "Could not load the session.");
    }
  }, [accept, markGone]);

  React.useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;

    const stopPolling = () => {
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = undefined;
    };
    const startPolling = () => {
      if (pollTimer || goneRef.current) return;
      pollTimer = setInterval(() => void refresh(), POLL_WHILE_DISCONNECTED_MS);
    };

    const connect = () => {
      if (stopped || goneRef.current) return;
      clearTimeout(reconnectTimer);
      const ws = new WebSocket(socketUrl(window.location, socketPath));
      socket = ws;
      ws.onopen = () => {
        if (socket !== ws) return;
        attempt = 0;
        setStatus("live");
        stopPolling();
      };
      ws.onmessage = (event) => {
        if (socket !== ws || typeof event.data !== "string") return;
        let message: ServerMessage<S>;
        try {
          message = JSON.parse(event.data) as ServerMessage<S>;
        } catch {
          return;
        }
        if (message.type === "state") accept(message.state);
        else if (message.type === "gone") {
          markGone(message.message, message.reason ?? null);
          stopPolling();
          ws.close(1000, "gone");
        }
      };
      ws.onclose = () => {
        if (socket !== ws) return;
        socket = null;
        if (stopped || goneRef.current) return;
        setStatus("reconnecting");
        startPolling();
        // A poll at once: the socket may have died because the link was revoked (404 → gone).
        void refresh();
        reconnectTimer = setTimeout(connect, reconnectDelayMs(attempt++));
      };
    };

    /** Back online or back in view: try now rather than at the end of a long backoff. */
    const retryNow = () => {
      if (stopped || goneRef.current || socket) return;
      attempt = 0;
      connect();
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") retryNow();
    };

    // The socket opens once the state is read: a session that is gone, or only recorded, opens none.
    void refresh().then((first) => {
      if (first && isRecordedRef.current?.(first)) setStatus("gone");
      else connect();
    });
    window.addEventListener("online", retryNow);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      stopPolling();
      window.removeEventListener("online", retryNow);
      document.removeEventListener("visibilitychange", onVisibility);
      const ws = socket;
      socket = null;
      ws?.close(1000, "page closed");
    };
  }, [socketPath, accept, markGone, refresh]);

  return { state, status, goneMessage, goneReason, loadError, accept, refresh };
}
