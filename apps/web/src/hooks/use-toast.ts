import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '@/lib/constants';
import { reduceToasts, type ToastAction, type ToastRecord } from '@/lib/toast-store';

export type AppToast = ToastRecord<ReactNode>;
export type ToastInput = Omit<AppToast, 'id' | 'open'>;

// One module-level store so any code (hooks, query callbacks) can raise a toast.
let toasts: AppToast[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction<ReactNode>) {
  toasts = reduceToasts(toasts, action);
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  const targets = id === undefined ? toasts.map((t) => t.id) : [id];
  targets.forEach(scheduleRemoval);
  dispatch({ type: 'dismiss', id });
}

/** Shows a toast (replacing the visible one) and returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => dispatch({ type: 'update', toast: { ...next, id } }),
  };
}

// The viewport is lazy-loaded with the first toast; a toast followed by a navigation (the
// signed-out redirect) waits for it so the message is on screen before the page goes.
let markViewportMounted: () => void = () => {};
const viewportMounted = new Promise<void>((resolve) => {
  markViewportMounted = resolve;
});

/** Called once by the Toaster when its viewport is on screen. */
export function toastViewportMounted() {
  markViewportMounted();
}

/** Resolves when toasts are visible, or after `timeoutMs` if the viewport could not load. */
export function whenToastsVisible(timeoutMs = 3000): Promise<void> {
  return Promise.race([viewportMounted, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}
