import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CronError, cronsOf, describeSchedule, nextFire, parseCron } from "../../scripts/lib/cron.ts";
import { localAppUrl } from "../../scripts/lib/local-app-url.ts";
import { tasksByCron } from "../../worker/jobs/tasks";

// A pinned instant (a Saturday), never the machine's clock.
const NOW = Date.UTC(2027, 2, 13, 10, 7, 30); // 2027-03-13 10:07:30 UTC
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const next = (expression: string, now = NOW) => iso(nextFire(parseCron(expression), now));

describe("npm start's Cron: the triggers of wrangler.toml", () => {
  const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");

  it("reads every trigger of [triggers], each one the Worker has tasks for", () => {
    const crons = cronsOf(toml);
    expect(crons).toEqual(["*/15 * * * *", "0 * * * *", "0 3 * * *"]);
    expect(crons.sort()).toEqual(Object.keys(tasksByCron).sort());
  });

  it("finds crons in a multi-line list, ignores other tables and comments, and none without [triggers]", () => {
    expect(
      cronsOf(`[vars]\ncrons = ["1 * * * *"]\n[triggers]\n# crons = ["2 * * * *"]\ncrons = [\n  "*/5 * * * *",\n  '0 0 * * SUN',\n]\n[observability]\n`),
    ).toEqual(["*/5 * * * *", "0 0 * * SUN"]);
    expect(cronsOf(`[vars]\nA = "1"\n`)).toEqual([]);
  });
});

describe("the next fire time (UTC, strictly after now)", () => {
  it("runs the project's three triggers at their minutes", () => {
    expect(next("*/15 * * * *")).toBe("2027-03-13T10:15:00.000Z");
    expect(next("0 * * * *")).toBe("2027-03-13T11:00:00.000Z");
    expect(next("0 3 * * *")).toBe("2027-03-14T03:00:00.000Z");
  });

  it("never answers now itself: a trigger due this very minute fires next time", () => {
    const onTheQuarter = Date.UTC(2027, 2, 13, 10, 15, 0);
    expect(next("*/15 * * * *", onTheQuarter)).toBe("2027-03-13T10:30:00.000Z");
    expect(next("*/15 * * * *", onTheQuarter - 1)).toBe("2027-03-13T10:15:00.000Z");
  });

  it("rolls over hours, days, months and years", () => {
    expect(next("*/15 * * * *", Date.UTC(2027, 11, 31, 23, 59, 59))).toBe("2028-01-01T00:00:00.000Z");
    expect(next("30 23 31 * *")).toBe("2027-03-31T23:30:00.000Z");
    expect(next("0 0 29 FEB *")).toBe("2028-02-29T00:00:00.000Z");
  });

  it("reads ranges, steps, lists and names", () => {
    expect(next("10-50/20 9-11 * * *")).toBe("2027-03-13T10:10:00.000Z");
    expect(next("5,40 10 * * *")).toBe("2027-03-13T10:40:00.000Z");
    expect(next("0 8 * * MON-FRI")).toBe("2027-03-15T08:00:00.000Z");
    expect(next("0 12 1 jan,jul *")).toBe("2027-07-01T12:00:00.000Z");
  });

  it("fires on either day when both day fields are restricted, as cron does", () => {
    expect(next("0 0 20 * SUN")).toBe("2027-03-14T00:00:00.000Z");
    expect(next("0 0 14 * WED")).toBe("2027-03-14T00:00:00.000Z");
  });

  it("answers never for a date that does not exist", () => {
    expect(next("0 0 31 FEB *")).toBeNull();
  });

  it("prints each trigger with its next run", () => {
    expect(describeSchedule([parseCron("*/15 * * * *"), parseCron("0 0 31 FEB *")], NOW)).toEqual([
      "*/15 * * * *     next 2027-03-13 10:15 UTC",
      "0 0 31 FEB *     next never",
    ]);
  });

  it("refuses what it would run differently from Cloudflare, saying why", () => {
    expect(() => parseCron("* * * *")).toThrow(/5 fields/);
    expect(() => parseCron("61 * * * *")).toThrow(/minute field "61" is outside 0–59/);
    expect(() => parseCron("0 0 * * 1")).toThrow(/day names/);
    expect(() => parseCron("0 0 L * *")).toThrow(/extension/);
    expect(() => parseCron("*/0 * * * *")).toThrow(/step/);
    expect(() => parseCron("30-10 * * * *")).toThrow(/backwards/);
    expect(() => parseCron("0 0 * * MON#2")).toThrow(CronError);
  });
});

describe("APP_URL follows PORT", () => {
  const none = { env: {}, extraVars: {}, dotFiles: [] };

  it("is http://localhost:<PORT> unless set", () => {
    expect(localAppUrl("8791", none)).toBe("http://localhost:8791");
  });

  it("keeps an APP_URL the developer set: environment, the run's vars, .dev.vars or .env", () => {
    expect(localAppUrl("8791", { ...none, env: { APP_URL: "http://rr.test:9000" } })).toBe("http://rr.test:9000");
    expect(localAppUrl("8791", { ...none, extraVars: { APP_URL: "http://127.0.0.1:8791" } })).toBeNull();
    expect(localAppUrl("8791", { ...none, dotFiles: ["AUTH_SECRET=x\nAPP_URL=http://rr.test\n"] })).toBeNull();
    expect(localAppUrl("8791", { ...none, dotFiles: ["# APP_URL=http://rr.test\n"] })).toBe("http://localhost:8791");
  });
});
