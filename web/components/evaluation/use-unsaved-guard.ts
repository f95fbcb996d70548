import { useBeforeUnload, useBlocker } from "@remix-run/react";
import * as React from "react";

/**
 * Unsaved-changes safety for an editor: leaving the page in the app asks first (the blocker's
 * state drives a confirm dialog), and closing or reloading the tab gets the browser's own prompt.
 */
export function useUnsavedGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useBeforeUnload(
    React.useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return;
        event.preventDefault();
        // Older browsers show the prompt only when returnValue is set.
        event.returnValue = "";
      },
      [dirty],
    ),
  );
  return {
    blocked: blocker.state === "blocked",
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
