import { applyD1Migrations, env } from "cloudflare:test";
import { shiftClock } from "../worker/lib/clock";
import { installConsoleGuard } from "./helpers/console";

// One storage is shared by every file of the run (isolate: false); applying is a no-op after the first.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
shiftClock(Number(env.TEST_CLOCK_OFFSET_MS ?? 0));
installConsoleGuard();
