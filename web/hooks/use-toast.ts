import * as React from "react";
import { TOAST_REMOVE_DELAY_MS, toastReducer, type ToastAction, type ToastData, type ToastState, type ToastVariant } from "./toast-store";

/**
 * A module-level store (like shadcn/ui's) so `toast()` can be called from anywhere — event
 * handlers, mutations' onError — and the one <Toaster /> in the shell renders it.
 */
type Node = React.ReactNode;
type Toast = ToastData<Node>;

export type ToastInput = {
  title?: Node;
  description?: Node;
  action?: Node;
  variant?: ToastVariant;
  duration?: number;
};

const listeners = new Set<(state: ToastState<Node>) => void>();
let memoryState: ToastState<Node> = { toasts: [] };
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction<Node>) {
  memoryState = toastReducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "REMOVE", id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function dismissToast(id?: string) {
  const ids = id === undefined ? memoryState.toasts.map((t) => t.id) : [id];
  dispatch({ type: "DISMISS", id });
  ids.forEach(scheduleRemoval);
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  dispatch({ type: "ADD", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => dispatch({ type: "UPDATE", toast: { ...next, id } }),
  };
}

export function useToast() {
  const [state, setState] = React.useState<ToastState<Node>>(memoryState);
  React.useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts as Toast[], toast, dismiss: dismissToast };
}
