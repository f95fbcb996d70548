import { strToU8, zipSync } from "fflate";
import type { MselRow } from "../../../shared/db/exercise-shapes";
import { conflict } from "../../lib/errors";
import { xmlEscape } from "../../lib/xml";
import { eventNumber, fieldText, hasInjectText } from "./msel-fields";

/**
 * The MSEL's alert and warning injects as OASIS CAP 1.2 messages (issue 32 item 9), for alerting
 * systems and simulation cells: one <alert> per inject, each marked as an exercise everywhere CAP
 * allows (status Exercise, scope Restricted, note "EXERCISE EXERCISE EXERCISE").
 *
 * Which injects are alerts (the rule the README states too): an inject whose category or inject mode
 * names an alert or an alerting channel (alert, warning, watch, advisory, EAS, WEA, IPAWS, siren,
 * NOAA Weather Radio, mass or emergency notification, reverse 911), or whose synopsis or message
 * quotes an issued one ("Flash Flood Warning", "Tornado Watch", "evacuation order", "shelter-in-place
 * order", "boil water notice", "AMBER Alert", "emergency alert"). A phone call to the EOC about
 * rising water is not an alert; the warning the NWS issues about it is.
 *
 * The inject's fields map onto <info>: event = the warning quoted, else the category; headline =
 * synopsis; description = message; instruction = expected action; senderName = from; audience = to;
 * contact = POC. urgency, severity and certainty follow the kind of message (a warning or an order is
 * Immediate / Severe / Likely, a watch Future / Severe / Possible, an advisory or notice Expected /
 * Minor / Likely, anything else Unknown), and the CAP category from the hazard the text names.
 */

const CAP_NAMESPACE = "urn:oasis:names:tc:emergency:cap:1.2";
export const EXERCISE_NOTE = "EXERCISE EXERCISE EXERCISE";

// Each is a flat alternation of words (no nested repetition): linear time on any text.
const ALERT_CHANNEL =
  /\b(?:alerts?|alerting|warnings?|watch|advisory|eas|wea|ipaws|sirens?|noaa weather radio|nwr|reverse 911|mass notification|emergency notification|emergency broadcast)\b/i;
const HAZARDS =
  "flash flood|flood|coastal flood|tornado|severe thunderstorm|thunderstorm|hurricane|tropical storm|storm surge|tsunami|winter storm|blizzard|ice storm|wind chill|excessive heat|heat|extreme cold|high wind|red flag|fire weather|fire|dust storm|air quality|earthquake|volcano|avalanche|dam failure|levee failure|hazardous materials|civil emergency|law enforcement|shelter in place|evacuation|911 telephone outage|child abduction";
const QUOTED_WARNING = new RegExp(`\\b(?:${HAZARDS})\\s+(?:warning|watch|advisory|emergency|statement)\\b`, "i");
const QUOTED_ORDER =
  /\b(?:evacuation (?:order|warning|notice)|shelter[- ]in[- ]place (?:order|warning|alert)|boil[- ]water (?:notice|advisory|order)|amber alert|wireless emergency alert|emergency alert)\b/i;

/** True when the inject is an alert or warning (the rule above). */
export function isAlertInject(row: MselRow): boolean {
  if (ALERT_CHANNEL.test(fieldText(row.category)) || ALERT_CHANNEL.test(fieldText(row.injectMode))) return true;
  const prose = `${fieldText(row.synopsis)}\n${fieldText(row.message)}`;
  return QUOTED_WARNING.test(prose) || QUOTED_ORDER.test(prose);
}

type Kind = { urgency: string; severity: string; certainty: string };
const KINDS: [RegExp, Kind][] = [
  [/\b(?:warning|order|emergency)\b/i, { urgency: "Immediate", severity: "Severe", certainty: "Likely" }],
  [/\bwatch\b/i, { urgency: "Future", severity: "Severe", certainty: "Possible" }],
  [/\b(?:advisory|notice|statement)\b/i, { urgency: "Expected", severity: "Minor", certainty: "Likely" }],
];
const UNKNOWN_KIND: Kind = { urgency: "Unknown", severity: "Unknown", certainty: "Unknown" };

/** CAP's <category> from the hazard the text names; the first match wins, Other when none does. */
const CATEGORIES: [string, RegExp][] = [
  ["CBRNE", /\b(?:hazmat|hazardous materials?|chemical|radiological|radiation|nuclear|biological|explosives?|bomb|chlorine|ammonia)\b/i],
  ["Fire", /\b(?:fire|wildfire|red flag|smoke)\b/i],
  ["Geo", /\b(?:earthquake|tsunami|volcan\w*|landslide|avalanche|sinkhole)\b/i],
  ["Met", /\b(?:flood\w*|tornado|thunderstorm|hurricane|tropical|storm|blizzard|winter|snow|ice|heat|cold|wind|weather|rain)\b/i],
  ["Health", /\b(?:pandemic|outbreak|disease|virus|illness|influenza|measles|public health|boil[- ]water|contamina\w*)\b/i],
  ["Security", /\b(?:shooter|assailant|terror\w*|cyber\w*|ransomware|hostage|law enforcement|suspicious)\b/i],
  ["Rescue", /\b(?:rescue|missing|search|abduct\w*|amber)\b/i],
  ["Transport", /\b(?:rail|train|derailment|highway|road|traffic|airport|aircraft|bridge closure|transit)\b/i],
  ["Infra", /\b(?:power|outage|grid|water main|dam|levee|infrastructure|telecom\w*|911 outage)\b/i],
  ["Safety", /\b(?:evacuat\w*|shelter|safety)\b/i],
  ["Env", /\b(?:spill|air quality|environment\w*|pollution)\b/i],
];

