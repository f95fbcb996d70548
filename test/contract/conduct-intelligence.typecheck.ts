/**
 * Type-level proof of the typed client for conduct, evaluation, the AAR, improvement, intelligence
 * and notifications (issue 28 item 3), checked by `npm run typecheck` (compiled, never run), as
 * typed-client.typecheck.ts does for billing. /api/conduct/sessions is one router composed of four
 * features' routes: the EEG's and the AAR's paths are reached through it, with the session's id.
 */
import type { ConductSessionRoutes } from "../../worker/aar/session-routes";
import type { AlertRoutes } from "../../worker/alerts/routes";
import type { BriefRoutes } from "../../worker/briefs/routes";
import type { ConductLinkRoutes } from "../../worker/conduct/routes";
import type { FeedbackFormRoutes } from "../../worker/evaluation/routes";
import type { ImprovementRoutes } from "../../worker/improvement/routes";
import type { IntelligenceChatRoutes } from "../../worker/intelligence-chat/routes";
import type { NotificationRoutes } from "../../worker/notifications/routes";
import { apiClient, unwrap } from "../../web/lib/api-client";

const sessions = apiClient<ConductSessionRoutes>("/api/conduct/sessions");
const links = apiClient<ConductLinkRoutes>("/api/conduct/t");
const feedback = apiClient<FeedbackFormRoutes>("/api/feedback");
const improvement = apiClient<ImprovementRoutes>("/api/improvement");
const chats = apiClient<IntelligenceChatRoutes>("/api/intelligence/chats");
const alerts = apiClient<AlertRoutes>("/api/intelligence/alerts");
const briefs = apiClient<BriefRoutes>("/api/intelligence/briefs");
const notifications = apiClient<NotificationRoutes>("/api/notifications");

const param = { param: { id: "s1" } };

export async function conductAnswersAreTheServersViews() {
  const created = await unwrap(sessions.index.$post({ json: { exerciseId: "e1" } }));
  const access: "control" | "read" = created.access;
  // @ts-expect-error -- a field ConductSessionView does not have
  void created.exercise;
  const { sessions: list } = await unwrap(sessions.index.$get({ query: { exerciseId: "e1" } }));
  const firstName: string | undefined = list[0]?.name;
  const ack = await unwrap(
    links[":token"].answers.$post({ param: { token: "t" }, json: { clientKey: "k1234567", moduleIndex: 0, questionIndex: 0, text: "x" } }),
  );
  const seq: number = ack.seq;
  // @ts-expect-error -- SubmitAck has no id
  void ack.id;
  return { access, firstName, seq };
}

export async function composedSessionRoutesKeepTheirViews() {
  const eeg = await unwrap(sessions[":id"].eeg.$get(param));
  const source: "ai" | "offline" | "edited" = eeg.source;
  const aar = await unwrap(sessions[":id"].aar.publish.$post(param));
  const tracked: number = aar.trackedActions;
  // @ts-expect-error -- AarView has no title
  void aar.title;
  const summary = await unwrap(sessions[":id"].feedback.$get(param));
  const form = await unwrap(feedback[":token"].$get({ param: { token: "t" } }));
  return { source, tracked, summary, sessionName: form.sessionName satisfies string };
}

export async function intelligenceAnswersAreTheServersViews() {
  const { chat } = await unwrap(chats.index.$post({ json: {} }));
  const chatId: string = chat.id;
  const { alerts: mine, limits } = await unwrap(alerts.index.$get());
  const query: string | undefined = mine[0]?.queryText;
  const page = await unwrap(briefs.index.$get({ query: { limit: "20" } }));
  const next: string | null = page.nextCursor;
  // @ts-expect-error -- BriefPage has no cursor
  void page.cursor;
  const { unreadCount } = await unwrap(notifications.read.$post({ json: { all: true } }));
  const counts = (await unwrap(improvement.actions.$get({ query: {} }))).counts;
  const overdue: number = counts.overdue;
  return { chatId, limits, query, next, unread: unreadCount satisfies number, overdue };
}

export async function pathsAndBodiesAreTheRoutersOwn() {
  // @ts-expect-error -- the AAR is under a session: /api/conduct/sessions/{id}/aar
  await sessions.aar.$get();
  // @ts-expect-error -- no such path under a session
  await sessions[":id"].report.$get(param);
  // @ts-expect-error -- a link token's routes are not under /api/conduct/sessions
  await sessions[":id"].answers.$post(param);
  // @ts-expect-error -- a command names its type
  await sessions[":id"].commands.$post({ ...param, json: { kind: "start" } });
  // @ts-expect-error -- notifications are marked read with POST
  await notifications.read.$put({ json: { all: true } });
  // @ts-expect-error -- an alert's cadence is hourly, daily or weekly
  await alerts.index.$post({ json: { queryText: "flood", cadence: "monthly" } });
  // @ts-expect-error -- chats are listed, not searched
  await chats.search.$get();
}
