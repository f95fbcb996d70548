/**
 * `npm run admin -- <command>`: account administration without Stripe, for operators and for
 * self-hosted installs (granting a plan is how such an install activates accounts). Works on the
 * local database by default; `--remote` targets the deployed D1 database.
 */
import { parseArgs } from "node:util";
import { type D1, D1Error, openD1, type Target } from "./lib/d1.ts";
import {
  addTeamMemberSql,
  cliAuditSql,
  BILLING_INTERVALS,
  type BillingInterval,
  COLLABORATE_ROLES,
  createCampaignSql,
  createTeamSql,
  DEFAULT_TEAM_SEATS,
  FLAGS,
  type Flag,
  findUserSql,
  listTeamsSql,
  listUsersSql,
  lit,
  NEW_CAMPAIGN_STATUSES,
  ownAccountIdSql,
  ownerTeamSql,
  PLAN_TYPES,
  type PlanType,
  ROLES,
  type Role,
  setTeamSeatsSql,
  TEAM_ROLES,
  teamStateSql,
} from "./lib/sql.ts";
import { ownerRuleRefusal } from "../worker/teams/owner.ts";
import { grantPlanCommand, revokePlanCommand, setFlagCommand, setRoleCommand } from "./lib/admin-commands.ts";

const HELP = `Readyroom admin

Usage: npm run admin -- <command> [options]

Commands:
  grant-plan   --email E --plan SOLO|TEAM|ENTERPRISE [--interval MONTHLY|YEARLY]
               Give the user's account an active plan (source "admin", no end date).
  revoke-plan  --email E
               End the account's plan (kept as a canceled row).
  set-role     --email E --role admin|basic
  set-flag     --email E --flag ${FLAGS.join("|")} --on|--off
               Turn a feature flag of the user's account on or off.
  list-users   List users with their role, account type, plan and flags.

  create-team      --email OWNER [--seats N]
                   Create a team on the owner's own account (default ${DEFAULT_TEAM_SEATS} seats) with the
                   owner as ADMIN and campaign manager; reuses the account's team if it has one
                   (--seats then changes its seats). Last line: teamId=<id>
  add-team-member  --team TEAMID --email E [--role admin|member] [--collaborate-role manager|standard]
                   [--grow-seats]
                   Add an existing user to the team (default member, standard), or change their
                   roles. The member works in the team's account and gets its plan. Needs a free
                   seat; --grow-seats adds one when the team is full.
  create-campaign  --team TEAMID --name NAME --email CREATOR [--status DRAFT|ACTIVE]
                   Create a campaign of the team (default DRAFT); the creator must be a member.
                   Last line: campaignId=<id>
  list-teams       List teams with their account, plan, seats, members and campaigns.

Options:
  --remote            Run against the deployed D1 database (default: the local one).
  --persist-to DIR    Local state directory (default: $READYROOM_STATE_DIR or .wrangler/state).
  -h, --help          Show this help.

Examples:
  npm run admin -- grant-plan --email planner@county.gov --plan TEAM --interval YEARLY
  npm run admin -- set-flag --email planner@county.gov --flag collaborateEnabled --on
  npm run admin -- list-users --remote
  npm run admin -- create-team --email planner@county.gov --seats 5
  npm run admin -- add-team-member --team <teamId> --email colleague@county.gov --collaborate-role standard
  npm run admin -- create-campaign --team <teamId> --name "Flood Readiness 2027" --email planner@county.gov --status ACTIVE
`;

export class UsageError extends Error {}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], option: string): T {
  if (value === undefined) throw new UsageError(`Missing --${option}. Use one of: ${allowed.join(", ")}.`);
  const hit = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!hit) throw new UsageError(`Unknown --${option} "${value}". Use one of: ${allowed.join(", ")}.`);
  return hit;
}

