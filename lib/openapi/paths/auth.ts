import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { problemResponses, problemSchema } from "../common";
import {
  authorizeQuery,
  clientRegistrationRequest,
  clientRegistrationResponse,
  DASHBOARD_AUTH_ACTIONS,
  dashboardAuthForm,
  jwksDocument,
  oauthEndpointError,
  oauthError,
  oauthTokenRequest,
  oauthTokenResponse,
  revocationRequest,
  tokenRequest,
  tokenResponse,
} from "@/lib/auth/auth.schemas";
import { rateLimitText } from "@/lib/rate-limit/policies";

const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed per window", schema: { type: "integer" as const } },
  "RateLimit-Remaining": { description: "Requests left in the window", schema: { type: "integer" as const } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "integer" as const } },
};

// next-auth's endpoints for the dashboard (docs/decisions/1200): a browser's, not an API client's.
const nextauthGetParam = z.object({
  nextauth: z.enum(DASHBOARD_AUTH_ACTIONS.GET).meta({
    description: "The next-auth action (404 for any other)",
    example: "csrf",
  }),
});

const nextauthPostParam = z.object({
  nextauth: z.enum(DASHBOARD_AUTH_ACTIONS.POST).meta({
    description: "The next-auth action, with the provider where it takes one (404 for any other)",
    example: "callback/credentials",
  }),
});

const nextauthJson = z
  .union([
    z.object({ csrfToken: z.string() }).meta({ description: "GET csrf: the token to send with every POST" }),
    z.object({ url: z.string() }).meta({ description: "POST with json=true: where the browser goes next" }),
    z
      .object({ user: z.object({ name: z.string().nullish(), email: z.string().nullish() }), expires: z.string() })
      .meta({ description: "GET session: the signed-in user" }),
    z.object({}).meta({ description: "GET session without a session" }),
    z.record(z.string(), z.object({ id: z.string(), name: z.string(), type: z.string() })),
  ])
  .meta({ id: "NextAuthAnswer" });

const nextauthDescription =
  "The dashboard's session endpoints (next-auth 4): GET csrf, session and providers; POST callback/credentials " +
  "(sign-in: email, password and the CSRF token; failures rate limited per IP and per account, `?error=RateLimited`) " +
  "and signout (this browser's session only). The session is an encrypted JWT in an httpOnly SameSite=Lax cookie " +
  "for 12 hours, carrying the user's session version: signing out everywhere, a password change or reset ends every " +
  "session issued before, at once (GET session then answers `{}`). GraphQL accepts it.";

// GET signout: next-auth's own confirmation page (no custom sign-out page is configured)
const signOutPage = {
  schema: { type: "string" as const, description: "GET signout: next-auth's sign-out page, a form that POSTs signout" },
};

// POST session with a CSRF token that does not match its cookie: next-auth answers 400 with an empty JSON object
const csrfRefused = z.strictObject({}).meta({
  id: "NextAuthCsrfRefused",
  description: "POST session: the CSRF token does not match its cookie (next-auth's answer, not a problem)",
});

const oauthJsonError = (description: string) => ({
  description,
  content: { "application/json": { schema: oauthEndpointError } },
});

/** The authorization-code flow of /mcp (docs/decisions/1312): the MCP SDK's handlers, RFC 6749 errors. */
export const oauthPaths: ZodOpenApiPathsObject = {
  "/oauth/authorize": {
    get: {
      operationId: "oauthAuthorize",
      summary: "Start an authorization (OAuth 2.1 authorization code with PKCE S256)",
      description:
        "Sends the browser to the dashboard's consent page, where the signed-in user approves or denies; the answer " +
        "comes back to redirect_uri with code (or error=access_denied), state and iss. A redirect_uri the client did " +
        "not register, or an unknown client, is answered here (400), never redirected to; other errors are " +
        `redirected with state and iss. ${rateLimitText("oauth_authorize", "requests")} per IP address.`,
      tags: ["Authentication"],
      security: [],
      requestParams: { query: authorizeQuery },
      responses: {
        "302": { description: "To the consent page, or to redirect_uri with error, state and iss" },
        "400": oauthJsonError(
          "invalid_request (redirect URI) or invalid_client (unknown client, bad metadata document)",
        ),
        "405": oauthJsonError("method_not_allowed"),
        "429": oauthJsonError("too_many_requests"),
      },
    },
  },
  "/oauth/token": {
    post: {
      operationId: "oauthToken",
      summary: "Exchange a code or a refresh token (or client credentials) for tokens",
      description:
        "authorization_code (with code_verifier), refresh_token (rotating: a spent one presented again revokes the " +
        "connected app, as a code exchanged twice does) and client_credentials (E1's grant and limit). " +
        `${rateLimitText("oauth_token", "requests")} per IP address.`,
      tags: ["Authentication"],
      security: [],
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: oauthTokenRequest } } },
      responses: {
        "200": { description: "Tokens", content: { "application/json": { schema: oauthTokenResponse } } },
        "400": oauthJsonError(
          "invalid_request, invalid_client, invalid_grant, invalid_scope, invalid_target, unsupported_grant_type",
        ),
        "401": oauthJsonError("invalid_client (client credentials)"),
        "405": oauthJsonError("method_not_allowed"),
        "413": oauthJsonError("invalid_request: the body is larger than 8 KiB"),
        "429": oauthJsonError("too_many_requests, or rate_limited (client credentials)"),
      },
    },
  },
  "/oauth/register": {
    post: {
      operationId: "oauthRegisterClient",
      summary: "Register a public client (RFC 7591)",
      description:
        "Public clients only: no secret is issued and token_endpoint_auth_method is none. Redirect URIs: https, http " +
        "on a loopback host (any port), or a native app's own scheme. " +
        `${rateLimitText("oauth_register", "registrations")} per IP address.`,
      tags: ["Authentication"],
      security: [],
      requestBody: { required: true, content: { "application/json": { schema: clientRegistrationRequest } } },
      responses: {
        "201": { description: "The client", content: { "application/json": { schema: clientRegistrationResponse } } },
        "400": oauthJsonError("invalid_client_metadata, or a body that is not JSON"),
        "405": oauthJsonError("method_not_allowed"),
        "413": oauthJsonError("invalid_request: the body is larger than 8 KiB"),
        "429": oauthJsonError("too_many_requests"),
      },
    },
  },
  "/oauth/revoke": {
    post: {
      operationId: "oauthRevoke",
      summary: "Revoke a token (RFC 7009)",
      description:
        "A refresh or access token of the client's connected app revokes the app (all its tokens). An unknown token " +
        "is no error.",
      tags: ["Authentication"],
      security: [],
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: revocationRequest } } },
      responses: {
        "200": {
          description: "Revoked (or nothing to revoke)",
          content: { "application/json": { schema: z.object({}) } },
        },
        "400": oauthJsonError("invalid_request, invalid_client"),
        "405": oauthJsonError("method_not_allowed"),
        "413": oauthJsonError("invalid_request: the body is larger than 8 KiB"),
        "429": oauthJsonError("too_many_requests"),
      },
    },
  },
};

