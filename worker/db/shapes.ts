import { z } from "zod";

/**
 * Free-form JSON object columns (metadata, feature flags…). Still validated: a column declared as
 * an object must hold an object, never a string or an array that a caller stringified by mistake.
 */
export const jsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof jsonObject>;
