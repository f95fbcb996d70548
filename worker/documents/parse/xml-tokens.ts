import { decodeEntities } from "./entities";
import { forwardSearch } from "./scan";

export type XmlToken =
  | { kind: "open"; name: string; attributes: string; selfClosing: boolean }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string };

/**
 * The tags and text of an XML document in order, in one forward pass (linear in its length, like
 * the other parsers: an unclosed comment or tag cannot make it search the rest of the file again
 * and again). Text is entity-decoded; CDATA is text; comments, processing instructions and the
 * doctype are dropped. Names keep their prefix ("text:p"). Not a validating parser: it reads what
 * Office, LibreOffice and e-book tools write.
 */
export function* xmlTokens(xml: string): Generator<XmlToken> {
  const nextGt = forwardSearch((from) => xml.indexOf(">", from));
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    if (lt < 0) {
      yield { kind: "text", text: decodeEntities(xml.slice(at)) };
      return;
    }
    if (lt > at) yield { kind: "text", text: decodeEntities(xml.slice(at, lt)) };
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end < 0) return;
      at = end + 3;
      continue;
    }
    if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      if (end < 0) return;
      yield { kind: "text", text: xml.slice(lt + 9, end) };
      at = end + 3;
      continue;
    }
    const gt = nextGt(lt + 1);
    if (gt < 0) return;
    const inner = xml.slice(lt + 1, gt);
    at = gt + 1;
    if (inner.startsWith("?") || inner.startsWith("!")) continue;
    if (inner.startsWith("/")) {
      yield { kind: "close", name: inner.slice(1).trim() };
      continue;
    }
    const selfClosing = inner.endsWith("/");
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const space = body.search(/\s/);
    const name = space < 0 ? body : body.slice(0, space);
    yield { kind: "open", name, attributes: space < 0 ? "" : body.slice(space), selfClosing };
  }
}

/** The value of attribute `name` in a tag's attribute text, decoded, or undefined. */
export function attribute(attributes: string, name: string): string | undefined {
  const re = new RegExp(`(?:^|\\s)${name.replace(/[.:]/g, "\\$&")}\\s*=\\s*("([^"]*)"|'([^']*)')`);
  const m = re.exec(attributes);
  return m ? decodeEntities(m[2] ?? m[3] ?? "") : undefined;
}
