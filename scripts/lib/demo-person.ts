/**
 * A demo sign-in as sign-up would have made it: the User row (confirmed, onboarded), its
 * better-auth credential and its own tenancy account. Rows keyed by the fixed id are written only
 * when that user is the seed's (someone may have signed up locally with the address first).
 */
import { lit, TENANCY_PROVIDER } from "./sql.ts";

export type DemoPerson = {
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  country: string;
  userId: string;
  accountId: string;
  credentialId: string;
};

export function demoPersonSql(
  p: DemoPerson,
  passwordHash: string,
  now: number,
  account: { name: string; type: "SOLO" | "TEAM" | "ENTERPRISE"; role?: "admin" | "basic" },
): string[] {
  const isSeedPerson = `EXISTS (SELECT 1 FROM "User" WHERE "id" = ${lit(p.userId)})`;
  return [
    `INSERT INTO "User" ("id", "name", "firstName", "lastName", "email", "emailVerified", "role", "organization", "country", "preferredLanguage", "onboarded", "createdAt", "updatedAt")
     VALUES (${lit(p.userId)}, ${lit(`${p.firstName} ${p.lastName}`)}, ${lit(p.firstName)}, ${lit(p.lastName)}, ${lit(p.email)}, 1, ${lit(account.role ?? "basic")}, ${lit(p.organization)}, ${lit(p.country)}, 'en', 1, ${now}, ${now})
     ON CONFLICT DO NOTHING;`,
    `INSERT INTO "Account" ("id", "userId", "provider", "providerAccountId", "password", "type", "createdAt", "updatedAt")
     SELECT ${lit(p.credentialId)}, ${lit(p.userId)}, 'credential', ${lit(p.userId)}, ${lit(passwordHash)}, 'SOLO', ${now}, ${now} WHERE ${isSeedPerson}
     ON CONFLICT DO NOTHING;`,
    `INSERT INTO "Account" ("id", "userId", "provider", "providerAccountId", "name", "type", "createdAt", "updatedAt")
     SELECT ${lit(p.accountId)}, ${lit(p.userId)}, ${lit(TENANCY_PROVIDER)}, ${lit(p.accountId)}, ${lit(account.name)}, ${lit(account.type)}, ${now}, ${now} WHERE ${isSeedPerson}
     ON CONFLICT DO NOTHING;`,
    `INSERT INTO "UserAccount" ("userId", "accountId", "role", "createdAt") SELECT ${lit(p.userId)}, ${lit(p.accountId)}, 'OWNER', ${now} WHERE ${isSeedPerson} ON CONFLICT DO NOTHING;`,
  ];
}
