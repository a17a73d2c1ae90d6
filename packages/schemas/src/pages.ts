/**
 * The web app's page routes (SPEC §2), shared so the server answers exactly these with the
 * SPA and every other path with a 404. `:param` matches one path segment.
 */
export const PAGE_PATHS = [
  '/',
  '/sign-in',
  '/role-management',
  '/issuer',
  '/investor',
  '/market-maker',
  '/custodian',
  '/regulator',
  '/create-instrument',
  '/instruments/:id',
  '/marketplace',
  '/trading',
  '/risk',
  '/compliance',
  '/roles',
] as const;

const PATTERNS = PAGE_PATHS.map((path) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\/$/, '')}/?$`));

/** Whether `path` (no query string) is one of the web app's pages. */
export function isPagePath(path: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(path));
}
