import { env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";

const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

type ColumnInfo = { name: string; notnull: number; pk: number };
type IndexInfo = { name: string; unique: number; origin: string };

async function all<T>(query: string): Promise<T[]> {
  return (await env.DB.prepare(query).all<T>()).results;
}

describe("migrations on an empty D1", () => {
  it("declares every spec §3 entity", () => {
    const names = tables.map((t) => getTableConfig(t).name);
    for (const entity of [
      "User",
      "Account",
      "Session",
      "UserAccount",
      "AccountPlanMetadata",
      "Client",
      "ClientUser",
      "Group",
      "GroupUser",
      "AuthToken",
      "CognitoUser",
      "MigratedUser",
      "Notifications",
      "ProcessedStripeEvent",
      "Team",
      "TeamMember",
      "TeamInvitation",
      "Campaign",
      "CampaignParticipant",
      "CampaignUser",
      "ContributorExercise",
      "CampaignToken",
      "AuditLog",
      "Action",
      "Transaction",
      "CreditSettings",
      "CreditBalance",
      "Document",
      "DocumentChunk",
      "Embedding",
      "Context",
      "ContextAssignment",
      "Conversation",
      "Feedback",
      "AskReadyroomChat",
      "ChatMessage",
      "IntelBrief",
      "IntelligenceChat",
      "Alert",
      "AlertSummary",
      "SchedulerTaskState",
      "Exercise",
      "CampaignExercise",
      "QuickStartExercise",
      "EmailOutbox",
    ]) {
      expect(names).toContain(entity);
    }
  });

  it("creates exactly the schema's tables", async () => {
    const existing = (
      await all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
      )
    ).map((r) => r.name);
    const declared = tables.map((t) => getTableConfig(t).name);
    // Tables added by hand-written migration steps (e.g. an FTS index) may exist beyond the schema.
    expect(declared.filter((n) => !existing.includes(n))).toEqual([]);
  });

  for (const table of tables) {
    const config = getTableConfig(table);
    it(`${config.name}: columns, keys and unique indexes match the schema`, async () => {
      const columns = await all<ColumnInfo>(`PRAGMA table_info("${config.name}")`);
      expect(columns.map((c) => c.name).sort()).toEqual(config.columns.map((c) => c.name).sort());

      for (const column of config.columns) {
        const info = columns.find((c) => c.name === column.name)!;
        expect({ column: column.name, notNull: info.notnull === 1 || info.pk > 0 }).toEqual({
          column: column.name,
          notNull: column.notNull || column.primary,
        });
      }

      const primaryKey = columns
        .filter((c) => c.pk > 0)
        .map((c) => c.name)
        .sort();
      const declaredPk = config.primaryKeys.length
        ? config.primaryKeys[0]!.columns.map((c) => c.name).sort()
        : config.columns.filter((c) => c.primary).map((c) => c.name);
      expect(primaryKey).toEqual(declaredPk);

      const indexes = await all<IndexInfo>(`PRAGMA index_list("${config.name}")`);
      for (const index of config.indexes) {
        const found = indexes.find((i) => i.name === index.config.name);
        expect(found, `index ${index.config.name}`).toBeDefined();
        expect(found!.unique === 1).toBe(Boolean(index.config.unique));
      }

      const foreignKeys = await all<{ table: string; from: string }>(`PRAGMA foreign_key_list("${config.name}")`);
      expect(foreignKeys.length).toBe(config.foreignKeys.length);
    });
  }
});
