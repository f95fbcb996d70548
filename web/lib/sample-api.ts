/** Browser calls of /api/sample: what of the sample workspace is left, and "Remove sample data". */
import type { SampleRoutes } from "../../worker/sample/routes";
import { apiClient, unwrap } from "./api-client";

const sample = apiClient<SampleRoutes>("/api/sample");

export const sampleApi = {
  status: () => unwrap(sample.index.$get()),
  remove: () => unwrap(sample.index.$delete()),
};
