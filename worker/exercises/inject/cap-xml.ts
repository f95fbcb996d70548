import { attribute, xmlTokens } from "../../documents/parse/xml-tokens";

/**
 * CAP alerts (OASIS Common Alerting Protocol 1.2) read from XML: what an inject needs of each
 * <alert> — its identity and time, and the <info> block to use (the first in English, else the
 * first). One forward pass over the tokens (worker/documents/parse/xml-tokens.ts, linear in the
 * length), so a file's size bounds the time. Not a validating parser: an <alert> in the CAP
 * namespace with identifier, sender, sent, status and msgType is read; anything else is refused by
 * the caller with a message.
 */

type CapInfo = {
  language: string | null;
  category: string | null;
  event: string | null;
  urgency: string | null;
  severity: string | null;
  certainty: string | null;
  effective: string | null;
  onset: string | null;
  expires: string | null;
  senderName: string | null;
  headline: string | null;
  description: string | null;
  instruction: string | null;
  web: string | null;
  areaDesc: string[];
};

export type CapAlert = {
  identifier: string;
  sender: string;
  /** As the alert wrote it (ISO-8601 with the issuer's offset). */
  sent: string;
  status: string;
  msgType: string;
  note: string | null;
  info: CapInfo | null;
};

/** A document that holds no CAP alert, or one missing what CAP requires: `message` says which. */
export class CapFormatError extends Error {
  override readonly name = "CapFormatError";
}

const CAP_NAMESPACE = /^urn:oasis:names:tc:emergency:cap:1\.[0-2]$/;
const REQUIRED = ["identifier", "sender", "sent", "status", "msgType"] as const;
const ALERT_FIELDS = new Set<string>([...REQUIRED, "note"]);
const INFO_FIELDS = new Set<string>([
  "language",
  "category",
  "event",
  "urgency",
  "severity",
  "certainty",
  "effective",
  "onset",
  "expires",
  "senderName",
  "headline",
  "description",
  "instruction",
  "web",
]);
/** One field's text is cut here: an alert's description is a few KB; the MSEL cell is not a document. */
const FIELD_MAX = 20_000;

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const prefixOf = (name: string) => (name.includes(":") ? name.slice(0, name.indexOf(":")) : "");

type Draft = { fields: Map<string, string>; infos: { fields: Map<string, string>; areas: string[] }[] };

function emptyInfo(): CapInfo {
  return {
    language: null,
    category: null,
    event: null,
    urgency: null,
    severity: null,
    certainty: null,
    effective: null,
    onset: null,
    expires: null,
    senderName: null,
    headline: null,
    description: null,
    instruction: null,
    web: null,
    areaDesc: [],
  };
}

function toInfo(draft: Draft["infos"][number]): CapInfo {
  const info = emptyInfo();
  for (const [key, value] of draft.fields) if (value.trim()) (info as Record<string, unknown>)[key] = value.trim();
  info.areaDesc = draft.areas.map((a) => a.trim()).filter(Boolean);
  return info;
}

/** CAP says a missing language is en-US: the English block is the one a US planner's MSEL wants. */
const english = (info: CapInfo) => !info.language || /^en\b/i.test(info.language);

function toAlert(draft: Draft, position: number): CapAlert {
  const field = (name: string) => draft.fields.get(name)?.trim() || null;
  const missing = REQUIRED.filter((name) => !field(name));
  if (missing.length) {
    throw new CapFormatError(
      `Alert ${position} has no ${missing.map((m) => `<${m}>`).join(", ")}: a CAP 1.2 alert needs identifier, sender, sent, status and msgType.`,
    );
  }
  const infos = draft.infos.map(toInfo);
  return {
    identifier: field("identifier")!,
    sender: field("sender")!,
    sent: field("sent")!,
    status: field("status")!,
    msgType: field("msgType")!,
    note: field("note"),
    info: infos.find(english) ?? infos[0] ?? null,
  };
}

/**
 * Every CAP <alert> in an XML document, in document order (one, as CAP writes it, or several under
 * a wrapper). Throws CapFormatError when there is none or one lacks a required element.
 */
export function parseCapXml(xml: string): CapAlert[] {
  const alerts: CapAlert[] = [];
  const namespaces = new Map<string, string>();
  const stack: string[] = [];
  let alert: Draft | null = null;
  let alertDepth = -1;
  let info: Draft["infos"][number] | null = null;
  let area: string | null = null;
  // The element whose text is being read: only the first of a name counts (an info has several <category>).
  let target: { fields: Map<string, string>; name: string } | null = null;
  for (const token of xmlTokens(xml.replace(/^\ufeff/, ""))) {
    if (token.kind === "open") {
      for (const m of token.attributes.matchAll(/xmlns(?::([\w.-]+))?\s*=/g)) {
        const value = attribute(token.attributes, m[1] ? `xmlns:${m[1]}` : "xmlns");
        if (value !== undefined) namespaces.set(m[1] ?? "", value);
      }
      const name = localName(token.name);
      if (token.selfClosing) continue;
      stack.push(name);
      if (!alert && name === "alert" && CAP_NAMESPACE.test(namespaces.get(prefixOf(token.name)) ?? "")) {
        alert = { fields: new Map(), infos: [] };
        alertDepth = stack.length;
      } else if (alert && name === "info" && stack.length === alertDepth + 1) {
        info = { fields: new Map(), areas: [] };
        alert.infos.push(info);
      } else if (info && name === "areaDesc") area = "";
      else if (info && stack.length === alertDepth + 2 && INFO_FIELDS.has(name)) target = capture(info.fields, name);
      else if (alert && !info && stack.length === alertDepth + 1 && ALERT_FIELDS.has(name)) target = capture(alert.fields, name);
      continue;
    }
    if (token.kind === "close") {
      const name = stack.pop();
      target = null;
      if (name === "areaDesc" && info && area !== null) {
        info.areas.push(area);
        area = null;
      } else if (name === "info") info = null;
      else if (alert && name === "alert" && stack.length === alertDepth - 1) {
        alerts.push(toAlert(alert, alerts.length + 1));
        alert = null;
      }
      continue;
    }
    if (area !== null) area = append(area, token.text);
    else if (target) target.fields.set(target.name, append(target.fields.get(target.name) ?? "", token.text));
  }
  if (alerts.length === 0) {
    throw new CapFormatError("This file has no CAP alert: expected an <alert> element in the CAP 1.2 namespace (urn:oasis:names:tc:emergency:cap:1.2).");
  }
  return alerts;
}

function capture(fields: Map<string, string>, name: string): { fields: Map<string, string>; name: string } | null {
  if (fields.has(name)) return null;
  fields.set(name, "");
  return { fields, name };
}

const append = (text: string, more: string) => (text.length >= FIELD_MAX ? text : (text + more).slice(0, FIELD_MAX));
