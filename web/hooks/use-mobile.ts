import * as React from "react";

/** Spec §9: the mobile layout applies under 768 px wide (Tailwind's `md` starts at 768). */
const MOBILE_BREAKPOINT_PX = 768;

export function useIsMobile() {
  const [mobile, setMobile] = React.useState(false);
  React.useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
    // A transition: this runs right after hydration and must not discard server HTML still hydrating.
    const update = () => React.startTransition(() => setMobile(query.matches));
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return mobile;
}
