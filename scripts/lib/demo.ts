/**
 * The demo workspace as data and SQL, with no I/O: scripts/seed.ts writes it to the local state,
 * test/platform/seed.test.ts runs the same statements against the migrated schema in workerd.
 * Brackwater County and everyone in it are fictional.
 */
import { alertSeedSql } from "./demo-alerts.ts";
import { demoCampaignSql } from "./demo-campaign.ts";
import { demoConductSql } from "./demo-conduct.ts";
import { enterpriseSeedSql } from "./demo-enterprise.ts";
import { briefSeedSql } from "./demo-briefs.ts";
import { demoExercisesSql } from "./demo-exercises.ts";
import { demoPersonSql } from "./demo-person.ts";
import { BRACKWATER_DOCUMENTS } from "../../worker/sample/brackwater/documents.ts";
import { BRACKWATER_PROFILE } from "../../worker/sample/brackwater/profile.ts";
import { LEVEE_BREACH } from "../../worker/sample/brackwater/conduct-session.ts";
import {
  addTeamMemberSql,
  createCampaignSql,
  createTeamSql,
  grantPlanSql,
  lit,
  setFlagSql,
  setRoleSql,
  teamOfOwnerSql,
  TENANCY_PROVIDER,
  userIdSql,
} from "./sql.ts";

export const DEMO = {
  email: "demo@readyroom.local",
  password: "Readyroom-demo-2026",
  firstName: "Dana",
  lastName: "Whitfield",
  organization: "Brackwater County Office of Emergency Management",
  country: "United States",
  userId: "5eed0000-0000-4000-8000-000000000001",
  accountId: "5eed0000-0000-4000-8000-000000000002",
  credentialId: "5eed0000-0000-4000-8000-000000000003",
  planId: "5eed0000-0000-4000-8000-000000000004",
} as const;

/** Dana's colleague: a second sign-in for trying the team and campaign views from both sides. */
export const DEMO_MEMBER = {
  email: "marcus.ortega@readyroom.local",
  password: DEMO.password,
  firstName: "Marcus",
  lastName: "Ortega",
  organization: DEMO.organization,
  country: DEMO.country,
  userId: "5eed0000-0000-4000-8000-000000000011",
  accountId: "5eed0000-0000-4000-8000-000000000012",
  credentialId: "5eed0000-0000-4000-8000-000000000013",
} as const;

/**
 * The install's operator: role admin, so the admin console (/admin) opens for them (it needs no plan
 * of its own). An account of their own as sign-up would have made, no team.
 */
export const DEMO_OPERATOR = {
  email: "operator@readyroom.local",
  password: DEMO.password,
  firstName: "Olu",
  lastName: "Adebayo",
  organization: "Readyroom operations (sample)",
  country: DEMO.country,
  userId: "5eed0000-0000-4000-8000-000000000031",
  accountId: "5eed0000-0000-4000-8000-000000000032",
  credentialId: "5eed0000-0000-4000-8000-000000000033",
} as const;

/** Dana's team, its campaign and one campaign exercise for the campaign editor to open. */
export const DEMO_TEAM = {
  teamId: "5eed0000-0000-4000-8000-0000000000e1",
  seats: 5,
  ownerMemberId: "5eed0000-0000-4000-8000-0000000000e2",
  memberMemberId: "5eed0000-0000-4000-8000-0000000000e3",
  campaignId: "5eed0000-0000-4000-8000-0000000000c1",
  campaignName: "Sable River Flood Readiness 2027",
  exerciseId: "5eed0000-0000-4000-8000-0000000000c2",
  /** A pending invitation on the User management page (resend it there to get a working link in /dev/mailbox). */
  invitationId: "5eed0000-0000-4000-8000-0000000000e4",
  invitationEmail: "priya.natarajan@readyroom.local",
} as const;

export const DEMO_CAMPAIGN_EXERCISE = {
  name: "Sable River levee breach — campaign draft",
  framework: "HSEEP",
  threatType: LEVEE_BREACH.threatType,
  scenario: `${LEVEE_BREACH.scenario}\n\nThe campaign collects each partner's view of the first twelve hours: warning and evacuation of Alder Flats, sheltering, the levee fight and the public information that goes with it.`,
} as const;

/** Where the campaign editor opens the demo campaign exercise. */
export const demoCampaignExercisePath = `/collaborate/campaigns/${DEMO_TEAM.campaignId}/exercise/${DEMO_TEAM.exerciseId}/intro`;

