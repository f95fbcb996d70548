import type { Exercise } from "../db/schema";
import type { ExerciseRow } from "./scope";
import type { TeamShareView } from "../accounts/team-shares";
import { resumeStep } from "../../shared/exercises/steps";

/** What the API and the editor's loader answer for one exercise: dates as ISO strings. */
export type ExerciseView = Omit<Exercise, "createdAt" | "updatedAt" | "lockExpires"> & {
  createdAt: string;
  updatedAt: string;
  lockExpires: string | null;
  campaignId: string | null;
  isCampaignExercise: boolean;
  /** Where the editor opens (spec §2 resume rule). */
  resumeStep: string;
  /**
   * What the caller may do with it: "edit" (their own, a campaign exercise of their team, or one
   * shared with their team for editing) or "read" (a colleague's exercise filed under a client the
   * caller sees, docs/decisions/0014, or shared with their team to read).
   */
  access: ExerciseAccess;
  /**
   * A colleague's exercise: who shared it, through which client or their team (`viaTeam`), for
   * the editor's banner. Null for the caller's own and for campaign exercises.
   */
  sharedBy: { authorName: string | null; clientName: string | null; viaTeam?: boolean } | null;
};

export type ExerciseAccess = "edit" | "read";

export function toExerciseView(row: ExerciseRow, access: ExerciseAccess = "edit", sharedBy: ExerciseView["sharedBy"] = null): ExerciseView {
  return {
    ...row,
    access,
    sharedBy: access === "read" || sharedBy?.viaTeam ? sharedBy : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lockExpires: row.lockExpires ? row.lockExpires.toISOString() : null,
    campaignId: row.campaignId ?? null,
    isCampaignExercise: row.campaignId != null,
    resumeStep: resumeStep({
      lastActiveStep: row.lastActiveStep,
      lastActiveModule: row.lastActiveModule,
      moduleCount: row.modules?.length ?? 0,
    }),
  };
}

/** One row of the dashboard list: no module or MSEL text. */
export type ExerciseSummary = {
  id: string;
  name: string;
  threatType: string | null;
  completed: boolean;
  isQuickStart: boolean;
  /** Enterprise accounts: the client the exercise is filed under. */
  clientId: string | null;
  /** False for a colleague's exercise filed under a client the caller sees, or shared with their team. */
  mine: boolean;
  /** Part of the sample workspace (worker/sample): listed with a "Sample" badge. */
  sample: boolean;
  /** Shared with the caller's team: how, and by whom (null when private or filed under a client). */
  team: TeamShareView | null;
  moduleCount: number;
  lastActiveStep: number | null;
  lastActiveModule: number | null;
  resumeStep: string;
  createdAt: string;
  updatedAt: string;
};

export type CampaignExerciseSummary = {
  id: string;
  campaignId: string;
  campaignName: string;
  name: string;
  completed: boolean;
  resumeStep: string;
  updatedAt: Date;
};
