import {
  Building2,
  ClipboardCheck,
  ClipboardList,
  FileText,
  LayoutDashboard,
  type IconComponent,
  Radar,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
} from "~/components/ui/icons";

export type NavItem = {
  label: string;
  href: string;
  icon: IconComponent;
  /** The flat-route name whose file must exist for the link to be live ("account.profile"). */
  route: string;
  /** Shown only to team admins while team accounts are on (spec §2 UserManagement, §9 flag). */
  teamAdminOnly?: boolean;
  /** Shown only to enterprise accounts (spec §6: clients are theirs). */
  enterpriseOnly?: boolean;
  /** Reachable by someone only in campaigns (spec §4: /collaborate and /account); everything else sends them to pricing. */
  campaignOnlyToo?: boolean;
};

/** The main navigation. Items whose pages have not been built yet show as "Coming soon". */
const MAIN_NAV: NavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: LayoutDashboard, route: "dashboard" },
  // Every exercise the planner may open, whoever's it is (issue 29): /exercises.
  { label: "Exercises", href: "/exercises", icon: ClipboardList, route: "exercises" },
  { label: "Documents", href: "/documents", icon: FileText, route: "documents" },
  { label: "Intelligence", href: "/intelligence", icon: Radar, route: "intelligence" },
  // Corrective actions from published after-action reports (issue 15); not for campaign-only contributors.
  { label: "Improvement", href: "/improvement", icon: ClipboardCheck, route: "improvement" },
  { label: "Collaborate", href: "/collaborate", icon: Users, route: "collaborate", campaignOnlyToo: true },
  { label: "User management", href: "/account/user-management", icon: UserCog, route: "account.user-management", teamAdminOnly: true },
  { label: "Clients", href: "/clients", icon: Building2, route: "clients", enterpriseOnly: true },
  { label: "Account", href: "/account/profile", icon: Settings, route: "account.profile", campaignOnlyToo: true },
];

/** Shown only to users whose role is admin (the page itself answers 404 to anyone else). */
const ADMIN_NAV_ITEM: NavItem = { label: "Admin", href: "/admin", icon: ShieldCheck, route: "admin" };

/**
 * The main navigation this user sees: team-admin items for team admins, clients for enterprise
 * accounts, the admin console for admins; a campaign-only contributor sees only what they may open.
 */
export function mainNavFor(who: { teamAdmin: boolean; isAdmin: boolean; enterprise: boolean; campaignOnly?: boolean }): NavItem[] {
  const items = MAIN_NAV.filter(
    (item) => (!item.teamAdminOnly || who.teamAdmin) && (!item.enterpriseOnly || who.enterprise) && (!who.campaignOnly || item.campaignOnlyToo),
  );
  return who.isAdmin ? [...items, ADMIN_NAV_ITEM] : items;
}

export const SETTINGS_NAV: { label: string; href: string; route: string }[] = [
  { label: "Profile", href: "/account/profile", route: "account.profile" },
  { label: "Security", href: "/account/security", route: "account.security" },
  { label: "Plans and pricing", href: "/account/pricing", route: "account.pricing" },
];

/**
 * `routes` are the flat-route names present in the build (from nav.server.ts). Only a route that
 * renders the path itself counts: deeper pages (the campaign exercise editor under /collaborate)
 * do not make /collaborate a page.
 */
export function routeExists(routes: readonly string[], route: string) {
  return routes.some((name) => name === route || name === `${route}._index`);
}

/** Is `href` (a path) the current page or one of its sub-pages? */
export function isActive(pathname: string, href: string) {
  const path = href.split("#")[0];
  return pathname === path || pathname.startsWith(`${path}/`);
}
