/**
 * The parts of the shell only a signed-in user sees, loaded as their own chunk so public pages
 * (/login, /signup) do not ship the menu, tooltip and dialog libraries, the notifications' and
 * onboarding's API clients (bench: first-load JS).
 */
export { UserMenu } from "./user-menu";
export { SidebarNav } from "./sidebar";
export { MobileNav } from "./mobile-nav";
export { OnboardingModal } from "./onboarding-modal";
export { NotificationsBell } from "~/components/notifications/notifications-bell";
export { BillingRefresh } from "./billing-refresh";
