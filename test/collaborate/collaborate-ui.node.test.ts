import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CampaignStatus, Findings, FindingsView as FindingsData } from "../../shared/collaborate/views";
import { campaignIsOpen, FINDINGS_OFFLINE_LABEL } from "../../shared/collaborate/model";
import { CAMPAIGN_STATUS_LABELS } from "../../web/components/collaborate/format";
import { CORE_CAPABILITIES } from "../../shared/exercises/capabilities";
import { Dialog } from "../../web/components/ui/dialog";
import { ProcessingCompleteBody } from "../../web/components/collaborate/processing-complete-dialog";
import { SynthesisProgressBody } from "../../web/components/collaborate/synthesis-progress-dialog";
import { FindingsView } from "../../web/components/collaborate/findings-view";
import { groupCoverage } from "../../web/components/collaborate/capability-coverage";
import { validateCampaignForm, EMPTY_CAMPAIGN_FORM } from "../../web/components/collaborate/campaign-form";
import { turnAnnouncement } from "../../web/components/collaborate/interview/interview-view";
import { readStoredRun } from "../../web/components/collaborate/synthesis-store";
import { invitationsReadOnly, inviteBlockedReason } from "../../web/components/collaborate/campaign-page";
import { ContributorsTable } from "../../web/components/collaborate/contributors-table";

const noop = () => undefined;
/** A dialog's inside, in its Radix root (the portal renders nothing on a server). */
const inDialog = (child: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(Dialog, { open: true }, child));
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("Processing Complete modal (spec §2)", () => {
  it("names the campaign, shows a full bar labelled Completed! and 100%, Exit and View Findings in findings mode", () => {
    const html = inDialog(
      createElement(ProcessingCompleteBody, { campaignName: "Sable River floods", mode: "generate-findings", onExit: noop, onPrimary: noop }),
    );
    const t = text(html);
    expect(t).toContain("Processing Complete");
    expect(t).toMatch(/Processing and analysis have finished for Sable River floods/);
    expect(t).toContain("Completed!");
    expect(t).toContain("100%");
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="100"/);
    expect(t).toContain("Exit");
    expect(t).toContain("View Findings");
    expect(t).not.toContain("Start Exercise");
  });

  it("offers Start Exercise otherwise", () => {
    const t = text(inDialog(createElement(ProcessingCompleteBody, { campaignName: "C", mode: "exercise", onExit: noop, onPrimary: noop })));
    expect(t).toContain("Start Exercise");
    expect(t).not.toContain("View Findings");
  });
});

describe("synthesis progress modal", () => {
  it("shows the stage and the capped progress, announced politely", () => {
    const html = inDialog(
      createElement(SynthesisProgressBody, {
        campaignName: "C",
        status: "analysing",
        stage: null,
        progress: 41.6,
        error: null,
        onOpenChange: noop,
        onRetry: noop,
      }),
    );
    expect(html).toContain('aria-live="polite"');
    expect(text(html)).toContain("Analysing themes, gaps and disagreements…");
    expect(html).toMatch(/aria-valuenow="42"/);
    expect(text(html)).not.toContain("Try again");
  });

  it("a failure says what happened and offers to try again", () => {
    const t = text(
      inDialog(
        createElement(SynthesisProgressBody, {
          campaignName: "C",
          status: "failed",
          stage: null,
          progress: 60,
          error: "Model unavailable",
          onOpenChange: noop,
          onRetry: noop,
        }),
      ),
    );
    expect(t).toContain("Synthesis failed");
    expect(t).toContain("Model unavailable");
    expect(t).toContain("Try again");
  });
});

function findings(): FindingsData {
  const coverage: Findings["capabilityCoverage"] = CORE_CAPABILITIES.map((c, i) => ({
    capability: c.name,
    mission: c.missionAreas.length === 5 ? "Cross-cutting" : c.missionAreas[0]!,
    contributorCount: i === 0 ? 3 : 0,
    respondents: i === 0 ? ["Respondent 1", "Respondent 2", "Respondent 3"] : [],
  }));
  return {
    campaignId: "c1",
    campaignName: "Sable River floods",
    purpose: "generate-findings",
    contributorCount: 4,
    completedAt: "2026-03-02T10:00:00.000Z",
    draftInjects: [
      {
        number: 1,
        time: "00:15",
        title: "Levee breach",
        description: "Water over the east levee.",
        capability: "Operational Coordination",
        expectedAction: "Open the EOC.",
        respondents: ["Respondent 2"],
      },
    ],
    findings: {
      summary: "Agencies agree on warning but not on shelter capacity.",
      themes: [
        {
          title: "Warning reach",
          detail: "Sirens miss rural areas.",
          contributorCount: 3,
          respondents: ["Respondent 1"],
          quotes: [{ text: "Half the valley never hears the siren.", respondent: "Respondent 1" }],
        },
      ],
      gaps: [{ title: "Shelter staffing", detail: "No night shift.", respondents: ["Respondent 3"] }],
      disagreements: [
        {
          topic: "Evacuation trigger",
          positions: [
            { position: "At flood stage", respondents: ["Respondent 1"] },
            { position: "At moderate flood", respondents: ["Respondent 4"] },
          ],
        },
      ],
      capabilityCoverage: coverage,
      recommendedObjectives: [{ text: "Within 30 minutes of a warning, open two shelters.", capability: "Mass Care Services", respondents: [] }],
    },
  };
}

