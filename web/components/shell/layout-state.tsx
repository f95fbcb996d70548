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

export function isSettingsPath(pathname: string) {
  return pathname === "/account" || pathname.startsWith("/account/");
}

export function LayoutStateProvider({
  initial,
  pathname,
  children,
}: {
  initial: LayoutState;
  pathname: string;
  children: React.ReactNode;
}) {
  const [state, setState] = React.useState<LayoutState>(initial);
  const settingsMode = isSettingsPath(pathname);

  const set = React.useCallback((key: LayoutKey, open: boolean) => {
    setState((prev) => (prev[key] === open ? prev : { ...prev, [key]: open }));
    writeCookie(LAYOUT_COOKIES[key], String(open));
  }, []);

  const toggle = React.useCallback(
    (key: LayoutKey) => {
      setState((prev) => {
        const open = !prev[key];
        writeCookie(LAYOUT_COOKIES[key], String(open));
        return { ...prev, [key]: open };
      });
    },
    [],
  );

  const value = React.useMemo(
    () => ({ state, settingsMode, sidebarOpen: settingsMode || state.sidebarOpen, set, toggle }),
    [state, settingsMode, set, toggle],
  );
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
