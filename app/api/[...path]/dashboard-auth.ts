// dashboardAuthGet and dashboardAuthPost (lib/http/rest-surface.ts): next-auth's endpoints for the dashboard
// (csrf, session, providers, callback/credentials, signin, signout, error;
// lib/auth/next-auth.ts, docs/decisions/1200). next-auth runs through its
// documented App Router handler (`NextAuth(options)` called with the request and
// the route's params; it reads the cookies and headers through next/headers),
// inside a thin wrapper that keeps what the handler alone would not
// (docs/decisions/1424): the action is one of ours (404 problem+json otherwise);
// the body is read under the project's cap (413), parsed by the one JSON reader
// that refuses U+0000 and checked by the form's schema (4xx problem+json, never
// next-auth's redirect or plain text), and handed to next-auth re-encoded as a
// form; the answer is never cached; a successful credentials sign-in also sets
// the browser's device cookie (lib/auth/device-cookie.ts, docs/decisions/1418),
// named by next-auth's `events.signIn` to this request's `collectSignIn`.
import NextAuth, { type NextAuthOptions } from "next-auth";
import { NextRequest } from "next/server";
import { DASHBOARD_AUTH_ACTIONS, dashboardAuthForm } from "@/lib/auth/auth.schemas";
import { collectSignIn, deviceCookieLine, mintDeviceCookie } from "@/lib/auth/device-cookie";
import { authOptions } from "@/lib/auth/next-auth";
import { AppError } from "@/lib/errors";
import { bodyLimitOf } from "@/lib/http/body-limits";
import { errorResponse } from "@/lib/http/define-route";
import { paramsObject } from "@/lib/http/query";
import { readBodyText } from "@/lib/http/read-body";
import { requestIdFrom } from "@/lib/http/request-id";
import { restPath, surfaceEntry } from "@/lib/http/rest-surface";
import { requestLogger } from "@/lib/log";
import { parseJsonBody } from "@/lib/http/nul";

/** The path before the action: the entry's template up to its parameter. */
const PREFIX = restPath("dashboardAuthPost").replace(/\{\w+\}$/, "");

/**
 * The POST body as next-auth reads it, checked first by the form's schema: a form (or a
 * JSON object) with the CSRF token, no repeated field, a callback path on this site.
 * Anything else is a problem+json 4xx here, never a redirect or next-auth's plain text.
 */
async function parseBody(request: Request): Promise<Record<string, string> | undefined> {
  if (request.method !== "POST") return undefined;
  const text = await readBodyText(request, bodyLimitOf(surfaceEntry("dashboardAuthPost")));
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

/** next-auth's App Router handler: (request, { params: { nextauth } }) => Response. */
type RouteHandler = (request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

/** One handler per options object: the options are built once and reused (docs/decisions/1417). */
const handlers = new WeakMap<NextAuthOptions, RouteHandler>();

function handlerFor(options: NextAuthOptions): RouteHandler {
  let handler = handlers.get(options);
  if (!handler) {
    handler = NextAuth(options) as RouteHandler;
    handlers.set(options, handler);
  }
  return handler;
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

/**
 * next-auth's answer, as a response whose headers this route may add to. One answer is mended:
 * POST session with a CSRF token that does not match its cookie is next-auth's 400 with an empty
 * object, which its App Router form (4.24) sends without a Content-Type, so that the object
 * arrives as the text "[object Object]"; it is sent as the JSON `{}` it is (the OpenAPI document
 * says so, and so did next-auth's Pages form).
 */
function refusedUpdateAsJson(action: string, method: string, result: Response): Response {
  const json = result.headers.get("content-type")?.startsWith("application/json") ?? false;
  if (action === "session" && method === "POST" && result.status === 400 && !json) {
    const headers = new Headers(result.headers);
    headers.set("content-type", "application/json");
    return new Response("{}", { status: 400, headers });
  }
  return new Response(result.body, { status: result.status, headers: result.headers });
}

async function handle(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  try {
    const url = new URL(request.url);
    const action = actionOf(request.method, url.pathname);
    const body = await parseBody(request);
    // what next-auth reads of the request: its URL (the query), method and the checked body, as a
    // form; the cookies and headers it reads itself (next/headers: this request's)
    const checked = new NextRequest(url, {
      method: request.method,
      headers: body ? { "content-type": "application/x-www-form-urlencoded" } : undefined,
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    const handler = handlerFor(await authOptions());
    const { result, email } = await collectSignIn(() =>
      handler(checked, { params: Promise.resolve({ nextauth: action.split("/") }) }),
    );
    const response = refusedUpdateAsJson(action, request.method, result);
    response.headers.set("cache-control", "no-store");
    // a new device cookie at every sign-in (a new nonce: a fresh device count), appended
    // after next-auth's own cookies, which stay as it wrote them
    if (email) response.headers.append("set-cookie", deviceCookieLine(await mintDeviceCookie(email)));
    return response;
  } catch (error) {
    return errorResponse(error, requestId, requestLogger(requestId));
  }
}

export { handle as dashboardAuth };
