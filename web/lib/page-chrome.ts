/**
 * How much of the app's frame a page gets (issue 30). Pages opened from a conduct link — a player
 * group's or an evaluator's page, the participant feedback form — are for people without an account:
 * the brand only, no "Sign in / Create account", no app navigation (even for a signed-in facilitator
 * trying a link). The join screen is put on the room's projector: no frame at all.
 */
export type PageChrome = "app" | "link" | "none";

const JOIN_SCREEN = /^\/conduct\/sessions\/[^/]+\/join\/[^/]+\/?$/;
const LINK_PAGE = /^\/(?:conduct|feedback)\/[^/]+\/?$/;

export function pageChrome(pathname: string): PageChrome {
  if (JOIN_SCREEN.test(pathname)) return "none";
  if (LINK_PAGE.test(pathname) && !pathname.startsWith("/conduct/sessions")) return "link";
  return "app";
}
