/**
 * `npm run deploy`: everything a first (or a later) production deploy needs, in order:
 *   1. create the D1 database, R2 bucket, queues with their dead-letter queues and the Vectorize
 *      index when missing (and write the new D1 id into wrangler.toml),
 *   2. apply the D1 migrations to the remote database,
 *   3. set the secrets (from the environment, else asked for; AUTH_SECRET can be generated),
 *   4. build and `wrangler deploy` with APP_ENV=production and APP_URL.
 * Every command is printed before it runs. `--dry-run` prints them without running anything.
 *
 * Options: --dry-run, --app-url https://readyroom.example.org, --yes (never prompt: only secrets
 * present in the environment are set), --skip-secrets. Plain vars of worker/env-docs.ts set in
 * the environment (GOOGLE_CLIENT_ID, STRIPE_PRICE_SOLO_MONTHLY…) are passed with --var.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { CONFIG_DOCS } from "../worker/env-docs.ts";
import { wranglerEnv } from "./lib/run.ts";
import { queuesOf } from "./lib/wrangler-queues.ts";

const { values: opts } = parseArgs({
  args: process.argv.slice(2),
  options: {
    "dry-run": { type: "boolean" },
    "app-url": { type: "string" },
    yes: { type: "boolean", short: "y" },
    "skip-secrets": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});

if (opts.help) {
  console.log(
    readFileSync(new URL(import.meta.url))
      .toString()
      .split("*/")[0]!
      .replace(/^\/\*\*|^ \* ?/gm, ""),
  );
  process.exit(0);
}

