// Who is calling. Every domain service takes the actor first and scopes its
// queries by actor.advertiserId (ARCHITECTURE.md, "Requests").
import type { Clock } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { isClientActive } from "./clients";
import type { Scope } from "./scopes";
import { InvalidTokenError, verifyAccessToken } from "./tokens";

export type Actor = {
  advertiserId: string;
  scopes: ReadonlySet<Scope>;
  via: "token" | "session";
  clientId?: string;
  userId?: string;
};

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

function unauthorized(detail: string): AppError {
  return new AppError("unauthorized", {
    detail,
    headers: { "WWW-Authenticate": `Bearer realm="sma", error="invalid_token", error_description="${detail}"` },
  });
}

/** The actor for a request's Bearer token, or 401. */
export async function actorFromRequest(request: Request, options: { clock?: Clock } = {}): Promise<Actor> {
  const header = request.headers.get("authorization");
  if (!header) {
    throw new AppError("unauthorized", {
      detail: "Authorization: Bearer <access token> is required.",
      headers: { "WWW-Authenticate": 'Bearer realm="sma"' },
    });
  }
  const match = BEARER.exec(header);
  if (!match?.[1]) throw unauthorized("Authorization header must be 'Bearer <access token>'");
  let claims;
  try {
    claims = await verifyAccessToken(match[1], options);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized(error.message);
    throw error;
  }
  // revoking a client ends its tokens, not at their expiry: at once in the process that
  // revoked it, within CLIENT_STATUS_CACHE_MS elsewhere (docs/decisions/1106, 0907)
  if (!(await isClientActive(claims.clientId, claims.advertiserId, options))) {
    throw unauthorized("The API client of this token was revoked.");
  }
  return {
    advertiserId: claims.advertiserId,
    clientId: claims.clientId,
    scopes: new Set(claims.scopes),
    via: "token",
  };
}

/** 403 insufficient_scope unless the actor holds `scope`. */
export function requireScope(actor: Actor, scope: Scope): void {
  if (!actor.scopes.has(scope)) {
    throw new AppError("insufficient_scope", {
      detail: `This operation requires the scope ${scope}.`,
      headers: { "WWW-Authenticate": `Bearer realm="sma", error="insufficient_scope", scope="${scope}"` },
    });
  }
}
