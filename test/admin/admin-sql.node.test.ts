import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { literal, setFlagSql as setFlagLiteral, setRoleSql as setRoleLiteral } from "../../scripts/lib/sql.ts";
import * as admin from "../../worker/admin/sql";
import * as team from "../../worker/admin/team-sql";

const dialect = new SQLiteAsyncDialect();
// A value that would break out of a quoted literal, carries a "?" and LIKE's wildcards.
const EVIL = `o'brien?"; DROP TABLE "User";--%_\\`;

describe("the admin statements", () => {
  it("the console sends every value as a bound parameter, never in the SQL text", () => {
    const now = 1_767_225_600_000;
    const statements = [
      admin.findUserSql(EVIL),
      ...admin.grantPlanSql({ email: EVIL, plan: "TEAM", interval: "YEARLY", now, id: EVIL }),
      ...admin.grantPlanSql({ accountId: EVIL, plan: "SOLO", interval: "MONTHLY", now }),
      ...admin.revokePlanSql({ accountId: EVIL }, now),
      ...admin.setRoleSql({ userId: EVIL }, "admin", now),
      ...admin.setBetaSql(EVIL, true, now),
      ...admin.setDisabledSql({ userId: EVIL }, true, now),
      ...admin.setFlagSql(EVIL, "collaborateEnabled", true, now),
      admin.listUsersSql({ q: EVIL, limit: 20, offset: 40 }),
      admin.listUsersSql({ id: EVIL }),
      admin.countUsersSql({ q: EVIL }),
      team.ownerTeamSql(EVIL),
      team.teamStateSql(EVIL, EVIL),
      ...team.createTeamSql({ email: EVIL, seats: 3, now, id: EVIL, memberId: EVIL }),
      ...team.setTeamSeatsSql(EVIL, 4, now),
      ...team.addTeamMemberSql({ team: { id: EVIL }, email: EVIL, role: "MEMBER", collaborateRole: "STANDARD_USER", growSeats: true, now, id: EVIL }),
      ...team.createCampaignSql({ team: { ownerEmail: EVIL }, name: EVIL, email: EVIL, status: "DRAFT", now, id: EVIL }),
      team.cliAuditSql({ action: EVIL, team: { id: EVIL }, email: EVIL, now, metadata: { note: EVIL } }),
    ];
    for (const statement of statements) {
      const { sql, params } = dialect.sqlToQuery(statement);
      expect(sql).not.toContain("brien");
      expect(sql).not.toContain(String(now));
      expect(params.some((p) => typeof p === "string" && p.includes("brien"))).toBe(true);
    }
    const { sql, params } = dialect.sqlToQuery(admin.setFlagSql({ accountId: "a-1" }, "collaborateEnabled", false, now)[0]!);
    expect(sql).toBe(
      `UPDATE "Account" SET "featureFlags" = json_set(coalesce("featureFlags", '{}'), ?, json(?)), "collaborateEnabled" = ?, "updatedAt" = ? WHERE "id" = (SELECT "id" FROM "Account" WHERE "id" = ?)`,
    );
    expect(params).toEqual(["$.collaborateEnabled", "false", 0, now, "a-1"]);
  });

  it("the CLI writes the same statements with their values as literals (wrangler d1 execute binds nothing)", () => {
    expect(setRoleLiteral({ userId: EVIL }, "admin", 5)).toEqual([
      `UPDATE "User" SET "role" = 'admin', "updatedAt" = 5 WHERE "id" = 'o''brien?"; DROP TABLE "User";--%_\\'`,
    ]);
    expect(setFlagLiteral({ accountId: "a-1" }, "modelSelectionEnabled", true, 7)).toEqual([
      `UPDATE "Account" SET "featureFlags" = json_set(coalesce("featureFlags", '{}'), '$.modelSelectionEnabled', json('true')), "modelSelectionEnabled" = 1, "updatedAt" = 7 WHERE "id" = (SELECT "id" FROM "Account" WHERE "id" = 'a-1')`,
    ]);
    expect(literal(admin.listUsersSql({ limit: 2.9 }))).toMatch(/\nLIMIT 2 OFFSET 0$/);
    expect(() => literal(admin.setRoleSql({ userId: "u" }, "basic", Number.NaN)[0]!)).toThrow(/Cannot write NaN/);
  });
});
