import { listSteps } from "../../shared/exercises/steps.ts";
import { axeAudit, expectNoSeriousViolations, type AxeFinding } from "../lib/axe.ts";
import { check, dismissWelcome, gotoAndHydrate, navigateInApp, signUpFreshUser, visible } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** A new planner's signed-in pages, empty as they first see them. */
const SIGNED_IN = [
  "/documents",
  "/intelligence",
  "/improvement",
  "/collaborate",
  "/account/profile",
  "/account/security",
  "/account/user-management",
  "/account/pricing",
];

/**
 * Accessibility of a planner's pages (issue 29 item 9): axe-core finds no serious or critical
 * violation on a new planner's pages (the dashboard with the welcome modal open, then without),
 * on every step of the exercise editor, on a conduct session's controller pages, and on the
 * player, evaluator and feedback pages its links open without an account.
 */
test("accessibility: a planner's pages, the exercise editor, conduct and its link pages pass axe-core", async ({ page, baseURL, admin, newContext }) => {
  const findings: AxeFinding[] = [];
  const { email } = await signUpFreshUser(page, baseURL, "a11y-planner");
  await admin("grant-plan", "--email", email, "--plan", "SOLO");

  await gotoAndHydrate(page, baseURL, "/dashboard");
  await visible(page.getByRole("dialog", { name: "Welcome to Readyroom" }), "the welcome modal", 20_000);
  await axeAudit(page, "/dashboard (welcome modal)", findings);
  await dismissWelcome(page);
  await axeAudit(page, "/dashboard", findings);
  // Page to page as the sidebar's links go (client-side): each page as a user reaches it, and no
  // new document to parse and hydrate every time (the audits are the longest journeys).
  for (const path of SIGNED_IN) {
    await navigateInApp(page, path);
    await axeAudit(page, path, findings);
  }

  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await page.evaluate(
      async ([p, b]) => {
        const r = await fetch(p, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
        return { status: r.status, body: await r.json() };
      },
      [path, body] as const,
    );
    check(res.status < 300, `POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const { id } = await api<{ id: string }>("/api/exercises/from-template", { templateId: "hurricane-landfall" });
  // Every step of the editor, the first module's among them.
  // The first step as a new document, the others as the step list's links open them.
  for (const [i, step] of listSteps(1).entries()) {
    if (i === 0) await gotoAndHydrate(page, baseURL, `/exercise/${id}/${step}`);
    else await navigateInApp(page, `/exercise/${id}/${step}`);
    await page.locator(`[data-exercise-id][data-step="${step}"][data-hydrated]`).waitFor({ state: "attached", timeout: 30_000 });
    await axeAudit(page, `/exercise/{id}/${step}`, findings);
  }
  await navigateInApp(page, `/exercise/${id}/conduct`);
  await axeAudit(page, "/exercise/{id}/conduct", findings);

  const session = await api<{ id: string }>("/api/conduct/sessions", { exerciseId: id, name: "Accessibility run" });
  const links: Record<string, string> = {};
  for (const role of ["player", "evaluator", "feedback"] as const) {
    const link = await api<{ url: string }>(`/api/conduct/sessions/${session.id}/links`, { role, label: `${role} group` });
    links[role] = new URL(link.url).pathname;
  }
  for (const tab of ["", "/eeg", "/aar", "/feedback", "/replay"]) {
    await navigateInApp(page, `/conduct/sessions/${session.id}${tab}`);
    await axeAudit(page, `/conduct/sessions/{id}${tab}`, findings);
  }

  // The link pages, in a browser with no account.
  const guest = await newContext();
  for (const [role, path] of Object.entries(links)) {
    await gotoAndHydrate(guest.page, baseURL, path);
    await axeAudit(guest.page, `${role} link page`, findings);
  }
  expectNoSeriousViolations(findings);
});
