import { HttpError } from "../worker/lib/errors";
import { CONDUCT_MESSAGES } from "../shared/conduct/model";
import type { LinkRecord, SessionMeta } from "../worker/conduct/project";
import { upgradeState, type SessionItem, type SessionState } from "../worker/conduct/state";

/**
 * The conduct session object's own SQLite (durable-objects/conduct-session.ts): its tables, and the
 * session's meta, links and state read once and kept in memory until they change. The event log's
 * rows are the object's to write (they go out to D1 with it); their table is made here with the rest.
 */
export class ConductStorage {
  private cachedMeta: SessionMeta | null = null;
  private cachedState: SessionState | null = null;
  private cachedLinks: LinkRecord[] | null = null;

  constructor(
    private readonly sql: SqlStorage,
    /** For a state saved before sessions had their own hot wash (issue 30). */
    private readonly defaultHotWashMinutes: () => number,
  ) {
    sql.exec(
      `CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS items (position INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, json TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS links (id TEXT PRIMARY KEY, json TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS events (
         seq INTEGER PRIMARY KEY, id TEXT NOT NULL, at INTEGER NOT NULL, actorRole TEXT NOT NULL, actorId TEXT,
         actorLabel TEXT NOT NULL, clientKey TEXT UNIQUE, kind TEXT NOT NULL, payload TEXT NOT NULL, mirrored INTEGER NOT NULL DEFAULT 0,
         scenarioAt INTEGER);
       CREATE INDEX IF NOT EXISTS events_actor ON events (actorId, kind);
       CREATE INDEX IF NOT EXISTS events_unmirrored ON events (mirrored) WHERE mirrored = 0;`,
    );
    // Objects made before issue 30 have no scenario time on their events: the column is added, empty for the old ones.
    const columns = sql.exec<{ name: string }>("PRAGMA table_info(events)").toArray();
    if (!columns.some((c) => c.name === "scenarioAt")) sql.exec("ALTER TABLE events ADD COLUMN scenarioAt INTEGER");
  }

  meta(): SessionMeta | null {
    if (this.cachedMeta) return this.cachedMeta;
    const row = this.sql.exec<{ json: string }>("SELECT json FROM meta WHERE id = 1").toArray()[0];
    this.cachedMeta = row ? (JSON.parse(row.json) as SessionMeta) : null;
    return this.cachedMeta;
  }

  /** Within the caller's transaction, with the first state. */
  insertMeta(meta: SessionMeta): void {
    this.sql.exec("INSERT INTO meta (id, json) VALUES (1, ?)", JSON.stringify(meta));
    this.cachedMeta = meta;
  }

  /** The session's links, oldest first. */
  links(): LinkRecord[] {
    if (this.cachedLinks) return this.cachedLinks;
    this.cachedLinks = this.sql
      .exec<{ json: string }>("SELECT json FROM links")
      .toArray()
      .map((r) => JSON.parse(r.json) as LinkRecord)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return this.cachedLinks;
  }

  putLink(link: LinkRecord): void {
    this.sql.exec("INSERT OR REPLACE INTO links (id, json) VALUES (?, ?)", link.id, JSON.stringify(link));
    this.cachedLinks = null;
  }

  /** The state; 404 before init. */
  state(): SessionState {
    if (this.cachedState) return this.cachedState;
    const row = this.sql.exec<{ json: string }>("SELECT json FROM state WHERE id = 1").toArray()[0];
    if (!row) throw new HttpError(404, "not_found", CONDUCT_MESSAGES.sessionNotFound);
    const items = this.sql
      .exec<{ json: string }>("SELECT json FROM items ORDER BY position")
      .toArray()
      .map((r) => JSON.parse(r.json) as SessionItem);
    this.cachedState = upgradeState(JSON.parse(row.json) as Parameters<typeof upgradeState>[0], items, this.defaultHotWashMinutes());
    return this.cachedState;
  }

  /** The state row, and only the items that changed since `before` (the transitions keep unchanged items' identity). */
  saveState(state: SessionState, before: SessionState | null): void {
    const { items, ...rest } = state;
    this.sql.exec("INSERT INTO state (id, json) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json", JSON.stringify(rest));
    items.forEach((item, position) => {
      if (before?.items[position] === item) return;
      this.sql.exec(
        "INSERT INTO items (position, key, json) VALUES (?, ?, ?) ON CONFLICT(position) DO UPDATE SET json = excluded.json",
        position,
        item.key,
        JSON.stringify(item),
      );
    });
    this.cachedState = state;
  }
}