function requireEmail(value: string | undefined): string {
  if (!value) throw new UsageError("Missing --email.");
  const email = value.trim().toLowerCase();
  // One "@", no spaces, a dot inside the domain ("a@b.c"): the dot is looked for, not matched by
  // a pattern whose two halves of the domain could trade characters.
  const domain = email.slice(email.indexOf("@") + 1);
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || !domain.slice(1, -1).includes(".")) throw new UsageError(`"${value}" is not an e-mail address.`);
  return email;
}

type UserRow = { id: string; email: string; role: string; accountId: string | null };

async function findUser(email: string, db: D1, target: Target): Promise<UserRow & { accountId: string }> {
  const [user] = await db.query<UserRow>(findUserSql(email));
  if (!user)
    throw new UsageError(`No user with e-mail ${email}${target.remote ? " in the remote database" : ""}. See who exists with: npm run admin -- list-users`);
  if (!user.accountId) throw new UsageError(`${email} has no account of their own (no OWNER UserAccount row); was the user created by sign-up?`);
  return user as UserRow & { accountId: string };
}

/** An id given on the command line (teams are named by the id create-team and list-teams print). */
function requireId(value: string | undefined, option: string, hint: string): string {
  const id = value?.trim();
  if (!id) throw new UsageError(`Missing --${option}. ${hint}`);
  if (!/^[\w-]+$/.test(id)) throw new UsageError(`--${option} "${value}" is not an id. ${hint}`);
  return id;
}

function parseSeats(value: string): number {
  const seats = Number(value);
  if (!Number.isInteger(seats) || seats < 1 || seats > 10_000)
    throw new UsageError(`--seats "${value}" is not a whole number from 1 to 10000 (the owner takes one seat).`);
  return seats;
}

const LIST_TEAMS_HINT = "See the teams with: npm run admin -- list-teams";
const TEAM_ROLE_NAMES = Object.keys(TEAM_ROLES) as (keyof typeof TEAM_ROLES)[];
const COLLABORATE_ROLE_NAMES = Object.keys(COLLABORATE_ROLES) as (keyof typeof COLLABORATE_ROLES)[];
/** Plan states that grant access (worker/accounts/plan.ts isPlanActive, without the admin end date). */
const ACTIVE_PLAN_STATUSES = new Set(["active", "trialing", "past_due"]);

type TeamState = {
  id: string;
  seats: number;
  accountId: string;
  accountName: string | null;
  memberRole: string | null;
  memberCollaborateRole: string | null;
  memberIsOwner: number;
  members: number;
  ownerEmail: string | null;
  planStatus: string | null;
  planType: string | null;
};

async function findTeam(teamId: string, email: string, db: D1, target: Target): Promise<TeamState> {
  const [team] = await db.query<TeamState>(teamStateSql(teamId, email));
  if (!team) throw new UsageError(`No team with id ${teamId}${target.remote ? " in the remote database" : ""}. ${LIST_TEAMS_HINT}`);
  return team;
}

/** Members get the team's plan (spec §4); say so when there is none to get. */
function planNote(team: { planStatus: string | null; planType?: string | null }, ownerEmail: string | null): string | null {
  if (team.planStatus && ACTIVE_PLAN_STATUSES.has(team.planStatus)) return null;
  return `  Note: the team's account has no active plan, so members get none through it. Grant one with: npm run admin -- grant-plan --email ${ownerEmail ?? "OWNER"} --plan TEAM`;
}

function teamLabel(team: { id: string; accountName: string | null }): string {
  return team.accountName ? `team ${team.id} (${team.accountName})` : `team ${team.id}`;
}

function describeTarget(target: Target) {
  return target.remote ? "remote database" : `local database (${target.persistTo})`;
}

/**
 * Where a command's database and output come from: the CLI opens the target and prints to the
 * console; a caller that runs many commands (the e2e journeys' operator, e2e/lib/admin-runner.ts)
 * hands in one database kept open and collects the output.
 */
export type AdminIO = { open(target: Target): Promise<D1>; out: Pick<Console, "log" | "table"> };

