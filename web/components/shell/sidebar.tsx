import { Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/lib/utils";
import { isActive, mainNavFor, routeExists, SETTINGS_NAV } from "./nav";

const itemBase = "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The navigation list, shared by the desktop sidebar and the mobile sheet. `collapsed` shows
 * icons only (labels stay available to assistive tech and as tooltips).
 */
export function SidebarNav({
  routes,
  settingsMode,
  collapsed = false,
  onNavigate,
  isAdmin = false,
  teamAdmin = false,
}: {
  routes: readonly string[];
  settingsMode: boolean;
  /** Adds the Admin item (role admin only). */
  isAdmin?: boolean;
  collapsed?: boolean;
  onNavigate?: () => void;
  /** The user administers a team (and team accounts are on): shows User management. */
  teamAdmin?: boolean;
}) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<{ enterprise?: boolean; campaignOnly?: boolean }>("root");
  const enterprise = root?.enterprise ?? false;
  const campaignOnly = root?.campaignOnly ?? false;
  return (
    <nav aria-label="Main" className="grid gap-1">
      <ul className="grid gap-1">
        {mainNavFor({ teamAdmin, isAdmin, enterprise, campaignOnly }).map((item) => {
          const Icon = item.icon;
          const live = routeExists(routes, item.route);
          const current = isActive(pathname, item.href);
          const label = (
            <>
              <Icon className="size-4 shrink-0" aria-hidden />
              <span className={cn(collapsed && "sr-only")}>{item.label}</span>
              {!live && !collapsed ? (
                <Badge variant="outline" className="ml-auto shrink-0 whitespace-nowrap px-1.5 text-[10px] font-normal text-muted-foreground">
                  Coming soon
                </Badge>
              ) : null}
            </>
          );
          const element = live ? (
            <Link
              to={item.href}
              onClick={onNavigate}
              aria-current={current ? "page" : undefined}
              className={cn(itemBase, collapsed && "justify-center px-2", current ? "bg-primary/10 text-primary" : "text-foreground hover:bg-accent")}
            >
              {label}
            </Link>
          ) : (
            <span
              role="link"
              aria-disabled="true"
              aria-label={collapsed ? `${item.label} (coming soon)` : undefined}
              className={cn(itemBase, collapsed && "justify-center px-2", "cursor-not-allowed text-muted-foreground")}
            >
              {label}
            </span>
          );
          return (
            <li key={item.label}>
              {collapsed ? (
                <Tooltip>
                  <TooltipTrigger asChild>{element}</TooltipTrigger>
                  <TooltipContent side="right">{live ? item.label : `${item.label} — coming soon`}</TooltipContent>
                </Tooltip>
              ) : (
                element
              )}
            </li>
          );
        })}
      </ul>
      {settingsMode && !collapsed ? (
        <div className="mt-4 grid gap-1 border-t pt-4">
          <p className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground" id="settings-nav-heading">
            Settings
          </p>
          <ul className="grid gap-1" aria-labelledby="settings-nav-heading">
            {SETTINGS_NAV.filter((item) => routeExists(routes, item.route)).map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  onClick={onNavigate}
                  className={({ isActive: active }) => cn(itemBase, "py-1.5 pl-10", active ? "bg-primary/10 text-primary" : "text-foreground hover:bg-accent")}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
