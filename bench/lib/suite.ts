/**
 * The wall time of the `npm test` stages on this machine: runs scripts/test.ts (its output streams
 * through) and reads the test-results/summary.json it writes, or only reads the last one.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

type Summary = {
  time?: string;
  commit?: string | null;
  dirty?: boolean | null;
  stages?: { name: string; seconds: number | null; status: string }[];
  totalSeconds?: number;
};

function readSummary(root: string): Summary | null {
  try {
    return JSON.parse(readFileSync(path.join(root, "test-results", "summary.json"), "utf8")) as Summary;
  } catch {
    return null;
  }
}

/** `npm test stages (wall, s): build 14.2 · … · total 268.0 (commit abc1234)`. */
function describe(summary: Summary, recorded: boolean): string {
  const stages = (summary.stages ?? []).map((s) => {
    if (s.seconds === null || s.status === "skipped") return `${s.name} ${s.status}`;
    return `${s.name} ${s.seconds.toFixed(1)}${s.status === "passed" ? "" : ` ${s.status}`}`;
  });
  if (typeof summary.totalSeconds === "number") stages.push(`total ${summary.totalSeconds.toFixed(1)}`);
  const about = [
    summary.commit ? `commit ${summary.commit}${summary.dirty ? " with uncommitted changes" : ""}` : "commit unknown",
    recorded && summary.time ? `recorded ${summary.time}` : "",
  ].filter(Boolean);
  return `npm test stages (wall, s): ${stages.join(" · ")} (${about.join(", ")})`;
}

/** Runs the whole suite through scripts/test.ts and describes its stages. */
export function runSuite(root: string): string {
  console.log("bench: running the npm test stages (scripts/test.ts) first…");
  const result = spawnSync(process.execPath, ["--experimental-strip-types", "scripts/test.ts"], { cwd: root, stdio: "inherit" });
  const summary = readSummary(root);
  if (!summary) return `npm test stages: scripts/test.ts wrote no test-results/summary.json (exit ${result.status ?? result.signal})`;
  return describe(summary, false);
}

/** `--skip-suite`: the last recorded run instead, with its commit and time. */
export function lastSuite(root: string): string {
  const summary = readSummary(root);
  if (!summary) return "npm test stages: no test-results/summary.json yet (run `npm test`, or `npm run bench` without --skip-suite)";
  return describe(summary, true);
}
