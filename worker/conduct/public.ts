import type { AppContext } from "../context";
import { notFound } from "../lib/errors";
import { findLink, type LinkWithSession } from "./access";
import { CONDUCT_MESSAGES, type AnswerInput, type ObservationInput } from "../../shared/conduct/model";
import { sessionObject, unwrap } from "./session-object";
import type { SubmitAck, TokenStateView } from "../../shared/conduct/views";

/**
 * What a public conduct link may do (issue 15), with no account: read its state, and send the
 * group's answers (player links) or the evaluator's observations (evaluator links). Any other link
 * — unknown, revoked, a feedback form's, or the wrong role — is the same 404.
 */

/** A player or evaluator link; a feedback link has no conduct page. */
export async function findConductLink(
  ctx: AppContext,
  token: string,
  role?: "player" | "evaluator",
): Promise<LinkWithSession & { role: "player" | "evaluator" }> {
  const found = await findLink(ctx, token, role);
  const linkRole = found.link.role;
  if (linkRole === "feedback") throw notFound(CONDUCT_MESSAGES.linkNotFound);
  return { ...found, role: linkRole };
}

export async function getTokenState(ctx: AppContext, token: string): Promise<TokenStateView> {
  const { link, session, role } = await findConductLink(ctx, token);
  const object = sessionObject(ctx, session.id);
  return role === "player" ? unwrap(object.playerState(link.id)) : unwrap(object.evaluatorState(link.id));
}

export async function submitAnswer(ctx: AppContext, token: string, input: AnswerInput): Promise<SubmitAck> {
  const { link, session } = await findConductLink(ctx, token, "player");
  return unwrap(sessionObject(ctx, session.id).answer(link.id, input));
}

export async function submitObservation(ctx: AppContext, token: string, input: ObservationInput): Promise<SubmitAck> {
  const { link, session } = await findConductLink(ctx, token, "evaluator");
  return unwrap(sessionObject(ctx, session.id).observe(link.id, input));
}
