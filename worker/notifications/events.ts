import { and, count, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { campaigns, contributorExercises, teamMembers, type TeamShareKind } from "../db/schema";
import { teamShareAudience } from "../accounts/team-shares";
import { displayNameOf, notifyUser, type NotifyInput } from "./service";

/**
 * What people wait on, told to them (issue 30 item 7): the bell and e-mail (or the daily digest) by
 * each recipient's switches, through notifyUser. One function per event; the feature that caused
 * it calls it after its own write succeeded. A notification is a courtesy: a failure here is logged
 * and never fails the action that caused it (the planner's publish must not 500 because a mailbox
 * refused). Nobody is told of what they did themselves.
 *
 * Dedupe keys name the cause, so a retried producer (a redelivered queue message, a double click)
 * tells each person once.
 */

const enc = encodeURIComponent;

type Message = Omit<NotifyInput, "userId" | "email"> & { emailText: string };

async function tell(ctx: AppContext, recipients: Iterable<string>, message: Message): Promise<number> {
  let told = 0;
  for (const userId of new Set(recipients)) {
    try {
      const link = message.link ? new URL(message.link, ctx.config.APP_URL).toString() : null;
      await notifyUser(ctx, {
        userId,
        kind: message.kind,
        dedupeKey: message.dedupeKey,
        title: message.title,
        body: message.body,
        link: message.link,
        email: { subject: message.title, text: link ? `${message.emailText}\n\n${link}` : message.emailText },
      });
      told++;
    } catch (err) {
      console.error(`[notifications] ${message.kind} for ${userId}`, err);
    }
  }
  return told;
}

const nameOf = async (ctx: AppContext, userId: string) => (await displayNameOf(ctx.db, userId)) ?? "A teammate";

/** The campaign's name and its creator, who is told of what happens to it. */
async function campaignOf(ctx: AppContext, campaignId: string) {
  const [campaign] = await ctx.db
    .select({ name: campaigns.name, createdById: campaigns.createdById })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return campaign ?? null;
}

async function teamAdmins(ctx: AppContext, teamId: string, except: string[]): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "ADMIN")));
  return rows.map((r) => r.userId).filter((id) => !except.includes(id));
}

/** A colleague accepted an invitation: the team's admins are told. */
export async function notifyTeammateJoined(ctx: AppContext, input: { teamId: string; userId: string }): Promise<number> {
  const name = await nameOf(ctx, input.userId);
  return tell(ctx, await teamAdmins(ctx, input.teamId, [input.userId]), {
    kind: "team-member-joined",
    dedupeKey: `team-member-joined:${input.teamId}:${input.userId}`,
    title: `${name} joined your team`,
    body: "They can now open what the team shares.",
    link: "/account/user-management",
    emailText: `${name} accepted your invitation and joined your Readyroom team. They can now open what the team shares.`,
  });
}

/** A member left, or was removed: the team's admins (but not whoever removed them) are told. */
export async function notifyTeammateLeft(ctx: AppContext, input: { teamId: string; userId: string; actorId: string; at: number }): Promise<number> {
  const name = await nameOf(ctx, input.userId);
  const left = input.userId === input.actorId;
  return tell(ctx, await teamAdmins(ctx, input.teamId, [input.userId, input.actorId]), {
    kind: "team-member-left",
    dedupeKey: `team-member-left:${input.teamId}:${input.userId}:${input.at}`,
    title: left ? `${name} left your team` : `${name} was removed from your team`,
    body: "They no longer see what the team shares.",
    link: "/account/user-management",
    emailText: `${name} ${left ? "left" : "was removed from"} your Readyroom team. They no longer see what the team shares.`,
  });
}

/** A contributor submitted to a campaign: its creator is told, with how many are in (not who: contributions are anonymised). */
export async function notifyContributionSubmitted(
  ctx: AppContext,
  input: { campaignId: string; contributionId: string; contributorUserId: string },
): Promise<number> {
  const campaign = await campaignOf(ctx, input.campaignId);
  if (!campaign?.createdById || campaign.createdById === input.contributorUserId) return 0;
  const [done] = await ctx.db
    .select({ n: count() })
    .from(contributorExercises)
    .where(and(eq(contributorExercises.campaignId, input.campaignId), eq(contributorExercises.status, "COMPLETED")));
  const n = done?.n ?? 0;
  return tell(ctx, [campaign.createdById], {
    kind: "campaign-contribution",
    dedupeKey: `campaign-contribution:${input.contributionId}`,
    title: `New contribution to “${campaign.name}”`,
    body: `${n} contribution${n === 1 ? " is" : "s are"} in.`,
    link: `/collaborate/campaigns/${enc(input.campaignId)}`,
    emailText: `A contributor submitted their contribution to your campaign “${campaign.name}”. ${n} contribution${n === 1 ? " is" : "s are"} in.`,
  });
}

