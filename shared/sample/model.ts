/**
 * The sample workspace as the browser sees it (worker/sample): what of it the user still has, and
 * the words the welcome modal and the dashboard use for it, so they never promise what is not there.
 */

/** "pending" until the first dashboard creates it; null for accounts older than the sample workspace. */
type SampleWorkspaceState = "pending" | "created" | "removed" | "skipped" | null;

export type SampleStatus = {
  state: SampleWorkspaceState;
  documents: number;
  exercises: number;
  briefs: number;
  /** Ended conduct sessions (each with its EEG and published AAR/IP). */
  sessions: number;
  /** Some profile sections still hold the sample's words. */
  profile: boolean;
  /** Anything sample is left: "Remove sample data" has something to remove. */
  present: boolean;
};

export const SAMPLE_JURISDICTION = "Brackwater County";

type Part = { text: string; many: boolean };

const counted = (n: number, one: string, many: string): Part | null => (n > 0 ? { text: `${n} ${n === 1 ? one : many}`, many: n > 1 } : null);

function parts(status: SampleStatus): Part[] {
  return [
    status.profile ? { text: "your profile", many: false } : null,
    counted(status.documents, "plan document", "plan documents"),
    counted(status.exercises, "exercise", "exercises"),
    status.sessions === 1 ? { text: "a conducted tabletop with its evaluation and AAR/IP", many: false } : counted(status.sessions, "", "conducted tabletops"),
    counted(status.briefs, "intelligence brief", "intelligence briefs"),
  ].filter((p): p is Part => p !== null);
}

/** What the sample workspace holds, as a list ("your profile, 3 plan documents, …"), or null when nothing is left. */
export function sampleContents(status: SampleStatus): string | null {
  const list = parts(status).map((p) => p.text);
  if (list.length === 0) return null;
  return list.length === 1 ? list[0]! : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

/**
 * The welcome modal's sentence about the sample: only what the user actually has (the profile and
 * documents are said to be pre-filled only when they are), or null when they have none of it.
 */
export function welcomeSampleNote(status: SampleStatus): string | null {
  const list = parts(status);
  const contents = sampleContents(status);
  if (!contents) return null;
  const verb = list.length > 1 || list[0]!.many ? "are" : "is";
  return `To let you explore right away, ${contents} ${verb} pre-filled with ${SAMPLE_JURISDICTION}, a fictional jurisdiction, each marked "Sample". Replace them with your own whenever you are ready; "Remove sample data" on your dashboard or profile takes the sample away.`;
}