const CONSOLE_IO: AdminIO = { open: openD1, out: console };

export async function main(argv: string[], io: AdminIO = CONSOLE_IO): Promise<number> {
  const out = io.out;
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: "string" },
      plan: { type: "string" },
      interval: { type: "string" },
      role: { type: "string" },
      "collaborate-role": { type: "string" },
      "grow-seats": { type: "boolean" },
      team: { type: "string" },
      name: { type: "string" },
      status: { type: "string" },
      seats: { type: "string" },
      flag: { type: "string" },
      on: { type: "boolean" },
      off: { type: "boolean" },
      remote: { type: "boolean" },
      "persist-to": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command || command === "help") {
    out.log(HELP);
    return command || values.help ? 0 : 1;
  }
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const target: Target = values.remote
    ? { remote: true }
    : { remote: false, persistTo: values["persist-to"] ?? process.env.READYROOM_STATE_DIR ?? ".wrangler/state" };
  const now = Date.now();

  const db = await io.open(target);
  try {
    switch (command) {
      case "grant-plan": {
        const email = requireEmail(values.email);
        const plan: PlanType = pick(values.plan, PLAN_TYPES, "plan");
        const interval: BillingInterval = values.interval ? pick(values.interval, BILLING_INTERVALS, "interval") : "MONTHLY";
        await findUser(email, db, target);
        await db.exec(grantPlanCommand({ email, plan, interval, now }));
        out.log(`✓ ${email}: active ${plan} plan (${interval}, source admin) in the ${describeTarget(target)}.`);
        return 0;
      }
      case "revoke-plan": {
        const email = requireEmail(values.email);
        const user = await findUser(email, db, target);
        const [plan] = await db.query<{ status: string }>(`SELECT "status" FROM "AccountPlanMetadata" WHERE "accountId" = ${lit(user.accountId)}`);
        if (!plan) throw new UsageError(`${email} has no plan to revoke.`);
        await db.exec(revokePlanCommand(email, now));
        out.log(`✓ ${email}: plan revoked (was ${plan.status}) in the ${describeTarget(target)}.`);
        return 0;
      }
      case "set-role": {
        const email = requireEmail(values.email);
        const role: Role = pick(values.role, ROLES, "role");
        const user = await findUser(email, db, target);
        await db.exec(setRoleCommand({ email, role, was: user.role, now }));
        out.log(`✓ ${email}: role ${role} in the ${describeTarget(target)}.`);
        return 0;
      }
      case "set-flag": {
        const email = requireEmail(values.email);
        const flag: Flag = pick(values.flag, FLAGS, "flag");
        if (values.on === values.off) throw new UsageError("Give exactly one of --on or --off.");
        await findUser(email, db, target);
        await db.exec(setFlagCommand({ email, flag, on: Boolean(values.on), now }));
        const [row] = await db.query<{ featureFlags: string | null }>(`SELECT "featureFlags" FROM "Account" WHERE "id" = ${ownAccountIdSql(email)}`);
        out.log(`✓ ${email}: ${flag} ${values.on ? "on" : "off"} (flags now ${row?.featureFlags ?? "{}"}) in the ${describeTarget(target)}.`);
        return 0;
      }
      case "list-users": {
        const rows = await db.query<Record<string, string | number | null>>(listUsersSql());
        if (rows.length === 0) {
          out.log(`No users in the ${describeTarget(target)}.`);
          return 0;
        }
        out.table(
          rows.map((r) => ({
            email: r.email,
            name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(),
            role: r.role,
            onboarded: r.onboarded ? "yes" : "no",
            account: r.accountType ?? "—",
            plan: r.planType ? `${r.planType} ${r.billingInterval ?? ""} ${r.planStatus} (${r.planSource})`.replace(/\s+/g, " ") : "none",
            // A team member works under the team's plan (the console shows the same).
            "works under":
              r.effectiveAccountId && r.effectiveAccountId !== r.accountId
                ? `${r.effectivePlanType ?? "no plan"} ${r.effectivePlanStatus ?? ""} (team: ${r.effectiveAccountName ?? r.effectiveAccountId})`.trim()
                : "own account",
            flags: enabledFlags(r.featureFlags!),
          })),
        );
        return 0;
      }
      case "create-team": {
        const email = requireEmail(values.email);
        const seats = values.seats === undefined ? undefined : parseSeats(values.seats);
        await findUser(email, db, target);
        const [state] = await db.query<{ teamId: string | null; seats: number | null; members: number; planStatus: string | null }>(ownerTeamSql(email));
        if (state!.teamId && seats !== undefined && seats < state!.members) {
          throw new UsageError(`Team ${state!.teamId} on ${email}'s account already has ${state!.members} members; give --seats ${state!.members} or more.`);
        }
        const teamId = state!.teamId ?? crypto.randomUUID();
        const resize = state!.teamId && seats !== undefined && seats !== state!.seats ? setTeamSeatsSql(state!.teamId, seats, now) : [];
        await db.exec([
          ...createTeamSql({ email, seats, now, id: teamId }),
          ...resize,
          cliAuditSql({
            action: state!.teamId ? "admin.team.resize" : "admin.team.create",
            team: { id: teamId },
            email,
            now,
            metadata: { teamId, seats: seats ?? state!.seats ?? DEFAULT_TEAM_SEATS },
          }),
        ]);
        const seatsNow = seats ?? state!.seats ?? DEFAULT_TEAM_SEATS;
        out.log(
          state!.teamId
            ? `✓ ${email}'s account already has team ${teamId}: reusing it (${seatsNow} seats; ${email} is its ADMIN) in the ${describeTarget(target)}.`
            : `✓ Created team ${teamId} on ${email}'s account (${seatsNow} seats; ${email} is ADMIN and campaign manager) in the ${describeTarget(target)}.`,
        );
        const note = planNote(state!, email);
        if (note) out.log(note);
        out.log(`teamId=${teamId}`);
        return 0;
      }
      case "add-team-member": {
        const teamId = requireId(values.team, "team", LIST_TEAMS_HINT);
        const email = requireEmail(values.email);
        const role = values.role ? TEAM_ROLES[pick(values.role, TEAM_ROLE_NAMES, "role")] : "MEMBER";
        const collaborateRole = values["collaborate-role"]
          ? COLLABORATE_ROLES[pick(values["collaborate-role"], COLLABORATE_ROLE_NAMES, "collaborate-role")]
          : "STANDARD_USER";
        await findUser(email, db, target);
        const team = await findTeam(teamId, email, db, target);
        const refusal = ownerRuleRefusal({ isAccountOwner: Boolean(team.memberIsOwner), email, isCaller: false }, { role });
        if (refusal) throw new UsageError(`${refusal} Leave out --role member.`);
        const growSeats = Boolean(values["grow-seats"]);
        if (!team.memberRole && team.members >= team.seats && !growSeats) {
          throw new UsageError(
            `Team ${teamId} has no free seat (${team.members} of ${team.seats} taken). Add --grow-seats to add one, or set the seats with: npm run admin -- create-team --email ${team.ownerEmail ?? "OWNER"} --seats N`,
          );
        }
        await db.exec([
          ...addTeamMemberSql({ team: { id: teamId }, email, role, collaborateRole, growSeats, now }),
          cliAuditSql({
            action: "admin.team.add_member",
            team: { id: teamId },
            email,
            now,
            metadata: { teamId, role, collaborateRole, was: team.memberRole ?? null },
          }),
        ]);
        // The insert re-checks the seat, so read back what happened rather than assume it.
        const after = await findTeam(teamId, email, db, target);
        if (!after.memberRole)
          throw new UsageError(`Team ${teamId} filled up meanwhile (${after.members} of ${after.seats} seats); run again with --grow-seats.`);
        const grew = after.seats > team.seats ? ` (grew from ${team.seats})` : "";
        const what = team.memberRole ? `already a member; now ${role}, ${collaborateRole}` : `added as ${role}, ${collaborateRole}`;
        out.log(
          `✓ ${email}: ${what} in ${teamLabel(team)}, ${after.members} of ${after.seats} seats taken${grew}; works in the team's account and gets its plan, in the ${describeTarget(target)}.`,
        );
        const note = planNote(after, after.ownerEmail);
        if (note) out.log(note);
        return 0;
      }
      case "create-campaign": {
        const teamId = requireId(values.team, "team", LIST_TEAMS_HINT);
        const name = values.name?.trim();
        if (!name) throw new UsageError('Missing --name, e.g. --name "Flood Readiness 2027".');
        if (name.length > 200) throw new UsageError(`--name is ${name.length} characters; keep it to 200.`);
        const email = requireEmail(values.email);
        const status = values.status ? pick(values.status, NEW_CAMPAIGN_STATUSES, "status") : "DRAFT";
        await findUser(email, db, target);
        const team = await findTeam(teamId, email, db, target);
        if (!team.memberRole) {
          throw new UsageError(
            `${email} is not a member of team ${teamId}, so cannot create its campaigns. Add them first: npm run admin -- add-team-member --team ${teamId} --email ${email}`,
          );
        }
        const campaignId = crypto.randomUUID();
        await db.exec([
          ...createCampaignSql({ team: { id: teamId }, name, email, status, now, id: campaignId }),
          cliAuditSql({ action: "admin.team.create_campaign", team: { id: teamId }, email, now, metadata: { teamId, campaignId, name, status } }),
        ]);
        out.log(`✓ Created campaign "${name}" (${status}) in ${teamLabel(team)}, created by ${email}, in the ${describeTarget(target)}.`);
        out.log(`campaignId=${campaignId}`);
        return 0;
      }
      case "list-teams": {
        const rows = await db.query<TeamListRow>(listTeamsSql());
        if (rows.length === 0) {
          out.log(`No teams in the ${describeTarget(target)}. Create one with: npm run admin -- create-team --email OWNER`);
          return 0;
        }
        for (const row of rows) printTeam(row, out);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}". Run npm run admin -- --help to see the commands.`);
    }
  } finally {
    await db.close();
  }
}

