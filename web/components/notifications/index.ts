/** Notifications UI: the settings form (account page) and the bell (app shell, wired by its owner). */
export { NotificationSettingsForm, type NotificationSettingsFormProps } from "./notification-settings-form";
export { NotificationsBell, type NotificationsBellProps } from "./notifications-bell";
