// Security headers on every response (docs/decisions/0912), set by the front
// door (lib/server/request-edge.ts) before the hot router or Next answers.
//   CSP: the app's own origin; scripts only with the request's nonce (Next reads
//   it from the request's Content-Security-Policy header, which the request edge
//   sets to the policy it sends, and puts it on every script it renders;
//   'strict-dynamic' lets those scripts load the page's chunks); inline styles
//   are allowed (React's style attributes); images from https (advertisers' icon
//   URLs in previews) and data:; no framing.
import { randomBase62 } from "@/lib/ids";

/** A fresh nonce for one response: 22 base62 characters (131 bits) from the CSPRNG, as an id's. */
export function newScriptNonce(): string {
  return randomBase62(22);
}

/**
 * The Content-Security-Policy. In production, `nonce` (a page's request) lets exactly the
 * scripts carrying it run; without one (the hot paths' JSON) no inline script runs at all.
 * The development server keeps 'unsafe-inline' and adds 'unsafe-eval' (fast refresh, the
 * development overlay) and takes no nonce (a nonce would disable 'unsafe-inline').
 */
export function contentSecurityPolicy(dev: boolean, nonce?: string): string {
  const scripts = dev
    ? "'self' 'unsafe-inline' 'unsafe-eval'"
    : nonce
      ? `'self' 'nonce-${nonce}' 'strict-dynamic'`
      : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
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

// built once: the request edge stamps them on every response, the hot paths included
const HEADER_SETS = {
  production: { http: headerSet(false, false), https: headerSet(false, true) },
  dev: { http: headerSet(true, false), https: headerSet(true, true) },
} as const;

/** The headers of one response; with `nonce`, its CSP lets the scripts carrying that nonce run (production). */
export function securityHeaders(options: {
  dev: boolean;
  https: boolean;
  nonce?: string;
}): Readonly<Record<string, string>> {
  const set = HEADER_SETS[options.dev ? "dev" : "production"][options.https ? "https" : "http"];
  if (options.dev || options.nonce === undefined) return set;
  return { ...set, "content-security-policy": contentSecurityPolicy(false, options.nonce) };
}
