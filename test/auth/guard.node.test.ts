import { describe, expect, it } from "vitest";
import { decideAccess, safeCallbackUrl, type AccessInput } from "../../worker/auth/guard";

const user = { id: "u1" };
const withPlan = { hasActivePlan: true };
const noPlan = { hasActivePlan: false };

/** The page stays and says it needs a plan, with the way forward (no redirect). */
const PLAN = "plan required";

// [case, input, expected redirect, PLAN, or undefined (stays)]
const table: Array<[string, AccessInput, string | undefined]> = [
  // Signed out
  ["signed out on a protected page → login with callbackUrl", { pathname: "/dashboard", user: null, plan: null }, "/login?callbackUrl=%2Fdashboard"],
  [
    "signed out keeps path and query in callbackUrl",
    { pathname: "/exercise/e1/modules/2/injects", search: "?tab=a&b=1", user: null, plan: null },
    "/login?callbackUrl=%2Fexercise%2Fe1%2Fmodules%2F2%2Finjects%3Ftab%3Da%26b%3D1",
  ],
  ["signed out on /account/profile → login", { pathname: "/account/profile", user: null, plan: null }, "/login?callbackUrl=%2Faccount%2Fprofile"],
  [
    "signed out on /collaborate → login",
    { pathname: "/collaborate/campaigns/c1", user: null, plan: null },
    "/login?callbackUrl=%2Fcollaborate%2Fcampaigns%2Fc1",
  ],
  ["signed out on /login stays", { pathname: "/login", user: null, plan: null }, undefined],
  ["signed out on /login/two-factor stays", { pathname: "/login/two-factor", user: null, plan: null }, undefined],
  ["signed out on /signup stays", { pathname: "/signup", user: null, plan: null }, undefined],
  ["signed out on /forgot-password stays", { pathname: "/forgot-password", user: null, plan: null }, undefined],
  ["signed out on /reset-password stays", { pathname: "/reset-password", search: "?token=t", user: null, plan: null }, undefined],
  ["signed out on /status stays", { pathname: "/status", user: null, plan: null }, undefined],
  ["signed out on /invites stays", { pathname: "/invites", user: null, plan: null }, undefined],
  ["signed out on a public share page stays", { pathname: "/briefs/shared/tok123", user: null, plan: null }, undefined],
  ["signed out on / stays (landing page)", { pathname: "/", user: null, plan: null }, undefined],
  ["/accounting is not /account", { pathname: "/accounting", user: null, plan: null }, "/login?callbackUrl=%2Faccounting"],
  // Signed in, no active plan
  ["no plan on /dashboard → needs a plan", { pathname: "/dashboard", user, plan: noPlan }, PLAN],
  ["no plan on / → dashboard (which says why)", { pathname: "/", user, plan: noPlan }, "/dashboard"],
  ["no plan on /documents → needs a plan", { pathname: "/documents", user, plan: noPlan }, PLAN],
  ["no plan on /exercise/… → needs a plan", { pathname: "/exercise/e1/intro", user, plan: noPlan }, PLAN],
  ["no plan on /collaborate → needs a plan (not campaign-only)", { pathname: "/collaborate", user, plan: noPlan }, PLAN],
  ["no plan on /account/pricing stays", { pathname: "/account/pricing", user, plan: noPlan }, undefined],
  ["no plan on /account/profile stays", { pathname: "/account/profile", user, plan: noPlan }, undefined],
  ["no plan on /account/security stays", { pathname: "/account/security", user, plan: noPlan }, undefined],
  ["no plan on /login stays", { pathname: "/login", user, plan: noPlan }, undefined],
  ["no plan on /signup stays", { pathname: "/signup", user, plan: noPlan }, undefined],
  ["no plan on /forgot-password stays", { pathname: "/forgot-password", user, plan: noPlan }, undefined],
  ["no plan on /reset-password stays", { pathname: "/reset-password", user, plan: noPlan }, undefined],
  ["no plan on /logout stays", { pathname: "/logout", user, plan: noPlan }, undefined],
  ["no plan on /invites stays", { pathname: "/invites", user, plan: noPlan }, undefined],
  ["no plan on /status stays", { pathname: "/status", user, plan: noPlan }, undefined],
  ["no plan on /dev/mailbox stays", { pathname: "/dev/mailbox", user, plan: noPlan }, undefined],
  ["no plan on a public share page stays", { pathname: "/alerts/shared/tok", user, plan: noPlan }, undefined],
  ["null plan is no plan", { pathname: "/dashboard", user, plan: null }, PLAN],
  ["no plan on /pricing stays", { pathname: "/pricing", user, plan: noPlan }, undefined],
  ["no plan on /terms stays", { pathname: "/terms", user, plan: noPlan }, undefined],
  ["signed out on /pricing stays", { pathname: "/pricing", user: null, plan: null }, undefined],
  ["signed out on /privacy stays", { pathname: "/privacy", user: null, plan: null }, undefined],
  // Campaign-only, no plan
  ["campaign-only under /collaborate stays", { pathname: "/collaborate/campaigns/c1/exercise/x/intro", user, plan: noPlan, isCampaignOnly: true }, undefined],
  ["campaign-only on /collaborate stays", { pathname: "/collaborate", user, plan: noPlan, isCampaignOnly: true }, undefined],
  ["campaign-only under /account stays", { pathname: "/account/profile", user, plan: noPlan, isCampaignOnly: true }, undefined],
  ["campaign-only on /dashboard → needs a plan", { pathname: "/dashboard", user, plan: noPlan, isCampaignOnly: true }, PLAN],
  ["campaign-only on /documents → needs a plan", { pathname: "/documents", user, plan: noPlan, isCampaignOnly: true }, PLAN],
  ["/collaborateX is not /collaborate", { pathname: "/collaborateX", user, plan: noPlan, isCampaignOnly: true }, PLAN],
  // Active plan
  ["plan at / → dashboard", { pathname: "/", user, plan: withPlan }, "/dashboard"],
  ["plan at /dashboard stays", { pathname: "/dashboard", user, plan: withPlan }, undefined],
  ["plan at /collaborate stays", { pathname: "/collaborate", user, plan: withPlan }, undefined],
  ["plan at /account/pricing stays", { pathname: "/account/pricing", user, plan: withPlan }, undefined],
  ["plan at /dashboard/ (trailing slash) stays", { pathname: "/dashboard/", user, plan: withPlan }, undefined],
];

describe("access guard (spec §4), table of cases", () => {
  it.each(table)("%s", (_name, input, expected) => {
    const decision = decideAccess(input);
    expect(decision.redirect ?? (decision.planRequired ? PLAN : undefined)).toBe(expected);
  });

  // The full bypass table is test/security/open-redirect.node.test.ts.
  it("follows only same-site callback paths", () => {
    const appUrl = "http://localhost:8787";
    expect(safeCallbackUrl("/exercise/1/intro?x=1", appUrl)).toBe("/exercise/1/intro?x=1");
    expect(safeCallbackUrl("https://evil.example", appUrl)).toBe("/dashboard");
    expect(safeCallbackUrl("//evil.example", appUrl)).toBe("/dashboard");
    expect(safeCallbackUrl("/\\evil.example", appUrl)).toBe("/dashboard");
    expect(safeCallbackUrl("/\t/evil.example", appUrl)).toBe("/dashboard");
    expect(safeCallbackUrl("", appUrl)).toBe("/dashboard");
  });
});
