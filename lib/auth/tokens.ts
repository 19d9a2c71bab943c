// Access tokens: RS256 JWTs (spec, Authentication; docs/api.md). Verification
// accepts RS256 only, the configured issuer, this API as the audience, a known
// kid and an unexpired exp (docs/decisions/0907).
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { fixedClock, nowDate, type Clock } from "@/lib/clock";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { isScope, splitScopes, type Scope } from "./scopes";
import { currentSigningKey, publicKeyFor, TOKEN_ALG, TOKEN_LIFETIME_SEC } from "./signing-keys";

export type AccessTokenClaims = { clientId: string; advertiserId: string; scopes: Scope[] };

/** The audience of every access token: this API, named by its public origin (the RFC 9728 `resource`). */
export function tokenAudience(): string {
  return env().PUBLIC_BASE_URL;
}

export async function issueAccessToken(
  claims: AccessTokenClaims,
  options: { clock?: Clock } = {},
): Promise<{ token: string; expiresIn: number }> {
  const now = nowDate(options.clock);
  const key = await currentSigningKey({ clock: fixedClock(now) });
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ adv: claims.advertiserId, scope: claims.scopes.join(" ") })
    .setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: "JWT" })
    .setIssuer(env().PUBLIC_BASE_URL)
    .setAudience(tokenAudience())
    .setSubject(claims.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SEC)
    .setJti(newId("key", 22).replace(/^key_/, "jti_"))
    .sign(key.privateKey);
  return { token, expiresIn: TOKEN_LIFETIME_SEC };
}

export class InvalidTokenError extends Error {}

/** Verifies a bearer token; throws InvalidTokenError with a reason safe to show. */
export async function verifyAccessToken(token: string, options: { clock?: Clock } = {}): Promise<AccessTokenClaims> {
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
        audience: tokenAudience(),
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
  return { clientId: payload.sub, advertiserId, scopes: splitScopes(scope).filter(isScope) };
}
