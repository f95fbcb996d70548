import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Named durations of one request's steps, sent as a `Server-Timing` header so where a page's time
 * goes shows in devtools and in the bench without a profiler (issue 10).
 *
 * Safe to send to anyone: entries carry only names the code chose (never input, ids or values) and
 * milliseconds. Cheap: a `performance.now()` per step and one short string per response.
 *
 * In production Workers the clock only advances across I/O, so a span there measures its waits (D1
 * round trips, subrequests) and pure CPU reads ~0; under `wrangler dev` it is wall time, to the
 * millisecond. A page's spans: `session` (with the membership, one D1 batch), the route's read
 * (`dashboard`, `exercise`), `render` (the shell) and `total`; loaders run side by side, so spans
 * overlap and do not add up.
 */
export class ServerTiming {
  private readonly entries: string[] = [];
  private readonly started = performance.now();
  private last = this.started;

  /** A step of a sequence: the time since the previous mark (or since this timing began). */
  mark(name: string): void {
    const now = performance.now();
    this.add(name, now - this.last);
    this.last = now;
  }

  /** A step that may overlap others (a page's loaders run side by side): from its start to its end. */
  async span<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.add(name, performance.now() - start);
    }
  }

  add(name: string, ms: number): void {
    this.entries.push(`${name};dur=${ms.toFixed(1)}`);
  }

  /** The header value; with `total`, the time since this timing began is added last. */
  header(options?: { total?: boolean }): string {
    if (options?.total) return [...this.entries, `total;dur=${(performance.now() - this.started).toFixed(1)}`].join(", ");
    return this.entries.join(", ");
  }
}

/**
 * The timing of the request being served, for code deep inside it (loaders, services) that never
 * sees it. One store per isolate, registered globally: the Remix server build bundles its own copy
 * of this module, and a module-level store would be a different one from worker/index.ts's.
 */
const STORE = Symbol.for("readyroom.server-timing");
const current = ((globalThis as { [STORE]?: AsyncLocalStorage<ServerTiming> })[STORE] ??= new AsyncLocalStorage<ServerTiming>());

export function withServerTiming<T>(timing: ServerTiming, run: () => T): T {
  return current.run(timing, run);
}

/** Runs `work`, recording it as `name` in the current request's timing; outside one it only runs it. */
export function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const timing = current.getStore();
  return timing ? timing.span(name, work) : work();
}
