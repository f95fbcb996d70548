import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { campaignConversationRoutes } from "../conversations/routes";
import { campaignExerciseRoutes } from "../exercises/campaign-routes";
import { describe } from "../lib/route-meta";
import { jsonBody, paramSchema, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { campaignDetail, campaignForCreator, closeCampaign, createCampaign, listCampaigns } from "./campaigns";
import { campaignFindingsRoutes } from "./findings/routes";
import { discussionGuide } from "./guide";
import { answerInterview, getInterview, listMyInterviews, submitInterview } from "./interviews";
import { inviteContributor, resendContributorInvitation, revokeContributorInvitation } from "./invitations";
import { acceptCampaignInvitation, inspectCampaignInvitation } from "./join";
import { createCampaignBodySchema, interviewAnswerBodySchema, inviteContributorBodySchema } from "../../shared/collaborate/model";
import { remindContributors } from "./reminders";

const id = z.string().trim().min(1, "An id is required.").max(100, "That id is too long.");
const idParam = paramSchema(z.object({ id }));
const invitationParam = paramSchema(z.object({ id, invitationId: id }));
const remindersBody = z.object({ contributorIds: z.array(id).max(500).optional() }).strict();
const tokenBody = z.object({ token: z.string().trim().min(1, "The invitation token is missing.").max(200) }).strict();
const tokenQuery = z.object({ token: z.string().optional() });

/** Small JSON bodies only: campaign briefs are a few KB. */
const BODY_MAX = 64 * 1024;

/**
 * Campaigns (/api/collaborate/campaigns): their management by the team's ADMINs and
 * CAMPAIGN_MANAGERs with the collaborate flag (anyone else gets 404: worker/collaborate/access.ts),
 * their findings, and their exercises with the design assistant (the exercise and conversation
 * routers, mounted here because collaborate may import both and neither imports collaborate).
 * GET /:id is spec §7's read, which answers only the creator (the ownership check); the campaign
 * page reads /:id/manage. Signed in by the /api/collaborate router below.
 */
const campaignRoutes = new Hono<AppEnv>()
  .get("/", describe({ summary: "The campaigns of the caller's teams" }), async (c) => c.json({ campaigns: await listCampaigns(ctxOf(c)) }))
  .post("/", describe({ summary: "Create a campaign" }), jsonBody(createCampaignBodySchema, { maxBytes: BODY_MAX }), async (c) =>
    c.json({ campaign: await createCampaign(ctxOf(c), c.req.valid("json")) }, 201),
  )
  .get("/:id", describe({ summary: "A campaign, for its creator only", errors: [403] }), idParam, async (c) =>
    c.json(await campaignForCreator(ctxOf(c), c.req.valid("param").id)),
  )
  .get("/:id/manage", describe({ summary: "A campaign with its contributors and invitations, for its managers" }), idParam, async (c) =>
    c.json(await campaignDetail(ctxOf(c), c.req.valid("param").id)),
  )
  .post(
    "/:id/invitations",
    describe({ summary: "Invite a contributor by e-mail", errors: [409, 429] }),
    idParam,
    jsonBody(inviteContributorBodySchema, { maxBytes: BODY_MAX }),
    async (c) => c.json({ invitation: await inviteContributor(ctxOf(c), c.req.valid("param").id, c.req.valid("json")) }, 201),
  )
  .post(
    "/:id/invitations/:invitationId/resend",
    describe({ summary: "Send an invitation again, with a fresh link", errors: [409, 429] }),
    invitationParam,
    async (c) => {
      const p = c.req.valid("param");
      return c.json({ invitation: await resendContributorInvitation(ctxOf(c), p.id, p.invitationId) });
    },
  )
  .delete("/:id/invitations/:invitationId", describe({ summary: "Withdraw an invitation", errors: [409] }), invitationParam, async (c) => {
    const p = c.req.valid("param");
    return c.json({ invitation: await revokeContributorInvitation(ctxOf(c), p.id, p.invitationId) });
  })
  .post(
    "/:id/reminders",
    describe({ summary: "Remind contributors who have not submitted", errors: [409] }),
    idParam,
    jsonBody(remindersBody, { maxBytes: BODY_MAX }),
    async (c) => c.json(await remindContributors(ctxOf(c), c.req.valid("param").id, c.req.valid("json").contributorIds)),
  )
  .post("/:id/close", describe({ summary: "Close a campaign to contributions", errors: [409] }), idParam, async (c) =>
    c.json({ campaign: await closeCampaign(ctxOf(c), c.req.valid("param").id) }),
  )
  .get("/:id/guide", describe({ summary: "Download the campaign's discussion guide (Markdown)", produces: "text/markdown" }), idParam, async (c) => {
    const guide = await discussionGuide(ctxOf(c), c.req.valid("param").id);
    return c.body(guide.markdown, 200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="${guide.filename}"`,
      "cache-control": "no-store",
    });
  })
  .route("/", campaignFindingsRoutes)
  .route("/:campaignId/exercises", campaignExerciseRoutes)
  .route("/:campaignId/exercises", campaignConversationRoutes);

export type CampaignRoutes = typeof campaignRoutes;

/**
 * /api/collaborate: the contributor's side — their interviews (404 to anyone but the author) and
 * accepting an invitation link while signed in — and the campaigns above. One router for both, as
 * its sign-in covers every path under /api/collaborate.
 */
export const collaborateRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/interviews", describe({ summary: "The caller's interviews" }), async (c) => c.json({ interviews: await listMyInterviews(ctxOf(c)) }))
  .get("/interviews/:id", describe({ summary: "One of the caller's interviews", errors: [409] }), idParam, async (c) =>
    c.json(await getInterview(ctxOf(c), c.req.valid("param").id)),
  )
  .post(
    "/interviews/:id/answers",
    describe({ summary: "Answer the interview's current question", errors: [402, 409] }),
    idParam,
    jsonBody(interviewAnswerBodySchema, { maxBytes: BODY_MAX }),
    async (c) => c.json(await answerInterview(ctxOf(c), c.req.valid("param").id, c.req.valid("json").answer)),
  )
  .post("/interviews/:id/submit", describe({ summary: "Submit the interview", errors: [409] }), idParam, async (c) =>
    c.json(await submitInterview(ctxOf(c), c.req.valid("param").id)),
  )
  .get("/join", describe({ summary: "What a campaign invitation link leads to, for the signed-in caller" }), querySchema(tokenQuery), async (c) => {
    const user = c.get("user");
    return c.json(await inspectCampaignInvitation(ctxOf(c), c.req.valid("query").token, { id: user.id, email: user.email }));
  })
  .post("/join", describe({ summary: "Accept a campaign invitation", errors: [403, 409, 410] }), jsonBody(tokenBody, { maxBytes: BODY_MAX }), async (c) =>
    c.json(await acceptCampaignInvitation(ctxOf(c), c.req.valid("json").token, c.get("user").email), 201),
  )
  .route("/campaigns", campaignRoutes);

export type CollaborateRoutes = typeof collaborateRoutes;
