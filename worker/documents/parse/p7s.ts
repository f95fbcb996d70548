import { mailSections } from "./mail";
import { finish, ParseError, type ParsedDocument } from "./types";

const DETACHED =
  "This .p7s file is a detached signature: it holds the signature only, not the signed message. Upload the signed e-mail itself (.eml) or the document it signs.";
const NOT_P7S = "This file could not be read as a signed message (.p7s). Save the signed e-mail as .eml and upload that.";

/** Nesting a real SignedData never comes near; bounds the walk over a crafted file. */
const MAX_DEPTH = 32;

type Node = { tag: number; constructed: boolean; start: number; end: number; headerEnd: number };

/** One BER/DER element at `at`: tag, where its content starts and ends (indefinite lengths resolved). */
function readNode(bytes: Uint8Array, at: number, limit: number, depth = 0): Node {
  if (depth > MAX_DEPTH || at + 2 > limit) throw new ParseError(NOT_P7S);
  const tag = bytes[at]!;
  let pos = at + 1;
  if ((tag & 0x1f) === 0x1f) throw new ParseError(NOT_P7S); // multi-byte tags never occur in CMS
  const first = bytes[pos++]!;
  if (first === 0x80) {
    // Indefinite length (BER, as some signers write): children until the 00 00 end marker.
    let child = pos;
    while (child + 2 <= limit && !(bytes[child] === 0 && bytes[child + 1] === 0)) child = readNode(bytes, child, limit, depth + 1).end;
    if (child + 2 > limit) throw new ParseError(NOT_P7S);
    return { tag, constructed: true, start: at, headerEnd: pos, end: child + 2 };
  }
  let length = first;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new ParseError(NOT_P7S);
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[pos++]!;
  }
  if (pos + length > limit) throw new ParseError(NOT_P7S);
  return { tag, constructed: (tag & 0x20) !== 0, start: at, headerEnd: pos, end: pos + length };
}

function children(bytes: Uint8Array, node: Node, depth: number): Node[] {
  const out: Node[] = [];
  const indefinite = bytes[node.headerEnd - 1] === 0x80 && node.headerEnd === node.start + 2;
  const limit = indefinite ? node.end - 2 : node.end;
  for (let at = node.headerEnd; at < limit;) {
    const child = readNode(bytes, at, limit, depth + 1);
    out.push(child);
    at = child.end;
  }
  return out;
}

/** An OCTET STRING's bytes, joining the chunks of a constructed (BER) one. */
function octets(bytes: Uint8Array, node: Node, depth = 0): Uint8Array {
  if (!node.constructed) return bytes.subarray(node.headerEnd, node.end);
  const parts = children(bytes, node, depth).map((c) => octets(bytes, c, depth + 1));
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.length;
  }
  return joined;
}

/** PEM ("-----BEGIN PKCS7-----") to DER; DER as it is. */
function der(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x30) return bytes;
  const text = new TextDecoder("latin1").decode(bytes);
  const m = /-----BEGIN (?:PKCS7|CMS)-----([\s\S]*?)-----END (?:PKCS7|CMS)-----/.exec(text);
  if (!m) throw new ParseError(NOT_P7S);
  try {
    return Uint8Array.from(atob(m[1]!.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
  } catch (cause) {
    throw new ParseError(NOT_P7S, { cause });
  }
}

/**
 * The signed content of a CMS SignedData (RFC 5652): ContentInfo → [0] SignedData →
 * encapContentInfo → [0] eContent. Null for a detached signature (no eContent).
 */
function signedContent(input: Uint8Array): Uint8Array | null {
  const bytes = der(input);
  const contentInfo = readNode(bytes, 0, bytes.length);
  const [, explicit] = children(bytes, contentInfo, 0);
  if (!explicit || explicit.tag !== 0xa0) throw new ParseError(NOT_P7S);
  const [signedData] = children(bytes, explicit, 1);
  if (!signedData) throw new ParseError(NOT_P7S);
  // version, digestAlgorithms, encapContentInfo, …
  const encap = children(bytes, signedData, 2)[2];
  if (!encap) throw new ParseError(NOT_P7S);
  const [, eContentWrapper] = children(bytes, encap, 3);
  if (!eContentWrapper) return null;
  const [eContent] = children(bytes, eContentWrapper, 4);
  return eContent ? octets(bytes, eContent, 5) : null;
}

/**
 * A signed message (.p7s with the content inside, as S/MIME "opaque-signed" mail and signed
 * documents are): the signed content read as an e-mail when it is one (headers and body), else as
 * text. A detached signature has no content: the planner is told what to upload instead.
 */
export function parseP7s(bytes: ArrayBuffer): ParsedDocument {
  const content = signedContent(new Uint8Array(bytes));
  if (!content || content.length === 0) throw new ParseError(DETACHED);
  const raw = new TextDecoder("latin1").decode(content);
  const looksLikeMime = /^[A-Za-z][A-Za-z0-9-]*:[^\r\n]*\r?\n/.test(raw);
  const sections = looksLikeMime ? mailSections(raw) : [{ heading: null, text: new TextDecoder().decode(content) }];
  return finish(sections, "The signed message has no text to index.");
}
