import type { Hono } from "hono";
import { conductSessionRoutes } from "./aar/session-routes";
import { adminRoutes } from "./admin/routes";
import { aiRoutes } from "./ai/routes";
import { alertRoutes } from "./alerts/routes";
import { askRoutes } from "./ask/routes";
import { billingRoutes } from "./payments/routes";
import { briefRoutes } from "./briefs/routes";
import { conversationRoutes } from "./conversations/routes";
import { clientRoutes } from "./clients/routes";
import { documentRoutes } from "./exercises/document-routes";
import { collaborateRoutes } from "./collaborate/routes";
import { conductLinkRoutes } from "./conduct/routes";
import { devRoutes } from "./dev/routes";
import { feedbackFormRoutes } from "./evaluation/routes";
import { exerciseRoutes } from "./exercises/routes";
import { improvementRoutes } from "./improvement/routes";
import { intelligenceChatRoutes } from "./intelligence-chat/routes";
import { notificationRoutes } from "./notifications/routes";
import { profileRoutes } from "./profile/routes";
import { sampleRoutes } from "./sample/routes";
import { statusRoutes } from "./status/routes";
import { synthesisRoutes } from "./collaborate/synthesis/routes";
import { teamRoutes } from "./teams/routes";
import { usersRoutes } from "./users/routes";
import type { AppEnv } from "./types";

/**
 * The API's routers and the prefix each serves: the one table the app mounts (worker/app.ts), the
 * OpenAPI document describes (worker/openapi) and the answer types are read from
 * (scripts/openapi-answers.ts). Order matters where prefixes nest: the longer one comes first.
 */
export const apiRouters = [
  ["/api/status", statusRoutes],
  ["/api/profile", profileRoutes],
  ["/api/sample", sampleRoutes],
  ["/api/users", usersRoutes],
  ["/api/teams", teamRoutes],
  ["/api/billing", billingRoutes],
  ["/api/dev", devRoutes],
  ["/api/exercises", exerciseRoutes],
  ["/api/collaborate", collaborateRoutes],
  ["/api/synthesis", synthesisRoutes],
  ["/api/conversations", conversationRoutes],
  ["/api/ai", aiRoutes],
  ["/api/clients", clientRoutes],
  ["/api/documents", documentRoutes],
  ["/api/ask", askRoutes],
  ["/api/intelligence/chats", intelligenceChatRoutes],
  ["/api/intelligence/alerts", alertRoutes],
  ["/api/notifications", notificationRoutes],
  ["/api/intelligence/briefs", briefRoutes],
  ["/api/improvement", improvementRoutes],
  ["/api/admin", adminRoutes],
  ["/api/feedback", feedbackFormRoutes],
  ["/api/conduct/sessions", conductSessionRoutes],
  ["/api/conduct/t", conductLinkRoutes],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each router keeps its own schema type
] as const satisfies readonly (readonly [string, Hono<AppEnv, any, any>])[];
