import { strFromU8, unzipSync } from "fflate";
import { check, dismissWelcome, downloadOf, gotoAndHydrate, openToggle, shot, signUpFreshUser, visible } from "../lib/helpers.ts";
import { test } from "../lib/fixtures.ts";

/**
 * Issue 32, the export half of item 14: a planner with an MSEL (the hurricane quick start) exports it
 * from the editor as an Excel workbook, its alert injects as CAP 1.2, and its conduct schedule as a
 * calendar after saying which day Day 1 is. Each file is opened and read, not just named.
 */
test("MSEL export: xlsx, CAP and the conduct schedule from the exercise editor", async ({ page, baseURL, admin }) => {
  const user = await signUpFreshUser(page, baseURL, "msel-export");
  await admin("grant-plan", "--email", user.email, "--plan", "SOLO");
  await gotoAndHydrate(page, baseURL, "/dashboard");
  await dismissWelcome(page);
  const created = (await page.evaluate(async () => {
    const res = await fetch("/api/exercises/from-template", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ templateId: "hurricane-landfall" }),
    });
    return { status: res.status, body: (await res.json()) as { id?: string } };
  })) as { status: number; body: { id?: string } };
  check(created.status === 201 && created.body.id, `creating the exercise answered ${created.status}.`);

  await gotoAndHydrate(page, baseURL, `/exercise/${created.body.id}/msel-table`);
  await page.locator("[data-exercise-id][data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  const firstSynopsis = await page.getByLabel("Synopsis, row 1", { exact: true }).inputValue();
  check(firstSynopsis.length > 0, "the MSEL table shows the template's injects.");
  await openToggle(page, "Exercise tools");
  const exportMenu = async () => {
    await page.getByRole("button", { name: "Export", exact: false }).first().click();
    return visible(page.getByRole("menu"), "the Export menu");
  };

  // The workbook: one sheet whose rows hold the injects.
  await exportMenu();
  await shot(page, "msel-export-menu");
  const xlsx = await downloadOf(page, () => page.getByRole("menuitem", { name: "MSEL (Excel, .xlsx)" }).click(), "the xlsx export");
  check(xlsx.name.endsWith("-MSEL.xlsx"), `the xlsx export is named ${xlsx.name}.`);
  const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.bytes))["xl/worksheets/sheet1.xml"] ?? new Uint8Array());
  check(sheet.includes('state="frozen"'), "the workbook's header row is frozen.");
  check(sheet.includes(firstSynopsis.replace(/&/g, "&amp;").replace(/</g, "&lt;")), "the workbook holds the first inject's synopsis.");
  await visible(page.getByText("Download Successful", { exact: true }).first(), 'the "Download Successful" toast');

  // CAP: the template's alert injects, each marked as an exercise.
  await exportMenu();
  const cap = await downloadOf(page, () => page.getByRole("menuitem", { name: "Alert injects (CAP 1.2 XML)" }).click(), "the CAP export");
  const documents = cap.name.endsWith(".zip") ? Object.values(unzipSync(new Uint8Array(cap.bytes))).map((b) => strFromU8(b)) : [cap.bytes.toString("utf8")];
  check(/-CAP\.(xml|zip)$/.test(cap.name), `the CAP export is named ${cap.name}.`);
  check(documents.length > 0, "the CAP export holds at least one alert.");
  for (const xml of documents) {
    check(xml.includes('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">'), "each CAP document is a CAP 1.2 alert.");
    check(xml.includes("<status>Exercise</status>") && xml.includes("<note>EXERCISE EXERCISE EXERCISE</note>"), "each CAP alert is marked as an exercise.");
  }

  // The schedule asks which day Day 1 is, and says so when none is given.
  await exportMenu();
  await page.getByRole("menuitem", { name: "Conduct schedule (calendar, .ics)…" }).click();
  const dialog = await visible(page.getByRole("dialog", { name: "Download the conduct schedule" }), "the schedule dialog");
  await dialog.getByRole("button", { name: "Download schedule" }).click();
  await visible(dialog.getByText("Choose the date of Day 1.", { exact: true }), "the missing-date message");
  await dialog.getByLabel("Date of Day 1").fill("2026-12-01");
  await shot(page, "msel-export-schedule-dialog");
  const ics = await downloadOf(page, () => dialog.getByRole("button", { name: "Download schedule" }).click(), "the schedule export");
  check(ics.name.endsWith("-schedule.ics"), `the schedule export is named ${ics.name}.`);
  const calendar = ics.bytes.toString("utf8");
  check(calendar.startsWith("BEGIN:VCALENDAR\r\n") && calendar.includes("BEGIN:VEVENT"), "the schedule is an iCalendar file with events.");
  check(/DTSTART:2026120[12]T\d{6}Z/.test(calendar), "the schedule's first day is the day chosen.");
});
