/**
 * Contact details by their shape: e-mail addresses (plain, bracketed, spelt out), URLs and bare
 * domains, social handles and phone numbers (US and international, with extensions). The
 * anonymiser replaces each with a placeholder before it looks for names. Every pattern starts only
 * where its first character class cannot continue (a lookbehind) and repeats boundedly, so a run of
 * 50,000 letters, dots or spaces is read in linear time.
 */

export const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){1,8}/gu;
/** "jane [at] fennickfire [dot] gov", "jane (at) fennickfire.gov", "jane dot doe at fennickfire dot gov". */
export const EMAIL_BRACKETED =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}\s{0,3}(?:\[at\]|\(at\)|\{at\})\s{0,3}[\p{L}\p{N}-]{1,63}(?:\s{0,3}(?:\[dot\]|\(dot\)|\sdot\s)\s{0,3}[\p{L}\p{N}-]{1,63}|\.(?=[\p{L}\p{N}])[\p{L}\p{N}-]{1,63}){1,8}/giu;
export const EMAIL_SPELLED =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}(?:\s{1,3}dot\s{1,3}[\p{L}\p{N}_-]{1,64}){0,4}\s{1,3}at\s{1,3}[\p{L}\p{N}-]{1,63}(?:\s{1,3}dot\s{1,3}[\p{L}\p{N}-]{1,63}){1,8}/giu;
export const URL = /(?:https?:\/\/|www\.)[^\s<>"']+/giu;
export const DOMAIN =
  /(?<![\p{L}\p{N}@.-])[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.(?:gov|org|com|net|edu|us|mil|io|info|biz|uk|ca)(?:\/[^\s<>"']*)?(?![\p{L}\p{N}])/giu;
export const HANDLE = /(?<![\p{L}\p{N}._%+-])@[A-Za-z0-9_]{3,30}(?![A-Za-z0-9_])/gu;
const EXTENSION = String.raw`(?:\s{0,3}(?:x|ext\.?|extension)\s{0,3}\d{1,5})?`;
export const PHONE = new RegExp(
  [
    String.raw`\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}`,
    String.raw`(?<![\d-])(?:1[\s.-]?)?(?:\(\d{3}\)[\s.-]?|\d{3}[\s.-])\d{3}[\s.-]\d{4}`,
    String.raw`(?<![\d-])\d{10}`,
    String.raw`(?<![\d.,-])\d{3}[-.]\d{4}`,
  ]
    .map((p) => `(?:${p})${EXTENSION}(?!\\d)`)
    .join("|"),
  "giu",
);
export const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com",
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "icloud.com",
  "aol.com",
  "protonmail.com",
  "proton.me",
  "msn.com",
  "live.com",
]);

/** A URL or domain ends before sentence punctuation: "see fennickfire.gov." keeps its full stop. */
export function trailingPunctuation(match: string, replacement: string): string {
  const tail = /(?<![.,;:!?)\]])[.,;:!?)\]]+$/u.exec(match)?.[0] ?? "";
  return replacement + tail;
}
