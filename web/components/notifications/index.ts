/** Notifications UI: the settings form (account page) and the bell (app shell, wired by its owner). */
export { NotificationSettingsForm } from "./notification-settings-form";
