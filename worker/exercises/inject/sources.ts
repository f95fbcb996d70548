import type { UserContext } from "../../context";
import { ownAlertSummary } from "../../alerts/service";
import { answerSourcesOf, ownChatMessage } from "../../intelligence/chat-message";
import { fetchCitedNwsAlert, SourceError, type NwsAlert } from "../../intelligence/sources";
import { badRequest } from "../../lib/errors";
import type { MselRow } from "../../../shared/db/exercise-shapes";
import type { InjectSource } from "../../../shared/exercises/inject-source";
import type { CapAlert } from "./cap-xml";
import { injectFromAlertSummary, injectFromAnswer, injectFromCap, injectFromCitation } from "./prefill";

/**
 * The inject a source gives, read as the caller: their own chat answer (or an official alert it
 * cites), or a summary of their own news alert. Someone else's chat or alert is "not found", like
 * a missing one. Reading changes nothing; a hazard alert is asked of NWS again for its full text.
 */
export async function injectFor(ctx: UserContext, source: InjectSource): Promise<MselRow> {
  if (source.kind === "alert-summary") {
    const { alert, summary } = await ownAlertSummary(ctx, source.alertId, source.summaryId);
    if (!summary.sourceCount)
      throw badRequest("That summary found no items, so there is nothing to turn into an inject. Pick a summary with sources.", "empty_source");
    return injectFromAlertSummary({
      queryText: alert.queryText,
      title: summary.title,
      content: summary.content,
      triggerDate: summary.triggerDate?.toISOString() ?? null,
    });
  }
  const { message, asked } = await ownChatMessage(ctx, source.chatId, source.messageIndex);
  if (message.role !== "assistant" || !message.content.trim()) {
    throw badRequest("That message is not an answer. Use an answer of the chat as an inject.", "validation_error", {
      fieldErrors: { messageIndex: "Not an answer." },
    });
  }
  const sources = answerSourcesOf(message);
  if (source.kind === "intel-answer") {
    const createdAt = typeof message.createdAt === "string" ? message.createdAt : null;
    return injectFromAnswer({ content: message.content, asked, createdAt, ...sources });
  }
  const citation = sources.citations.find((c) => c.n === source.n);
  if (!citation || citation.kind !== "hazard-alert") {
    throw badRequest(`Source ${source.n} of that answer is not an official hazard alert.`, "validation_error", { fieldErrors: { n: "Not a hazard alert." } });
  }
  try {
    const alert = await fetchCitedNwsAlert(ctx, citation.itemId);
    return injectFromCap(capOfNws(alert), { label: "a National Weather Service alert", url: alert["@id"] ?? alert.featureId ?? citation.url });
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    console.warn(`[inject] ${citation.itemId}: ${err.kind} ${err.message}`);
    return injectFromCitation(
      citation,
      `${citation.sourceName || "The issuer"} could not give its full text when the inject was made (${err.message.replace(/\.$/, "")}).`,
    );
  }
}

/** NWS's GeoJSON properties are CAP's fields under CAP's names. */
function capOfNws(alert: NwsAlert): CapAlert {
  return {
    identifier: alert.id,
    sender: alert.sender ?? alert.senderName ?? "NWS",
    sent: alert.sent,
    status: alert.status ?? "Actual",
    msgType: alert.messageType ?? "Alert",
    note: null,
    info: {
      language: "en-US",
      category: alert.category ?? null,
      event: alert.event,
      urgency: alert.urgency ?? null,
      severity: alert.severity ?? null,
      certainty: alert.certainty ?? null,
      effective: alert.effective ?? null,
      onset: null,
      expires: alert.expires ?? null,
      senderName: alert.senderName ?? null,
      headline: alert.headline ?? null,
      description: alert.description ?? null,
      instruction: alert.instruction ?? null,
      web: null,
      areaDesc: alert.areaDesc ? [alert.areaDesc] : [],
    },
  };
}
