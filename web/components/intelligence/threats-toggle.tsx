import * as React from "react";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { THREAT_INTELLIGENCE_COOKIE, writeCookie } from "~/lib/cookies";

/**
 * Whether the dashboard shows its Threats panel, kept in the threatIntelligenceEnabled cookie
 * (spec §9: default on, 365 days, path /, Secure on https). The loader reads the cookie so the
 * first HTML is already right; a toggle writes it for the next visit.
 */
export function useThreatsPanel(initial: boolean): [boolean, (on: boolean) => void] {
  const [on, setOn] = React.useState(initial);
  const set = React.useCallback((next: boolean) => {
    setOn(next);
    writeCookie(THREAT_INTELLIGENCE_COOKIE, String(next));
  }, []);
  return [on, set];
}

export function ThreatsToggle({ checked, onCheckedChange }: { checked: boolean; onCheckedChange: (on: boolean) => void }) {
  const id = React.useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-controls="threats-panel" />
      <Label htmlFor={id}>Show threats</Label>
    </div>
  );
}
