import { existsSync, readFileSync } from "node:fs";

/**
 * The APP_URL `npm start` passes to the local Worker: e-mailed links, OAuth callbacks and sign-in
 * redirects must point at the port actually served. An APP_URL the developer set wins: in the
 * environment (passed on), in the run's extra vars, or in .dev.vars/.env (wrangler reads those
 * itself, so nothing is passed). Otherwise http://localhost:<PORT>. Answers the value to pass,
 * or null to pass none.
 */
export function localAppUrl(port: string, sources: { env: NodeJS.ProcessEnv; extraVars: Record<string, string>; dotFiles: string[] }): string | null {
  if (sources.extraVars.APP_URL) return null;
  if (sources.env.APP_URL) return sources.env.APP_URL;
  if (sources.dotFiles.some((text) => /^[ \t]*(?:export[ \t]+)?APP_URL[ \t]*=/m.test(text))) return null;
  return `http://localhost:${port}`;
}

/** The contents of the dotenv files wrangler dev reads for vars (.dev.vars, else .env), those that exist. */
export function readDotFiles(dir: string): string[] {
  return [".dev.vars", ".env"].map((name) => `${dir}/${name}`).flatMap((file) => (existsSync(file) ? [readFileSync(file, "utf8")] : []));
}
