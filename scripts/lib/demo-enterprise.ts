/**
 * The enterprise side of the demo (issue 13): a consultancy serving several jurisdictions, with
 * its own sign-in, an ENTERPRISE plan and two clients, one exercise filed under the first. SQL
 * only, no I/O (scripts/lib/demo.ts runs it inside seedSql). Everyone here is fictional.
 */
import { demoPersonSql } from "./demo-person.ts";
import { grantPlanSql, lit } from "./sql.ts";

export const DEMO_CONSULTANT = {
  email: "consultant@readyroom.local",
  firstName: "Priya",
  lastName: "Raman",
  organization: "Tidewater Preparedness Partners",
  country: "United States",
  userId: "5eed0000-0000-4000-8000-000000000021",
  accountId: "5eed0000-0000-4000-8000-000000000022",
  credentialId: "5eed0000-0000-4000-8000-000000000023",
  planId: "5eed0000-0000-4000-8000-000000000024",
} as const;

export const DEMO_CLIENTS = [
  { id: "5eed0000-0000-4000-8000-0000000000f1", name: "Brackwater County OEM" },
  { id: "5eed0000-0000-4000-8000-0000000000f2", name: "Port of Ostrander" },
] as const;

export const DEMO_CLIENT_EXERCISE = {
  id: "5eed0000-0000-4000-8000-0000000000f3",
  name: "Ostrander Bay hurricane surge — port tabletop",
  threatType: "Hurricane storm surge at a working port",
} as const;

/** The consultant's user, credential, ENTERPRISE account and plan, two clients and one filed exercise. */
export function enterpriseSeedSql(passwordHash: string, now: number): string[] {
  const c = DEMO_CONSULTANT;
  const isSeedConsultant = `EXISTS (SELECT 1 FROM "User" WHERE "id" = ${lit(c.userId)})`;
  return [
    ...demoPersonSql(c, passwordHash, now, { name: c.organization, type: "ENTERPRISE" }),
    // Re-activated on every run, like Dana's plan, so the demo always signs in to a working workspace.
    ...grantPlanSql({ email: c.email, plan: "ENTERPRISE", interval: "YEARLY", now, id: c.planId }),
    ...DEMO_CLIENTS.map(
      (client) =>
        `INSERT INTO "Client" ("id", "name", "accountId", "createdAt", "updatedAt")
         SELECT ${lit(client.id)}, ${lit(client.name)}, ${lit(c.accountId)}, ${now}, ${now} WHERE EXISTS (SELECT 1 FROM "Account" WHERE "id" = ${lit(c.accountId)})
         ON CONFLICT DO NOTHING;`,
    ),
    `INSERT INTO "Exercise" ("id", "name", "threatType", "userId", "completed", "isQuickStart", "metadata", "createdAt", "updatedAt")
     SELECT ${lit(DEMO_CLIENT_EXERCISE.id)}, ${lit(DEMO_CLIENT_EXERCISE.name)}, ${lit(DEMO_CLIENT_EXERCISE.threatType)}, ${lit(c.userId)}, 0, 0, ${lit(JSON.stringify({ clientId: DEMO_CLIENTS[1].id }))}, ${now}, ${now}
     WHERE EXISTS (SELECT 1 FROM "Client" WHERE "id" = ${lit(DEMO_CLIENTS[1].id)}) AND ${isSeedConsultant}
     ON CONFLICT DO NOTHING;`,
  ];
}
