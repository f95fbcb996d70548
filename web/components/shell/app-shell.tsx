import * as React from "react";
import { SiteFooter } from "./site-footer";
import { Skeleton } from "~/components/ui/skeleton";
import { useIsMobile } from "~/hooks/use-mobile";
import { pageChrome } from "~/lib/page-chrome";
import { cn } from "~/lib/utils";
import { useLayoutState } from "./layout-state";
import { Navbar } from "./navbar";
import type { ShellUser } from "./types";

// Signed-in chrome is a separate chunk (see signed-in.tsx); SSR still renders it in the page.
// Each lazy part sits in its own memoised Suspense boundary: a parent re-render before the chunk
// has hydrated would otherwise make React throw away the server HTML (React error #421).
const load = () => import("./signed-in");
const UserMenuLazy = React.lazy(() => load().then((m) => ({ default: m.UserMenu })));
const SidebarNavLazy = React.lazy(() => load().then((m) => ({ default: m.SidebarNav })));
const MobileNavLazy = React.lazy(() => load().then((m) => ({ default: m.MobileNav })));
const OnboardingModalLazy = React.lazy(() => load().then((m) => ({ default: m.OnboardingModal })));
const NotificationsBellLazy = React.lazy(() => load().then((m) => ({ default: m.NotificationsBell })));
const BillingRefreshLazy = React.lazy(() => load().then((m) => ({ default: m.BillingRefresh })));

const UserMenu = React.memo(function UserMenu(props: React.ComponentProps<typeof UserMenuLazy>) {
  return (
    <React.Suspense fallback={<Skeleton className="h-9 w-9 rounded-full sm:w-40" />}>
      <UserMenuLazy {...props} />
    </React.Suspense>
  );
});
const SidebarNav = React.memo(function SidebarNav(props: React.ComponentProps<typeof SidebarNavLazy>) {
  return (
    <React.Suspense fallback={<NavSkeleton />}>
      <SidebarNavLazy {...props} />
    </React.Suspense>
  );
});
const MobileNav = React.memo(function MobileNav(props: React.ComponentProps<typeof MobileNavLazy>) {
  return (
    <React.Suspense fallback={null}>
      <MobileNavLazy {...props} />
    </React.Suspense>
  );
});
const OnboardingModal = React.memo(function OnboardingModal(props: React.ComponentProps<typeof OnboardingModalLazy>) {
  return (
    <React.Suspense fallback={null}>
      <OnboardingModalLazy {...props} />
    </React.Suspense>
  );
});
const NotificationsBell = React.memo(function NotificationsBell() {
  return (
    <React.Suspense fallback={<Skeleton className="size-9" />}>
      <NotificationsBellLazy />
    </React.Suspense>
  );
});

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
 * welcome modal. Pages without a signed-in user get the navbar and the site's footer.
 */
export function AppShell({ user: signedIn, subscribed, routes, pathname, children }: AppShellProps) {
  const chrome = pageChrome(pathname);
  // Link pages and the join screen show nothing of the account (web/lib/page-chrome.ts).
  const user = chrome === "app" ? signedIn : null;
  const layout = useLayoutState();
  const isMobile = useIsMobile();
  const mobileMenuOpen = isMobile && layout.state.navbarMenuOpen;
  const { set } = layout;
  const setMobileMenu = React.useCallback((open: boolean) => set("navbarMenuOpen", open), [set]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-card px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      {chrome === "none" ? null : (
        <Navbar
          user={user}
          notifications={user ? <NotificationsBell /> : null}
          userMenu={user ? <UserMenu user={user} routes={routes} /> : null}
          authPage={chrome === "link" || AUTH_PAGES.includes(pathname)}
          sidebarOpen={layout.sidebarOpen}
          sidebarLocked={layout.settingsMode}
          onToggleSidebar={() => layout.toggle("sidebarOpen")}
          mobileMenuOpen={mobileMenuOpen}
          onToggleMobileMenu={() => layout.toggle("navbarMenuOpen")}
        />
      )}
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
            <SidebarNav
              routes={routes}
              settingsMode={layout.settingsMode}
              collapsed={!layout.sidebarOpen}
              isAdmin={user?.isAdmin ?? false}
              teamAdmin={user?.teamAdmin ?? false}
            />
          </aside>
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
      {user ? null : <SiteFooter />}
      {user && isMobile ? (
        <MobileNav
          open={mobileMenuOpen}
          onOpenChange={setMobileMenu}
          routes={routes}
          settingsMode={layout.settingsMode}
          isAdmin={user?.isAdmin ?? false}
          teamAdmin={user?.teamAdmin ?? false}
        />
      ) : null}
      {user ? <OnboardingModal user={user} subscribed={subscribed} routes={routes} /> : null}
      {user ? (
        <React.Suspense fallback={null}>
          <BillingRefreshLazy />
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
