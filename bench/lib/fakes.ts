import type { FakeRoute } from "../../test/fakes/server.ts";
import { gdeltFake } from "../../test/fakes/intel/gdelt.ts";
import { nwsFake } from "../../test/fakes/intel/nws.ts";
import { openFemaFake } from "../../test/fakes/intel/openfema.ts";
import { usgsFake } from "../../test/fakes/intel/usgs.ts";
import { openaiFake } from "../../test/fakes/openai.ts";
import { serveFakePeer } from "./fake-peer.ts";

/**
 * One fake peer for every section that needs an AI provider or the public intelligence sources:
 * the tests' fake OpenAI-compatible provider and the fake NWS, USGS, OpenFEMA and GDELT (the e2e
 * run's sources, e2e/lib/global-setup.ts intelVars). Sections' prepare() vars are merged into one set for the
 * app, so they must agree on AI_BASE_URL: each calls benchFakes() and gets the same peer.
 */
const route: FakeRoute = async (req, res, body) => {
  for (const fake of [openaiFake, nwsFake, usgsFake, openFemaFake, gdeltFake]) {
    if (await fake(req, res, body)) return true;
  }
  return false;
};

export const BENCH_AI_KEY = "sk-bench-fake";

let started: Promise<{ origin: string; stop: () => Promise<void> }> | null = null;
/** Each section that asked gets a stop(); the first stops the peer, the rest wait for it. */
let stopping: Promise<void> | null = null;

/** The shared peer (started once) and the Worker vars that point the app at it. */
export async function benchFakes(options: { sources?: boolean } = {}): Promise<{ origin: string; vars: Record<string, string>; stop: () => Promise<void> }> {
  started ??= serveFakePeer(route);
  const peer = await started;
  const vars: Record<string, string> = { AI_BASE_URL: `${peer.origin}/v1`, AI_API_KEY: BENCH_AI_KEY };
  if (options.sources) {
    Object.assign(vars, {
      INTEL_SOURCES: "nws,usgs,openfema,gdelt",
      NWS_API_BASE: `${peer.origin}/nws`,
      USGS_API_BASE: `${peer.origin}/usgs`,
      OPENFEMA_API_BASE: `${peer.origin}/openfema`,
      // News re-dated into the request's window: the bench runs on the real clock.
      GDELT_API_BASE: `${peer.origin}/gdelt/~recent`,
    });
  }
  return { origin: peer.origin, vars, stop: () => (stopping ??= peer.stop()) };
}