/** The session endpoints and the token endpoint, by operationId (lib/http/rest-surface.ts gives their paths). */
export const authDocs = {
  dashboardAuthGet: {
    operationId: "dashboardAuthGet",
    summary: "Dashboard session: CSRF token, current session, providers",
    description: nextauthDescription,
    tags: ["Dashboard session"],
    security: [],
    requestParams: { path: nextauthGetParam },
    responses: {
      "200": {
        description: "The answer of the action (JSON; GET signout: an HTML page)",
        content: { "application/json": { schema: nextauthJson }, "text/html": signOutPage },
      },
      "302": { description: "A redirect (sign-in and error pages go to /signin)" },
      ...problemResponses("not_found"),
    },
  },
  dashboardAuthPost: {
    operationId: "dashboardAuthPost",
    summary: "Dashboard session: sign in, sign out",
    description: nextauthDescription,
    tags: ["Dashboard session"],
    security: [],
    requestParams: { path: nextauthPostParam },
    // the route reads a JSON object with the same fields (string values) as the form
    requestBody: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": { schema: dashboardAuthForm },
        "application/json": { schema: dashboardAuthForm },
      },
    },
    responses: {
      "200": {
        description: "json=true: where to go next (session: the session, as GET session answers it)",
        content: { "application/json": { schema: nextauthJson } },
      },
      "302": { description: "Where to go next (with `?error=` when the sign-in failed)" },
      "401": {
        description: "json=true and the sign-in was refused: where to go next, with `?error=`",
        content: { "application/json": { schema: nextauthJson } },
      },
      ...problemResponses("bad_request", "not_found", "payload_too_large", "validation_failed"),
      "400": {
        description:
          "Malformed request (bad JSON or content type; problem+json), or POST session with a CSRF token " +
          "that does not match its cookie (next-auth's `{}`)",
        content: {
          "application/problem+json": { schema: problemSchema },
          "application/json": { schema: csrfRefused },
        },
      },
    },
  },
  obtainAccessToken: {
    operationId: "obtainAccessToken",
    summary: "Obtain an access token (E1)",
    description:
      "OAuth 2.0 client credentials (RFC 6749 §4.4). Client authentication in the form body or with HTTP Basic. " +
      `${rateLimitText("token", "requests")} per IP address, failed ones included. Errors are RFC 6749 bodies, not problem details.`,
    tags: ["Authentication"],
    security: [],
    requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: tokenRequest } } },
    responses: {
      "200": {
        description: "Access token",
        headers: rateLimitHeaders,
        content: { "application/json": { schema: tokenResponse } },
      },
      "400": {
        description: "invalid_request, unsupported_grant_type or invalid_scope",
        content: { "application/json": { schema: oauthError } },
      },
      "401": { description: "invalid_client", content: { "application/json": { schema: oauthError } } },
      "429": {
        description: "rate_limited",
        headers: {
          ...rateLimitHeaders,
          "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } },
        },
        content: { "application/json": { schema: oauthError } },
      },
    },
  },
} satisfies Record<string, ZodOpenApiOperationObject & { operationId: string }>;

export const jwksPaths: ZodOpenApiPathsObject = {
  "/.well-known/jwks.json": {
    get: {
      operationId: "getJwks",
      summary: "Public keys that verify access tokens",
      tags: ["Authentication"],
      security: [],
      responses: {
        "200": { description: "JSON Web Key Set", content: { "application/json": { schema: jwksDocument } } },
      },
    },
  },
};
