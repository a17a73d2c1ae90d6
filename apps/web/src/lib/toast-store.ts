import { TOAST_LIMIT } from './constants';

/** A toast as the store keeps it (SPEC §3: id, title, description, action, open, variant). */
export type ToastRecord<Content = unknown> = {
  id: string;
  title?: Content;
  description?: Content;
  action?: Content;
  variant?: 'default' | 'destructive';
  duration?: number;
  open: boolean;
};

export type ToastAction<C> =
  | { type: 'add'; toast: ToastRecord<C> }
  | { type: 'update'; toast: Partial<ToastRecord<C>> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Pure state transition of the toast queue; the newest toast is first and only TOAST_LIMIT are kept. */
export function reduceToasts<C>(state: ToastRecord<C>[], action: ToastAction<C>): ToastRecord<C>[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}
