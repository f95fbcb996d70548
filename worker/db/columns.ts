import { sql } from "drizzle-orm";
import { customType, integer, text } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { nowDate } from "../lib/clock";

/**
 * Column conventions, chosen once (decision 0003; "Time" in docs/design.md): every instant is an
 * INTEGER of epoch milliseconds, read as a Date. Ids are TEXT (UUIDs). Booleans are INTEGER 0/1.
 * Money and credits are INTEGER (credits, cents).
 *
 * A row's creation stamp is the database's DEFAULT (drizzle prefers a SQL default to $defaultFn, so
 * D1's clock writes it); updates are stamped by the app's clock (worker/lib/clock.ts). In production
 * they are the same clock; a test run on a moved clock compares such stamps only with each other.
 */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
export const createdAt = () =>
  timestamp("createdAt")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
export const updatedAt = () =>
  timestamp("updatedAt")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdateFn(() => nowDate());
export const bool = (name: string) => integer(name, { mode: "boolean" });

/**
 * A JSON column whose value is validated by a zod schema on the way in and on the way out, so a
 * malformed value can neither be written nor silently flow into the app.
 */
export function json<S extends z.ZodType>(name: string, schema: S) {
  return customType<{ data: z.infer<S>; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => JSON.stringify(schema.parse(value)),
    fromDriver: (value) => schema.parse(JSON.parse(value)),
  })(name);
}
