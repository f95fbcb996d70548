import { CfbFormatError, type CompoundFile, withCompoundFile } from "./cfb";
import { attachmentSection, bodyText, MAX_DEPTH, MAX_PARTS, messageSections } from "./mail";
import { parseRtf } from "./rtf";
import { finish, ParseError, type ParsedDocument, type ParsedSection } from "./types";

const NOT_MSG = "This file could not be opened as an Outlook message. In Outlook, save the message as .eml (or forward it as an attachment) and upload that.";

/** MAPI property ids read here (MS-OXPROPS). */
const P = {
  SUBJECT: 0x0037,
  CLIENT_SUBMIT_TIME: 0x0039,
  SENDER_NAME: 0x0c1a,
  SENDER_EMAIL: 0x0c1f,
  SENDER_SMTP: 0x5d01,
  RECIPIENT_TYPE: 0x0c15,
  DISPLAY_CC: 0x0e03,
  DISPLAY_TO: 0x0e04,
  DELIVERY_TIME: 0x0e06,
  BODY: 0x1000,
  RTF_COMPRESSED: 0x1009,
  HTML: 0x1013,
  DISPLAY_NAME: 0x3001,
  EMAIL_ADDRESS: 0x3003,
  SMTP_ADDRESS: 0x39fe,
  ATTACH_DATA: 0x3701,
  ATTACH_FILENAME: 0x3704,
  ATTACH_LONG_FILENAME: 0x3707,
  ATTACH_MIME_TAG: 0x370e,
} as const;
/** Property types: PT_UNICODE, PT_STRING8, PT_BINARY, PT_OBJECT (an embedded message's storage). */
const UNICODE = 0x001f;
const STRING8 = 0x001e;
const BINARY = 0x0102;
const OBJECT = 0x000d;
/** Milliseconds between the FILETIME epoch (1601) and the Unix epoch. */
const FILETIME_EPOCH = 11_644_473_600_000;
/** What a compressed RTF body may expand to: far above any real message's formatting. */
const MAX_RTF = 16 * 1024 * 1024;

const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, "0");

/** One message (the file's, or an attachment's embedded message) inside the compound file. */
class MessageStorage {
  constructor(
    readonly file: OutlookFile,
    /** "" for the file's message, "__attach_version1.0_#00000000/__substg1.0_3701000D/" for an embedded one. */
    readonly prefix: string,
  ) {}

  stream(id: number, type: number): Uint8Array | null {
    return this.file.stream(`${this.prefix}__substg1.0_${hex(id, 4)}${hex(type, 4)}`);
  }

  string(id: number): string {
    const wide = this.stream(id, UNICODE);
    const text = wide
      ? new TextDecoder("utf-16le").decode(wide.subarray(0, wide.length & ~1))
      : new TextDecoder("latin1").decode(this.stream(id, STRING8) ?? new Uint8Array(0));
    return text.replace(/(?<!\0)\0+$/, "").trim();
  }

  /**
   * A fixed-size property's 8-byte value from the properties stream (MS-OXMSG 2.4): after a header
   * of 32 bytes for the file's message, 24 for an embedded one, 8 for a recipient or attachment.
   */
  fixed(id: number, type: number, headerSize: number): DataView | null {
    const bytes = this.file.stream(`${this.prefix}__properties_version1.0`);
    if (!bytes) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = headerSize; at + 16 <= bytes.length; at += 16) {
      if (view.getUint16(at, true) === type && view.getUint16(at + 2, true) === id) return new DataView(bytes.buffer, bytes.byteOffset + at + 8, 8);
    }
    return null;
  }

  /** The names of the storages directly inside this one that start with `kind`, in order. */
  children(kind: string): string[] {
    return this.file.storages(this.prefix, kind);
  }
}

/** The compound file with case-insensitive stream names (MS-CFB compares names without case). */
class OutlookFile {
  private readonly paths = new Map<string, string>();
  /**
   * Bytes the streams read may total: a few times the file (a property may be read twice). Streams
   * of a crafted file can share one sector chain, so 500 attachments could each be the whole file.
   */
  private budget: number;
  constructor(
    private readonly cfb: CompoundFile,
    size: number,
  ) {
    for (const path of cfb.entries.keys()) this.paths.set(path.toUpperCase(), path);
    this.budget = 4 * size + 1024 * 1024;
  }

