// Who is calling. Every domain service takes the actor first and scopes its
// queries by actor.advertiserId (ARCHITECTURE.md, "Requests").
import { AsyncLocalStorage } from "node:async_hooks";
import type { Clock } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { activeClientPrincipal } from "./clients";
import { activeGrant } from "./oauth/grant-status";
import { leastRoleForScope, rolesFrom, type Role } from "./roles";
import type { Scope } from "./scopes";
import { InvalidTokenError, mcpAudience, tokenAudience, verifyAccessToken } from "./tokens";
import { processWide } from "@/lib/process-wide";

export type Actor = {
  advertiserId: string;
  scopes: ReadonlySet<Scope>;
  via: "token" | "session";
  clientId?: string;
  userId?: string;
  /** an OAuth grant's token (a connected app): the grant, revocable from the dashboard */
  grantId?: string;
  /** a dashboard session's member role on the advertiser (its scopes are the role's, docs/decisions/1009) */
  role?: Role;
  /** the advertiser requires two-factor sign-in and this member has none yet (docs/decisions/1431) */
  twoFactorPending?: boolean;
  /**
   * A token's principal: the role held now by the member who created its API client or approved
   * its connected app (admin for a client the operator made; null for a creator who left). An
   * operation that declares a role needs it of a token's principal too (docs/decisions/1433).
   */
  principalRole?: Role | null;
};

/**
 * The token of the /mcp request being served, while /mcp runs its tools: they call the REST
 * routes in-process with the caller's token (docs/decisions/1302), and the REST guard accepts a
 * token issued for /mcp there only. One instance per process whichever bundle loads this file.
 */
const mcpCall = processWide("mcpInProcessCall", () => new AsyncLocalStorage<{ token: string }>());

/** Runs `serve` (the MCP server answering one /mcp request) so that its in-process REST calls accept `token`. */
export function asMcpCall<T>(token: string, serve: () => Promise<T>): Promise<T> {
  return mcpCall.run({ token }, serve);
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

function unauthorized(detail: string): AppError {
  return new AppError("unauthorized", {
    detail,
    headers: { "WWW-Authenticate": `Bearer realm="sma", error="invalid_token", error_description="${detail}"` },
  });
}

/**
 * The actor for a request's Bearer token, or 401. The REST API and GraphQL accept tokens issued
 * for this API (the token endpoint's); `audience: "mcp"` (the /mcp endpoint) accepts those and tokens issued for
 * /mcp (OAuth grants, RFC 8707). A /mcp token reaches the REST routes only through /mcp itself.
 */
export async function actorFromRequest(
  request: Request,
  options: { clock?: Clock; audience?: "api" | "mcp" } = {},
): Promise<Actor> {
  const header = request.headers.get("authorization");
  if (!header) {
    throw new AppError("unauthorized", {
      detail: "Authorization: Bearer <access token> is required.",
      headers: { "WWW-Authenticate": 'Bearer realm="sma"' },
    });
  }
  const match = BEARER.exec(header);
  if (!match?.[1]) throw unauthorized("Authorization header must be 'Bearer <access token>'");
  const token = match[1];
  const forMcp = options.audience === "mcp" || mcpCall.getStore()?.token === token;
  let claims;
  try {
    claims = await verifyAccessToken(token, {
      clock: options.clock,
      audiences: forMcp ? [tokenAudience(), mcpAudience()] : [tokenAudience()],
    });
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized(error.message);
    throw error;
  }
  if (claims.grant) {
    // a connected app's token: revoking the app (dashboard, RFC 7009, a reused refresh token)
    // ends it, as revoking an API client ends its tokens (decision 0907's 30 s)
    // ... and so does removing the member who approved it; demoting them narrows it (decision 1430)
    const grant = await activeGrant(claims.grant.grantId, claims.advertiserId, options);
    if (!grant) throw unauthorized("The connected app of this token was revoked.");
    const held = grant.scopes;
    return {
      advertiserId: claims.advertiserId,
      clientId: claims.clientId,
      userId: claims.grant.userId,
      grantId: claims.grant.grantId,
      // a token issued before its grant narrowed keeps only what the grant holds now
      scopes: new Set(claims.scopes.filter((scope) => held.includes(scope))),
      via: "token",
      principalRole: grant.role,
    };
  }
  // revoking a client ends its tokens, not at their expiry: at once in the process that
  // revoked it, within CLIENT_STATUS_CACHE_MS elsewhere (docs/decisions/1106, 0907)
  const principal = await activeClientPrincipal(claims.clientId, claims.advertiserId, options);
  if (!principal) throw unauthorized("The API client of this token was revoked.");
  return {
    advertiserId: claims.advertiserId,
    clientId: claims.clientId,
    scopes: new Set(claims.scopes),
    via: "token",
    principalRole: principal.role,
  };
}

/**
 * 403 role_required for a dashboard member whose role lacks what `least` allows: said in roles,
 * the words a person knows (docs/decisions/1009).
 */
export function roleRequiredError(role: Role, least: Role): AppError {
  return new AppError("role_required", {
    detail: `Your role on this advertiser (${role}) cannot do this: it needs ${rolesFrom(least).join(" or ")}. Ask an admin of the advertiser.`,
  });
}

/**
 * 403 role_required for a token whose principal (the member who created its API client or
 * approved its connected app) does not hold `least` now: the role an operation declares binds
 * tokens too, not only dashboard sessions (docs/decisions/1433).
 */
export function principalRoleRequiredError(role: Role | null | undefined, least: Role): AppError {
  const who = role ? `holds the role ${role}` : "is no longer a member of this advertiser";
  return new AppError("role_required", {
    detail: `This operation needs ${rolesFrom(least).join(" or ")}: the member who created this API client or approved this connected app ${who}.`,
  });
}

/** 403 insufficient_scope unless the actor holds `scope` (role_required for a dashboard member, whose scopes are their role's). */
export function requireScope(actor: Actor, scope: Scope): void {
  if (!actor.scopes.has(scope)) {
    if (actor.via === "session" && actor.role) throw roleRequiredError(actor.role, leastRoleForScope(scope));
    throw new AppError("insufficient_scope", {
      detail: `This operation requires the scope ${scope}.`,
      headers: { "WWW-Authenticate": `Bearer realm="sma", error="insufficient_scope", scope="${scope}"` },
    });
  }
}