const dryRun = Boolean(opts["dry-run"]);
// The Worker refuses to serve in production unless APP_URL is https (session cookies must be
// Secure), so a deploy without one would only produce a site that answers 500: stop before it.
const appUrl = opts["app-url"] ?? process.env.APP_URL;
if (!appUrl?.startsWith("https://")) {
  console.error(
    `${appUrl ? `--app-url ${appUrl} is not https` : "No --app-url given"}: pass the public https origin, e.g. --app-url https://readyroom.example.org`,
  );
  if (!dryRun) process.exit(1);
}
const DATABASE = "readyroom";
const BUCKET = "readyroom-uploads";
const QUEUES = queuesOf(readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8"));
const VECTOR_INDEX = "readyroom-docs";

/** Secrets of worker/env.ts: set in production with `wrangler secret put`, never in wrangler.toml. */
const SECRETS = CONFIG_DOCS.filter((d) => d.kind === "secret").map((d) => ({
  name: d.name,
  why: d.meaning,
  required: d.name === "AUTH_SECRET",
  generate: d.name === "AUTH_SECRET",
}));
/** Plain vars taken from the environment of `npm run deploy` when set there (APP_ENV is forced). */
const PASSED_VARS = CONFIG_DOCS.filter((d) => d.kind === "var" && d.name !== "APP_ENV" && d.name !== "APP_URL").map((d) => d.name);

function show(args: string[]) {
  console.log(`\n$ npx wrangler ${args.map((a) => (/[\s"'$]/.test(a) ? JSON.stringify(a) : a)).join(" ")}`);
}

/**
 * Runs wrangler and returns its output; prints the command first. A dry run runs nothing, not
 * even the listing probes, so it prints every create command (each is skipped when the resource
 * exists on a real run).
 */
function wrangler(args: string[], options: { input?: string; readOnly?: boolean; allowFail?: boolean } = {}): string {
  show(args);
  if (dryRun) return "";
  const r = spawnSync("npx", ["wrangler", ...args], {
    encoding: "utf8",
    input: options.input,
    stdio: [options.input === undefined ? "inherit" : "pipe", "pipe", "pipe"],
    env: { ...process.env, ...wranglerEnv },
  });
  const out = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  if (r.status !== 0) {
    if (options.allowFail) return "";
    console.error(out.trim());
    console.error(`\n✗ wrangler ${args[0]} ${args[1] ?? ""} failed. Fix the cause above and run npm run deploy again (it skips what exists).`);
    process.exit(r.status ?? 1);
  }
  if (!options.readOnly && r.stdout) process.stdout.write(r.stdout);
  return out;
}

function step(title: string) {
  console.log(`\n── ${title}`);
}

// 0. Signed in?
step("Cloudflare account");
const who = wrangler(["whoami"], { readOnly: true, allowFail: true });
if (!dryRun && /not authenticated|You are not logged in/i.test(who)) {
  console.error("✗ Not signed in to Cloudflare. Run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN) and try again.");
  process.exit(1);
}

// 1. Resources.
step("D1 database");
const d1List = wrangler(["d1", "list", "--json"], { readOnly: true, allowFail: dryRun });
let databaseId = findDatabaseId(d1List);
if (!databaseId) {
  const created = wrangler(["d1", "create", DATABASE]);
  databaseId = created.match(/"?database_id"?\s*[:=]\s*"([0-9a-f-]{36})"/)?.[1] ?? null;
} else {
  console.log(`  exists: ${DATABASE} (${databaseId})`);
}
if (databaseId) pinDatabaseId(databaseId);

step("R2 bucket");
const buckets = wrangler(["r2", "bucket", "list"], { readOnly: true, allowFail: dryRun });
if (hasName(buckets, BUCKET)) console.log(`  exists: ${BUCKET}`);
else wrangler(["r2", "bucket", "create", BUCKET]);

step("Queues and dead-letter queues");
const queues = wrangler(["queues", "list"], { readOnly: true, allowFail: dryRun });
for (const queue of QUEUES) {
  if (hasName(queues, queue)) console.log(`  exists: ${queue}`);
  else wrangler(["queues", "create", queue]);
}

step("Vectorize index");
const indexes = wrangler(["vectorize", "list", "--json"], { readOnly: true, allowFail: dryRun });
// The index's dimensions are the embedding model's: bge-base on Workers AI has 768,
// OpenAI's text-embedding-3-small 1536 (EMBEDDING_DIMENSIONS overrides for another model).
const dimensions = process.env.EMBEDDING_DIMENSIONS ?? (process.env.EMBEDDINGS_PROVIDER === "workers-ai" ? "768" : "1536");
if (hasName(indexes, VECTOR_INDEX)) console.log(`  exists: ${VECTOR_INDEX}`);
else wrangler(["vectorize", "create", VECTOR_INDEX, `--dimensions=${dimensions}`, "--metric=cosine"]);
// Retrieval filters by model and by document (the chosen documents): both need a metadata index.
for (const property of ["model", "documentId"]) {
  wrangler(["vectorize", "create-metadata-index", VECTOR_INDEX, `--property-name=${property}`, "--type=string"], { allowFail: true });
}

// 2. Schema.
step("D1 migrations (remote)");
wrangler(["d1", "migrations", "apply", "DB", "--remote"], { input: "y\n" });

// 3. Secrets.
if (!opts["skip-secrets"]) {
  step("Secrets");
  const rl = opts.yes || dryRun || !process.stdin.isTTY ? null : createInterface({ input: process.stdin, output: process.stdout });
  for (const secret of SECRETS) {
    let value = process.env[secret.name]?.trim();
    if (!value && rl) {
      const hint = secret.generate ? " (Enter to generate one)" : " (Enter to skip)";
      value = (await rl.question(`  ${secret.name} — ${secret.why}${hint}: `)).trim();
      if (!value && secret.generate) value = randomBytes(32).toString("base64url");
    }
    if (!value && secret.generate && (opts.yes || dryRun)) value = randomBytes(32).toString("base64url");
    if (!value && dryRun) {
      show(["secret", "put", secret.name]);
      console.log("  (when a value is given)");
      continue;
    }
    if (!value) {
      if (secret.required) console.warn(`  ! ${secret.name} is not set: the deployed Worker will answer 500 naming it.`);
      else console.log(`  skipped ${secret.name}`);
      continue;
    }
    // The value goes through stdin, never the command line (it would show in the process list).
    wrangler(["secret", "put", secret.name], { input: `${value}\n` });
  }
  rl?.close();
}

// 4. Build and deploy.
step("Build");
console.log("\n$ npm run build");
if (!dryRun) {
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

step("Deploy");
const vars = ["--var", "APP_ENV:production", ...(appUrl ? ["--var", `APP_URL:${appUrl}`] : [])];
for (const name of PASSED_VARS) {
  const value = process.env[name]?.trim();
  if (value) vars.push("--var", `${name}:${value}`);
}
wrangler(["deploy", ...vars]);
console.log(dryRun ? "\nDry run: nothing was changed." : "\n✓ Deployed. Check it at <your URL>/status.");

function findDatabaseId(listJson: string): string | null {
  try {
    const start = listJson.indexOf("[");
    const list = JSON.parse(listJson.slice(start)) as { name: string; uuid: string }[];
    return list.find((d) => d.name === DATABASE)?.uuid ?? null;
  } catch {
    return null;
  }
}

function hasName(output: string, name: string): boolean {
  return new RegExp(`(^|[\\s"'│|:])${name.replace(/[-]/g, "\\-")}($|[\\s"'│|,])`, "m").test(output);
}

/** wrangler.toml ships a placeholder D1 id for local work; a deploy needs the real one. */
function pinDatabaseId(id: string) {
  const file = new URL("../wrangler.toml", import.meta.url);
  const toml = readFileSync(file, "utf8");
  const next = toml.replace(/database_id = "[^"]*"/, `database_id = "${id}"`);
  if (next === toml) return;
  console.log(`  writing database_id = "${id}" into wrangler.toml`);
  if (!dryRun) writeFileSync(file, next);
}
