// Security headers on every response (docs/decisions/0912), set by the front
// door (lib/server/front-door.ts) before the hot router or Next answers.
//   CSP: the app's own origin; inline scripts and styles are allowed because Next's
//   bootstrap is inline (nonces would make every page dynamic); images from https
//   (advertisers' icon URLs in previews) and data:; no framing.

/** The Content-Security-Policy; development adds what Next's dev server needs (eval for fast refresh). */
export function contentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** HSTS: one year, sent only when the request reached us over HTTPS. */
export const HSTS = "max-age=31536000; includeSubDomains";

function headerSet(dev: boolean, https: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    "content-security-policy": contentSecurityPolicy(dev),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(https ? { "strict-transport-security": HSTS } : {}),
  });
}

// built once: the front door stamps them on every response, the hot paths included
const HEADER_SETS = {
  production: { http: headerSet(false, false), https: headerSet(false, true) },
  dev: { http: headerSet(true, false), https: headerSet(true, true) },
} as const;

export function securityHeaders(options: { dev: boolean; https: boolean }): Readonly<Record<string, string>> {
  return HEADER_SETS[options.dev ? "dev" : "production"][options.https ? "https" : "http"];
}