const DEMO_DOCUMENT_IDS = {
  "eop-base-plan": "5eed0000-0000-4000-8000-0000000000d1",
  "flood-annex": "5eed0000-0000-4000-8000-0000000000d2",
  "odalys-aar-ip": "5eed0000-0000-4000-8000-0000000000d3",
  "hazard-profile": "5eed0000-0000-4000-8000-0000000000d4",
} as const;

/** Brackwater County's four plan documents (worker/sample/brackwater/documents.ts) with fixed ids. */
export const DEMO_DOCUMENTS = BRACKWATER_DOCUMENTS.map((doc) => ({ ...doc, id: DEMO_DOCUMENT_IDS[doc.key] }));

export const documentKey = (doc: { id: string; filename: string }) => `documents/${DEMO.userId}/${doc.id}/${doc.filename}`;

/** Pre-filled custom instructions: Brackwater County's profile (worker/sample/brackwater). */
export const DEMO_INSTRUCTIONS = BRACKWATER_PROFILE;

/**
 * The seed as statements; conflict-tolerant, so running it twice changes nothing the user edited.
 * One hash serves both demo users: they share the documented demo password.
 */
export function seedSql(passwordHash: string, now: number): string[] {
  const d = DEMO;
  const statements = [
    `INSERT INTO "User" ("id", "name", "firstName", "lastName", "email", "emailVerified", "role", "organization", "country", "preferredLanguage", "onboarded", "createdAt", "updatedAt")
     VALUES (${lit(d.userId)}, ${lit(`${d.firstName} ${d.lastName}`)}, ${lit(d.firstName)}, ${lit(d.lastName)}, ${lit(d.email)}, 1, 'basic', ${lit(d.organization)}, ${lit(d.country)}, 'en', 0, ${now}, ${now})
     ON CONFLICT DO NOTHING;`,
    // better-auth's credential link: provider "credential", providerAccountId = user id, scrypt hash.
    `INSERT INTO "Account" ("id", "userId", "provider", "providerAccountId", "password", "type", "createdAt", "updatedAt")
     VALUES (${lit(d.credentialId)}, ${lit(d.userId)}, 'credential', ${lit(d.userId)}, ${lit(passwordHash)}, 'SOLO', ${now}, ${now})
     ON CONFLICT DO NOTHING;`,
    // The tenancy account (worker/accounts/service.ts): provider "readyroom", providerAccountId = its own id.
    `INSERT INTO "Account" ("id", "userId", "provider", "providerAccountId", "name", "type", "customInstructions", "createdAt", "updatedAt")
     VALUES (${lit(d.accountId)}, ${lit(d.userId)}, ${lit(TENANCY_PROVIDER)}, ${lit(d.accountId)}, ${lit(d.organization)}, 'TEAM', ${lit(JSON.stringify(DEMO_INSTRUCTIONS))}, ${now}, ${now})
     ON CONFLICT DO NOTHING;`,
    `INSERT INTO "UserAccount" ("userId", "accountId", "role", "createdAt") VALUES (${lit(d.userId)}, ${lit(d.accountId)}, 'OWNER', ${now}) ON CONFLICT DO NOTHING;`,
    // TEAM: Dana runs the county's team (Marcus works through it), so her plan is the one with seats.
    ...grantPlanSql({ email: d.email, plan: "TEAM", interval: "MONTHLY", now, id: d.planId }),
    ...DEMO_DOCUMENTS.map(
      (doc) =>
        `INSERT INTO "Document" ("id", "name", "path", "type", "processed", "filename", "userId", "createdAt", "updatedAt")
         VALUES (${lit(doc.id)}, ${lit(doc.name)}, ${lit(documentKey(doc))}, ${lit(doc.type)}, 0, ${lit(doc.filename)}, ${lit(d.userId)}, ${now}, ${now})
         ON CONFLICT DO NOTHING;`,
    ),
    ...briefSeedSql(d.userId, now),
    // Exercises of her own, beside the campaign's (issue 29: the dashboard listed none beside her ratings).
    ...demoExercisesSql(d.userId, now),
    // The alerts panel needs the alertsEnabled flag (spec §6); the demo shows it with its alert.
    ...setFlagSql(d.email, "alertsEnabled", true, now),
    ...alertSeedSql(d.userId, now),
    ...teamSeedSql(passwordHash, now),
    // A conducted exercise with its published AAR/IP and tracked corrective actions (issue 15).
    ...demoConductSql(
      {
        userId: d.userId,
        controllerName: `${d.firstName} ${d.lastName}`,
        exerciseId: DEMO_TEAM.exerciseId,
        campaignId: DEMO_TEAM.campaignId,
        exercise: DEMO_CAMPAIGN_EXERCISE,
      },
      now,
    ),
    // A second demo account: an enterprise consultancy with two clients (issue 13).
    ...enterpriseSeedSql(passwordHash, now),
    // The operator who opens /admin (issue 29).
    ...operatorSeedSql(passwordHash, now),
  ];
  return statements;
}

