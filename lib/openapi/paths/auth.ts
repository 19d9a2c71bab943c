import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { problemResponses, problemSchema } from "../common";
import {
  DASHBOARD_AUTH_ACTIONS,
  dashboardAuthForm,
  jwksDocument,
  oauthError,
  tokenRequest,
  tokenResponse,
} from "@/lib/auth/auth.schemas";
import { rateLimitText } from "@/lib/rate-limit-policies";

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

export const authPaths: ZodOpenApiPathsObject = {
  "/api/auth/{nextauth}": {
    get: {
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
    post: {
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
  },
  "/api/auth/token": {
    post: {
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
  },
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
