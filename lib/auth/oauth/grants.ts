// The authorization-code flow's state (docs/decisions/1312): what the MCP SDK's
// OAuth handlers (lib/server/oauth-routes.ts) leave to their provider. The SDK
// parses and checks each request (parameters, client, redirect URI, PKCE S256);
// this file keeps the authorization requests, the user's answer, codes, tokens
// and grants in the database, so any instance answers any step:
// - an authorization request waits 10 minutes for the user's answer on the
//   consent page; approved, it becomes a grant (a connected app) and a code of
//   60 s, used once: a second exchange revokes the grant (OAuth 2.1 §4.1.3);
// - tokens: an access token of an hour (RS256, audience the grant's resource,
//   lib/auth/tokens.ts) and a refresh token of 30 days that rotates: each use
//   spends it and issues the next; a spent one used again revokes the grant
//   (OAuth 2.1 §4.3.1, the copy and the original cannot be told apart);
// - every redirect back to the client carries state and iss (RFC 9207).
import {
  InvalidGrantError,
  InvalidScopeError,
  InvalidTargetError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { userChangeActor } from "@/lib/history/change-actor";
import { fieldChanges, recordChange, SYSTEM_ACTORS, type ChangeActor } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { SCOPES, isScope, splitScopes, type Scope } from "../scopes";
import { hashSecret, newSecret } from "../secrets";
import { roleRequiredError } from "../actor";
import type { SessionUser } from "../session";
import { InvalidTokenError, issueAccessToken, mcpAudience, tokenAudience, verifyAccessToken } from "../tokens";
import { resolveClient, UnknownClientError, type ClientStoreOptions } from "./clients";
import { forgetGrantStatus } from "./grant-status";

export const AUTHORIZATION_REQUEST_TTL_MS = 10 * 60_000;
export const AUTHORIZATION_CODE_TTL_MS = 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * Authorization requests (and the codes they issued) are deleted a day after they expired: a
 * code lives 60 s, so a day later its row only tells a replay apart from a made-up code.
 */
export const AUTHORIZATION_ROWS_KEPT_MS = 24 * 60 * 60_000;

/** Scopes clients commonly add that mean nothing here: refresh tokens are always issued. */
const IGNORED_SCOPES = new Set(["offline_access"]);

/** The dashboard page where the signed-in user answers an authorization request. */
export function consentPath(requestId: string): string {
  return `/oauth/consent/${requestId}`;
}

/** The resources a grant may be asked for (RFC 8707): the MCP endpoint. */
function grantResource(requested: URL | string | undefined): string {
  const mcp = mcpAudience();
  if (requested === undefined) return mcp;
  const href = typeof requested === "string" ? requested : requested.href;
  // the SDK hands over a URL: compare parsed forms, so a trailing-slash-free origin still matches
  if (URL.canParse(href) && new URL(href).href === new URL(mcp).href) return mcp;
  throw new InvalidTargetError(`resource must be ${mcp} (the MCP endpoint)`);
}

/** The scopes an authorization request asks for: those named (unknown ones refused), else the client's, else all. */
function requestedScopes(named: readonly string[], client: OAuthClientInformationFull): Scope[] {
  const explicit = named.filter((scope) => scope && !IGNORED_SCOPES.has(scope));
  const wanted = explicit.length ? explicit : splitScopes(client.scope ?? "").filter((s) => !IGNORED_SCOPES.has(s));
  if (wanted.length === 0) return [...SCOPES];
  const unknown = wanted.filter((scope) => !isScope(scope));
  if (unknown.length) throw new InvalidScopeError(`unknown scope ${unknown.join(" ")}; scopes are ${SCOPES.join(" ")}`);
  return [...new Set(wanted)] as Scope[];
}

export type AuthorizationParams = {
  state?: string;
  scopes?: string[];
  codeChallenge: string;
  redirectUri: string;
  resource?: URL;
};

/** Records an authorization request the SDK's handler validated; answers its id (the consent page's). */
export async function startAuthorization(
  client: OAuthClientInformationFull,
  params: AuthorizationParams,
  options: { clock?: Clock } = {},
): Promise<string> {
  const resource = grantResource(params.resource);
  const scopes = requestedScopes(params.scopes ?? [], client);
  const now = nowDate(options.clock);
  const id = newId("oaz");
  await db().oAuthAuthorization.create({
    data: {
      id,
      clientId: client.client_id,
      redirectUri: params.redirectUri,
      scopes: scopes.join(" "),
      resource,
      state: params.state ?? null,
      codeChallenge: params.codeChallenge,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_REQUEST_TTL_MS),
    },
  });
  // each new request clears the old ones (indexed; bounded by the oauth_authorize rate limit)
  await db().oAuthAuthorization.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - AUTHORIZATION_ROWS_KEPT_MS) } },
  });
  return id;
}

