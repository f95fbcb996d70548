import { ASKNEWS_NAME, askNewsSource } from "./asknews";
import { adapterSettings, askNewsCredentials, planSources, type SourcesConfig } from "./config";
import { GDELT_NAME, gdeltSource } from "./gdelt";
import type { HttpDeps } from "./http";
import type { SourceId } from "./ids";
import { NWS_NAME, nwsSource } from "./nws";
import { OPENFEMA_NAME, openFemaSource } from "./openfema";
import type { IntelSource, SourceOutcome } from "./types";
import { USGS_NAME, usgsSource } from "./usgs";

export const SOURCE_NAMES: Record<SourceId, string> = {
  nws: NWS_NAME,
  usgs: USGS_NAME,
  openfema: OPENFEMA_NAME,
  asknews: ASKNEWS_NAME,
  gdelt: GDELT_NAME,
};

/** The configured sources, built; and a not-configured outcome for each source that is off. */
export function createSources(config: SourcesConfig, deps?: HttpDeps): { sources: IntelSource[]; unavailable: SourceOutcome[] } {
  const sources: IntelSource[] = [];
  const unavailable: SourceOutcome[] = [];
  for (const plan of planSources(config)) {
    if (!plan.on) {
      unavailable.push({ source: plan.id, name: SOURCE_NAMES[plan.id], status: "not-configured", message: plan.reason });
      continue;
    }
    const settings = adapterSettings(config, plan.id, deps);
    if (plan.id === "asknews") sources.push(askNewsSource(settings, askNewsCredentials(config)!));
    else if (plan.id === "gdelt") sources.push(gdeltSource(settings));
    else if (plan.id === "nws") sources.push(nwsSource(settings));
    else if (plan.id === "usgs") sources.push(usgsSource(settings));
    else sources.push(openFemaSource(settings));
  }
  return { sources, unavailable };
}
