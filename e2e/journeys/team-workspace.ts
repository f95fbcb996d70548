import type { Page } from "playwright-core";
import {
  check,
  closeWelcomeIfShown,
  FRESH_PASSWORD,
  gotoAndHydrate,
  shot,
  signUpFreshUser,
  uniqueEmail,
  uniqueTag,
  visible,
  waitForHydration,
  waitForPath,
} from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/** A same-origin API call with the page's session (the API refuses cross-site writes). */
async function apiCall(page: Page, baseURL: string, method: "POST" | "PUT", path: string, data: unknown) {
  const res = await page.request.fetch(`${baseURL}${path}`, { method, data, headers: { origin: baseURL } });
  check(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function upload(page: Page, baseURL: string, filename: string, text: string): Promise<string> {
  const res = await page.request.post(`${baseURL}/api/documents/upload`, {
    multipart: { file: { name: filename, mimeType: "text/markdown", buffer: Buffer.from(text) } },
    headers: { origin: baseURL },
  });
  check(res.status() === 201, `upload ${filename} answered ${res.status()}`);
  return ((await res.json()) as { document: { id: string } }).document.id;
}

/**
 * The team workspace (issue 29 item 4): a team admin shares one plan and one exercise with the
 * team from the Exercises page's share menu and keeps another plan and exercise private; an
 * invited colleague joins and sees, in her library and on her Exercises page, the team's shared
 * plan and exercise with their "Team" badge, and not the private ones.
 */
test("team workspace: an invited colleague sees the team's shared plans and exercises, and not the private ones", async ({
  page: lead,
  baseURL,
  admin,
  newContext,
}) => {
  const tag = uniqueTag();
  const owner = await signUpFreshUser(lead, baseURL, "workspace-admin", { firstName: "Avery", lastName: "Okafor" });
  await admin("grant-plan", "--email", owner.email, "--plan", "TEAM");
  await admin("create-team", "--email", owner.email, "--seats", "3");
  await gotoAndHydrate(lead, baseURL, "/dashboard");
  await closeWelcomeIfShown(lead);

  const sharedPlan = `Harbor flood plan ${tag}`;
  const privatePlan = `Private roster ${tag}`;
  const sharedDoc = await upload(lead, baseURL, `${sharedPlan}.md`, "# Sheltering\nThe Quillmere Arena opens as the shelter with 640 cots.");
  await upload(lead, baseURL, `${privatePlan}.md`, "# Staffing\nThe duty roster is private.");
  await apiCall(lead, baseURL, "PUT", `/api/teams/shares/document/${sharedDoc}`, { access: "read" });
  const sharedExercise = `Flood TTX ${tag}`;
  const privateExercise = `Private drill ${tag}`;
  await apiCall(lead, baseURL, "POST", "/api/exercises/create", { exercise: { name: sharedExercise } });
  await apiCall(lead, baseURL, "POST", "/api/exercises/create", { exercise: { name: privateExercise } });

  // The admin shares the exercise from the Exercises page (the navigation's Exercises item).
  await (await visible(lead.getByRole("link", { name: "Exercises", exact: true }), "the Exercises nav item")).click();
  await waitForPath(lead, "/exercises");
  await waitForHydration(lead);
  await lead.getByRole("button", { name: `Sharing of ${sharedExercise}: private` }).click();
  await (await visible(lead.getByRole("menuitemradio", { name: "My team can open it" }), "the share menu")).click();
  await visible(lead.getByText("Shared with your team", { exact: true }), "the Shared with your team toast");
  await visible(lead.getByRole("button", { name: `Sharing of ${sharedExercise}: shared with your team` }), "the share button after sharing");
  await shot(lead, "exercises-admin-desktop");

  // The colleague is invited, signs up from the e-mailed link and joins.
  const colleague = uniqueEmail("workspace-colleague");
  await apiCall(lead, baseURL, "POST", "/api/teams/invitations", { email: colleague, collaborateRole: "STANDARD_USER" });
  const { page: guest } = await newContext();
  await gotoAndHydrate(guest, baseURL, "/dev/mailbox");
  const mail = await visible(guest.getByRole("listitem").filter({ hasText: `To ${colleague} · team-invitation` }), "the invitation e-mail");
  const href = await mail.getByRole("link", { name: /\/invites\?token=/ }).getAttribute("href");
  check(href, "The invitation e-mail has no /invites link.");
  await guest.goto(href);
  await waitForHydration(guest);
  await guest.getByLabel("First name", { exact: true }).fill("Mei");
  await guest.getByLabel("Last name", { exact: true }).fill("Tanaka");
  await guest.getByLabel("Password", { exact: true }).fill(FRESH_PASSWORD);
  await guest.getByRole("button", { name: "Create account and join", exact: true }).click();
  await waitForPath(guest, "/dashboard");
  await closeWelcomeIfShown(guest);

  // Her Exercises page: the team's exercise (read-only), not the private one.
  await gotoAndHydrate(guest, baseURL, "/exercises");
  const item = await visible(guest.getByTestId("exercise-item").filter({ hasText: sharedExercise }), "the team's shared exercise");
  check((await item.getAttribute("data-source")) === "team", "The shared exercise is not listed as the team's.");
  check((await guest.getByText(privateExercise).count()) === 0, "The admin's private exercise is listed for the colleague.");
  await shot(guest, "exercises-member-desktop");
  await guest.setViewportSize({ width: 390, height: 844 });
  await shot(guest, "exercises-member-phone");

  // Her library: the shared plan with its Team badge, not the private one.
  await gotoAndHydrate(guest, baseURL, "/documents");
  const row = await visible(guest.getByTestId("document-row").filter({ hasText: sharedPlan }), "the team's shared plan in the library");
  await visible(row.getByTestId("team-badge"), "the Team badge on the shared plan");
  check((await guest.getByText(privatePlan).count()) === 0, "The admin's private plan is in the colleague's library.");
  await shot(guest, "documents-member-phone");
  await guest.setViewportSize({ width: 1280, height: 900 });
  await shot(guest, "documents-member-desktop");
  await gotoAndHydrate(guest, baseURL, "/dashboard");
  await closeWelcomeIfShown(guest);
  await visible(guest.getByText(sharedPlan), "the shared plan on the dashboard");
  await shot(guest, "dashboard-member-desktop");
});
