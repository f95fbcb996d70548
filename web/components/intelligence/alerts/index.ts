/** News alerts UI (issue 12), wired into /intelligence by its owner. */
export { AlertsPanel, type AlertsPanelProps } from "./alerts-panel";
export { AlertForm, type AlertFormProps } from "./alert-form";
export { AlertHistory, AlertSummary } from "./alert-summary";