/** A campaign synthesis ended: its creator (who was told "you will be told when it is done") is told. */
export async function notifySynthesisEnded(
  ctx: AppContext,
  input: { campaignId: string; threadId: string; outcome: "completed" | "failed"; error?: string },
): Promise<number> {
  const campaign = await campaignOf(ctx, input.campaignId);
  if (!campaign?.createdById) return 0;
  const ok = input.outcome === "completed";
  return tell(ctx, [campaign.createdById], {
    kind: ok ? "synthesis-completed" : "synthesis-failed",
    dedupeKey: `synthesis:${input.threadId}:${input.outcome}`,
    title: ok ? `Findings ready for “${campaign.name}”` : `The synthesis of “${campaign.name}” failed`,
    body: ok ? "The anonymised synthesis is done: read the findings." : (input.error ?? "Open the campaign to run it again."),
    link: ok ? `/collaborate/campaigns/${enc(input.campaignId)}/findings` : `/collaborate/campaigns/${enc(input.campaignId)}`,
    emailText: ok
      ? `The synthesis of your campaign “${campaign.name}” is done. Its findings are ready to read.`
      : `The synthesis of your campaign “${campaign.name}” failed: ${input.error ?? "unknown error"}. Open the campaign to run it again.`,
  });
}

/**
 * An after-action report was published by someone other than the session's owner: the owner is told,
 * and that its Improvement Plan rows are now corrective actions on their list.
 */
export async function notifyAarPublished(
  ctx: AppContext,
  input: { sessionId: string; ownerId: string; actorId: string; exerciseName: string; actions: number },
): Promise<number> {
  if (input.ownerId === input.actorId) return 0;
  const by = await nameOf(ctx, input.actorId);
  let told = await tell(ctx, [input.ownerId], {
    kind: "aar-published",
    dedupeKey: `aar-published:${input.sessionId}`,
    title: `After-action report published: ${input.exerciseName}`,
    body: `${by} published it.`,
    link: `/conduct/sessions/${enc(input.sessionId)}/aar`,
    emailText: `${by} published the after-action report of “${input.exerciseName}”.`,
  });
  if (input.actions > 0) {
    told += await tell(ctx, [input.ownerId], {
      kind: "corrective-actions-assigned",
      dedupeKey: `corrective-actions-assigned:${input.sessionId}`,
      title: `${input.actions} corrective action${input.actions === 1 ? "" : "s"} assigned to you`,
      body: `From the after-action report of ${input.exerciseName}.`,
      link: "/improvement",
      emailText: `${input.actions} corrective action${input.actions === 1 ? "" : "s"} from the after-action report of “${input.exerciseName}” ${input.actions === 1 ? "is" : "are"} now tracked on your list, with reminders before each is due.`,
    });
  }
  return told;
}

const SHARED_NOUN = { document: "document", exercise: "exercise", brief: "brief" } as const;
const SHARED_LINK = { document: () => "/documents", exercise: (id: string) => `/exercise/${enc(id)}`, brief: () => "/intelligence" } as const;

/**
 * A team-shared document, exercise or brief was changed: the others it is shared with are told,
 * once a day per item (an exercise autosaves on every edit; a bell per keystroke helps nobody).
 * A private item has no audience, so the common case is one indexed read.
 */
export async function notifySharedItemChanged(
  ctx: AppContext,
  input: { kind: TeamShareKind; itemId: string; name: string; actorId: string; at: number },
): Promise<number> {
  try {
    const audience = (await teamShareAudience(ctx.env.DB, input.kind, input.itemId)).filter((id) => id !== input.actorId);
    if (audience.length === 0) return 0;
    const by = await nameOf(ctx, input.actorId);
    const noun = SHARED_NOUN[input.kind];
    const day = new Date(input.at).toISOString().slice(0, 10);
    return await tell(ctx, audience, {
      kind: "shared-item-changed",
      dedupeKey: `shared-item-changed:${input.kind}:${input.itemId}:${day}`,
      title: `${by} changed “${input.name}”`,
      body: `A ${noun} your team shares.`,
      link: SHARED_LINK[input.kind](input.itemId),
      emailText: `${by} changed the ${noun} “${input.name}”, which your team shares in Readyroom. You are told once a day per item.`,
    });
  } catch (err) {
    console.error(`[notifications] shared-item-changed ${input.kind} ${input.itemId}`, err);
    return 0;
  }
}
