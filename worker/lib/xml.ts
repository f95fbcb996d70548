/**
 * Text and attribute values for XML the app writes (the xlsx MSEL, CAP alerts). Characters XML 1.0
 * cannot carry at all (C0 controls other than tab, LF and CR; lone surrogates; U+FFFE/U+FFFF) are
 * dropped rather than escaped: a parser refuses the whole document for one of them, and text pasted
 * from other programs carries them more often than one would think.
 */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** `value` escaped for element content or a double-quoted attribute. */
export function xmlEscape(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
