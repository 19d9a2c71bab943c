// The one reader of a request's Cookie header: the dashboard session
// (lib/auth/session.ts) and next-auth's route read cookies through it. The
// project depends on no cookie library (`cookie` is only a transitive one), so
// this is a small parser of its own.
//
// It keeps the stricter of the two readers it replaces: the first occurrence of
// a name decides, and when that value is not valid percent-encoding the name has
// no value at all; a later cookie of the same name is never taken in its place
// (the session's reader did this; next-auth's route used to fall through to the
// later one). Parts without "=" and empty names are skipped; names and values
// are trimmed; values are URI-decoded ("=" inside a value stays, quotes stay).

/** The cookies of a Cookie header, decoded, by name (the first of duplicate names). */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  const seen = new Set<string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // malformed percent-encoding: not a cookie of ours, and no later duplicate stands in for it
    }
  }
  return cookies;
}

/** One cookie's decoded value, or null when the header has none (or its first value is malformed). */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  return parseCookies(header).get(name) ?? null;
}
