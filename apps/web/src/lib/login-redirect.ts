import { LOGIN_PATH, RETURN_TO_KEY } from './constants';

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends the browser to the login route, remembering the current page so the sign-in page
 * can come back to it. Repeated calls while one is pending are ignored (several failing
 * queries must not stack redirects).
 */
export function redirectToLogin(delayMs: number): void {
  if (pending !== undefined) return;
  const here = `${window.location.pathname}${window.location.search}`;
  if (here !== '/' && !here.startsWith('/sign-in')) {
    try {
      window.sessionStorage.setItem(RETURN_TO_KEY, here);
    } catch {
      // storage disabled: the user lands on the home page after signing in
    }
  }
  pending = setTimeout(() => {
    window.location.assign(LOGIN_PATH);
  }, delayMs);
}

/** Only same-site absolute paths are accepted as a return target (no open redirect). */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/api/')) return undefined;
  return value;
}

/** The page to go to after sign-in: ?returnTo=… first, else the remembered page, else '/'. */
export function takeReturnTo(search: string): string {
  const fromQuery = safeReturnTo(new URLSearchParams(search).get('returnTo'));
  let remembered: string | undefined;
  try {
    remembered = safeReturnTo(window.sessionStorage.getItem(RETURN_TO_KEY));
    window.sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    remembered = undefined;
  }
  return fromQuery ?? remembered ?? '/';
}
