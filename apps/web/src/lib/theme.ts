import { useSyncExternalStore } from 'react';

/**
 * Colour theme (issue 13 item 5): 'system' follows `prefers-color-scheme`; 'light' or 'dark'
 * is the user's explicit choice, kept in the browser. The resolved theme is the `dark` class
 * on <html>, which swaps the CSS variables every component and chart reads.
 */
export type ThemePreference = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
const listeners = new Set<() => void>();

function darkQuery(): MediaQueryList | undefined {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)');
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return PREFERENCES.includes(stored as ThemePreference) ? (stored as ThemePreference) : 'system';
  } catch {
    return 'system';
  }
}

/** The theme a preference shows, given whether the system asks for dark. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

export function currentTheme(): Theme {
  return resolveTheme(readThemePreference(), darkQuery()?.matches ?? false);
}

/** Puts the resolved theme on <html> (class and color-scheme) and tells subscribers. */
export function applyTheme(): void {
  const theme = currentTheme();
  const root = globalThis.document?.documentElement;
  if (root) {
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
  }
  for (const listener of listeners) listener();
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  applyTheme();
}

/** The preference after `preference` in the toggle's cycle: system → light → dark → system. */
export function nextThemePreference(preference: ThemePreference): ThemePreference {
  return PREFERENCES[(PREFERENCES.indexOf(preference) + 1) % PREFERENCES.length] ?? 'system';
}

/** Applies the theme now and follows system changes and other tabs' choices. Call once at start. */
export function startTheme(): void {
  applyTheme();
  darkQuery()?.addEventListener('change', applyTheme);
  globalThis.addEventListener?.('storage', (event) => event.key === THEME_STORAGE_KEY && applyTheme());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored preference, re-rendering when it changes. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, () => 'system');
}

/** The resolved theme (light or dark), re-rendering when it changes; charts read it. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
