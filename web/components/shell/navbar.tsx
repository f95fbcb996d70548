import { Link } from "@remix-run/react";
import { Menu, PanelLeftClose, PanelLeftOpen } from "~/components/ui/icons";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import type { ShellUser } from "./types";

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-semibold tracking-tight">
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-sm font-bold text-primary-foreground" aria-hidden>
        R
      </span>
      Readyroom
    </span>
  );
}

type NavbarProps = {
  user: ShellUser | null;
  /** The notifications bell and the account menu, rendered by the shell (they live in the signed-in chunk). */
  notifications: React.ReactNode;
  userMenu: React.ReactNode;
  sidebarOpen: boolean;
  sidebarLocked: boolean;
  onToggleSidebar: () => void;
  mobileMenuOpen: boolean;
  onToggleMobileMenu: () => void;
  /** On the sign-in pages themselves, and on pages opened from a conduct link, the navbar offers no sign-in links. */
  authPage: boolean;
};

export function Navbar({
  user,
  notifications,
  userMenu,
  sidebarOpen,
  sidebarLocked,
  onToggleSidebar,
  mobileMenuOpen,
  onToggleMobileMenu,
  authPage,
}: NavbarProps) {
  return (
    <header className="sticky top-0 z-40 flex h-14 shrink-0 items-center gap-2 border-b bg-card px-3 sm:px-4">
      {user ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open navigation"
            aria-expanded={mobileMenuOpen}
            aria-controls="mobile-navigation"
            onClick={onToggleMobileMenu}
          >
            <Menu aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="hidden md:inline-flex"
            aria-label={sidebarOpen ? "Collapse sidebar" : "Expand sidebar"}
            aria-expanded={sidebarOpen}
            aria-controls="app-sidebar"
            disabled={sidebarLocked}
            title={sidebarLocked ? "The sidebar stays open in settings" : undefined}
            onClick={onToggleSidebar}
          >
            {sidebarOpen ? <PanelLeftClose aria-hidden /> : <PanelLeftOpen aria-hidden />}
          </Button>
        </>
      ) : null}
      <Link to={user ? "/dashboard" : "/"} className="rounded-md px-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Logo />
      </Link>
      <div className="ml-auto flex items-center gap-2">
        {user ? (
          <>
            {notifications}
            {userMenu}
          </>
        ) : authPage ? null : (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to="/login">Sign in</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/signup">Create account</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
