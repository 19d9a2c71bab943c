// Dashboard sessions in integration tests, through next-auth's real route: a
// browser is a cookie jar; signing in fetches the CSRF token (and its cookie),
// then posts the credentials callback, keeping every cookie the answers set
// (the session, the device cookie). GraphQL and next-auth's session endpoint are
// then called with the jar's Cookie header.
import { restRoute } from "@/test/rest-routes";
import { sessionCookieName } from "@/lib/auth/session";
import { call } from "./http";

const authRoute = restRoute("/api/auth/{nextauth}");
const graphqlRoute = restRoute("/api/graphql");

export type Jar = Map<string, string>;

/** Applies a response's Set-Cookie lines to a jar (an empty value or Max-Age=0 removes the cookie). */
export function keepCookies(jar: Jar, headers: Headers): Jar {
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";");
    const index = pair!.indexOf("=");
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

export function cookieHeader(jar: Jar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The jar's session cookie value. */
export function sessionOf(jar: Jar): string | undefined {
  return jar.get(sessionCookieName());
}

/** Signs the jar in (CSRF token, then the credentials callback); the callback's URL (with ?error= on failure). */
export async function signIn(
  jar: Jar,
  email: string,
  password: string,
  ip = "203.0.113.10",
  /** an invitation link's token: the sign-in accepts it (docs/decisions/1219) */
  invitation?: string,
): Promise<string> {
  const csrf = await call(authRoute.GET, "/api/auth/csrf", { ip, headers: { cookie: cookieHeader(jar) } });
  if (csrf.status !== 200) throw new Error(`csrf: ${csrf.status} ${csrf.text}`);
  keepCookies(jar, csrf.headers);
  const res = await call(authRoute.POST, "/api/auth/callback/credentials", {
    body: new URLSearchParams({
      csrfToken: csrf.body.csrfToken,
      email,
      password,
      json: "true",
      ...(invitation && { invitation }),
    }),
    headers: { cookie: cookieHeader(jar) },
    ip,
  });
  keepCookies(jar, res.headers);
  return String(res.body?.url);
}

/** Signs the jar out through next-auth (this browser only). */
export async function signOut(jar: Jar, ip = "203.0.113.10"): Promise<void> {
  const csrf = await call(authRoute.GET, "/api/auth/csrf", { ip, headers: { cookie: cookieHeader(jar) } });
  keepCookies(jar, csrf.headers);
  const res = await call(authRoute.POST, "/api/auth/signout", {
    body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: "true" }),
    headers: { cookie: cookieHeader(jar) },
    ip,
  });
  if (res.status !== 200) throw new Error(`signout: ${res.status} ${res.text}`);
  keepCookies(jar, res.headers);
}

/** next-auth's session endpoint for the jar: the signed-in user's email, or null. */
export async function nextAuthSession(jar: Jar): Promise<string | null> {
  const res = await call(authRoute.GET, "/api/auth/session", { headers: { cookie: cookieHeader(jar) } });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${res.text}`);
  keepCookies(jar, res.headers);
  return (res.body?.user?.email as string | undefined) ?? null;
}

/** A GraphQL operation over HTTP with the jar's cookies, keeping the cookies the answer sets. */
export async function gqlWithJar(jar: Jar, query: string, variables?: Record<string, unknown>, ip = "203.0.113.10") {
  const res = await call(graphqlRoute.POST, "/api/graphql", {
    body: { query, variables },
    headers: { cookie: cookieHeader(jar) },
    ip,
  });
  keepCookies(jar, res.headers);
  return res;
}

/** The viewer's email with the jar's session, or null when GraphQL sees no session. */
export async function viewerEmail(jar: Jar): Promise<string | null> {
  const res = await gqlWithJar(new Map(jar), "{ viewer { credential user { email } } }");
  if (res.body.errors?.[0]?.extensions?.code === "UNAUTHENTICATED") return null;
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.viewer.user.email as string;
}
