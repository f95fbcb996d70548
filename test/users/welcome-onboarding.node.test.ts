import { describe, expect, it } from "vitest";
import {
  cameFromLoginPage,
  closeTimeline,
  INVITE_ACCEPTED_DELAY_MS,
  ONBOARDING_COOKIE_DAYS,
  ONBOARDING_DELAY_MS,
  type OnboardingInput,
  planOnboarding,
  WELCOME_CLOSE_DELAY_MS,
  WELCOME_FADE_IN_DELAY_MS,
  WELCOME_NAVIGATION_DELAY_MS,
  withoutParam,
} from "../../web/components/shell/onboarding";

const base: OnboardingInput = {
  pathname: "/dashboard",
  search: "",
  signedIn: true,
  cameFromLogin: false,
  showOnNextLoginCookie: undefined,
  subscribed: true,
};

describe("welcome modal timings (spec §2, §9)", () => {
  it("uses the spec's numbers", () => {
    expect(WELCOME_FADE_IN_DELAY_MS).toBe(10);
    expect(WELCOME_CLOSE_DELAY_MS).toBe(300);
    expect(WELCOME_NAVIGATION_DELAY_MS).toBe(100);
    expect(ONBOARDING_DELAY_MS).toBe(2000);
    expect(INVITE_ACCEPTED_DELAY_MS).toBe(2000);
    expect(ONBOARDING_COOKIE_DAYS).toBe(30);
  });

  it("closes by fading out, then records the welcome as seen after 300 ms", () => {
    expect(closeTimeline(false)).toEqual([
      { atMs: 0, step: "fade-out" },
      { atMs: 300, step: "hide-and-mark-onboarded" },
    ]);
  });

  it("Go to Dashboard does the same, then navigates 100 ms later", () => {
    expect(closeTimeline(true)).toEqual([
      { atMs: 0, step: "fade-out" },
      { atMs: 300, step: "hide-and-mark-onboarded" },
      { atMs: 400, step: "navigate" },
    ]);
  });
});

describe("onboarding decision (spec §4)", () => {
  it("never shows without a signed-in user", () => {
    expect(planOnboarding({ ...base, signedIn: false, cameFromLogin: true, showOnNextLoginCookie: "true" })).toEqual({ kind: "none" });
    expect(planOnboarding({ ...base, signedIn: false, search: "?inviteAccepted=true" })).toEqual({ kind: "none" });
  });

  it("after login from the login page with the cookie set, shows at once and clears the cookie", () => {
    expect(planOnboarding({ ...base, cameFromLogin: true, showOnNextLoginCookie: "true" })).toEqual({ kind: "show-now", clearCookie: true });
  });

  it("ignores the cookie when the page was not reached from the login page", () => {
    expect(planOnboarding({ ...base, cameFromLogin: false, showOnNextLoginCookie: "true" })).toEqual({
      kind: "check-status",
      delayMs: 2000,
      cookieDays: 30,
    });
  });

  it('treats any cookie value but "true" as unset', () => {
    expect(planOnboarding({ ...base, cameFromLogin: true, showOnNextLoginCookie: "false" }).kind).toBe("check-status");
    expect(planOnboarding({ ...base, cameFromLogin: true, showOnNextLoginCookie: "" }).kind).toBe("check-status");
  });

  it("for a subscribed user, checks the onboarding status and opens after 2 s with a 30-day cookie", () => {
    expect(planOnboarding(base)).toEqual({ kind: "check-status", delayMs: 2000, cookieDays: 30 });
  });

  it("does nothing for a user without a subscription", () => {
    expect(planOnboarding({ ...base, subscribed: false })).toEqual({ kind: "none" });
    // ...but the login cookie still wins: it was set while they were subscribed.
    expect(planOnboarding({ ...base, subscribed: false, cameFromLogin: true, showOnNextLoginCookie: "true" }).kind).toBe("show-now");
  });

  it("inviteAccepted=true shows after 2 s and removes the query", () => {
    expect(planOnboarding({ ...base, search: "?inviteAccepted=true" })).toEqual({
      kind: "invite-accepted",
      delayMs: 2000,
      removeParam: "inviteAccepted",
    });
    expect(planOnboarding({ ...base, subscribed: false, search: "?tab=x&inviteAccepted=true" }).kind).toBe("invite-accepted");
  });

  it("inviteAccepted is ignored on /invites and when not exactly true", () => {
    expect(planOnboarding({ ...base, pathname: "/invites", search: "?inviteAccepted=true" }).kind).toBe("check-status");
    expect(planOnboarding({ ...base, pathname: "/invites/abc", search: "?inviteAccepted=true", subscribed: false }).kind).toBe("none");
    expect(planOnboarding({ ...base, search: "?inviteAccepted=1", subscribed: false }).kind).toBe("none");
  });

  it("strips only the consumed parameter from the URL", () => {
    expect(withoutParam("/dashboard", "?inviteAccepted=true", "", "inviteAccepted")).toBe("/dashboard");
    expect(withoutParam("/collaborate", "?a=1&inviteAccepted=true&b=2", "#x", "inviteAccepted")).toBe("/collaborate?a=1&b=2#x");
  });

  it("knows when the user came from the login page", () => {
    const origin = "http://localhost:8787";
    expect(cameFromLoginPage("/login", "", origin)).toBe(true);
    expect(cameFromLoginPage("/signup", `${origin}/login`, origin)).toBe(false);
    expect(cameFromLoginPage(null, `${origin}/login?callbackUrl=%2Fdashboard`, origin)).toBe(true);
    expect(cameFromLoginPage(null, "https://evil.example/login", origin)).toBe(false);
    expect(cameFromLoginPage(null, "", origin)).toBe(false);
    expect(cameFromLoginPage(null, "not a url", origin)).toBe(false);
  });
});
