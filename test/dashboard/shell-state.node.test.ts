import { describe, expect, it } from "vitest";
import { mainNavFor, routeExists } from "../../web/components/shell/nav";
import { TOAST_LIMIT, type ToastState, toastReducer } from "../../web/hooks/toast-store";
import { LAYOUT_DEFAULTS, parseCookies, readLayoutState, serializeCookie, SHOW_GETTING_STARTED_COOKIE } from "../../web/lib/cookies";

const add = (state: ToastState, id: string) => toastReducer(state, { type: "ADD", toast: { id, title: id, open: true } });

describe("toast queue (spec §8: at most 5 shown)", () => {
  it("keeps only the 5 newest toasts, newest first", () => {
    let state: ToastState = { toasts: [] };
    for (let i = 1; i <= 7; i++) state = add(state, `t${i}`);
    expect(TOAST_LIMIT).toBe(5);
    expect(state.toasts.map((t) => t.id)).toEqual(["t7", "t6", "t5", "t4", "t3"]);
  });

  it("dismisses one toast (closes it) and removes it later", () => {
    let state: ToastState = { toasts: [] };
    state = add(add(state, "a"), "b");
    state = toastReducer(state, { type: "DISMISS", id: "a" });
    expect(state.toasts.map((t) => [t.id, t.open])).toEqual([
      ["b", true],
      ["a", false],
    ]);
    state = toastReducer(state, { type: "REMOVE", id: "a" });
    expect(state.toasts.map((t) => t.id)).toEqual(["b"]);
  });

  it("dismisses all without an id, and updates in place", () => {
    let state: ToastState = { toasts: [] };
    state = add(add(state, "a"), "b");
    state = toastReducer(state, { type: "UPDATE", toast: { id: "a", title: "changed", variant: "destructive" } });
    expect(state.toasts.find((t) => t.id === "a")).toMatchObject({ title: "changed", variant: "destructive", open: true });
    state = toastReducer(state, { type: "DISMISS" });
    expect(state.toasts.every((t) => !t.open)).toBe(true);
    expect(toastReducer(state, { type: "REMOVE" }).toasts).toEqual([]);
  });
});

describe("layout cookies (spec §9)", () => {
  it("defaults: module bar open, toolbars and navbar menu closed", () => {
    expect(readLayoutState(null)).toEqual(LAYOUT_DEFAULTS);
    expect(LAYOUT_DEFAULTS.moduleBarOpen).toBe(true);
    expect(LAYOUT_DEFAULTS.documentToolbarOpen).toBe(false);
    expect(LAYOUT_DEFAULTS.exerciseToolbarOpen).toBe(false);
    expect(LAYOUT_DEFAULTS.navbarMenuOpen).toBe(false);
  });

  it("reads each state from its spec-named cookie and ignores junk", () => {
    const state = readLayoutState("sidebarOpen=false; moduleBarOpen=false; documentToolbarOpen=true; exerciseToolbarOpen=true; navbarMenuOpen=yes; other=1");
    expect(state).toEqual({
      sidebarOpen: false,
      moduleBarOpen: false,
      documentToolbarOpen: true,
      exerciseToolbarOpen: true,
      navbarMenuOpen: false,
    });
  });

  it("parses cookie headers tolerantly", () => {
    expect(parseCookies("a=1; b=hello%20world;bad; c=%E0%A4%A")).toEqual({ a: "1", b: "hello world", c: "%E0%A4%A" });
    expect(parseCookies("")).toEqual({});
  });

  it("writes cookies for 365 days on path / by default, secure when asked, 30 days for the welcome cookie", () => {
    expect(serializeCookie("sidebarOpen", "true")).toBe("sidebarOpen=true; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(serializeCookie("sidebarOpen", "false", { secure: true })).toContain("; Secure");
    expect(serializeCookie(SHOW_GETTING_STARTED_COOKIE, "true", { days: 30 })).toBe(
      "showGettingStartedModalOnNextLogin=true; Path=/; Max-Age=2592000; SameSite=Lax",
    );
    expect(serializeCookie("x", "", { days: 0 })).toContain("Max-Age=0");
  });
});

describe("sidebar links only to pages that exist", () => {
  it("a route or its index renders the path; a deeper page alone does not", () => {
    const routes = ["dashboard", "account.profile", "collaborate.campaigns.$campaignId.exercise.$id", "documents._index"];
    expect(routeExists(routes, "dashboard")).toBe(true);
    expect(routeExists(routes, "account.profile")).toBe(true);
    expect(routeExists(routes, "documents")).toBe(true);
    // The campaign exercise editor lives under /collaborate, but /collaborate itself is not built.
    expect(routeExists(routes, "collaborate")).toBe(false);
    expect(routeExists(routes, "intelligence")).toBe(false);
    // A dynamic page is named by its own route.
    expect(routeExists(["exercise.$id", "exercise.$id.$"], "exercise.$id")).toBe(true);
  });
});

describe("main navigation per user", () => {
  it("a campaign-only contributor sees only Collaborate and Account (spec §4: everything else sends them to pricing)", () => {
    const labels = (who: Parameters<typeof mainNavFor>[0]) => mainNavFor(who).map((i) => i.label);
    expect(labels({ teamAdmin: false, isAdmin: false, enterprise: false, campaignOnly: true })).toEqual(["Collaborate", "Account"]);
    expect(labels({ teamAdmin: false, isAdmin: false, enterprise: false })).toEqual([
      "Dashboard",
      "Exercises",
      "Documents",
      "Intelligence",
      "Improvement",
      "Collaborate",
      "Account",
    ]);
  });
});
