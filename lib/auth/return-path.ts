// Where sign-in returns to: the page a signed-out visitor asked for (a shared
// report link, an OAuth consent page), carried as `?callbackUrl=` on /signin.
// Only a path of this site is kept: no other host (`//host`, a scheme), no
// backslash (browsers read `/\host` as `//host`), no control character, and
// not the sign-in pages themselves; anything else falls back to the overview.

/** The request's own path and query, written by the request edge (lib/server/request-edge.ts) for pages. */
export const REQUEST_PATH_HEADER = "x-sma-request-path";

export const DEFAULT_RETURN_PATH = "/overview";

const ORIGIN = "http://return-path.invalid";

/** `value` when it is a path of this site to return to after sign-in, otherwise null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let decoded = value;
  try {
    // an encoded slash or backslash must not become a host either, however often it is decoded
    for (let pass = 0; pass < 3; pass++) decoded = decodeURIComponent(decoded);
  } catch {
    return null;
  }
  if (/^[/\\]{2}|^\/\\|\\/.test(decoded) || /^\/[/\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (/^\/(signin|signup)(\/|$)|^\/api\//.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The request path the request edge recorded, as a return path (Next's `_rsc` parameter dropped). */
export function returnPathOfRequest(recorded: string | null | undefined): string | null {
  const safe = safeReturnPath(recorded);
  if (!safe) return null;
  const url = new URL(safe, ORIGIN);
  url.searchParams.delete("_rsc");
  return `${url.pathname}${url.search}`;
}

/** /signin, with the page to return to when there is one. */
export function signInHref(returnPath: string | null): string {
  return returnPath && returnPath !== DEFAULT_RETURN_PATH
    ? `/signin?callbackUrl=${encodeURIComponent(returnPath)}`
    : "/signin";
}
