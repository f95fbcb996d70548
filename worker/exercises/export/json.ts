import type { Exercise } from "../../db/schema";
import { EXPORT_FORMAT } from "../service";
import { nowDate } from "../../lib/clock";

/**
 * The JSON export: the full exercise in an envelope that POST /api/exercises/import takes back.
 * Identity and ownership fields are informative only; import gives the copy a new id and owner.
 */
export function exerciseToJson(row: Exercise & { campaignId?: string }, exportedAt = nowDate()) {
  return {
    format: EXPORT_FORMAT,
    version: 1 as const,
    exportedAt: exportedAt.toISOString(),
    exercise: {
      id: row.id,
      name: row.name,
      framework: row.framework,
      scenario: row.scenario,
      threatType: row.threatType,
      threatAnalysis: row.threatAnalysis,
      customInstructions: row.customInstructions,
      capabilitiesAndObjectives: row.capabilitiesAndObjectives,
      modules: row.modules,
      mselTable: row.mselTable,
      completed: row.completed,
      lastActiveStep: row.lastActiveStep,
      lastActiveModule: row.lastActiveModule,
      isQuickStart: row.isQuickStart,
      metadata: row.metadata,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...(row.campaignId ? { campaignId: row.campaignId } : {}),
    },
  };
}
