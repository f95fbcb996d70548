/** Browser calls of a contributor's own interview (worker/collaborate/routes.ts collaborateRoutes), through the router's own types. */
import type { CollaborateRoutes } from "../../worker/collaborate/routes";
import { apiClient, unwrap } from "./api-client";

const interviews = apiClient<CollaborateRoutes>("/api/collaborate").interviews[":id"];
/** hc puts path parameters into the path as given, hence encoded here. */
const param = (id: string) => ({ id: encodeURIComponent(id) });

export const interviewApi = {
  get: (id: string) => unwrap(interviews.$get({ param: param(id) })),
  answer: (id: string, answer: string) => unwrap(interviews.answers.$post({ param: param(id), json: { answer } })),
  submit: (id: string) => unwrap(interviews.submit.$post({ param: param(id) })),
};
