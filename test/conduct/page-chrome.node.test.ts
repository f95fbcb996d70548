import { describe, expect, it } from "vitest";
import { pageChrome } from "../../web/lib/page-chrome";

describe("the app's frame on conduct pages (issue 30)", () => {
  it.each([
    ["/conduct/AbC_123-x", "link"],
    ["/feedback/AbC_123-x", "link"],
    ["/conduct/sessions/s1/join/l1", "none"],
    ["/conduct/sessions/s1", "app"],
    ["/conduct/sessions/s1/replay", "app"],
    ["/conduct/sessions", "app"],
    ["/dashboard", "app"],
    ["/exercise/e1/conduct", "app"],
  ] as const)("%s → %s", (path, chrome) => {
    expect(pageChrome(path)).toBe(chrome);
  });
});