/** What the consent page shows of a client: its own words, and the host its identity is bound to. */
export type ClientDisplay = {
  clientId: string;
  name: string;
  uri: string | null;
  logoUri: string | null;
  /** the client_id's host for a metadata document's client; the redirect URI's host for a registered one */
  host: string;
  /** identified by its metadata document's URL (true) or registered dynamically (false) */
  verifiedByUrl: boolean;
  /**
   * The whole redirect URI the code goes to, shown as it is: for a native app's private-use
   * scheme the scheme decides which application receives the code, and a host alone hides it
   */
  redirectUri: string;
};

function hostOf(value: string): string {
  try {
    const url = new URL(value);
    return url.host || url.protocol.replace(/:$/, "");
  } catch {
    return value;
  }
}

export function clientDisplay(client: OAuthClientInformationFull, redirectUri: string): ClientDisplay {
  const verifiedByUrl = client.client_id.startsWith("https://");
  const host = verifiedByUrl ? hostOf(client.client_id) : hostOf(redirectUri);
  return {
    clientId: client.client_id,
    name: client.client_name?.trim() || host,
    uri: client.client_uri ?? null,
    logoUri: client.logo_uri ?? null,
    host,
    verifiedByUrl,
    redirectUri,
  };
}

export type PendingAuthorization = {
  id: string;
  client: ClientDisplay;
  scopes: Scope[];
  resource: string;
  redirectUri: string;
  expiresAt: Date;
};

/** An authorization request still waiting for its answer, or null (unknown, answered or expired). */
export async function getPendingAuthorization(
  id: string,
  options: ClientStoreOptions = {},
): Promise<PendingAuthorization | null> {
  if (id.length > 64) return null;
  const row = await db().oAuthAuthorization.findUnique({ where: { id } });
  if (!row || row.decidedAt || row.expiresAt.getTime() <= nowDate(options.clock).getTime()) return null;
  let client: OAuthClientInformationFull;
  try {
    client = await resolveClient(row.clientId, options);
  } catch (error) {
    if (error instanceof UnknownClientError) return null;
    throw error;
  }
  return {
    id: row.id,
    client: clientDisplay(client, row.redirectUri),
    scopes: splitScopes(row.scopes).filter(isScope),
    resource: row.resource,
    redirectUri: row.redirectUri,
    expiresAt: row.expiresAt,
  };
}

/** The redirect back to the client with `params`, its state and our issuer (RFC 9207). */
function clientRedirect(redirectUri: string, state: string | null, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== null) url.searchParams.set("state", state);
  url.searchParams.set("iss", env().PUBLIC_BASE_URL);
  return url.href;
}

/**
 * Adds iss (RFC 9207) to a redirect to the client that has none, and the request's state to an
 * error redirect that lost it: the SDK's own error redirects.
 */
export function withIssuer(location: string, state?: string): string {
  if (!URL.canParse(location)) return location;
  const url = new URL(location);
  if (state !== undefined && url.searchParams.has("error") && !url.searchParams.has("state")) {
    url.searchParams.set("state", state);
  }
  if (!url.searchParams.has("iss")) url.searchParams.set("iss", env().PUBLIC_BASE_URL);
  return url.href;
}