/**
 * Marcus Ortega (onboarded, with the SOLO account sign-up would have given him, no plan of his
 * own; a campaign manager of the team, with the collaborateEnabled flag), Dana's team with both of them, its campaign and a campaign exercise. The team is found as
 * "the team on Dana's account" rather than by its fixed id, so a team an operator created there
 * with the admin CLI is reused instead of tripping a foreign key.
 */
function teamSeedSql(passwordHash: string, now: number): string[] {
  const d = DEMO;
  const m = DEMO_MEMBER;
  const t = DEMO_TEAM;
  const x = DEMO_CAMPAIGN_EXERCISE;
  return [
    ...demoPersonSql(m, passwordHash, now, { name: `${m.firstName} ${m.lastName}`, type: "SOLO" }),
    ...createTeamSql({ email: d.email, seats: t.seats, now, id: t.teamId, memberId: t.ownerMemberId }),
    // Spec §6: collaborate (the campaign and its exercises) needs the collaborateEnabled flag and
    // being the team's admin or a campaign manager (worker/accounts/collaborate.ts). Dana is the
    // admin; Marcus is a campaign manager, and gets the flag on his own account too.
    ...setFlagSql(d.email, "collaborateEnabled", true, now),
    ...setFlagSql(m.email, "collaborateEnabled", true, now),
    ...addTeamMemberSql({ team: { ownerEmail: d.email }, email: m.email, role: "MEMBER", collaborateRole: "CAMPAIGN_MANAGER", now, id: t.memberMemberId }),
    ...createCampaignSql({ team: { ownerEmail: d.email }, name: t.campaignName, email: d.email, status: "ACTIVE", now, id: t.campaignId }),
    // A finished findings campaign: five partners interviewed, the synthesis done (issue 14).
    ...demoCampaignSql({ teamIdSql: teamOfOwnerSql(d.email), creatorIdSql: userIdSql(d.email) }, now),
    // A pending invitation (worker/teams/invitations.ts): its token row holds the hash of a secret
    // nobody knows, so the link is only made by Resend on the User management page.
    `INSERT INTO "TeamInvitation" ("id", "teamId", "inviterId", "email", "collaborateRole", "status", "createdAt", "updatedAt")
     SELECT ${lit(t.invitationId)}, ${teamOfOwnerSql(d.email)}, ${userIdSql(d.email)}, ${lit(t.invitationEmail)}, 'STANDARD_USER', 'PENDING', ${now}, ${now}
     WHERE ${teamOfOwnerSql(d.email)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "User" WHERE "email" = ${lit(t.invitationEmail)})
     ON CONFLICT DO NOTHING;`,
    `INSERT INTO "AuthToken" ("id", "token", "expires", "userId", "purpose", "createdAt", "updatedAt")
     SELECT ${lit(t.invitationId)}, ${lit(`seed-unknown-${crypto.randomUUID()}`)}, ${now + 7 * 24 * 60 * 60 * 1000}, ${userIdSql(d.email)}, 'INVITATION', ${now}, ${now}
     WHERE EXISTS (SELECT 1 FROM "TeamInvitation" WHERE "id" = ${lit(t.invitationId)})
     ON CONFLICT DO NOTHING;`,
    `INSERT INTO "CampaignExercise" ("id", "campaignId", "userId", "name", "framework", "threatType", "scenario", "completed", "isQuickStart", "createdAt", "updatedAt")
     SELECT ${lit(t.exerciseId)}, ${lit(t.campaignId)}, ${lit(d.userId)}, ${lit(x.name)}, ${lit(x.framework)}, ${lit(x.threatType)}, ${lit(x.scenario)}, 0, 0, ${now}, ${now}
     WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE "id" = ${lit(t.campaignId)})
     ON CONFLICT DO NOTHING;`,
  ];
}

/**
 * The operator (DEMO_OPERATOR): a user with role admin, their credential and their own SOLO account.
 * Rows keyed by the fixed id are written only when that user is the seed's (someone may have signed
 * up locally with the address first); the role is set again on every run so the console always opens.
 */
function operatorSeedSql(passwordHash: string, now: number): string[] {
  const o = DEMO_OPERATOR;
  return [
    ...demoPersonSql(o, passwordHash, now, { name: `${o.firstName} ${o.lastName}`, type: "SOLO", role: "admin" }),
    // By id, not address: an account someone else signed up with under that address never becomes an admin.
    ...setRoleSql({ userId: o.userId }, "admin", now),
  ];
}
