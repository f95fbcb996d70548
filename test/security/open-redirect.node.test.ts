import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "../../worker/auth/guard";
import { PRICING_PATH } from "../../worker/lib/paths";

/**
 * The login, sign-up and two-factor pages and /api/auth/signin redirect to a callbackUrl taken from
 * the request. It is followed only when it stays on the app's own origin (APP_URL), and what is
 * followed is the normalized path + search + hash, never the raw value.
 */
const APP_URL = "https://readyroom.example";
const OURS = new URL(APP_URL).origin;

/** Values an attacker sends to leave the site; every one must fall back to /dashboard. */
const BYPASSES: [label: string, value: string][] = [
  ["absolute URL", "https://evil.example"],
  ["absolute http URL", "http://evil.example/dashboard"],
  ["protocol-relative", "//evil.example"],
  ["triple slash", "///evil.example"],
  ["tab between the slashes (browsers strip it)", "/\t/evil.example"],
  ["leading tab", "\t//evil.example"],
  ["newline between the slashes", "/\n/evil.example"],
  ["CR between the slashes", "/\r/evil.example"],
  ["CRLF between the slashes", "/\r\n/evil.example"],
  ["trailing newline (header splitting)", "/dashboard\r\nSet-Cookie: x=1"],
  ["NUL", "/\u0000/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["C1 control", "/\u0085/evil.example"],
  ["slash backslash", "/\\evil.example"],
  ["slash backslash slash", "/\\/evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["encoded slash", "/%2F/evil.example"],
  ["encoded slash, lower case", "/%2f%2fevil.example"],
  ["encoded slashes, no leading slash", "%2F%2Fevil.example"],
  ["encoded tab", "/%09/evil.example"],
  ["encoded backslash", "/%5C/evil.example"],
  ["encoded backslash, then slash", "/%5C%2Fevil.example"],
  ["dot segment collapsing to //", "/.//evil.example"],
  ["dot-dot segment collapsing to //", "/..//evil.example"],
  ["inner dot-dot collapsing to //", "/x/..//evil.example"],
  ["javascript: URL", "javascript:alert(1)"],
  ["javascript: URL, mixed case", "JaVaScRiPt:alert(1)"],
  ["javascript: URL behind a tab", "java\tscript:alert(1)"],
  ["data: URL", "data:text/html,<script>alert(1)</script>"],
  ["scheme without slashes", "http:evil.example"],
  ["https scheme without slashes", "https:evil.example"],
  ["userinfo trick", "https://readyroom.example@evil.example"],
  ["lookalike host", "https://readyroom.example.evil.example/"],
  ["our host on another port", "https://readyroom.example:444/dashboard"],
  ["our host over http", "http://readyroom.example/dashboard"],
  ["space before //", " //evil.example"],
  ["space before absolute URL", " https://evil.example"],
  ["non-breaking space before //", "\u00a0//evil.example"],
  ["ideographic space before //", "\u3000//evil.example"],
  ["BOM before //", "\ufeff//evil.example"],
  ["bare word (not a path)", "evil.example"],
];

/** Legitimate callbacks, with what is followed. */
const ALLOWED: [value: string, expected: string][] = [
  ["/exercise/1/intro?x=1#y", "/exercise/1/intro?x=1#y"],
  ["/dashboard", "/dashboard"],
  ["/", "/"],
  ["/exercise/1/intro?x=1", "/exercise/1/intro?x=1"],
  ["/account/pricing?plan=TEAM&interval=YEARLY", "/account/pricing?plan=TEAM&interval=YEARLY"],
  ["/briefs/shared/a%20b", "/briefs/shared/a%20b"],
  ["/invites/abc?next=%2Fdashboard", "/invites/abc?next=%2Fdashboard"],
  // An absolute URL on our own origin is followed as its path.
  ["https://readyroom.example/exercise/2?tab=msel#inject-3", "/exercise/2?tab=msel#inject-3"],
];

describe("safeCallbackUrl refuses every way off our origin (open redirect)", () => {
  it.each(BYPASSES)("%s → /dashboard", (_label, value) => {
    expect(safeCallbackUrl(value, APP_URL)).toBe("/dashboard");
  });

  it.each(ALLOWED)("follows %j as %j", (value, expected) => {
    expect(safeCallbackUrl(value, APP_URL)).toBe(expected);
  });

  it("never returns anything a browser would resolve off our origin", () => {
    for (const value of [...BYPASSES.map(([, v]) => v), ...ALLOWED.map(([v]) => v)]) {
      const out = safeCallbackUrl(value, APP_URL);
      expect(out.startsWith("/"), `${JSON.stringify(value)} → ${JSON.stringify(out)}`).toBe(true);
      expect(out, JSON.stringify(value)).not.toMatch(/^[/\\]{2}|[\p{Cc}\\]/u);
      expect(new URL(out, APP_URL).origin).toBe(OURS);
      // A browser strips tabs and newlines before resolving: the result must stay ours after that too.
      expect(new URL(out.replace(/[\t\r\n]/g, ""), APP_URL).origin).toBe(OURS);
    }
  });

  it("uses the caller's fallback for refused or missing values", () => {
    expect(safeCallbackUrl(null, APP_URL)).toBe("/dashboard");
    expect(safeCallbackUrl(undefined, APP_URL)).toBe("/dashboard");
    expect(safeCallbackUrl("", APP_URL)).toBe("/dashboard");
    expect(safeCallbackUrl("//evil.example", APP_URL, PRICING_PATH)).toBe(PRICING_PATH);
    expect(safeCallbackUrl("/\t/evil.example", APP_URL, "")).toBe("");
    expect(safeCallbackUrl("/exercise/1", APP_URL, "")).toBe("/exercise/1");
  });

  it("judges the origin by APP_URL, also on a local http app", () => {
    const local = "http://localhost:8787";
    expect(safeCallbackUrl("http://localhost:8787/exercise/1?x=1", local)).toBe("/exercise/1?x=1");
    expect(safeCallbackUrl("https://readyroom.example/exercise/1", local)).toBe("/dashboard");
    expect(safeCallbackUrl("http://localhost:9999/exercise/1", local)).toBe("/dashboard");
    expect(safeCallbackUrl("http:evil.example", local)).toBe("/dashboard");
    expect(safeCallbackUrl("/\t/evil.example", local)).toBe("/dashboard");
    expect(safeCallbackUrl("/dashboard", local)).toBe("/dashboard");
  });
});
