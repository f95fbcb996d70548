import { decodeText } from "../../documents/parse/text";
import { ParseError } from "../../documents/parse/types";
import { ZipArchive, ZipLimitError, type ZipLimits } from "../../documents/parse/zip";
import { badRequest, payloadTooLarge } from "../../lib/errors";
import { CapFormatError, parseCapXml, type CapAlert } from "./cap-xml";

/**
 * A CAP file as uploaded: one alert's XML, or a zip of such files. Bounded: the file's size, the
 * zip's entries and what they expand to, and the number of alerts; every refusal is a 4xx with
 * what to do, and nothing is written (the caller appends only what this returns).
 */

/** Largest CAP file (an alert is a few KB; a zip of a storm's alerts well under this). */
export const CAP_MAX_BYTES = 2 * 1024 * 1024;
/** Most alerts one file may add: a season's worth of one office's warnings, not a feed archive. */
const CAP_MAX_ALERTS = 200;

const CAP_ZIP_LIMITS: ZipLimits = { maxEntries: 1_000, maxTotalSize: 32 * 1024 * 1024, maxEntrySize: 2 * 1024 * 1024 };
const MB = 1024 * 1024;

export type CapFileAlert = { alert: CapAlert; entry: string | null };

const notCap = (message: string) => badRequest(message, "not_cap");
const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function alertsOf(bytes: ArrayBuffer, where: string): CapAlert[] {
  try {
    return parseCapXml(decodeText(bytes));
  } catch (err) {
    if (err instanceof CapFormatError) throw notCap(`${where}: ${err.message}`);
    if (err instanceof ParseError) throw notCap(`${where} is not an XML file. Choose a CAP 1.2 alert (.xml) or a zip of them.`);
    throw err;
  }
}

function zipAlerts(bytes: Uint8Array, fileName: string): CapFileAlert[] {
  let zip: ZipArchive;
  try {
    zip = ZipArchive.open(bytes, CAP_ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ZipLimitError) throw notCap(`${fileName} is larger than a zip of CAP alerts can be. Send at most ${CAP_MAX_ALERTS} alerts at a time.`);
    throw notCap(`${fileName} could not be opened as a zip. Zip the CAP .xml files again, or send one alert's .xml file.`);
  }
  const names = [...zip.entries.keys()].filter((n) => /\.xml$/i.test(n) && !n.startsWith("__MACOSX/") && !n.endsWith("/")).sort();
  if (names.length === 0) throw notCap(`${fileName} holds no .xml file. A CAP zip holds one CAP 1.2 alert per .xml file.`);
  const found: CapFileAlert[] = [];
  for (const name of names) {
    let bytes: Uint8Array | null;
    try {
      bytes = zip.read(name);
    } catch {
      throw notCap(`${name} in ${fileName} could not be read (damaged, encrypted or over ${CAP_ZIP_LIMITS.maxEntrySize / MB} MB). Zip the alerts again.`);
    }
    for (const alert of alertsOf(bytes!.slice().buffer, `${name} in ${fileName}`)) found.push({ alert, entry: name });
    if (found.length > CAP_MAX_ALERTS) throw notCap(`${fileName} holds more than ${CAP_MAX_ALERTS} alerts. Send them in smaller zips.`);
  }
  return found;
}

/** The alerts of an uploaded CAP file (XML or zip), in file order; a 4xx for anything else. */
export function readCapFile(buffer: ArrayBuffer, fileName: string): CapFileAlert[] {
  if (buffer.byteLength === 0) throw notCap(`${fileName} is empty. Choose a CAP 1.2 alert (.xml) or a zip of them.`);
  if (buffer.byteLength > CAP_MAX_BYTES) throw payloadTooLarge(`${fileName} is over ${CAP_MAX_BYTES / MB} MB. Send fewer alerts at a time.`);
  const bytes = new Uint8Array(buffer);
  if (isZip(bytes)) return zipAlerts(bytes, fileName);
  const alerts = alertsOf(buffer, fileName);
  if (alerts.length > CAP_MAX_ALERTS) throw notCap(`${fileName} holds more than ${CAP_MAX_ALERTS} alerts. Send them in smaller files.`);
  return alerts.map((alert) => ({ alert, entry: null }));
}
