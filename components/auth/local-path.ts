// Where the sign-in page may send the browser afterwards: a path on this site
// only. Anything else (another origin, `//host`, `/\host`, a scheme) is dropped,
// so a link to /signin cannot make the form an open redirect.
export function localPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // control characters and backslashes: browsers turn some into "/" (or ignore them) before resolving
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const url = new URL(value, "http://local.invalid");
    return url.origin === "http://local.invalid" ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
