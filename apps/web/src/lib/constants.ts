/** Shell-wide constants from SPEC §4, §6, §8 and §9. Feature constants live in their feature. */

/** Toasts (SPEC §4, §9): one visible at a time, a new one replaces the old. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast stays in the store this long before removal (SPEC §9). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

/** Where signed-out users are sent (SPEC §2, §6). */
export const LOGIN_PATH = '/api/login';
export const LOGIN_REDIRECT_DELAY_MS = 500;

export const AUTH_TOASTS = {
  unauthorized: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
  tradingUnauthorized: { title: 'Unauthorized', description: 'Please log in again' },
} as const;

/** Shown by the trading screen while it waits for the redirect (SPEC §6). */
export const TRADING_LOGIN_MESSAGE = 'Please log in to access trading';

/** Session storage key remembering where to return after signing in. */
export const RETURN_TO_KEY = 'meridian.returnTo';