type TeamListRow = {
  id: string;
  seats: number;
  accountName: string | null;
  planType: string | null;
  planStatus: string | null;
  members: string;
  campaigns: string;
};

function printTeam(row: TeamListRow, out: AdminIO["out"]): void {
  const members = JSON.parse(row.members) as { email: string; role: string; collaborateRole: string }[];
  const campaigns = JSON.parse(row.campaigns) as { id: string; name: string; status: string }[];
  const plan = row.planType ? `${row.planType} ${row.planStatus}` : "no plan";
  out.log(`\nTeam ${row.id} — ${row.accountName ?? "(unnamed account)"} — ${plan} — ${members.length} of ${row.seats} seats`);
  out.log("  Members:");
  for (const m of members) out.log(`    ${m.email.padEnd(36)} ${m.role.padEnd(7)} ${m.collaborateRole}`);
  if (members.length === 0) out.log("    (none)");
  out.log("  Campaigns:");
  for (const c of campaigns) out.log(`    ${c.id}  ${c.status.padEnd(12)} ${c.name}`);
  if (campaigns.length === 0) out.log("    (none)");
}

function enabledFlags(raw: string | number | null): string {
  if (typeof raw !== "string") return "";
  try {
    const flags = JSON.parse(raw) as Record<string, unknown>;
    return Object.keys(flags)
      .filter((k) => flags[k] === true)
      .join(", ");
  } catch {
    return "";
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError || err instanceof D1Error) {
      console.error(`✗ ${err.message}`);
    } else if (err instanceof Error && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`✗ ${err.message}\n\nRun npm run admin -- --help to see the commands.`);
    } else {
      throw err;
    }
    process.exitCode = 1;
  }
}