  stream(path: string): Uint8Array | null {
    const real = this.paths.get(path.toUpperCase());
    const bytes = real === undefined ? null : this.cfb.read(real);
    this.budget -= bytes?.length ?? 0;
    if (this.budget < 0) throw new CfbFormatError("streams overlap");
    return bytes;
  }

  storages(prefix: string, kind: string): string[] {
    const out: string[] = [];
    for (const entry of this.cfb.entries.values()) {
      if (entry.type !== "storage" || !entry.path.startsWith(prefix) || entry.path.includes("/", prefix.length)) continue;
      if (entry.name.toUpperCase().startsWith(kind.toUpperCase())) out.push(entry.path);
    }
    return out.sort();
  }

  has(path: string): boolean {
    return this.paths.has(path.toUpperCase());
  }
}

function filetime(view: DataView | null): string | null {
  if (!view) return null;
  const ticks = view.getUint32(4, true) * 2 ** 32 + view.getUint32(0, true);
  const date = new Date(ticks / 10_000 - FILETIME_EPOCH);
  return ticks > 0 && Number.isFinite(date.getTime()) ? date.toUTCString() : null;
}

const mailbox = (name: string, address: string) => (name && address && name !== address ? `${name} <${address}>` : name || address);

/** To and Cc from the recipient storages (names with addresses), else the display lists (names only). */
function recipients(message: MessageStorage): { to: string; cc: string } {
  const lists: Record<number, string[]> = { 1: [], 2: [] };
  for (const path of message.children("__recip_version1.0_#").slice(0, MAX_PARTS)) {
    const recipient = new MessageStorage(message.file, `${path}/`);
    const type = recipient.fixed(P.RECIPIENT_TYPE, 0x0003, 8)?.getUint32(0, true) ?? 1;
    const smtp = recipient.string(P.SMTP_ADDRESS);
    const address = smtp || (recipient.string(P.EMAIL_ADDRESS).includes("@") ? recipient.string(P.EMAIL_ADDRESS) : "");
    lists[type]?.push(mailbox(recipient.string(P.DISPLAY_NAME), address));
  }
  return {
    to: lists[1]!.filter(Boolean).join(", ") || message.string(P.DISPLAY_TO),
    cc: lists[2]!.filter(Boolean).join(", ") || message.string(P.DISPLAY_CC),
  };
}

/** The body: plain text, else the HTML body's text, else the compressed RTF body's. */
function body(message: MessageStorage): string {
  const plain = message.string(P.BODY);
  if (plain) return bodyText(plain, "text/plain", null);
  const html = message.stream(P.HTML, BINARY);
  const htmlText = html ? new TextDecoder().decode(html) : message.string(P.HTML);
  if (htmlText.trim()) return bodyText(htmlText, "text/html", null).trim();
  const rtf = message.stream(P.RTF_COMPRESSED, BINARY);
  if (!rtf) return "";
  try {
    const raw = decompressRtf(rtf);
    return parseRtf(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer).text;
  } catch (cause) {
    if (cause instanceof ParseError || cause instanceof RangeError) return "";
    throw cause;
  }
}

/** Counts attachments across embedded messages, so nesting cannot multiply the work. */
type Budget = { attachments: number };

function messageSectionsOf(message: MessageStorage, depth: number, budget: Budget): ParsedSection[] {
  const senderAddress = message.string(P.SENDER_SMTP) || (message.string(P.SENDER_EMAIL).includes("@") ? message.string(P.SENDER_EMAIL) : "");
  const { to, cc } = recipients(message);
  const date =
    filetime(message.fixed(P.CLIENT_SUBMIT_TIME, 0x0040, depth === 0 ? 32 : 24)) ?? filetime(message.fixed(P.DELIVERY_TIME, 0x0040, depth === 0 ? 32 : 24));
  const headers = new Map<string, string>();
  const set = (name: string, value: string | null) => value && headers.set(name, value);
  set("from", mailbox(message.string(P.SENDER_NAME), senderAddress));
  set("to", to);
  set("cc", cc);
  set("date", date);
  set("subject", message.string(P.SUBJECT));

  const attachments: ParsedSection[] = [];
  for (const path of message.children("__attach_version1.0_#")) {
    if (++budget.attachments > MAX_PARTS) break;
    const attachment = new MessageStorage(message.file, `${path}/`);
    const embedded = `${path}/__substg1.0_${hex(P.ATTACH_DATA, 4)}${hex(OBJECT, 4)}`;
    if (message.file.has(embedded)) {
      if (depth + 1 > MAX_DEPTH) continue;
      const [inner, ...rest] = messageSectionsOf(new MessageStorage(message.file, `${embedded}/`), depth + 1, budget);
      attachments.push({ heading: `Forwarded message: ${inner?.heading ?? ""}`.trim(), text: inner?.text ?? "" }, ...rest);
      continue;
    }
    const name = attachment.string(P.ATTACH_LONG_FILENAME) || attachment.string(P.ATTACH_FILENAME) || attachment.string(P.DISPLAY_NAME) || "attachment";
    const type = attachment.string(P.ATTACH_MIME_TAG).toLowerCase() || "application/octet-stream";
    attachments.push(attachmentSection(name, type, () => new TextDecoder().decode(attachment.stream(P.ATTACH_DATA, BINARY) ?? new Uint8Array(0))));
  }
  return messageSections(headers, [body(message)], attachments);
}

