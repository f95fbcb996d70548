import * as React from "react";
import { LAYOUT_COOKIES, type LayoutKey, type LayoutState, writeCookie } from "~/lib/cookies";

type LayoutContextValue = {
  state: LayoutState;
  /** True on /account/* (spec §2): the sidebar is forced open there. */
  settingsMode: boolean;
  /** What the sidebar actually does: its cookie, or open in settings mode. */
  sidebarOpen: boolean;
  set: (key: LayoutKey, open: boolean) => void;
  toggle: (key: LayoutKey) => void;
};

const LayoutContext = React.createContext<LayoutContextValue | null>(null);

function isSettingsPath(pathname: string) {
  return pathname === "/account" || pathname.startsWith("/account/");
}

function isCollaboratePath(pathname: string) {
  return pathname === "/collaborate" || pathname.startsWith("/collaborate/");
}

export function LayoutStateProvider({ initial, pathname, children }: { initial: LayoutState; pathname: string; children: React.ReactNode }) {
  const [state, setState] = React.useState<LayoutState>(initial);
  const settingsMode = isSettingsPath(pathname);

  const stateRef = React.useRef(state);
  stateRef.current = state;

  // Transitions, so a change that lands before the lazy shell parts hydrate does not discard
  // their server HTML.
  const set = React.useCallback((key: LayoutKey, open: boolean) => {
    writeCookie(LAYOUT_COOKIES[key], String(open));
    React.startTransition(() => setState((prev) => (prev[key] === open ? prev : { ...prev, [key]: open })));
  }, []);

  const toggle = React.useCallback((key: LayoutKey) => set(key, !stateRef.current[key]), [set]);

  // Spec §2: on the collaborate page the sidebar is opened once (per visit to the app), after
  // which the user's own toggling wins.
  const openedForCollaborate = React.useRef(false);
  React.useEffect(() => {
    if (openedForCollaborate.current || !isCollaboratePath(pathname)) return;
    openedForCollaborate.current = true;
    set("sidebarOpen", true);
  }, [pathname, set]);

  const value = React.useMemo(() => ({ state, settingsMode, sidebarOpen: settingsMode || state.sidebarOpen, set, toggle }), [state, settingsMode, set, toggle]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

/**
 * Open/closed state of the sidebar, module bar, document toolbar, exercise toolbar and navbar
 * menu, persisted in the spec's cookies. Exercise and document screens use this for their bars.
 */
export function useLayoutState() {
  const value = React.useContext(LayoutContext);
  if (!value) throw new Error("useLayoutState must be used inside the app shell");
  return value;
}
