import { z } from "zod";

export const tokenRequest = z
  .object({
    grant_type: z.literal("client_credentials"),
    client_id: z.string().optional().meta({ description: "Required unless HTTP Basic authentication is used." }),
    client_secret: z.string().optional().meta({ description: "Required unless HTTP Basic authentication is used." }),
    scope: z.string().optional().meta({
      description: "Space-separated scopes; omitted = every scope the client holds.",
      example: "campaigns:read reporting:read",
    }),
  })
  .meta({ id: "TokenRequest" });

export const tokenResponse = z
  .object({
    access_token: z.string().meta({ description: "RS256 JWT" }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().meta({ example: 3600 }),
    scope: z.string().meta({ example: "campaigns:read campaigns:write reporting:read" }),
  })
  .meta({ id: "TokenResponse" });

export const oauthError = z
  .object({
    error: z.enum([
      "invalid_request",
      "invalid_client",
      "unsupported_grant_type",
      "invalid_scope",
      "rate_limited",
      "server_error",
    ]),
    error_description: z.string(),
  })
  .meta({ id: "OAuthError", description: "RFC 6749 §5.2 error body" });

export const jwksDocument = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal("RSA"),
        kid: z.string(),
        alg: z.literal("RS256"),
        use: z.literal("sig"),
        n: z.string(),
        e: z.string(),
      }),
    ),
  })
  .meta({ id: "JWKS" });

/** The dashboard's next-auth actions a method may call (anything else is 404). */
export const DASHBOARD_AUTH_ACTIONS = {
  GET: ["csrf", "session", "providers", "signin", "signout", "error"],
  POST: ["signin", "signin/credentials", "callback/credentials", "signout", "session"],
} as const;

/** A POST to the dashboard's session endpoints (next-auth's form, checked before next-auth runs). */
export const dashboardAuthForm = z
  .object({
    csrfToken: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: "From GET /api/auth/csrf (double-submit with its cookie)" }),
    email: z.string().max(320).optional(),
    password: z.string().max(1024).optional(),
    callbackUrl: z
      .string()
      .max(2048)
      .regex(/^\/(?![/\\])/, "a path on this site, starting with one /")
      .optional()
      .meta({ description: "Where to go after the action: a path on this site", example: "/overview" }),
    json: z.enum(["true", "false"]).optional().meta({ description: "true: answer {url} instead of a redirect" }),
  })
  .meta({ id: "NextAuthForm" });
