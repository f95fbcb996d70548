import * as React from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { useIsMobile } from "~/hooks/use-mobile";
import { cn } from "~/lib/utils";
import { useLayoutState } from "./layout-state";
import { Navbar } from "./navbar";
import type { ShellUser } from "./types";
import { useOnboarding } from "./use-onboarding";

// Signed-in chrome is a separate chunk (see signed-in.tsx); SSR still renders it in the page.
const UserMenu = React.lazy(() => import("./signed-in").then((m) => ({ default: m.UserMenu })));
const SidebarNav = React.lazy(() => import("./signed-in").then((m) => ({ default: m.SidebarNav })));
const MobileNav = React.lazy(() => import("./signed-in").then((m) => ({ default: m.MobileNav })));
const WelcomeModal = React.lazy(() => import("./signed-in").then((m) => ({ default: m.WelcomeModal })));

const AUTH_PAGES = ["/login", "/signup", "/forgot-password", "/reset-password"];

type AppShellProps = {
  user: ShellUser | null;
  subscribed: boolean;
  routes: readonly string[];
  pathname: string;
  children: React.ReactNode;
};

/**
 * The one shell of every page: navbar, sidebar (a sheet under 768 px), main content and the
 * welcome modal. Pages without a signed-in user get the navbar only.
 */
export function AppShell({ user, subscribed, routes, pathname, children }: AppShellProps) {
  const layout = useLayoutState();
  const isMobile = useIsMobile();
  const onboarding = useOnboarding(user, subscribed);
  const mobileMenuOpen = isMobile && layout.state.navbarMenuOpen;

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-card px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <Navbar
        user={user}
        userMenu={
          user ? (
            <React.Suspense fallback={<Skeleton className="h-9 w-9 rounded-full sm:w-40" />}>
              <UserMenu user={user} />
            </React.Suspense>
          ) : null
        }
        authPage={AUTH_PAGES.includes(pathname)}
        sidebarOpen={layout.sidebarOpen}
        sidebarLocked={layout.settingsMode}
        onToggleSidebar={() => layout.toggle("sidebarOpen")}
        mobileMenuOpen={mobileMenuOpen}
        onToggleMobileMenu={() => layout.toggle("navbarMenuOpen")}
      />
      <div className="flex flex-1">
        {user ? (
          <aside
            id="app-sidebar"
            aria-label="Sidebar"
            data-state={layout.sidebarOpen ? "open" : "collapsed"}
            className={cn(
              "sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 overflow-y-auto border-r bg-card p-3 transition-[width] duration-200 md:block",
              layout.sidebarOpen ? "w-60" : "w-16",
            )}
          >
            <React.Suspense fallback={<NavSkeleton />}>
              <SidebarNav routes={routes} settingsMode={layout.settingsMode} collapsed={!layout.sidebarOpen} />
            </React.Suspense>
          </aside>
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
      {user ? (
        <React.Suspense fallback={null}>
          {isMobile ? (
            <MobileNav
              open={mobileMenuOpen}
              onOpenChange={(open) => layout.set("navbarMenuOpen", open)}
              routes={routes}
              settingsMode={layout.settingsMode}
            />
          ) : null}
          <WelcomeModal userId={user.id} open={onboarding.open} onClosed={onboarding.onClosed} />
        </React.Suspense>
      ) : null}
    </div>
  );
}

function NavSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}
