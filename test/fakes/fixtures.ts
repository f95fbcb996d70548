import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FakeRoute } from "./server";

const DIR = path.join(import.meta.dirname, "..", "documents", "fixtures");

/**
 * GET /fixtures/documents/{name}: the committed document fixtures, for tests running inside workerd
 * (which has no file system). Names are plain file names only.
 */
export const fixturesRoute: FakeRoute = async (req, res) => {
  const m = /^\/fixtures\/documents\/([A-Za-z0-9._-]+)$/.exec(req.url ?? "");
  if (req.method !== "GET" || !m || m[1]!.startsWith(".")) return false;
  try {
    const bytes = await readFile(path.join(DIR, m[1]!));
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
    res.end(bytes);
  } catch {
    res.writeHead(404);
    res.end();
  }
  return true;
};
