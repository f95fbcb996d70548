import type { BalanceRow } from "../../worker/billing/balance-columns";
import type { SettingsInput, SettingsView } from "../../worker/billing/ledger-types";
import { isCount, Refusal } from "./accounting";

/** Refuses limits and thresholds that are not whole numbers of credits (null clears one). */
export function checkSettingsInput(input: SettingsInput) {
  for (const key of ["dailyLimit", "monthlyLimit", "yearlyLimit", "lowBalanceAlert", "autoRefillAmount"] as const) {
    const v = input[key];
    if (v !== undefined && v !== null && !isCount(v)) throw new Refusal("invalid_input", `${key} must be a non-negative integer or null`);
  }
}

/** The settings after an update: what the input names, laid over the current settings. */
export function mergeSettings(current: SettingsView, input: SettingsInput): SettingsView {
  return {
    ...current,
    userId: current.userId ?? input.userId ?? null,
    hasUnlimitedUsage: input.hasUnlimitedUsage ?? current.hasUnlimitedUsage,
    dailyLimit: input.dailyLimit !== undefined ? input.dailyLimit : current.dailyLimit,
    monthlyLimit: input.monthlyLimit !== undefined ? input.monthlyLimit : current.monthlyLimit,
    yearlyLimit: input.yearlyLimit !== undefined ? input.yearlyLimit : current.yearlyLimit,
    lowBalanceAlert: input.lowBalanceAlert !== undefined ? input.lowBalanceAlert : current.lowBalanceAlert,
    autoRefillAmount: input.autoRefillAmount !== undefined ? input.autoRefillAmount : current.autoRefillAmount,
    blockAdditionalPurchases: input.blockAdditionalPurchases ?? current.blockAdditionalPurchases,
  };
}

/** A new threshold starts from where the balance stands: no alert for already being below it. */
export function rearmThresholds(b: BalanceRow, s: SettingsView) {
  b.alertArmed = s.lowBalanceAlert != null && b.currentBalance >= s.lowBalanceAlert ? 1 : 0;
  b.refillArmed = b.currentBalance >= (s.lowBalanceAlert ?? 1) ? 1 : 0;
}