/**
 * The signed-in user's answer to an authorization request: approved, a grant for the advertiser
 * their session acts for and a code; denied, `access_denied`. Either way the redirect back to the
 * client (with state and iss). A request is answered once, before it expires: otherwise not_found.
 * Only an admin of the advertiser approves: a connected app is a credential of the advertiser,
 * like an API key (docs/decisions/1009); any member may deny.
 */
export async function decideAuthorization(
  user: SessionUser,
  id: string,
  approve: boolean,
  options: ClientStoreOptions = {},
): Promise<{ redirectTo: string; grantId: string | null }> {
  if (approve && user.role !== "admin") throw roleRequiredError(user.role, "admin");
  const pending = await getPendingAuthorization(id, options);
  if (!pending) {
    throw new AppError("not_found", {
      detail: "This authorization request is unknown, was answered already or expired: start again from the app.",
    });
  }
  const now = nowDate(options.clock);
  const code = approve ? newSecret("sma_code") : null;
  const grantId = approve ? newId("ogr") : null;
  const by = approve ? await userChangeActor(user.userId) : null;
  const row = await db().$transaction(async (tx) => {
    const claimed = await tx.oAuthAuthorization.updateMany({
      where: { id, decidedAt: null, expiresAt: { gt: now } },
      data: { decidedAt: now },
    });
    if (claimed.count === 0) {
      throw new AppError("not_found", { detail: "This authorization request was answered already or expired." });
    }
    if (code && grantId && by) {
      const grant = await tx.oAuthGrant.create({
        data: {
          id: grantId,
          advertiserId: user.advertiserId,
          userId: user.userId,
          clientId: pending.client.clientId,
          clientName: pending.client.name,
          clientUri: pending.client.uri,
          scopes: pending.scopes.join(" "),
          resource: pending.resource,
          createdAt: now,
        },
      });
      await recordChange(tx, {
        advertiserId: user.advertiserId,
        atMs: now.getTime(),
        actor: by,
        operation: "approveConnectedApp",
        target: { type: "connected_app", id: grantId },
        fields: fieldChanges(null, connectedAppFieldValues(grant)),
      });
      return tx.oAuthAuthorization.update({
        where: { id },
        data: {
          grantId,
          codeHash: hashSecret(code),
          codeExpiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS),
        },
      });
    }
    return tx.oAuthAuthorization.findUniqueOrThrow({ where: { id } });
  });
  const redirectTo = code
    ? clientRedirect(row.redirectUri, row.state, { code })
    : clientRedirect(row.redirectUri, row.state, {
        error: "access_denied",
        error_description: "The user denied the request.",
      });
  return { redirectTo, grantId };
}

async function codeRow(client: OAuthClientInformationFull, code: string) {
  const row =
    code.length > 200 ? null : await db().oAuthAuthorization.findUnique({ where: { codeHash: hashSecret(code) } });
  if (!row?.grantId) throw new InvalidGrantError("unknown authorization code");
  if (row.clientId !== client.client_id)
    throw new InvalidGrantError("the authorization code was issued to another client");
  return { ...row, grantId: row.grantId };
}

/** The PKCE challenge of a code's authorization request (the SDK checks the verifier against it). */
export async function challengeForCode(client: OAuthClientInformationFull, code: string): Promise<string> {
  return (await codeRow(client, code)).codeChallenge;
}

