import type { AppContext } from "../context";

/**
 * "These users' access may have narrowed": what a feature says after it changes a role, a team's
 * members, a client assignment, a user's disabled state or a sign-in, so that what outlives a
 * request (a conduct session's open sockets) is checked again at once. Listeners are registered at
 * composition (worker/composition.ts): the features that change access sit below the ones that
 * hold connections (conduct reads clients and auth), so they cannot call them directly.
 *
 * On globalThis because the Remix server build bundles its own copy of this module and page actions
 * (signing out, revoking a session) announce changes too.
 */
export type AccessChangeListener = (ctx: AppContext, userIds: string[]) => Promise<void>;

const KEY = Symbol.for("readyroom.access-change-listeners");
const listeners: AccessChangeListener[] = ((globalThis as { [KEY]?: AccessChangeListener[] })[KEY] ??= []);

export function onAccessChange(listener: AccessChangeListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/**
 * Runs every listener for these users, after the change is committed. A listener's failure is
 * logged, never thrown: the change stands, and every request is checked again anyway.
 */
export async function accessChanged(ctx: AppContext, userIds: readonly (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (!ids.length) return;
  await Promise.all(
    listeners.map((listen) =>
      listen(ctx, ids).catch((err: unknown) => console.error(`An access re-check failed: ${err instanceof Error ? err.message : String(err)}`)),
    ),
  );
}
