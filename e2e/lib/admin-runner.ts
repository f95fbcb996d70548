/**
 * The operator CLI's commands (scripts/admin.ts `main`) for the journeys, run in the global set-up's
 * process against one connection to the run's local database, kept open for the whole run. Each
 * `npm run admin` of its own cost ~1.6 s of CPU (a Node start-up and a Miniflare of its own) and the
 * journeys call it about thirty times; here a command is a local HTTP request. The commands, their
 * SQL and their messages are the CLI's own; scripts/lib/d1.ts still waits out the app's write lock.
 *
 * POST {origin}/run with a JSON array of arguments → { code, output } (code 1 and the CLI's message
 * for a usage error, as `npm run admin` prints it).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { format } from "node:util";
import { D1Error, openD1 } from "../../scripts/lib/d1.ts";
import { main, UsageError } from "../../scripts/admin.ts";

export type AdminRunner = { origin: string; close(): Promise<void> };

async function run(args: string[], open: ReturnType<typeof openD1>): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const out = { log: (...parts: unknown[]) => void lines.push(format(...parts)), table: (rows: unknown) => void lines.push(JSON.stringify(rows)) };
  try {
    const db = await open;
    // The connection outlives the command: the CLI's own close is skipped.
    const code = await main(args, { open: async () => ({ ...db, close: async () => undefined }), out });
    return { code, output: lines.join("\n") };
  } catch (err) {
    if (err instanceof UsageError || err instanceof D1Error) return { code: 1, output: [...lines, `✗ ${err.message}`].join("\n") };
    return { code: 1, output: [...lines, `✗ ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`].join("\n") };
  }
}

export async function startAdminRunner(persistTo: string): Promise<AdminRunner> {
  const open = openD1({ remote: false, persistTo });
  // A database that cannot be opened fails each command with its message, not the set-up's process.
  open.catch(() => undefined);
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      let args: unknown;
      try {
        args = JSON.parse(body);
      } catch {
        args = null;
      }
      if (req.method !== "POST" || req.url !== "/run" || !Array.isArray(args) || !args.every((a) => typeof a === "string")) {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: 2, output: "POST /run with a JSON array of strings" }));
        return;
      }
      void run(args, open).then((result) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await (await open.catch(() => null))?.close();
    },
  };
}
