import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { parseWith, readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { campaignDetail, campaignForCreator, closeCampaign, createCampaign, listCampaigns } from "./campaigns";
import { discussionGuide } from "./guide";
import { answerInterview, getInterview, listMyInterviews, submitInterview } from "./interviews";
import { inviteContributor, resendContributorInvitation, revokeContributorInvitation } from "./invitations";
import { acceptCampaignInvitation, inspectCampaignInvitation } from "./join";
import { createCampaignBodySchema, interviewAnswerBodySchema, inviteContributorBodySchema } from "../../shared/collaborate/model";
import { remindContributors } from "./reminders";

const id = z.string().trim().min(1, "An id is required.").max(100, "That id is too long.");
const campaignParam = z.object({ id });
const invitationParam = z.object({ id, invitationId: id });
const remindersBody = z.object({ contributorIds: z.array(id).max(500).optional() }).strict();
const tokenBody = z.object({ token: z.string().trim().min(1, "The invitation token is missing.").max(200) }).strict();

/** Small JSON bodies only: campaign briefs are a few KB. */
const BODY_MAX = 64 * 1024;

/**
 * Campaign management (/api/collaborate/campaigns): the team's ADMINs and CAMPAIGN_MANAGERs with the
 * collaborate flag; anyone else gets 404 (worker/collaborate/access.ts). GET /:id is spec §7's read,
 * which answers only the creator (the ownership check); the campaign page reads /:id/manage.
 * Middleware per route: a router-wide `use` would also wrap the campaign exercise routes mounted
 * under the same prefix (they run their own).
 */
export const campaignRoutes = new Hono<AppEnv>()
  .get("/", requireUser, async (c) => c.json({ campaigns: await listCampaigns(ctxOf(c)) }))
  .post("/", requireUser, async (c) => {
    const body = await readJson(c, createCampaignBodySchema, BODY_MAX);
    return c.json({ campaign: await createCampaign(ctxOf(c), body) }, 201);
  })
  .get("/:id", requireUser, async (c) => c.json(await campaignForCreator(ctxOf(c), parseWith(campaignParam, c.req.param()).id)))
  .get("/:id/manage", requireUser, async (c) => c.json(await campaignDetail(ctxOf(c), parseWith(campaignParam, c.req.param()).id)))
  .post("/:id/invitations", requireUser, async (c) => {
    const { id: campaignId } = parseWith(campaignParam, c.req.param());
    const body = await readJson(c, inviteContributorBodySchema, BODY_MAX);
    return c.json({ invitation: await inviteContributor(ctxOf(c), campaignId, body) }, 201);
  })
  .post("/:id/invitations/:invitationId/resend", requireUser, async (c) => {
    const p = parseWith(invitationParam, c.req.param());
    return c.json({ invitation: await resendContributorInvitation(ctxOf(c), p.id, p.invitationId) });
  })
  .delete("/:id/invitations/:invitationId", requireUser, async (c) => {
    const p = parseWith(invitationParam, c.req.param());
    return c.json({ invitation: await revokeContributorInvitation(ctxOf(c), p.id, p.invitationId) });
  })
  .post("/:id/reminders", requireUser, async (c) => {
    const { id: campaignId } = parseWith(campaignParam, c.req.param());
    const body = await readJson(c, remindersBody, BODY_MAX);
    return c.json(await remindContributors(ctxOf(c), campaignId, body.contributorIds));
  })
  .post("/:id/close", requireUser, async (c) => c.json({ campaign: await closeCampaign(ctxOf(c), parseWith(campaignParam, c.req.param()).id) }))
  .get("/:id/guide", requireUser, async (c) => {
    const guide = await discussionGuide(ctxOf(c), parseWith(campaignParam, c.req.param()).id);
    return c.body(guide.markdown, 200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="${guide.filename}"`,
      "cache-control": "no-store",
    });
  });

/**
 * The contributor's side (/api/collaborate): their interviews (404 to anyone but the author) and
 * accepting an invitation link while signed in.
 */
export const contributorRoutes = new Hono<AppEnv>()
  .get("/interviews", requireUser, async (c) => c.json({ interviews: await listMyInterviews(ctxOf(c)) }))
  .get("/interviews/:id", requireUser, async (c) => c.json(await getInterview(ctxOf(c), parseWith(campaignParam, c.req.param()).id)))
  .post("/interviews/:id/answers", requireUser, async (c) => {
    const { id: interviewId } = parseWith(campaignParam, c.req.param());
    const { answer } = await readJson(c, interviewAnswerBodySchema, BODY_MAX);
    return c.json(await answerInterview(ctxOf(c), interviewId, answer));
  })
  .post("/interviews/:id/submit", requireUser, async (c) => c.json(await submitInterview(ctxOf(c), parseWith(campaignParam, c.req.param()).id)))
  .get("/join", requireUser, async (c) => {
    const user = c.get("user");
    return c.json(await inspectCampaignInvitation(ctxOf(c), c.req.query("token"), { id: user.id, email: user.email }));
  })
  .post("/join", requireUser, async (c) => {
    const { token } = await readJson(c, tokenBody, BODY_MAX);
    return c.json(await acceptCampaignInvitation(ctxOf(c), token, c.get("user").email), 201);
  });
