import { Link } from "@remix-run/react";
import { ChevronDown, LogOut, ShieldCheck, UserRound } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { routeExists } from "./nav";
import { displayName, initials, type ShellUser } from "./types";

const LOGOUT_FORM_ID = "logout-form";

export function UserMenu({ user, routes }: { user: ShellUser; routes: readonly string[] }) {
  return (
    <>
      {/* Outside the menu's portal so closing the menu cannot detach it mid-submit. A plain POST
          (full page load) so signing out also drops every client-side cache. */}
      <form id={LOGOUT_FORM_ID} method="post" action="/logout" hidden />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          {/* Named by what it shows, then what it is ("DW Dana Whitfield, account menu"): a speech
              user says the visible words (WCAG 2.5.3 label in name); on a phone only the initials show. */}
          <Button variant="ghost" className="h-9 gap-2 px-2">
            <span className="flex size-7 items-center justify-center rounded-full bg-secondary text-xs font-semibold">{initials(user)}</span>
            <span className="hidden max-w-[12rem] truncate text-sm sm:inline">{displayName(user)}</span>
            <span className="sr-only">, account menu</span>
            <ChevronDown className="opacity-60" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="grid gap-0.5">
            <span className="truncate">{displayName(user)}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.accountLabel}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {routeExists(routes, "account.profile") ? (
            <DropdownMenuItem asChild>
              <Link to="/account/profile">
                <UserRound aria-hidden /> Profile
              </Link>
            </DropdownMenuItem>
          ) : null}
          {routeExists(routes, "account.security") ? (
            <DropdownMenuItem asChild>
              <Link to="/account/security">
                <ShieldCheck aria-hidden /> Security
              </Link>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              (document.getElementById(LOGOUT_FORM_ID) as HTMLFormElement | null)?.requestSubmit();
            }}
          >
            <LogOut aria-hidden /> Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
