import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The ExecutionContext of the request being served, for work that must finish after the answer is
 * sent (ctx.waitUntil) but starts deep inside a library that never sees ctx — better-auth's
 * background tasks. worker/index.ts runs every request inside `withExecutionContext`.
 */
// One store per isolate, registered globally: the Remix server build bundles its own copy of this
// module, and a module-level store there would never see worker/index.ts's context (a page's
// runInBackground then ran unattached to waitUntil).
const STORE = Symbol.for("readyroom.execution-context");
const current = ((globalThis as { [STORE]?: AsyncLocalStorage<ExecutionContext> })[STORE] ??= new AsyncLocalStorage<ExecutionContext>());

export function withExecutionContext<T>(ctx: ExecutionContext, run: () => T): T {
  return current.run(ctx, run);
}

/**
 * Lets `task` finish after the response; a failure is logged, never thrown into the request. Outside
 * a request (a test calling a handler directly) the task simply runs on.
 */
export function runInBackground(task: Promise<unknown>): void {
  const settled = task.catch((err: unknown) => console.error(`Background task failed: ${err instanceof Error ? err.message : String(err)}`));
  current.getStore()?.waitUntil(settled);
}
