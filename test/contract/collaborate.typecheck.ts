/**
 * Type-level proof of the typed client for campaigns, interviews, synthesis and exercises (issue 28
 * item 3), checked by `npm run typecheck` like typed-client.typecheck.ts: a renamed view field or
 * path stops a line below compiling, and a client decayed to `any` fails the `@ts-expect-error`s.
 */
import type { CampaignRoutes, CollaborateRoutes } from "../../worker/collaborate/routes";
import type { SynthesisRoutes } from "../../worker/collaborate/synthesis/routes";
import type { ExerciseRoutes } from "../../worker/exercises/routes";
import { apiClient, unwrap } from "../../web/lib/api-client";

const collaborate = apiClient<CollaborateRoutes>("/api/collaborate");
const campaigns = apiClient<CampaignRoutes>("/api/collaborate/campaigns");
const synthesis = apiClient<SynthesisRoutes>("/api/synthesis");
const exercises = apiClient<ExerciseRoutes>("/api/exercises");

export async function answersAreTheServersViews() {
  const campaign = await unwrap(campaigns[":id"].manage.$get({ param: { id: "c" } }));
  const creator: boolean = campaign.isCreator;
  const invited: string = campaign.invitations[0]!.email;
  // @ts-expect-error -- a field the campaign view does not have
  void campaign.owner;
  const { sent } = await unwrap(campaigns[":id"].reminders.$post({ param: { id: "c" }, json: {} }));
  const interview = await unwrap(collaborate.interviews[":id"].$get({ param: { id: "i" } }));
  const hazard: string = interview.hazard;
  const state = await unwrap(synthesis.state[":id"].$get({ param: { id: "c" }, query: { content: "summary" } }));
  const progress: number = state.progress;
  // @ts-expect-error -- the state view has no such field
  void state.percent;
  // A campaign exercise answers as a personal one: the same item router serves both.
  const lock = await unwrap(campaigns[":campaignId"].exercises[":id"].lock.$post({ param: { campaignId: "c", id: "e" } }));
  const mine = await unwrap(exercises[":id"].lock.$post({ param: { id: "e" } }));
  const held: boolean = lock.heldByYou && mine.heldByYou;
  return { creator, invited, sent, hazard, progress, held };
}

export async function pathsAndBodiesAreTheRoutersOwn() {
  // @ts-expect-error -- campaigns are closed with POST /:id/close, there is no /:id/archive
  await campaigns[":id"].archive.$post({ param: { id: "c" } });
  // @ts-expect-error -- interviews live under /api/collaborate, not under a campaign
  await campaigns[":id"].interviews.$get({ param: { id: "c" } });
  // @ts-expect-error -- the state variants are anonymized, summary and all
  await synthesis.state[":id"].$get({ param: { id: "c" }, query: { content: "everything" } });
  // @ts-expect-error -- an invitation needs an e-mail address
  await campaigns[":id"].invitations.$post({ param: { id: "c" }, json: { fullName: "A" } });
  // @ts-expect-error -- a save sends the exercise under `exercise`
  await campaigns[":campaignId"].exercises[":id"].update.$put({ param: { campaignId: "c", id: "e" }, json: { name: "Flood" } });
}
