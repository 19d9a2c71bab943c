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
    invitation: z
      .string()
      .max(200)
      .optional()
      .meta({ description: "The token of an invitation's link: the sign-in accepts it (docs/decisions/1219)" }),
    callbackUrl: z
      .string()
      .max(2048)
      .regex(/^\/(?![/\\])/, "a path on this site, starting with one /")
      .optional()
      .meta({ description: "Where to go after the action: a path on this site", example: "/overview" }),
    json: z.enum(["true", "false"]).optional().meta({ description: "true: answer {url} instead of a redirect" }),
  })
  .meta({ id: "NextAuthForm" });

// The OAuth 2.1 endpoints of /mcp's authorization-code flow (docs/decisions/1312).

export const authorizeQuery = z
  .object({
    response_type: z.literal("code"),
    client_id: z.string().meta({
      description: "A registered client's id (oac_…), or the https URL of the client's metadata document.",
    }),
    redirect_uri: z
      .string()
      .optional()
      .meta({ description: "One of the client's redirect URIs (optional if it has one)." }),
    code_challenge: z.string().meta({ description: "BASE64URL(SHA-256(code_verifier))" }),
    code_challenge_method: z.literal("S256"),
    scope: z.string().optional().meta({ example: "campaigns:read reporting:read" }),
    state: z.string().optional(),
    resource: z.string().optional().meta({ description: "RFC 8707: {base}/mcp (the default)." }),
  })
  .meta({ id: "AuthorizeRequest" });

export const oauthTokenRequest = z
  .object({
    grant_type: z.enum(["authorization_code", "refresh_token", "client_credentials"]),
    client_id: z.string().optional(),
    code: z.string().optional().meta({ description: "authorization_code: the code (60 s, single use)." }),
    code_verifier: z.string().optional().meta({ description: "authorization_code: the PKCE verifier." }),
    redirect_uri: z.string().optional(),
    refresh_token: z.string().optional().meta({ description: "refresh_token: spent by the exchange (it rotates)." }),
    client_secret: z.string().optional().meta({ description: "client_credentials only (as E1)." }),
    scope: z.string().optional(),
    resource: z.string().optional().meta({ description: "RFC 8707: {base}/mcp." }),
  })
  .meta({ id: "OAuthTokenRequest" });

export const oauthTokenResponse = z
  .object({
    access_token: z.string().meta({ description: "RS256 JWT (aud {base}/mcp for a grant's, the API for E1's)" }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().meta({ example: 3600 }),
    refresh_token: z.string().optional().meta({ description: "A grant's: use once, the answer carries the next." }),
    scope: z.string(),
  })
  .meta({ id: "OAuthTokenResponse" });

export const oauthEndpointError = z.object({ error: z.string(), error_description: z.string().optional() }).meta({
  id: "OAuthEndpointError",
  description:
    "RFC 6749 §5.2 / RFC 7591 §3.2.2 error body (invalid_request, invalid_client, invalid_grant, invalid_scope, invalid_target, unsupported_grant_type, invalid_client_metadata, too_many_requests, …)",
});

export const clientRegistrationRequest = z
  .object({
    redirect_uris: z.array(z.string()).min(1),
    client_name: z.string().optional(),
    client_uri: z.string().optional(),
    logo_uri: z.string().optional(),
    grant_types: z.array(z.enum(["authorization_code", "refresh_token"])).optional(),
    response_types: z.array(z.literal("code")).optional(),
    token_endpoint_auth_method: z.string().optional().meta({ description: "Answered none whatever is asked." }),
    scope: z.string().optional(),
  })
  .meta({ id: "ClientRegistrationRequest" });

export const clientRegistrationResponse = z
  .object({
    client_id: z.string().meta({ example: "oac_4bXk9yQ2Zr7mPt1LsW3nVd" }),
    client_id_issued_at: z.number().int(),
    redirect_uris: z.array(z.string()),
    token_endpoint_auth_method: z.literal("none"),
    grant_types: z.array(z.string()),
    response_types: z.array(z.literal("code")),
  })
  .loose()
  .meta({ id: "ClientRegistrationResponse" });

export const revocationRequest = z
  .object({ token: z.string(), token_type_hint: z.string().optional(), client_id: z.string() })
  .meta({ id: "RevocationRequest" });
