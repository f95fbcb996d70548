/**
 * The screenshots of the landing page: real pages of the app with the demo workspace, written to
 * public/screens/<name>.webp by `npm run screenshots` (scripts/screenshots.ts, which reads this
 * list). Plain data, so the script (Node) and the page (browser) share it.
 */
export const SCREEN_WIDTH = 960;
export const SCREEN_HEIGHT = 600;

export const SCREENS = [
  {
    name: "dashboard",
    title: "One dashboard for the whole programme",
    text: "Exercises, plan documents, saved threats and capability ratings from published after-action reports, in one place.",
    alt: "The Readyroom dashboard of a county emergency manager: exercises, documents and capability trends.",
  },
  {
    name: "designer",
    title: "Design exercises with an AI design assistant",
    text: "Scenario, objectives, modules, injects and the MSEL, step by step in HSEEP's structure, with an assistant that drafts from your own plans.",
    alt: "The exercise designer on the scenario step, with the design assistant beside the scenario text.",
  },
  {
    name: "ask",
    title: "Ask Readyroom about your plans",
    text: "Upload your EOP, annexes and past AARs, then ask questions and get answers that cite the passages they come from.",
    alt: "The document library with the county's emergency operations plan, flood annex and hazard profile.",
  },
  {
    name: "intelligence",
    title: "Threat intelligence for your jurisdiction",
    text: "Weather alerts, earthquakes, disaster declarations and news in one chat; save briefs, share them and keep alerts on the hazards that matter.",
    alt: "The intelligence page with the chat and saved briefs.",
  },
  {
    name: "campaigns",
    title: "Campaigns with your partners",
    text: "Invite partner agencies to short interviews, then synthesise what they said into findings or a draft exercise.",
    alt: "A team campaign with its contributors, their progress and the synthesis.",
  },
  {
    name: "conduct",
    title: "Run the exercise live",
    text: "Release injects to player groups on their own devices, watch the room respond, and collect participants' feedback at the hot wash.",
    alt: "The participant feedback of a live tabletop session that has ended.",
  },
  {
    name: "eeg",
    title: "Exercise Evaluation Guides",
    text: "Evaluators take notes against each capability's critical tasks on their own links, timed to the play.",
    alt: "An Exercise Evaluation Guide with capability targets, critical tasks and evaluator observations.",
  },
  {
    name: "aar",
    title: "After-action report and improvement plan",
    text: "A draft AAR/IP from the observations and participant feedback, ready to edit, publish and export to Word or PDF.",
    alt: "The after-action report with strengths, areas for improvement and the improvement plan.",
  },
  {
    name: "improvement",
    title: "Corrective actions that get done",
    text: "Every improvement plan row becomes a tracked corrective action with an owner, a due date and reminders.",
    alt: "The corrective actions list with overdue, in-progress and completed actions.",
  },
] as const;
