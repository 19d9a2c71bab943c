// The OAuth 2.1 authorization server's endpoints (docs/decisions/1312): the MCP
// SDK's Express handlers (authorize, token, RFC 7591 registration, RFC 7009
// revocation) mounted on one Express app that server.ts hands /oauth/* to,
// beside Next and the hot paths. What the SDK leaves to a provider is ours
// (lib/auth/oauth/provider.ts); around its handlers this file adds what every
// edge of the service does: body limits, U+0000 refused, rate limits from the
// policy table (the SDK's in-memory limiters are off: they would count per
// instance), RFC 9207's iss on its error redirects, a readable page for a
// browser whose authorization request cannot be redirected (an unregistered
// redirect_uri), and RFC 6749 error bodies for whatever fails before a handler answers. The token endpoint also takes
// grant_type=client_credentials, answered by the token endpoint's grant (the same function as
// POST /api/auth/token), so the one token_endpoint of the RFC 8414 metadata
// serves every grant it lists.
import type { IncomingMessage, ServerResponse } from "node:http";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { ClientStoreOptions } from "@/lib/auth/oauth/clients";
import { consentPath, withIssuer } from "@/lib/auth/oauth/grants";
import { oauthProvider } from "@/lib/auth/oauth/provider";
import { grantClientCredentials, OAuthError } from "@/lib/auth/token-grant";
import { env } from "@/lib/env";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { nulPath } from "@/lib/http/nul";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { logger } from "@/lib/log";
import { consumeRateLimit, type RateLimitPolicy } from "@/lib/rate-limit/limiter";
import { rateLimitText } from "@/lib/rate-limit/policies";

export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
} as const;

const PATHS: ReadonlySet<string> = new Set(Object.values(OAUTH_PATHS));

/** The methods and paths the OAuth app serves (documented in the OpenAPI document: lib/openapi/paths/auth.ts). */
export const OAUTH_ROUTES: readonly { method: string; path: string }[] = [
  { method: "GET", path: OAUTH_PATHS.authorize },
  { method: "POST", path: OAUTH_PATHS.token },
  { method: "POST", path: OAUTH_PATHS.register },
  { method: "POST", path: OAUTH_PATHS.revoke },
];

/** Whether server.ts hands `pathname` to the OAuth app (a trailing slash included, as Express matches it). */
export function isOAuthPath(pathname: string): boolean {
  return PATHS.has(pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname);
}

/** Form and JSON bodies: an authorization request or a registration is a few hundred bytes. */
export const OAUTH_BODY_LIMIT_BYTES = 8 * 1024;

function oauthError(res: Response, status: number, error: string, description: string): void {
  if (res.headersSent) return;
  res.status(status).set("cache-control", "no-store").json({ error, error_description: description });
}

function requestIdOf(req: Request): string {
  return String(req.headers[REQUEST_ID_HEADER] ?? "");
}

/** One count against `policy` for the caller's address; 429 with RFC 6749's body past it. */
function limited(policy: RateLimitPolicy, what: string): RequestHandler {
  return (req, res, next) => {
    const address = String(req.headers[CLIENT_IP_HEADER] ?? "unknown");
    consumeRateLimit(policy, address).then((outcome) => {
      res.set(outcome.headers);
      if (outcome.allowed) return next();
      oauthError(
        res,
        429,
        "too_many_requests",
        `at most ${rateLimitText(policy, what)}; retry after ${outcome.retryAfterSec} s`,
      );
    }, next);
  };
}

/** U+0000 anywhere in the query or body: refused here as at every edge (docs/decisions/1421). */
const refuseNul: RequestHandler = (req, res, next) => {
  const path = nulPath(req.query) ?? nulPath(req.body);
  if (path === undefined) return next();
  oauthError(res, 400, "invalid_request", `${path || "the request"} must not contain U+0000`);
};

/**
 * The SDK's authorize handler redirects its errors to the client without RFC 9207's iss, and
 * without the request's state when a parameter failed its schema (it reads state after the
 * parse): every redirect to the client carries both (the consent page's answer adds its own).
 */
const issuerOnRedirects: RequestHandler = (req, res, next) => {
  const redirect = res.redirect.bind(res) as (status: number, url: string) => void;
  const consent = `${env().PUBLIC_BASE_URL}${consentPath("")}`;
  const params = (req.method === "POST" ? req.body : req.query) as Record<string, unknown> | undefined;
  const state = typeof params?.state === "string" ? params.state : undefined;
  res.redirect = ((status: number | string, url?: string) => {
    const [code, location] = typeof status === "number" ? [status, url!] : [302, status];
    redirect(code, location.startsWith(consent) ? location : withIssuer(location, state));
  }) as Response["redirect"];
  next();
};

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** What a person reads for an authorization request the server cannot send back to its app. */
function authorizeErrorText(description: string): string {
  if (/unregistered redirect_uri/i.test(description))
    return "The app asked to send you back to an address it did not register, so Sports Moment Ads will not send you there.";
  if (/(invalid|unknown) client_id/i.test(description))
    return "The app that sent you here is not registered with Sports Moment Ads.";
  if (/redirect_uri must be specified/i.test(description))
    return "The app did not say where to send you back, and it registered more than one address.";
  return "The app's sign-in request is not one Sports Moment Ads can answer.";
}