function capCategory(text: string): string {
  return CATEGORIES.find(([, re]) => re.test(text))?.[0] ?? "Other";
}

function responseType(text: string): string | null {
  if (/\bevacuat\w*/i.test(text)) return "Evacuate";
  if (/\bshelter[- ]in[- ]place\b/i.test(text)) return "Shelter";
  return null;
}

/** "2026-03-31T12:00:00-00:00": CAP forbids "Z" and writes UTC as -00:00. */
function capDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "-00:00");
}

/** CAP identifiers and senders may not hold spaces, commas, < or &. */
const capToken = (value: string) => value.replace(/[\s,<&]+/g, "-");

export type CapContext = { exerciseId: string; exerciseName: string; threatType: string; host: string; sent: Date };

const element = (name: string, value: string) => (value ? `    <${name}>${xmlEscape(value)}</${name}>\n` : "");

/** One inject as one CAP alert document (`index`: its row in the MSEL, from 0). */
export function injectToCap(row: MselRow, index: number, context: CapContext): string {
  const synopsis = fieldText(row.synopsis);
  const message = fieldText(row.message);
  const prose = `${synopsis}\n${message}`;
  const quoted = QUOTED_WARNING.exec(prose)?.[0] ?? QUOTED_ORDER.exec(prose)?.[0] ?? "";
  const rowCategory = fieldText(row.category);
  const event = quoted || rowCategory || fieldText(context.threatType) || "Exercise inject";
  const kind = KINDS.find(([re]) => re.test(quoted || `${rowCategory} ${prose}`))?.[1] ?? UNKNOWN_KIND;
  // The exercise's hazard decides when the inject's own words name none.
  const named = capCategory(`${rowCategory} ${prose}`);
  const category = named === "Other" ? capCategory(context.threatType) : named;
  const response = responseType(prose);
  const number = eventNumber(row, index);
  const stamp = capDateTime(context.sent).slice(0, 19).replace(/\D/g, "");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<alert xmlns="${CAP_NAMESPACE}">\n` +
    `  <identifier>${xmlEscape(capToken(`${context.host}.${context.exerciseId}.${index + 1}.${stamp}`))}</identifier>\n` +
    `  <sender>${xmlEscape(capToken(`readyroom-exercise@${context.host}`))}</sender>\n` +
    `  <sent>${capDateTime(context.sent)}</sent>\n` +
    "  <status>Exercise</status>\n  <msgType>Alert</msgType>\n" +
    `  <source>${xmlEscape(`Readyroom exercise “${context.exerciseName}”, MSEL event ${number}`)}</source>\n` +
    "  <scope>Restricted</scope>\n" +
    `  <restriction>${xmlEscape(`Participants of the exercise “${context.exerciseName}” only. Not a real alert.`)}</restriction>\n` +
    `  <note>${EXERCISE_NOTE}</note>\n` +
    "  <info>\n    <language>en-US</language>\n" +
    element("category", category) +
    element("event", event) +
    (response ? element("responseType", response) : "") +
    element("urgency", kind.urgency) +
    element("severity", kind.severity) +
    element("certainty", kind.certainty) +
    element("audience", fieldText(row.to)) +
    element("senderName", fieldText(row.from)) +
    element("headline", synopsis) +
    element("description", message) +
    element("instruction", fieldText(row.expectedAction)) +
    element("contact", fieldText(row.pocAuthor)) +
    `    <parameter>\n      <valueName>MSELEvent</valueName>\n      <value>${xmlEscape(number)}</value>\n    </parameter>\n` +
    "  </info>\n</alert>\n"
  );
}

const NO_ALERT_INJECTS_MESSAGE =
  "This MSEL has no alert or warning injects to export as CAP. CAP takes injects whose Category or Inject mode names an alert (Alert, Warning, EAS, WEA…) or whose synopsis quotes one (“Flash Flood Warning”, “evacuation order”). Set the Category of the injects that are alerts to “Alert” and export again.";

/** The alert injects as CAP: one XML document, or a zip of one per inject when there are several. */
export function mselToCap(rows: MselRow[], context: CapContext): { body: Uint8Array | string; zipped: boolean; count: number } {
  const alerts = rows.map((row, index) => ({ row, index })).filter(({ row }) => hasInjectText(row) && isAlertInject(row));
  if (!alerts.length) throw conflict(NO_ALERT_INJECTS_MESSAGE, "no_alert_injects");
  if (alerts.length === 1) return { body: injectToCap(alerts[0]!.row, alerts[0]!.index, context), zipped: false, count: 1 };
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const { row, index } of alerts) {
    const event = fieldText(row.event);
    const name = `inject-${String(index + 1).padStart(3, "0")}${event ? `-event-${capToken(event).replace(/[^A-Za-z0-9-]/g, "")}` : ""}.xml`;
    files[name] = [strToU8(injectToCap(row, index, context)), { mtime: context.sent }];
  }
  return { body: zipSync(files, { level: 6 }), zipped: true, count: alerts.length };
}
