import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openLocal } from "../../scripts/lib/d1.ts";
import { migrateLocal, migrationFiles } from "../../scripts/lib/migrate-local.ts";
import { wranglerCommand, wranglerEnv } from "../../scripts/lib/run.ts";

const persistTo = mkdtempSync(path.join(tmpdir(), "readyroom-migrate-"));
afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

describe("npm start's migrations (scripts/lib/migrate-local.ts)", () => {
  it("apply every file once, in order, and then nothing; wrangler finds nothing left to apply", async () => {
    const store = await openLocal(persistTo);
    try {
      const files = migrationFiles();
      expect(files.length).toBeGreaterThan(10);
      expect(await migrateLocal(store)).toEqual(files);
      expect(await migrateLocal(store)).toEqual([]);
      const rows = await store.query<{ name: string }>('SELECT "name" FROM "d1_migrations" ORDER BY "id"');
      expect(rows.map((r) => r.name)).toEqual(files);
      // A statement of the first migration and one of a later one (a full-text index) both ran.
      const tables = await store.query<{ name: string }>(`SELECT "name" FROM sqlite_master WHERE "name" IN ('User', 'DocumentChunkFts')`);
      expect(tables.map((t) => t.name).sort()).toEqual(["DocumentChunkFts", "User"]);
    } finally {
      await store.close();
    }
    // WRANGLER_LOG: vitest.config.ts quiets wrangler for the workers pool, and this process inherits it.
    const [command, args] = wranglerCommand(["d1", "migrations", "list", "DB", "--local", "--persist-to", persistTo]);
    const listed = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, ...wranglerEnv, FORCE_COLOR: "0", WRANGLER_LOG: "log" } });
    expect(listed.status, listed.stderr).toBe(0);
    expect(`${listed.stdout}${listed.stderr}`).toContain("No migrations to apply");
  });

  it("a failing file says which, applies nothing of itself, and keeps the files before it", async () => {
    const dir = path.join(persistTo, "bad-migrations");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "0000_ok.sql"), 'CREATE TABLE "Ok" ("id" integer PRIMARY KEY);\n');
    writeFileSync(path.join(dir, "0001_bad.sql"), 'CREATE TABLE "Half" ("id" integer);\nCREATE TABLE "Broken" (;\n');
    const store = await openLocal(path.join(persistTo, "bad-state"));
    try {
      await expect(migrateLocal(store, dir)).rejects.toThrow(
        /^Migration 0001_bad\.sql failed, and nothing of it was applied; applied before it: 0000_ok\.sql\. /,
      );
      const rows = await store.query<{ name: string }>('SELECT "name" FROM "d1_migrations"');
      expect(rows.map((r) => r.name)).toEqual(["0000_ok.sql"]);
      const tables = await store.query<{ name: string }>(`SELECT "name" FROM sqlite_master WHERE "name" IN ('Ok', 'Half')`);
      expect(tables.map((t) => t.name)).toEqual(["Ok"]);
    } finally {
      await store.close();
    }
  });
});