/**
 * An authorization request that cannot be redirected to its client (unknown client, unregistered
 * redirect_uri) is answered here, before any redirect: to a browser (Accept prefers text/html) as a
 * readable page with the same status, to anything else as RFC 6749's JSON body.
 */
const readableAuthorizeErrors: RequestHandler = (req, res, next) => {
  const json = res.json.bind(res);
  res.json = ((body: unknown) => {
    const error = body as { error?: unknown; error_description?: unknown } | null;
    if (res.statusCode < 400 || req.accepts(["json", "html"]) !== "html" || typeof error?.error !== "string") {
      return json(body);
    }
    const description = typeof error.error_description === "string" ? error.error_description : error.error;
    res
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>This sign-in request cannot be answered</title></head><body>` +
          `<main><h1>This sign-in request cannot be answered</h1>` +
          `<p>${escapeHtml(authorizeErrorText(description))}</p>` +
          `<p>Close this page and tell the app's developer, or connect again from the app.</p>` +
          `<p>Details for the developer: <code>${escapeHtml(error.error)}</code>: ${escapeHtml(description)}</p>` +
          `</main></body></html>`,
      );
    return res;
  }) as Response["json"];
  next();
};

/** grant_type=client_credentials at the token endpoint: the token endpoint's grant, under the token endpoint's limit. */
const clientCredentials: RequestHandler = (req, res, next) => {
  const body = (req.body ?? {}) as Record<string, string | string[]>;
  if (body.grant_type !== "client_credentials") return next();
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  const address = String(req.headers[CLIENT_IP_HEADER] ?? "unknown");
  void (async () => {
    res.set({ "cache-control": "no-store", pragma: "no-cache" });
    try {
      const limit = await consumeRateLimit("token", address);
      res.set(limit.headers);
      if (!limit.allowed) {
        throw new OAuthError(
          "rate_limited",
          `at most ${rateLimitText("token", "token requests")}; retry after ${limit.retryAfterSec} s`,
        );
      }
      const authorization = req.headers.authorization ?? null;
      res.status(200).json(await grantClientCredentials({ form, authorization }));
    } catch (error) {
      if (!(error instanceof OAuthError)) return next(error);
      if (error.error === "invalid_client") res.set("WWW-Authenticate", 'Basic realm="sma"');
      oauthError(res, error.status, error.error, error.description);
    }
  })();
};

/** Whatever failed before or outside a handler's own answer: RFC 6749's body, never HTML. */
function errors(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const status = (error as { status?: unknown }).status;
  const type = (error as { type?: unknown }).type;
  if (type === "entity.too.large") {
    return oauthError(res, 413, "invalid_request", `the request body is larger than ${OAUTH_BODY_LIMIT_BYTES} bytes`);
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    // malformed JSON or form, an unsupported charset: the body's fault, one documented answer
    return oauthError(res, 400, "invalid_request", "the request body could not be read");
  }
  const requestId = requestIdOf(req);
  logger().error({ err: error, requestId, path: req.path }, "oauth endpoint failed");
  oauthError(res, 500, "server_error", `unexpected error (request id ${requestId})`);
}

export type OAuthAppOptions = ClientStoreOptions;

/** The Express app of the four endpoints; `options` replace the client document fetcher or the clock (tests). */
export function createOAuthApp(options: OAuthAppOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const provider = oauthProvider(options);
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  const form = express.urlencoded({ extended: false, limit: OAUTH_BODY_LIMIT_BYTES, parameterLimit: 50 });
  const json = express.json({ limit: OAUTH_BODY_LIMIT_BYTES });

  app.use(
    OAUTH_PATHS.authorize,
    limited("oauth_authorize", "authorization requests"),
    form,
    refuseNul,
    issuerOnRedirects,
    readableAuthorizeErrors,
    authorizationHandler({ provider, rateLimit: false }),
  );
  app.use(
    OAUTH_PATHS.token,
    form,
    refuseNul,
    clientCredentials,
    limited("oauth_token", "token requests"),
    tokenHandler({ provider, rateLimit: false }),
  );
  app.use(
    OAUTH_PATHS.register,
    limited("oauth_register", "client registrations"),
    json,
    refuseNul,
    clientRegistrationHandler({ clientsStore: provider.clientsStore, rateLimit: false, clientIdGeneration: false }),
  );
  app.use(
    OAUTH_PATHS.revoke,
    form,
    refuseNul,
    limited("oauth_token", "token requests"),
    revocationHandler({ provider, rateLimit: false }),
  );
  app.use(errors);
  return (req, res) => {
    app(req as Request, res as Response, (error?: unknown) => {
      if (error) return errors(error, req as Request, res as Response, () => {});
      oauthError(res as Response, 404, "invalid_request", "no such OAuth endpoint");
    });
  };
}
