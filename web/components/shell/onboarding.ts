/**
 * When the welcome modal opens (spec §4 "Onboarding", §2 "Welcome modal", §9 timings), as pure
 * decisions so every branch is unit-tested; welcome-modal.tsx only carries them out.
 */

export const WELCOME_FADE_IN_DELAY_MS = 10;
export const WELCOME_CLOSE_DELAY_MS = 300;
export const WELCOME_NAVIGATION_DELAY_MS = 100;
export const ONBOARDING_DELAY_MS = 2000;
export const INVITE_ACCEPTED_DELAY_MS = 2000;
export const ONBOARDING_COOKIE_DAYS = 30;
const INVITE_ACCEPTED_PARAM = "inviteAccepted";

export type OnboardingInput = {
  pathname: string;
  search: string;
  /** A user is signed in (pages without one never show the modal). */
  signedIn: boolean;
  /** The page was reached straight after signing in on /login. */
  cameFromLogin: boolean;
  /** Value of the showGettingStartedModalOnNextLogin cookie. */
  showOnNextLoginCookie: string | undefined;
  /** The user's account is subscribed (has an active plan). */
  subscribed: boolean;
};

export type OnboardingPlan =
  | { kind: "none" }
  /** Open at once and clear the cookie that asked for it. */
  | { kind: "show-now"; clearCookie: true }
  /** Open after the delay and strip `inviteAccepted` from the URL. */
  | { kind: "invite-accepted"; delayMs: number; removeParam: string }
  /** Ask GET /api/users/{id}/onboarding-status; if it says so, open after the delay and set the cookie. */
  | { kind: "check-status"; delayMs: number; cookieDays: number };

export function planOnboarding(input: OnboardingInput): OnboardingPlan {
  if (!input.signedIn) return { kind: "none" };
  const params = new URLSearchParams(input.search);
  const onInvites = input.pathname === "/invites" || input.pathname.startsWith("/invites/");
  if (params.get(INVITE_ACCEPTED_PARAM) === "true" && !onInvites) {
    return { kind: "invite-accepted", delayMs: INVITE_ACCEPTED_DELAY_MS, removeParam: INVITE_ACCEPTED_PARAM };
  }
  if (input.cameFromLogin && input.showOnNextLoginCookie === "true") {
    return { kind: "show-now", clearCookie: true };
  }
  if (input.subscribed) {
    return { kind: "check-status", delayMs: ONBOARDING_DELAY_MS, cookieDays: ONBOARDING_COOKIE_DAYS };
  }
  return { kind: "none" };
}

/** The URL to replace the current one with once `inviteAccepted` has been consumed. */
export function withoutParam(pathname: string, search: string, hash: string, param: string) {
  const params = new URLSearchParams(search);
  params.delete(param);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ""}${hash}`;
}

/** Did the user arrive from the login page? `previousPath` is the in-app previous location. */
export function cameFromLoginPage(previousPath: string | null, referrer: string, origin: string) {
  if (previousPath !== null) return previousPath === "/login";
  if (!referrer) return false;
  try {
    const url = new URL(referrer);
    return url.origin === origin && url.pathname === "/login";
  } catch {
    return false;
  }
}

/**
 * The welcome modal's close sequence as a timeline: fade out, then record the welcome as seen;
 * "Go to Dashboard" additionally navigates after the navigation delay.
 */
export function closeTimeline(goToDashboard: boolean) {
  const steps: { atMs: number; step: "fade-out" | "hide-and-mark-onboarded" | "navigate" }[] = [
    { atMs: 0, step: "fade-out" },
    { atMs: WELCOME_CLOSE_DELAY_MS, step: "hide-and-mark-onboarded" },
  ];
  if (goToDashboard) steps.push({ atMs: WELCOME_CLOSE_DELAY_MS + WELCOME_NAVIGATION_DELAY_MS, step: "navigate" });
  return steps;
}