/** A connected app's recorded fields (its client's claims, the scopes, whether revoked). */
export function connectedAppFieldValues(grant: {
  clientId: string;
  clientName: string;
  scopes: string;
  revokedAt: Date | null;
}) {
  return {
    name: grant.clientName,
    client_id: grant.clientId,
    scopes: splitScopes(grant.scopes),
    revoked_at: grant.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Who revokes a grant, as the change history records it: a user or the system (with its reason),
 * or "app": the connected app itself, revoking its own token (RFC 7009).
 */
export type GrantRevoker = { actor: ChangeActor | "app"; operation: string; reason?: string };

/**
 * Revokes a grant, recorded in the change history in the same transaction (nothing when it was
 * revoked already): its tokens stop working here at once, on other instances within 30 s.
 */
export async function revokeGrant(grantId: string, by: GrantRevoker, options: { clock?: Clock } = {}): Promise<void> {
  const now = nowDate(options.clock);
  await db().$transaction(async (tx) => {
    const { count } = await tx.oAuthGrant.updateMany({
      where: { id: grantId, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count === 0) return;
    const grant = await tx.oAuthGrant.findUniqueOrThrow({
      where: { id: grantId },
      include: { user: { select: { name: true, email: true } } },
    });
    const actor: ChangeActor =
      by.actor === "app"
        ? {
            type: "oauth_app",
            id: grant.id,
            name: grant.clientName,
            handle: grant.clientId,
            onBehalfOf: {
              id: grant.userId,
              name: grant.user.name.trim() || grant.user.email,
              handle: grant.user.email,
            },
          }
        : by.actor;
    await recordChange(tx, {
      advertiserId: grant.advertiserId,
      atMs: now.getTime(),
      actor,
      operation: by.operation,
      target: { type: "connected_app", id: grant.id },
      fields: fieldChanges(connectedAppFieldValues({ ...grant, revokedAt: null }), connectedAppFieldValues(grant)),
      reason: by.reason ?? null,
    });
  });
  forgetGrantStatus(grantId);
}

const CODE_REUSED: GrantRevoker = {
  actor: SYSTEM_ACTORS.oauth,
  operation: "revokeConnectedApp",
  reason: "authorization_code_reused",
};
const REFRESH_TOKEN_REUSED: GrantRevoker = {
  actor: SYSTEM_ACTORS.oauth,
  operation: "revokeConnectedApp",
  reason: "refresh_token_reused",
};
/** RFC 7009: the app revokes its own access. */
const REVOKED_BY_APP: GrantRevoker = { actor: "app", operation: "revokeConnectedApp" };

type GrantRow = {
  id: string;
  advertiserId: string;
  userId: string;
  clientId: string;
  scopes: string;
  resource: string;
};

async function issueTokens(grant: GrantRow, scopes: Scope[], now: Date): Promise<OAuthTokens> {
  const refreshToken = newSecret("sma_refresh");
  const [{ token, expiresIn }] = await Promise.all([
    issueAccessToken(
      {
        clientId: grant.clientId,
        advertiserId: grant.advertiserId,
        scopes,
        grant: { grantId: grant.id, userId: grant.userId },
        audience: grant.resource,
      },
      { clock: () => now.getTime() },
    ),
    db().oAuthRefreshToken.create({
      data: {
        tokenHash: hashSecret(refreshToken),
        grantId: grant.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      },
    }),
    db().oAuthGrant.update({ where: { id: grant.id }, data: { lastUsedAt: now } }),
  ]);
  return {
    access_token: token,
    token_type: "Bearer",
    expires_in: expiresIn,
    refresh_token: refreshToken,
    scope: scopes.join(" "),
  };
}

function checkResource(requested: URL | undefined, grant: GrantRow): void {
  if (requested !== undefined && grantResource(requested) !== grant.resource) {
    throw new InvalidTargetError(`this grant's resource is ${grant.resource}`);
  }
}

/** The authorization_code grant, after the SDK checked the PKCE verifier. */
export async function exchangeCode(
  client: OAuthClientInformationFull,
  code: string,
  redirectUri: string | undefined,
  resource: URL | undefined,
  options: { clock?: Clock } = {},
): Promise<OAuthTokens> {
  const row = await codeRow(client, code);
  const now = nowDate(options.clock);
  const spent = await db().oAuthAuthorization.updateMany({
    where: { id: row.id, codeUsedAt: null },
    data: { codeUsedAt: now },
  });
  if (spent.count === 0) {
    // a code used twice was stolen or replayed: nothing it gave may go on working
    await revokeGrant(row.grantId, CODE_REUSED, options);
    throw new InvalidGrantError("the authorization code was used already; the access it granted is revoked");
  }
  if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= now.getTime()) {
    throw new InvalidGrantError("the authorization code expired");
  }
  if (redirectUri !== undefined && redirectUri !== row.redirectUri) {
    throw new InvalidGrantError("redirect_uri is not the one of the authorization request");
  }
  const grant = await db().oAuthGrant.findUnique({ where: { id: row.grantId } });
  if (!grant || grant.revokedAt) throw new InvalidGrantError("the access this code granted was revoked");
  checkResource(resource, grant);
  return issueTokens(grant, splitScopes(grant.scopes).filter(isScope), now);
}

/** The refresh_token grant: rotation, and a spent token's reuse revokes the grant. */
export async function exchangeRefreshToken(
  client: OAuthClientInformationFull,
  refreshToken: string,
  scopes: string[] | undefined,
  resource: URL | undefined,
  options: { clock?: Clock } = {},
): Promise<OAuthTokens> {
  const row =
    refreshToken.length > 200
      ? null
      : await db().oAuthRefreshToken.findUnique({
          where: { tokenHash: hashSecret(refreshToken) },
          include: { grant: true },
        });
  if (!row) throw new InvalidGrantError("unknown refresh token");
  if (row.grant.clientId !== client.client_id) {
    throw new InvalidGrantError("the refresh token was issued to another client");
  }
  const now = nowDate(options.clock);
  if (row.usedAt) {
    await revokeGrant(row.grantId, REFRESH_TOKEN_REUSED, options);
    throw new InvalidGrantError("the refresh token was used already; the connected app is revoked");
  }
  // every refusal comes before the token is spent: a refused refresh leaves it usable, so the
  // client's corrected retry is not taken for a reuse (which revokes the grant)
  if (row.expiresAt.getTime() <= now.getTime()) throw new InvalidGrantError("the refresh token expired");
  if (row.grant.revokedAt) throw new InvalidGrantError("the connected app was revoked");
  const member = await db().membership.findUnique({
    where: { advertiserId_userId: { advertiserId: row.grant.advertiserId, userId: row.grant.userId } },
    select: { role: true },
  });
  if (!member) throw new InvalidGrantError("the user who approved the connected app is no longer a member");
  checkResource(resource, row.grant);
  const granted = splitScopes(row.grant.scopes).filter(isScope);
  let asked = granted;
  if (scopes?.length) {
    const beyond = scopes.filter((scope) => !(granted as string[]).includes(scope));
    if (beyond.length) throw new InvalidScopeError(`not granted: ${beyond.join(" ")}`);
    asked = [...new Set(scopes)] as Scope[];
  }
  const spent = await db().oAuthRefreshToken.updateMany({
    where: { tokenHash: row.tokenHash, usedAt: null },
    data: { usedAt: now },
  });
  if (spent.count === 0) {
    // spent by a concurrent request meanwhile: the copy and the original cannot be told apart
    await revokeGrant(row.grantId, REFRESH_TOKEN_REUSED, options);
    throw new InvalidGrantError("the refresh token was used already; the connected app is revoked");
  }
  return issueTokens(row.grant, asked, now);
}

/**
 * RFC 7009: a refresh token or access token of the client's grant revokes the grant (the
 * connected app): RFC 7009 §2.1 lets revoking either end the whole authorization. An
 * unknown token, or another client's, is no error (§2.2).
 */
export async function revokeGrantToken(
  client: OAuthClientInformationFull,
  token: string,
  options: { clock?: Clock } = {},
): Promise<void> {
  if (token.length > 4096) return;
  const refresh = await db().oAuthRefreshToken.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: { grantId: true, grant: { select: { clientId: true } } },
  });
  if (refresh) {
    if (refresh.grant.clientId === client.client_id) await revokeGrant(refresh.grantId, REVOKED_BY_APP, options);
    return;
  }
  try {
    const claims = await verifyAccessToken(token, { ...options, audiences: [mcpAudience(), tokenAudience()] });
    if (claims.grant && claims.clientId === client.client_id)
      await revokeGrant(claims.grant.grantId, REVOKED_BY_APP, options);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
  }
}
