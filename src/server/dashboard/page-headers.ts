/**
 * The headers of every /dashboard and /status answer, pages, errors and redirects alike: a
 * Content-Security-Policy that lets a page load only the service's own script and stylesheet (no
 * inline script or style, so injected markup cannot run), no framing, no referrer (a sign-in link
 * carries its token in the URL), and no caching of the dashboard's private pages.
 */

/** The Content-Security-Policy of every page. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** How long an answer may be kept: the dashboard's never (private, and a new key is shown once), the status page's a minute. */
export const CACHE_CONTROL = {
  dashboard: 'no-store',
  /** A successful GET /status: public data that changes every five minutes at most. */
  status: 'public, max-age=60',
} as const;

/** Sets the security headers on an answer's `headers`, and `cacheControl` unless the handler chose its own (the assets, a 200 of /status). */
export function setPageHeaders(headers: Headers, cacheControl: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', cacheControl);
}
