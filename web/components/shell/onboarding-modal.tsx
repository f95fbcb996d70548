import type { ShellUser } from "./types";
import { useOnboarding } from "./use-onboarding";
import { WelcomeModal } from "./welcome-modal";

/**
 * The welcome modal with the onboarding plan that opens it (./use-onboarding.ts): one component,
 * so both load in the signed-in chunk and public pages ship neither (bench: first-load JS).
 */
export function OnboardingModal({ user, subscribed, routes }: { user: ShellUser; subscribed: boolean; routes: readonly string[] }) {
  const onboarding = useOnboarding(user, subscribed);
  return <WelcomeModal userId={user.id} routes={routes} open={onboarding.open} onClosed={onboarding.onClosed} />;
}
