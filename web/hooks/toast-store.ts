/**
 * The toast queue as pure state transitions, kept apart from React so the limit and dismissal
 * rules can be unit-tested. Spec §8: at most 5 toasts are shown at once (the newest win).
 */
export const TOAST_LIMIT = 5;
/** After a toast closes it stays mounted this long so its exit can finish, then it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastVariant = "default" | "destructive";

export type ToastData<Node = unknown> = {
  id: string;
  title?: Node;
  description?: Node;
  action?: Node;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the provider's default (5000 ms, spec §4) otherwise. */
  duration?: number;
  open: boolean;
};

export type ToastAction<Node = unknown> =
  | { type: "ADD"; toast: ToastData<Node> }
  | { type: "UPDATE"; toast: Partial<ToastData<Node>> & { id: string } }
  | { type: "DISMISS"; id?: string }
  | { type: "REMOVE"; id?: string };

export type ToastState<Node = unknown> = { toasts: ToastData<Node>[] };

export function toastReducer<Node>(state: ToastState<Node>, action: ToastAction<Node>): ToastState<Node> {
  switch (action.type) {
    case "ADD":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "DISMISS":
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case "REMOVE":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}
