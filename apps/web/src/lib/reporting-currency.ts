import { CURRENCIES, type Currency } from '@meridian/schemas/constants';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The currency portfolio totals are reported in (issue 14: USD by default), chosen once and
 * shared by every screen that shows a total (landing, /investor, /risk). Kept in the browser:
 * it is a display preference, the server converts on each request.
 */
export const DEFAULT_REPORTING_CURRENCY: Currency = 'USD';
const STORAGE_KEY = 'reportingCurrency';
const listeners = new Set<() => void>();

function read(): Currency {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return CURRENCIES.includes(stored as Currency) ? (stored as Currency) : DEFAULT_REPORTING_CURRENCY;
  } catch {
    return DEFAULT_REPORTING_CURRENCY;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function setReportingCurrency(currency: Currency): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, currency);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

/** The chosen reporting currency and its setter. */
export function useReportingCurrency(): [Currency, (currency: Currency) => void] {
  const currency = useSyncExternalStore(subscribe, read, () => DEFAULT_REPORTING_CURRENCY);
  return [currency, useCallback((c: Currency) => setReportingCurrency(c), [])];
}
