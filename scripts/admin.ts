/**
 * `npm run admin -- <command>`: account administration without Stripe, for operators and for
 * self-hosted installs (granting a plan is how such an install activates accounts). Works on the
 * local database by default; `--remote` targets the deployed D1 database.
 */
import { parseArgs } from "node:util";
import { D1Error, d1Exec, d1Query, type Target } from "./lib/d1.ts";
import {
  BILLING_INTERVALS,
  type BillingInterval,
  FLAGS,
  type Flag,
  findUserSql,
  grantPlanSql,
  listUsersSql,
  lit,
  ownAccountIdSql,
  PLAN_TYPES,
  type PlanType,
  revokePlanSql,
  ROLES,
  type Role,
  setFlagSql,
  setRoleSql,
} from "./lib/sql.ts";

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

Options:
  --remote            Run against the deployed D1 database (default: the local one).
  --persist-to DIR    Local state directory (default: $READYROOM_STATE_DIR or .wrangler/state).
  -h, --help          Show this help.

Examples:
  npm run admin -- grant-plan --email planner@county.gov --plan TEAM --interval YEARLY
  npm run admin -- set-flag --email planner@county.gov --flag collaborateEnabled --on
  npm run admin -- list-users --remote
`;

class UsageError extends Error {}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], option: string): T {
  if (value === undefined) throw new UsageError(`Missing --${option}. Use one of: ${allowed.join(", ")}.`);
  const hit = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!hit) throw new UsageError(`Unknown --${option} "${value}". Use one of: ${allowed.join(", ")}.`);
  return hit;
}

function requireEmail(value: string | undefined): string {
  if (!value) throw new UsageError("Missing --email.");
  const email = value.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${value}" is not an e-mail address.`);
  return email;
}

type UserRow = { id: string; email: string; role: string; accountId: string | null };

function findUser(email: string, target: Target): UserRow & { accountId: string } {
  const [user] = d1Query<UserRow>(findUserSql(email), target);
  if (!user) throw new UsageError(`No user with e-mail ${email}${target.remote ? " in the remote database" : ""}. See who exists with: npm run admin -- list-users`);
  if (!user.accountId) throw new UsageError(`${email} has no account of their own (no OWNER UserAccount row); was the user created by sign-up?`);
  return user as UserRow & { accountId: string };
}

function describeTarget(target: Target) {
  return target.remote ? "remote database" : `local database (${target.persistTo})`;
}

export function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: "string" },
      plan: { type: "string" },
      interval: { type: "string" },
      role: { type: "string" },
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
    console.log(HELP);
    return command || values.help ? 0 : 1;
  }
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const target: Target = values.remote
    ? { remote: true }
    : { remote: false, persistTo: values["persist-to"] ?? process.env.READYROOM_STATE_DIR ?? ".wrangler/state" };
  const now = Date.now();

  switch (command) {
    case "grant-plan": {
      const email = requireEmail(values.email);
      const plan: PlanType = pick(values.plan, PLAN_TYPES, "plan");
      const interval: BillingInterval = values.interval ? pick(values.interval, BILLING_INTERVALS, "interval") : "MONTHLY";
      findUser(email, target);
      d1Exec(grantPlanSql({ email, plan, interval, now }), target);
      console.log(`✓ ${email}: active ${plan} plan (${interval}, source admin) in the ${describeTarget(target)}.`);
      return 0;
    }
    case "revoke-plan": {
      const email = requireEmail(values.email);
      const user = findUser(email, target);
      const [plan] = d1Query<{ status: string }>(`SELECT "status" FROM "AccountPlanMetadata" WHERE "accountId" = ${lit(user.accountId)}`, target);
      if (!plan) throw new UsageError(`${email} has no plan to revoke.`);
      d1Exec(revokePlanSql(email, now), target);
      console.log(`✓ ${email}: plan revoked (was ${plan.status}) in the ${describeTarget(target)}.`);
      return 0;
    }
    case "set-role": {
      const email = requireEmail(values.email);
      const role: Role = pick(values.role, ROLES, "role");
      findUser(email, target);
      d1Exec(setRoleSql(email, role, now), target);
      console.log(`✓ ${email}: role ${role} in the ${describeTarget(target)}.`);
      return 0;
    }
    case "set-flag": {
      const email = requireEmail(values.email);
      const flag: Flag = pick(values.flag, FLAGS, "flag");
      if (values.on === values.off) throw new UsageError("Give exactly one of --on or --off.");
      findUser(email, target);
      d1Exec(setFlagSql(email, flag, Boolean(values.on), now), target);
      const [row] = d1Query<{ featureFlags: string | null }>(`SELECT "featureFlags" FROM "Account" WHERE "id" = ${ownAccountIdSql(email)}`, target);
      console.log(`✓ ${email}: ${flag} ${values.on ? "on" : "off"} (flags now ${row?.featureFlags ?? "{}"}) in the ${describeTarget(target)}.`);
      return 0;
    }
    case "list-users": {
      const rows = d1Query<Record<string, string | number | null>>(listUsersSql(), target);
      if (rows.length === 0) {
        console.log(`No users in the ${describeTarget(target)}.`);
        return 0;
      }
      console.table(
        rows.map((r) => ({
          email: r.email,
          name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(),
          role: r.role,
          onboarded: r.onboarded ? "yes" : "no",
          account: r.accountType ?? "—",
          plan: r.planType ? `${r.planType} ${r.billingInterval ?? ""} ${r.planStatus} (${r.planSource})`.replace(/\s+/g, " ") : "none",
          flags: enabledFlags(r.featureFlags),
        })),
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}". Run npm run admin -- --help to see the commands.`);
  }
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
    process.exitCode = main(process.argv.slice(2));
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
