import { eq, ne } from "drizzle-orm";
import { getAiProvider, approxTokens, type AiProvider } from "../ai";
import { chargeForAi } from "../billing/service";
import { estimateCredits } from "../billing/pricing";
import { structuredCall } from "../collaborate/synthesis/ai-call";
import { announceSessionChange } from "../conduct/announce";
import { findSession, sessionScope } from "../conduct/access";
import type { UserContext } from "../context";
import { eegContentSchema, type ConductPlan, type EegContent } from "../../shared/db/conduct-shapes";
import type { MselRow, PlanSource } from "../../shared/db/exercise-shapes";
import { eegs, type ConductSession, type Eeg } from "../db/schema";
import type { ExportFile } from "../exercises/export";
import { retrievePassages, type Passage } from "../exercises/prompts/passages";
import { findExercise } from "../exercises/scope";
import { nowMs } from "../lib/clock";
import { conflict, HttpError, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { aiEegSchema, EEG_MAX_OUTPUT_TOKENS, eegJsonSchema, eegMessages, fromAiEeg, numberedPassages, offlineAnswerOf } from "./eeg-ai";
import { assignIds, withoutBlanks } from "./eeg-ids";
import { printedDate, renderEeg, type EegExportFormat } from "./eeg-export";
import { buildOfflineEeg, type EegGrounding } from "./eeg-offline";
import { capabilityGroups, retrievalQuery, type CapabilityGroup } from "./eeg-plan";
import { EVALUATION_MESSAGES, type SaveEegInput } from "../../shared/evaluation/model";
import type { EegView } from "../../shared/evaluation/views";

/**
 * A session's Exercise Evaluation Guides (one document per session): read, generate (AI when a
 * provider is configured and the caller's account pays for it, else offline), save. Reading needs
 * the session's "read" access, generating and saving "control" (worker/conduct/access.ts).
 */

/** Passages retrieved per capability: enough to ground a few tasks per target without flooding a prompt. */
const PASSAGES_PER_CAPABILITY = 6;

function toEegView(row: Eeg): EegView {
  return { sessionId: row.sessionId, content: row.content, source: row.source, updatedAt: row.updatedAt.toISOString() };
}

async function eegRow(ctx: UserContext, sessionId: string): Promise<Eeg | null> {
  const [row] = await ctx.db.select().from(eegs).where(eq(eegs.sessionId, sessionId)).limit(1);
  return row ?? null;
}

export async function getEeg(ctx: UserContext, sessionId: string): Promise<EegView> {
  const session = await findSession(ctx, sessionId, "read");
  const row = await eegRow(ctx, session.id);
  if (!row) throw notFound(EVALUATION_MESSAGES.eegNotFound);
  return toEegView(row);
}

/** The EEG page's read: the caller's access and the guides (null before any is made); 404 when the caller may not read the session. */
export async function findEeg(ctx: UserContext, sessionId: string): Promise<{ sessionId: string; access: "control" | "read"; eeg: EegView | null }> {
  const session = await findSession(ctx, sessionId, "read");
  const row = await eegRow(ctx, session.id);
  return { sessionId: session.id, access: session.access, eeg: row ? toEegView(row) : null };
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim() === (b ?? "").trim();

/**
 * The exercise's grounding of its MSEL rows, by the session's item keys. The plan froze the rows'
 * text, not their sources, so each MSEL item is matched back to the row with the same expected
 * action and message. The exercise may be gone or unreadable to the caller: then there is none.
 */
async function itemSources(ctx: UserContext, session: ConductSession): Promise<Map<string, PlanSource>> {
  const out = new Map<string, PlanSource>();
  let rows: MselRow[] = [];
  try {
    rows = (await findExercise(ctx, sessionScope(session.campaignId), session.exerciseId, "read")).mselTable ?? [];
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 404) throw e;
    return out;
  }
  const free = rows.filter((r) => r.source);
  for (const item of session.plan.items) {
    if (item.source !== "msel" || !item.expectedAction) continue;
    const i = free.findIndex((r) => same(r.expectedAction, item.expectedAction) && (same(r.message, item.message) || same(r.synopsis, item.title)));
    if (i < 0) continue;
    out.set(item.key, free[i]!.source!);
    free.splice(i, 1);
  }
  return out;
}

/** The planner's plan passages for each capability, through the design assistant's own retrieval. */
async function capabilityPassages(ctx: UserContext, session: ConductSession, groups: readonly CapabilityGroup[]): Promise<Map<string, Passage[]>> {
  const found = await Promise.all(
    groups.map(async (g) => {
      try {
        const passages = await retrievePassages(ctx, {
          scope: sessionScope(session.campaignId),
          exerciseId: session.exerciseId,
          query: retrievalQuery(g),
          limit: PASSAGES_PER_CAPABILITY,
        });
        return [g.id, passages] as const;
      } catch (err) {
        // A guide without plan passages still has MSEL and doctrinal tasks: a search outage must not block it.
        console.warn("[evaluation] plan passage retrieval failed; generating without passages", err);
        return [g.id, [] as Passage[]] as const;
      }
    }),
  );
  return new Map(found);
}

async function loadGrounding(ctx: UserContext, session: ConductSession): Promise<EegGrounding> {
  const groups = capabilityGroups(session.plan);
  const [sources, passages] = await Promise.all([itemSources(ctx, session), capabilityPassages(ctx, session, groups)]);
  return { itemSources: sources, passages };
}

type Drafted = { content: EegContent; source: "ai" | "offline" };

/**
 * The AI draft, or the offline one: when no provider is configured, when the caller's account cannot
 * pay (402 from the ledger: the API map's "AI when configured and paid for, else offline"), when the
 * provider fails, or when its answer is not valid JSON of the schema. A call that ran is charged for
 * what it used even when its answer is discarded (as the campaign synthesis does).
 */
async function draft(ctx: UserContext, session: ConductSession, grounding: EegGrounding, provider: AiProvider): Promise<Drafted> {
  const plan: ConductPlan = session.plan;
  const offline = buildOfflineEeg(plan, grounding);
  const groups = capabilityGroups(plan).slice(0, 40);
  if (provider.offline || groups.length === 0) return { content: offline, source: "offline" };

  const passages = numberedPassages(groups, grounding);
  const messages = eegMessages(plan, groups, passages);
  const promptTokens = approxTokens(messages.map((m) => m.content).join("\n"));
  let charge;
  try {
    charge = await chargeForAi(ctx, {
      category: "evaluation-guides",
      entityType: "ConductSession",
      entityId: session.id,
      estimate: estimateCredits({ promptTokens, maxOutputTokens: EEG_MAX_OUTPUT_TOKENS }),
      metadata: { provider: provider.id, model: provider.model, passages: passages.length },
    });
  } catch (e) {
    if (e instanceof HttpError && e.status === 402) return { content: offline, source: "offline" };
    throw e;
  }
  try {
    const { value, usage } = await structuredCall(
      provider,
      {
        messages,
        jsonSchema: eegJsonSchema(groups.map((g) => g.capability)),
        maxOutputTokens: EEG_MAX_OUTPUT_TOKENS,
        offlineAnswer: () => offlineAnswerOf(offline, passages),
      },
      aiEegSchema,
    );
    await charge.settle({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens }, { valid: value !== null });
    const content = value ? fromAiEeg(value, plan, offline, passages) : null;
    const checked = content ? eegContentSchema.safeParse(content) : null;
    if (!checked?.success) return { content: offline, source: "offline" };
    return { content: checked.data, source: "ai" };
  } catch (err) {
    await charge.release();
    console.warn("[evaluation] AI evaluation guides failed; using the offline guides", err);
    return { content: offline, source: "offline" };
  }
}

/**
 * POST …/eeg/generate. Replaces an unedited guide; an edited one only with `replace`, else 409 —
 * checked again in the write itself, so an edit saved while the draft was being made is not lost.
 */
export async function generateEeg(ctx: UserContext, sessionId: string, input: { replace: boolean }, deps: { provider?: AiProvider } = {}): Promise<EegView> {
  const session = await findSession(ctx, sessionId, "control");
  const existing = await eegRow(ctx, session.id);
  if (existing?.source === "edited" && !input.replace) throw conflict(EVALUATION_MESSAGES.eegEdited, "eeg_edited");

  const grounding = await loadGrounding(ctx, session);
  const provider = deps.provider ?? getAiProvider(ctx.config, { selectionEnabled: false });
  const { content, source } = await draft(ctx, session, grounding, provider);

  const now = new Date(nowMs());
  const [row] = await ctx.db
    .insert(eegs)
    .values({ id: newId(), sessionId: session.id, content, source, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: eegs.sessionId,
      set: { content, source, updatedAt: now },
      setWhere: input.replace ? undefined : ne(eegs.source, "edited"),
    })
    .returning();
  if (!row) throw conflict(EVALUATION_MESSAGES.eegEdited, "eeg_edited");
  await announceSessionChange(ctx, session.id, "all");
  return toEegView(row);
}

/** PUT …/eeg: the editor's content, ids kept or made by the server; the guide is "edited" from then on. */
export async function saveEeg(ctx: UserContext, sessionId: string, input: SaveEegInput): Promise<EegView> {
  const session = await findSession(ctx, sessionId, "control");
  const content = assignIds(withoutBlanks(input.content), () => newId().slice(0, 8));
  const now = new Date(nowMs());
  const [row] = await ctx.db
    .insert(eegs)
    .values({ id: newId(), sessionId: session.id, content, source: "edited", createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: eegs.sessionId, set: { content, source: "edited", updatedAt: now } })
    .returning();
  await announceSessionChange(ctx, session.id, "all");
  return toEegView(row!);
}

/** GET …/eeg/export: the guides in the HSEEP EEG layout, dated the day play started (else the session's creation). */
export async function exportEeg(ctx: UserContext, sessionId: string, format: EegExportFormat): Promise<ExportFile> {
  const session = await findSession(ctx, sessionId, "read");
  const row = await eegRow(ctx, session.id);
  if (!row) throw notFound(EVALUATION_MESSAGES.eegNotFound);
  return renderEeg(
    { exerciseName: session.plan.exerciseName, sessionName: session.name, date: printedDate(session.startedAt ?? session.createdAt), content: row.content },
    format,
  );
}
