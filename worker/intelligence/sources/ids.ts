/**
 * The intelligence sources the app knows, in merge priority (official feeds first: when two
 * sources report the same story, the earlier one's copy is kept). No imports: worker/env.ts
 * validates INTEL_SOURCES against this list.
 */
export const INTEL_SOURCE_IDS = ["nws", "usgs", "openfema", "asknews", "gdelt"] as const;

export type SourceId = (typeof INTEL_SOURCE_IDS)[number];

export const isSourceId = (value: string): value is SourceId => (INTEL_SOURCE_IDS as readonly string[]).includes(value);
