// Access tokens: RS256 JWTs (spec, Authentication; docs/api.md). Verification
// accepts RS256 only, the configured issuer, an audience the caller accepts (this
// API by default), a known kid and an unexpired exp (docs/decisions/0907).
// Two kinds share the format: the token endpoint's (client credentials: `sub` the API client,
// audience the API) and an OAuth grant's (authorization code: `sub` the user who
// approved it, `client_id` the application, `gid` the grant, audience the
// resource it was asked for, `{base}/mcp`; docs/decisions/1312).
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { fixedClock, nowDate, type Clock } from "@/lib/clock";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { isScope, splitScopes, type Scope } from "./scopes";
import { currentSigningKey, publicKeyFor, TOKEN_ALG, TOKEN_LIFETIME_SEC } from "./signing-keys";

/** An OAuth grant's token: the connected app (its grant), the user who approved it. */
export type GrantClaims = { grantId: string; userId: string };

export type AccessTokenClaims = {
  /** the token endpoint's API client, or the OAuth client of a grant's token */
  clientId: string;
  advertiserId: string;
  scopes: Scope[];
  grant?: GrantClaims;
  /** the audience it was issued for (verification reports it; issuing defaults to tokenAudience()) */
  audience?: string;
};

/** The audience of every access token: this API, named by its public origin (the RFC 9728 `resource`). */
export function tokenAudience(): string {
  return env().PUBLIC_BASE_URL;
}

/** The audience of tokens for the MCP endpoint (its RFC 9728 `resource`, RFC 8707's `resource` of OAuth grants). */
export function mcpAudience(): string {
  return `${env().PUBLIC_BASE_URL}/mcp`;
}

export async function issueAccessToken(
  claims: AccessTokenClaims,
  options: { clock?: Clock } = {},
): Promise<{ token: string; expiresIn: number }> {
  const now = nowDate(options.clock);
  const key = await currentSigningKey({ clock: fixedClock(now) });
  const iat = Math.floor(now.getTime() / 1000);
  const payload: JWTPayload = { adv: claims.advertiserId, scope: claims.scopes.join(" ") };
  // a grant's token names the person as its subject (RFC 9068), the application as client_id
  if (claims.grant) Object.assign(payload, { client_id: claims.clientId, gid: claims.grant.grantId });
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: "JWT" })
    .setIssuer(env().PUBLIC_BASE_URL)
    .setAudience(claims.audience ?? tokenAudience())
    .setSubject(claims.grant ? claims.grant.userId : claims.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SEC)
    .setJti(newId("key", 22).replace(/^key_/, "jti_"))
    .sign(key.privateKey);
  return { token, expiresIn: TOKEN_LIFETIME_SEC };
}

export class InvalidTokenError extends Error {}

/**
 * Verifies a bearer token; throws InvalidTokenError with a reason safe to show. `audiences`:
 * the audiences the caller accepts (default: this API only, so a token issued for /mcp is
 * refused by the REST API).
 */
export async function verifyAccessToken(
  token: string,
  options: { clock?: Clock; audiences?: readonly string[] } = {},
): Promise<AccessTokenClaims> {
  const now = nowDate(options.clock);
  let payload: JWTPayload;
  try {
    const result = await jwtVerify(
      token,
      async (header) => {
        if (header.alg !== TOKEN_ALG) throw new InvalidTokenError("token algorithm must be RS256");
        const key = header.kid ? await publicKeyFor(header.kid, { clock: fixedClock(now) }) : undefined;
        if (!key) throw new InvalidTokenError("token signed by an unknown key");
        return key;
      },
      {
        algorithms: [TOKEN_ALG],
        issuer: env().PUBLIC_BASE_URL,
        audience: [...(options.audiences ?? [tokenAudience()])],
        currentDate: now,
        requiredClaims: ["iss", "aud", "sub", "exp", "iat"],
      },
    );
    payload = result.payload;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError("token expired");
    if (error instanceof joseErrors.JWTClaimValidationFailed)
      throw new InvalidTokenError(`token ${error.claim} is not valid`);
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
      throw new InvalidTokenError("token is malformed or its signature does not verify");
    // anything else (the database behind the key cache...) is the service's fault, not the token's: a 500
    throw error;
  }
  const advertiserId = payload.adv;
  const scope = payload.scope;
  if (typeof advertiserId !== "string" || typeof scope !== "string" || typeof payload.sub !== "string") {
    throw new InvalidTokenError("token claims are incomplete");
  }
  const audience = typeof payload.aud === "string" ? payload.aud : undefined;
  const scopes = splitScopes(scope).filter(isScope);
  if (payload.gid === undefined) return { clientId: payload.sub, advertiserId, scopes, audience };
  if (typeof payload.gid !== "string" || typeof payload.client_id !== "string") {
    throw new InvalidTokenError("token claims are incomplete");
  }
  return {
    clientId: payload.client_id,
    advertiserId,
    scopes,
    audience,
    grant: { grantId: payload.gid, userId: payload.sub },
  };
}