describe("findings page", () => {
  it("renders every section with anonymised quotes and 'raised by N of M contributors'", () => {
    const html = renderToStaticMarkup(
      createElement(FindingsView, { data: findings(), exporting: null, onExport: noop, startExercise: { pending: false, onStart: noop } }),
    );
    const t = text(html);
    expect(t).toContain("Agencies agree on warning");
    expect(t).toContain("raised by 3 of 4 contributors");
    expect(html).toMatch(/<blockquote[^>]*>“Half the valley never hears the siren\.”<\/blockquote>/);
    expect(t).toContain("— Respondent 1");
    expect(t).toContain("Shelter staffing");
    expect(t).toContain("At flood stage");
    expect(t).toContain("At moderate flood");
    expect(t).toContain("Levee breach");
    expect(t).toContain("Within 30 minutes of a warning");
    for (const label of ["Markdown", "Word", "PDF"]) expect(t).toContain(label);
    expect(t).toContain("Start exercise");
    // 32 capabilities listed; the uncovered ones readable, marked, not hidden.
    expect(html.match(/data-covered="/g)).toHaveLength(32);
    expect(html.match(/data-covered="false"/g)).toHaveLength(31);
    expect(t).toContain("1 of 32 core capabilities");
    const uncovered = html.match(/<tr[^>]*data-covered="false"[^>]*>.*?<\/tr>/g) ?? [];
    expect(uncovered).toHaveLength(31);
    for (const row of uncovered) {
      expect(row).toContain("not raised");
      expect(row).not.toMatch(/opacity|text-muted-foreground\/|sr-only/);
    }
  });

  it("shows Start exercise only when offered (the creator)", () => {
    const t = text(renderToStaticMarkup(createElement(FindingsView, { data: findings(), exporting: null, onExport: noop, startExercise: null })));
    expect(t).not.toContain("Start exercise");
  });

  it("findings made without a model say so at the top of the page; a model's findings do not", () => {
    const offline = text(
      renderToStaticMarkup(
        createElement(FindingsView, { data: { ...findings(), findings: { ...findings().findings, offline: true } }, exporting: null, onExport: noop }),
      ),
    );
    expect(offline).toContain(FINDINGS_OFFLINE_LABEL);
    expect(offline).toContain("Produced without an AI model");
    const fromModel = text(renderToStaticMarkup(createElement(FindingsView, { data: findings(), exporting: null, onExport: noop })));
    expect(fromModel).not.toContain("without an AI model");
  });

  it("puts the cross-cutting capabilities first, under 'All mission areas'", () => {
    const groups = groupCoverage([
      { capability: "A", mission: "Response", contributorCount: 0, respondents: [] },
      { capability: "Planning", mission: "All mission areas", contributorCount: 0, respondents: [] },
    ]);
    expect(groups.map((g) => g.mission)).toEqual(["All mission areas", "Response"]);
  });

  it("groups coverage by mission area in the doctrine's order, unknown areas last", () => {
    const groups = groupCoverage([
      { capability: "A", mission: "Recovery", contributorCount: 0, respondents: [] },
      { capability: "B", mission: "Cross-cutting", contributorCount: 0, respondents: [] },
      { capability: "C", mission: "Prevention", contributorCount: 1, respondents: [] },
      { capability: "D", mission: "Recovery", contributorCount: 0, respondents: [] },
    ]);
    expect(groups.map((g) => g.mission)).toEqual(["Prevention", "Recovery", "Cross-cutting"]);
    expect(groups[1]?.rows.map((r) => r.capability)).toEqual(["A", "D"]);
  });
});

describe("New campaign form validation (createCampaignBodySchema)", () => {
  it("reports each field's message, questions by row", () => {
    const result = validateCampaignForm({ ...EMPTY_CAMPAIGN_FORM, maxContributors: "", questions: ["Fine", "  "], deadline: "14/03/2026" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe("Name the campaign.");
    expect(result.errors.purpose).toBe("Choose what the campaign produces: findings or an exercise.");
    expect(result.errors.hazard).toBeDefined();
    expect(result.errors.maxContributors).toBe("Enter how many contributors may take part.");
    expect(result.errors["questions.1"]).toBe("A question cannot be empty.");
    expect(result.errors["questions.0"]).toBeUndefined();
    expect(result.errors.deadline).toBe("Enter the deadline as a date (YYYY-MM-DD).");
  });

  it("gives the API body when valid", () => {
    const result = validateCampaignForm({
      ...EMPTY_CAMPAIGN_FORM,
      name: " Floods ",
      purpose: "exercise",
      hazard: "Riverine flooding",
      capabilities: ["Planning"],
      questions: ["Who opens shelters?"],
      maxContributors: "12",
      deadline: "2026-04-01",
      language: "es-MX",
    });
    expect(result).toEqual({
      ok: true,
      body: {
        name: "Floods",
        purpose: "exercise",
        hazard: "Riverine flooding",
        scenario: "",
        capabilities: ["Planning"],
        questions: ["Who opens shelters?"],
        maxContributors: 12,
        deadline: "2026-04-01",
        language: "es-MX",
      },
    });
  });
});

describe("interview: what a screen reader hears after each step", () => {
  const view = { status: "IN_PROGRESS" as const, closed: false, currentQuestion: "What worries you most?", canSubmit: false };
  it("announces the next question, then that everything is answered, then the submit", () => {
    expect(turnAnnouncement(view)).toBe("Answer saved. Next question: What worries you most?");
    expect(turnAnnouncement({ ...view, currentQuestion: null, canSubmit: true })).toMatch(/Every question is answered: submit your contribution/);
    expect(turnAnnouncement({ ...view, status: "COMPLETED", currentQuestion: null })).toBe("Your contribution was submitted. Thank you.");
    expect(turnAnnouncement({ ...view, closed: true })).toMatch(/campaign is closed/);
  });
});

describe("the shell's stored synthesis run", () => {
  const run = {
    campaignId: "c1",
    campaignName: "Sable River floods",
    mode: "exercise",
    status: "queued",
    synthesisStatus: "queued",
    progress: 2,
    stage: null,
    error: null,
    shouldShowModal: false,
    progressOpen: true,
    handled: false,
  };
  it("is the signed-in user's own: another user in the same tab, or nobody, gets none (not the campaign's name)", () => {
    const raw = JSON.stringify({ userId: "u-a", run });
    expect(readStoredRun(raw, "u-a")).toEqual(run);
    expect(readStoredRun(raw, "u-b")).toBeNull();
    expect(readStoredRun(raw, null)).toBeNull();
    // What the store wrote before runs carried their user: dropped.
    expect(readStoredRun(JSON.stringify(run), "u-a")).toBeNull();
    expect(readStoredRun("{not json", "u-a")).toBeNull();
  });
});

describe("campaign status", () => {
  it("a campaign that still takes contributors never reads as completed, closed or archived", () => {
    for (const status of Object.keys(CAMPAIGN_STATUS_LABELS) as CampaignStatus[]) {
      if (campaignIsOpen(status)) expect(CAMPAIGN_STATUS_LABELS[status], status).not.toMatch(/completed|closed|archived/i);
      else expect(CAMPAIGN_STATUS_LABELS[status], status).toMatch(/closed|archived/i);
    }
    expect(CAMPAIGN_STATUS_LABELS.COMPLETED).toBe("Synthesised · open");
  });
});

describe("campaign page: invitations", () => {
  it("Resend and Revoke stay available while the campaign takes contributors (after a synthesis too), not once it is closed", () => {
    for (const status of ["DRAFT", "ACTIVE", "SYNTHESIZING", "COMPLETED"] as const) expect(invitationsReadOnly(status)).toBe(false);
    for (const status of ["CLOSED", "ARCHIVED"] as const) expect(invitationsReadOnly(status)).toBe(true);
    // …and the invite form agrees: a completed campaign with room takes a new invitation.
    expect(inviteBlockedReason({ status: "COMPLETED", invitations: [], maxContributors: 3 })).toBeNull();
    expect(inviteBlockedReason({ status: "CLOSED", invitations: [], maxContributors: 3 })).toMatch(/closed/);
  });
});

describe("campaign page: contributors", () => {
  it("shows last activity and submission to the day, never a time (issue 27 item 8)", () => {
    const html = renderToStaticMarkup(
      createElement(ContributorsTable, {
        contributors: [
          {
            id: "ce-1",
            regularUserId: null,
            campaignUserId: "cu-1",
            email: "ruth@example.org",
            fullName: "Ruth Abernathy",
            organization: "Valley Fire District",
            role: null,
            status: "COMPLETED",
            completionPercentage: 100,
            phase: 2,
            lastMessageAt: "2031-01-05",
            submittedAt: "2031-01-05",
            lastReminderAt: null,
          },
        ],
      }),
    );
    expect(text(html)).toContain("Jan 5, 2031");
    expect(text(html)).not.toMatch(/\d{1,2}:\d{2}/);
  });
});
