import * as React from "react";
import { browserStorage, deliveredKeys, flushOutbox, newClientKey, Outbox, outcomeOfError, type ConnectionStatus, type OutboxEntry } from "~/lib/conduct-live";

/** While something waits to be sent, it is tried again this often even if the socket looks fine. */
const RETRY_MS = 10_000;

export type ConductOutbox<T> = {
  /** Written but not yet known to be stored (oldest first). */
  pending: OutboxEntry<T>[];
  /** Queues it (on this device first) and tries to send it now; resolves true once the server has it. */
  submit: (input: Omit<T, "clientKey">, replaces?: (other: OutboxEntry<T>) => boolean) => Promise<boolean>;
};

/**
 * Answers and observations written on a phone that may be offline (issue 15): each is kept in
 * localStorage with its clientKey before it is sent, sent at once when possible, and again on every
 * reconnect (or every few seconds while anything waits). The server stores a clientKey once, so a
 * send whose answer was lost is harmless; entries the server's state already lists are dropped.
 */
export function useConductOutbox<T extends { clientKey: string }>({
  storageKey,
  send,
  status,
  serverKeys,
}: {
  storageKey: string;
  send: (input: T) => Promise<unknown>;
  status: ConnectionStatus;
  /** clientKeys the server's state shows as stored (observations), when it lists them. */
  serverKeys?: (string | null)[];
}): ConductOutbox<T> {
  const outboxRef = React.useRef<Outbox<T> | null>(null);
  const [pending, setPending] = React.useState<OutboxEntry<T>[]>([]);
  const sendRef = React.useRef(send);
  sendRef.current = send;
  const flushing = React.useRef<Promise<void> | null>(null);

  // localStorage exists only in the browser: read it after hydration.
  React.useEffect(() => {
    outboxRef.current = new Outbox<T>(browserStorage(), storageKey);
    setPending(outboxRef.current.list());
  }, [storageKey]);

  const flush = React.useCallback(async () => {
    if (flushing.current) return flushing.current;
    const outbox = outboxRef.current;
    if (!outbox) return;
    const run = (async () => {
      const result = await flushOutbox(outbox.list(), async (entry) => {
        try {
          await sendRef.current({ ...entry.input, clientKey: entry.clientKey } as T);
          return "sent";
        } catch (e) {
          return outcomeOfError(e);
        }
      });
      outbox.remove(result.sent);
      for (const r of result.refused) outbox.markFailed(r.clientKey, r.message);
      setPending(outbox.list());
    })();
    flushing.current = run;
    try {
      await run;
    } finally {
      flushing.current = null;
    }
  }, []);

  const submit = React.useCallback(
    async (input: Omit<T, "clientKey">, replaces?: (other: OutboxEntry<T>) => boolean) => {
      const outbox = outboxRef.current ?? (outboxRef.current = new Outbox<T>(browserStorage(), storageKey));
      const clientKey = newClientKey();
      setPending(outbox.add({ clientKey, input: { ...input, clientKey } as T, queuedAt: Date.now(), error: null }, replaces));
      await flushing.current; // one sender at a time, in the order written
      await flush();
      return !outbox.list().some((e) => e.clientKey === clientKey);
    },
    [flush, storageKey],
  );

  // Reconnected: send what waited.
  React.useEffect(() => {
    if (status === "live") void flush();
  }, [status, flush]);

  // Anything still waiting is retried on a timer and when the browser says it is online again.
  const waiting = pending.some((e) => !e.error);
  React.useEffect(() => {
    if (!waiting || status === "gone") return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", online);
    };
  }, [waiting, status, flush]);

  // The server already has some (its answer to the send was lost): drop them from the queue.
  const keysSignature = serverKeys?.join(",") ?? "";
  React.useEffect(() => {
    const outbox = outboxRef.current;
    if (!outbox || !serverKeys) return;
    const known = deliveredKeys(outbox.list(), serverKeys);
    if (known.length) setPending(outbox.remove(known));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keysSignature stands for serverKeys
  }, [keysSignature]);

  return { pending, submit };
}