/**
 * Outlook .msg (MS-OXMSG): From, To, Cc, Date and Subject, the body (plain text, else HTML, else
 * compressed RTF), then each attachment as its own section, read as the e-mail reader (mail.ts)
 * reads an .eml's: text attachments read, others named, embedded messages as forwarded ones.
 * Bounded as mail.ts is: at most MAX_PARTS attachments, MAX_DEPTH embedded levels.
 */
export function parseMsg(bytes: ArrayBuffer): ParsedDocument {
  const sections = withCompoundFile(bytes, NOT_MSG, (cfb) => {
    const file = new OutlookFile(cfb, bytes.byteLength);
    if (!file.has("__properties_version1.0")) throw new ParseError(NOT_MSG);
    return messageSectionsOf(new MessageStorage(file, ""), 0, { attachments: 0 });
  });
  return finish(sections, "This Outlook message has no text to index.");
}

/** The dictionary compressed RTF starts from (MS-OXRTFCP 2.1.2.1), 207 bytes. */
const RTF_PRELOAD =
  "{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx";
const LZFU = 0x75465a4c;
const MELA = 0x414c454d;

/**
 * Compressed RTF (MS-OXRTFCP): LZ77 over a 4 KB ring dictionary. Bounded: the output stops at the
 * size the header declares, at MAX_RTF, and at what the input can produce (a 2-byte reference
 * yields at most 17 bytes). Throws RangeError on a malformed header.
 */
export function decompressRtf(data: Uint8Array): Uint8Array {
  if (data.length < 16) throw new RangeError("no compressed RTF header");
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const compressedSize = view.getUint32(0, true);
  const rawSize = view.getUint32(4, true);
  const kind = view.getUint32(8, true);
  const end = Math.min(data.length, compressedSize + 4);
  if (kind === MELA) return data.subarray(16, Math.min(end, 16 + rawSize));
  if (kind !== LZFU) throw new RangeError("unknown compressed RTF type");
  const limit = Math.min(rawSize, MAX_RTF, (end - 16) * 17);
  const out = new Uint8Array(limit);
  const dictionary = new Uint8Array(4096);
  for (let i = 0; i < RTF_PRELOAD.length; i++) dictionary[i] = RTF_PRELOAD.charCodeAt(i);
  let write = RTF_PRELOAD.length;
  let written = 0;
  let at = 16;
  while (at < end && written < limit) {
    const control = data[at++]!;
    for (let bit = 0; bit < 8 && at < end && written < limit; bit++) {
      if ((control & (1 << bit)) === 0) {
        const byte = data[at++]!;
        out[written++] = byte;
        dictionary[write] = byte;
        write = (write + 1) % 4096;
        continue;
      }
      if (at + 1 >= end) return out.subarray(0, written);
      const reference = (data[at]! << 8) | data[at + 1]!;
      at += 2;
      let offset = reference >> 4;
      const length = (reference & 0x0f) + 2;
      if (offset === write) return out.subarray(0, written);
      for (let i = 0; i < length && written < limit; i++) {
        const byte = dictionary[offset]!;
        offset = (offset + 1) % 4096;
        out[written++] = byte;
        dictionary[write] = byte;
        write = (write + 1) % 4096;
      }
    }
  }
  return out.subarray(0, written);
}
