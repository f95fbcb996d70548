import { useLocation, useNavigate } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { deleteCookie, readCookie, SHOW_GETTING_STARTED_COOKIE, writeCookie } from "~/lib/cookies";
import { queryKeys } from "~/lib/query";
import { usersApi } from "~/lib/users-api";
import { cameFromLoginPage, planOnboarding, withoutParam } from "./onboarding";

/**
 * Carries out the onboarding plan of ./onboarding.ts for the signed-in user: returns whether the
 * welcome modal is open and how to report it closed.
 */
export function useOnboarding(user: { id: string } | null, subscribed: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = React.useState(false);
  const previousPath = React.useRef<string | null>(null);
  const statusChecked = React.useRef<string | null>(null);
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([]);
  const userId = user?.id ?? null;

  React.useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  React.useEffect(() => {
    const cameFromLogin = cameFromLoginPage(previousPath.current, document.referrer, window.location.origin);
    previousPath.current = location.pathname;
    if (!userId) {
      statusChecked.current = null;
      return;
    }
    const plan = planOnboarding({
      pathname: location.pathname,
      search: location.search,
      signedIn: true,
      cameFromLogin,
      showOnNextLoginCookie: readCookie(SHOW_GETTING_STARTED_COOKIE),
      subscribed,
    });
    const later = (ms: number, fn: () => void) => timers.current.push(setTimeout(fn, ms));
    // A transition: opening may happen before the lazy modal chunk has hydrated.
    const open_ = () => React.startTransition(() => setOpen(true));

    switch (plan.kind) {
      case "show-now":
        deleteCookie(SHOW_GETTING_STARTED_COOKIE);
        open_();
        break;
      case "invite-accepted":
        // This plan opens the modal itself: the re-plan that the URL change below causes must not
        // also ask the status and open it a second time, after the user has closed it.
        statusChecked.current = userId;
        navigate(withoutParam(location.pathname, location.search, location.hash, plan.removeParam), {
          replace: true,
          preventScrollReset: true,
        });
        later(plan.delayMs, open_);
        break;
      case "check-status": {
        // Once per signed-in user per page load: later navigations do not ask again.
        if (statusChecked.current === userId) break;
        statusChecked.current = userId;
        queryClient
          .fetchQuery({
            queryKey: queryKeys.onboardingStatus(userId),
            queryFn: () => usersApi.onboardingStatus(userId),
          })
          .then((status) => {
            if (!status.shouldShowOnboarding) return;
            later(plan.delayMs, () => {
              writeCookie(SHOW_GETTING_STARTED_COOKIE, "true", plan.cookieDays);
              open_();
            });
          })
          .catch((error) => console.warn("Could not read onboarding status:", error));
        break;
      }
      case "none":
        break;
    }
    // Re-plan when the user or the URL changes; the navigate/queryClient identities do not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, subscribed, location.pathname, location.search]);

  const onClosed = React.useCallback(() => setOpen(false), []);
  return { open, onClosed };
}
