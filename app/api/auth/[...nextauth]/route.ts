// GET/POST /api/auth/{nextauth}: next-auth's endpoints for the dashboard
// (csrf, session, providers, callback/credentials, signin, signout, error;
// lib/auth/next-auth.ts, docs/decisions/1200). The body is read under the
// project's cap first (413 problem+json past it); next-auth then runs through
// its request/response handler with the request's own headers and cookies, so
// it needs no ambient request state (and tests call it like any route). A
// successful credentials sign-in also sets the browser's device cookie
// (lib/auth/device-cookie.ts, docs/decisions/1418) beside next-auth's cookies:
// next-auth's `events.signIn` names the user to this request's `collectSignIn`.
import NextAuth from "next-auth";
import { DASHBOARD_AUTH_ACTIONS, dashboardAuthForm } from "@/lib/auth/auth.schemas";
import { collectSignIn, deviceCookieLine, mintDeviceCookie } from "@/lib/auth/device-cookie";
import { authOptions } from "@/lib/auth/next-auth";
import { AppError } from "@/lib/errors";
import { bodyLimitFor } from "@/lib/http/body-limits";
import { parseCookies } from "@/lib/http/cookies";
import { errorResponse } from "@/lib/http/define-route";
import { paramsObject } from "@/lib/http/query";
import { readBodyText } from "@/lib/http/read-body";
import { requestIdFrom } from "@/lib/http/request-id";
import { requestLogger } from "@/lib/log";
import { parseJsonBody } from "@/lib/http/nul";

export const dynamic = "force-dynamic";

const PREFIX = "/api/auth/";

/**
 * The POST body as next-auth reads it, checked first by the form's schema: a form (or a
 * JSON object) with the CSRF token, no repeated field, a callback path on this site.
 * Anything else is a problem+json 4xx here, never a redirect or next-auth's plain text.
 */
async function parseBody(request: Request): Promise<Record<string, string> | undefined> {
  if (request.method !== "POST") return undefined;
  const text = await readBodyText(request, bodyLimitFor("/api/auth/{nextauth}"));
  const type = request.headers.get("content-type") ?? "";
  let fields: unknown;
  if (type.includes("application/x-www-form-urlencoded")) fields = paramsObject(new URLSearchParams(text));
  else if (type.includes("application/json")) fields = parseJsonBody(text);
  else {
    throw new AppError("bad_request", {
      detail: "The body must be application/x-www-form-urlencoded or application/json.",
    });
  }
  // unknown fields are kept for next-auth (it ignores what it does not read)
  const form = dashboardAuthForm.parse(fields);
  const extra = fields && typeof fields === "object" && !Array.isArray(fields) ? fields : {};
  return Object.fromEntries(
    Object.entries({ ...extra, ...form })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

/** next-auth's response object (the subset its handler calls), collecting what it writes. */
class CollectedResponse {
  statusCode = 200;
  headers = new Headers();
  body: string | null = null;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  getHeader(name: string) {
    const values = name.toLowerCase() === "set-cookie" ? this.headers.getSetCookie() : this.headers.get(name);
    return values ?? undefined;
  }
  setHeader(name: string, value: string | string[]) {
    this.headers.delete(name);
    for (const item of Array.isArray(value) ? value : [value]) this.headers.append(name, item);
    return this;
  }
  end() {
    return this;
  }
  json(value: unknown) {
    this.headers.set("content-type", "application/json");
    this.body = JSON.stringify(value);
    return this;
  }
  send(value: unknown) {
    if (typeof value === "string") this.body = value;
    else if (value !== undefined && value !== null) return this.json(value);
    return this;
  }
  toResponse(): Response {
    this.headers.set("cache-control", "no-store");
    const empty = this.statusCode === 204 || this.statusCode === 304;
    return new Response(empty ? null : this.body, { status: this.statusCode, headers: this.headers });
  }
}

/** The next-auth action of the path ("csrf", "callback/credentials"), or 404 when the method has no such action. */
function actionOf(method: string, pathname: string): string {
  let action = "";
  try {
    action = decodeURIComponent(pathname.slice(PREFIX.length)).replace(/^\/+|\/+$/g, "");
  } catch {
    // malformed percent-encoding: no action of ours
  }
  const actions: readonly string[] = method === "POST" ? DASHBOARD_AUTH_ACTIONS.POST : DASHBOARD_AUTH_ACTIONS.GET;
  if (!pathname.startsWith(PREFIX) || !actions.includes(action)) {
    throw new AppError("not_found", {
      detail: `No session action ${method} ${JSON.stringify(pathname.slice(0, 120))}.`,
    });
  }
  return action;
}

async function handle(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  try {
    const url = new URL(request.url);
    const action = actionOf(request.method, url.pathname);
    const body = await parseBody(request);
    const headers = Object.fromEntries(request.headers);
    const req = {
      method: request.method,
      query: { ...Object.fromEntries(url.searchParams), nextauth: action.split("/") },
      body,
      cookies: Object.fromEntries(parseCookies(request.headers.get("cookie"))),
      headers,
    };
    const res = new CollectedResponse();
    // next-auth's (req, res) form: the App Router form reads next/headers instead of this request
    const handler = NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<unknown>;
    const options = await authOptions();
    const { email } = await collectSignIn(() => handler(req, res, options));
    // a new device cookie at every sign-in (a new nonce: a fresh device count), appended
    // after next-auth's own cookies, which stay as it wrote them
    if (email) res.headers.append("set-cookie", deviceCookieLine(await mintDeviceCookie(email)));
    return res.toResponse();
  } catch (error) {
    return errorResponse(error, requestId, requestLogger(requestId));
  }
}

export { handle as GET, handle as POST };
