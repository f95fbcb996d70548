import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { membershipQueries, toMembership, type Membership } from "../accounts/membership";
import type { AppContext } from "../context";
import { preparedBatch } from "../db/prepared";
import { sharedPages, users, type SharedPage } from "../db/schema";
import { nowDate, nowMs } from "../lib/clock";
import { notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { RENDER_FAILED_PAGE, renderedPageResponse, renderSharePage, sharePreparingResponse, type RenderedPage, type SharePage } from "./page";
import { ownerMayShow } from "./standing";
import { findByShareToken } from "./tokens";

/**
 * The stored HTML of public share pages (issue 27): a page's Markdown is rendered once, when what
 * it shows changes (an edit, a new alert summary, sharing it), and stored in its SharedPage row;
 * a reader's request serves that row in the page shell and renders nothing. A row written before
 * this existed (or left stale by a change no hook saw, or by a new SHARED_PAGE_RENDERER) is
 * rendered once by the first request that finds it missing, under the same rule.
 *
 * The rule: a render first claims the row for the version it read (state "rendering"), then
 * stores the page, or the error page when the render threw or outgrew SHARED_PAGE_MAX_BYTES. A
 * Worker cannot interrupt its own synchronous code, so the time budget is the platform's CPU limit:
 * a render it kills leaves its claim, which other requests answer "being prepared" for
 * SHARED_PAGE_RENDER_BUDGET_MS and then as the error page. Either way nothing renders that
 * version again; only a change of what is shared (a new version) does.
 *
 * Stored in D1, not R2: the page is read in the same batch as the token and its owner's standing
 * (one round trip per edge-cache miss), a save writes it beside the row it renders, and deleting
 * the brief or alert deletes it (ON DELETE CASCADE), so there is no object to orphan. The size
 * budget keeps a row far below D1's 2 MB.
 */

/** Bump when what a source renders to changes (the Markdown renderer, the header or body markup): every page renders again, once. */
const SHARED_PAGE_RENDERER = 2;

/** A rendered page (title and <main>) larger than this, in UTF-8 bytes, is stored as the error page. */
export const SHARED_PAGE_MAX_BYTES = 1_000_000;

/**
 * How long a claimed render may take before it counts as failed: twice the Workers CPU limit
 * (30 s, wrangler.toml sets none), past which the render cannot still be running.
 */
export const SHARED_PAGE_RENDER_BUDGET_MS = 60_000;

/** Every token that shows nothing is the same 404 (worker/share/public-route.ts). */
const NOT_SHOWN = "This page is not available.";

type Stored = Pick<SharedPage, "state" | "title" | "html"> & { renderedAt: number };

/** What a render reads, and the version it is. */
type SourceRead<Source> = { version: string; source: Source };

export type StoredPageKind<Source> = {
  /** "brief", "alert": in logs. */
  noun: string;
  /** Its table, and the columns every shareable row has. */
  table: SQLiteTable;
  columns: { id: SQLiteColumn; userId: SQLiteColumn; shareToken: SQLiteColumn };
  /** The SharedPage column that names its item. */
  pageColumn: typeof sharedPages.briefId | typeof sharedPages.alertId;
  /** The item's stamps in SQL over its table's columns: changes whenever anything its page shows changes. */
  stamp: SQL;
  /** Whether the owner's account shows this kind at all (alerts: the alertsEnabled flag). */
  shownFor?(membership: Membership): boolean;
  /** What a render of item `id` reads, selecting `version` beside it; undefined when the item is gone. */
  readSource(ctx: AppContext, id: string, version: SQL<string>): Promise<SourceRead<Source> | undefined>;
  /** The page of `source`, its Markdown rendered (markdownToHtml). */
  render(source: Source): SharePage;
};

type Renderer<Source> = (source: Source) => SharePage;

export type StoredPages<Source> = {
  /** The public page behind `token`, from its stored HTML; a 404 HttpError when it shows nothing. */
  serve(ctx: AppContext, token: string, render?: Renderer<Source>): Promise<Response>;
  /** Renders and stores item `id`'s page now unless it is current: on a save, a new summary, sharing. */
  refresh(ctx: AppContext, id: string, render?: Renderer<Source>): Promise<void>;
};

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

export function storedPages<Source>(kind: StoredPageKind<Source>): StoredPages<Source> {
  const { table, columns, pageColumn } = kind;
  const version = sql<string>`${SHARED_PAGE_RENDERER} || ':' || ${kind.stamp}`;
  const current = sql`${sharedPages.version} = ${version}`;
  const whenCurrent = <T>(column: SQLiteColumn) => sql<T | null>`CASE WHEN ${current} THEN ${column} END`;

  /** One D1 batch per edge-cache miss: the row behind the token, its owner and current page, and the owner's membership. */
  const lookup = preparedBatch((db) => {
    const token = sql.placeholder("token");
    return [
      db
        .select({
          id: sql<string>`${columns.id}`,
          shareToken: sql<string | null>`${columns.shareToken}`,
          ownerDisabledAt: sql<number | null>`${users.disabledAt}`,
          state: whenCurrent<Stored["state"]>(sharedPages.state),
          title: whenCurrent<string>(sharedPages.title),
          html: whenCurrent<string>(sharedPages.html),
          renderedAt: whenCurrent<number>(sharedPages.renderedAt),
        })
        .from(table)
        .innerJoin(users, eq(users.id, columns.userId))
        .leftJoin(sharedPages, eq(pageColumn, columns.id))
        .where(eq(columns.shareToken, token))
        .limit(1)
        .prepare(),
      ...membershipQueries(db, sql`(SELECT ${columns.userId} FROM ${table} WHERE ${columns.shareToken} = ${token})`),
    ] as const;
  });

  const versionOf = (id: string) => sql`(SELECT ${version} FROM ${table} WHERE ${columns.id} = ${id})`;
  const column = sql.identifier(pageColumn.name);

  /** Takes the render of `id` at `read` for this request: false when another has it (or finished it), or the item moved on. */
  async function claim(ctx: AppContext, id: string, read: string): Promise<boolean> {
    const result = await ctx.db.run(sql`INSERT INTO "SharedPage" ("id", ${column}, "version", "state", "title", "html", "renderedAt")
SELECT ${newId()}, ${id}, ${read}, 'rendering', '', '', ${nowMs()} WHERE ${versionOf(id)} = ${read}
ON CONFLICT (${column}) DO UPDATE SET "version" = excluded."version", "state" = 'rendering', "title" = '', "html" = '', "renderedAt" = excluded."renderedAt"
WHERE "SharedPage"."version" <> excluded."version"`);
    return result.meta.changes > 0;
  }

  function renderWithinBudget(source: Source, render: Renderer<Source>): Pick<Stored, "state"> & RenderedPage {
    try {
      const page = renderSharePage(render(source));
      const bytes = utf8Bytes(page.title) + utf8Bytes(page.main);
      if (bytes <= SHARED_PAGE_MAX_BYTES) return { state: "ready", ...page };
      console.warn(`Shared ${kind.noun} page of ${bytes} bytes is over the budget; its error page is stored instead.`);
    } catch (err) {
      console.error(`Shared ${kind.noun} page not rendered; its error page is stored instead:`, err);
    }
    return { state: "failed", ...RENDER_FAILED_PAGE };
  }

  /** Renders what `read` holds under a claim this request took, and stores the outcome. */
  async function renderClaimed(ctx: AppContext, id: string, read: SourceRead<Source>, render: Renderer<Source>): Promise<Stored> {
    const page = renderWithinBudget(read.source, render);
    const stored = { state: page.state, title: page.title, html: page.main, renderedAt: nowMs() };
    const mine = and(eq(pageColumn, id), eq(sharedPages.version, read.version), eq(sharedPages.state, "rendering"));
    try {
      await ctx.db
        .update(sharedPages)
        .set({ ...stored, renderedAt: nowDate() })
        .where(mine);
    } catch (err) {
      // A claim left behind would read as a failed render from now on: give it back, so the next request renders.
      await ctx.db.delete(sharedPages).where(mine);
      throw err;
    }
    return stored;
  }

  /** The page at `read`: rendered here under a claim, or what the request holding the claim stored. */
  async function renderOnce(ctx: AppContext, id: string, read: SourceRead<Source>, render: Renderer<Source>): Promise<Stored> {
    if (await claim(ctx, id, read.version)) return renderClaimed(ctx, id, read, render);
    const [row] = await ctx.db
      .select({ state: sharedPages.state, title: sharedPages.title, html: sharedPages.html, renderedAt: sharedPages.renderedAt })
      .from(sharedPages)
      .where(and(eq(pageColumn, id), eq(sharedPages.version, read.version)))
      .limit(1);
    // No row at this version: the item changed since it was read, and the change renders it.
    return row ? { ...row, renderedAt: row.renderedAt.getTime() } : { state: "rendering", title: "", html: "", renderedAt: nowMs() };
  }

  async function response(page: Stored): Promise<Response> {
    if (page.state !== "rendering") return renderedPageResponse({ title: page.title, main: page.html });
    if (nowMs() - page.renderedAt >= SHARED_PAGE_RENDER_BUDGET_MS) return renderedPageResponse(RENDER_FAILED_PAGE);
    return sharePreparingResponse();
  }

  return {
    async serve(ctx, token, render = kind.render) {
      const found = await findByShareToken(token, NOT_SHOWN, async (t) => {
        const [rows, ...membership] = await lookup.run(ctx.db, { token: t });
        const row = rows[0];
        return row ? { ...row, membership: toMembership(membership) } : undefined;
      });
      const shown = ownerMayShow({ disabledAt: found.ownerDisabledAt }, found.membership) && (kind.shownFor?.(found.membership) ?? true);
      if (!shown) throw notFound(NOT_SHOWN);
      if (found.state) return response({ state: found.state, title: found.title ?? "", html: found.html ?? "", renderedAt: Number(found.renderedAt) });
      const read = await kind.readSource(ctx, found.id, version);
      if (!read) throw notFound(NOT_SHOWN);
      return response(await renderOnce(ctx, found.id, read, render));
    },

    async refresh(ctx, id, render = kind.render) {
      try {
        const read = await kind.readSource(ctx, id, version);
        if (read && (await claim(ctx, id, read.version))) await renderClaimed(ctx, id, read, render);
      } catch (err) {
        // The change itself is saved; the page is stale by its version, so its first reader renders it.
        console.error(`Shared ${kind.noun} page not stored after a change:`, err);
      }
    },
  };
}
