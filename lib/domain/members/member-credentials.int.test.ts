// What a member set up does not outlive their place (docs/decisions/1430):
// removing them revokes the connected apps they approved (tokens and refresh
// tokens), the invitations they sent and the API keys they created (unless kept);
// demoting them narrows their connected apps; a password reset and "sign out
// everywhere" revoke their connected apps.
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { actorFromRequest } from "@/lib/auth/actor";
import { exchangeRefreshToken } from "@/lib/auth/oauth/grants";
import type { Role } from "@/lib/auth/roles";
import { SCOPES } from "@/lib/auth/scopes";
import { hashSecret, newSecret } from "@/lib/auth/secrets";
import { sessionActor } from "@/lib/auth/session";
import { issueAccessToken, mcpAudience } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { endUserSessions } from "@/lib/domain/users/sign-out-everywhere";
import { newId, randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { changeMemberRole } from "./change-member-role";
import { inviteMember } from "./invite-member";
import { invitationByToken, joinWithSignUp } from "./accept-invitation";
import { removeMember } from "./remove-member";

const log = pino({ level: "silent" });
let sequence = 0;

type Person = { userId: string; advertiserId: string; role: Role; email: string };

function run<O extends AnyOperation>(operation: O, who: Person, raw: unknown) {
  return invoke(
    operation,
    {
      actor: sessionActor(who),
      requestId: `req_cred_${++sequence}`,
      log,
      clock: Date.now,
      clientAddress: `198.51.100.${sequence % 250}`,
    },
    raw,
  );
}

/** An advertiser with its first admin and a second admin, who sets things up. */
async function team(): Promise<{ owner: Person; other: Person }> {
  const email = `owner-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Team Co", email, password: "correct horse battery" });
  const owner: Person = { userId: created.user_id, advertiserId: created.advertiser_id, role: "admin", email };
  const otherEmail = `other-${randomBase62(10).toLowerCase()}@example.test`;
  const user = await db().user.create({
    data: { id: newId("usr"), email: otherEmail, name: "Other", passwordHash: "x" },
  });
  await db().membership.create({ data: { advertiserId: owner.advertiserId, userId: user.id, role: "admin" } });
  return { owner, other: { userId: user.id, advertiserId: owner.advertiserId, role: "admin", email: otherEmail } };
}

const CLIENT = { client_id: "oac_cred", redirect_uris: ["https://app.example/cb"] } as OAuthClientInformationFull;

/** A connected app the person approved, with an access token for /mcp and a refresh token. */
async function connectedApp(by: Person) {
  const grantId = newId("ogr");
  await db().oAuthGrant.create({
    data: {
      id: grantId,
      advertiserId: by.advertiserId,
      userId: by.userId,
      clientId: CLIENT.client_id,
      clientName: "Agent",
      scopes: SCOPES.join(" "),
      resource: mcpAudience(),
    },
  });
  const refresh = newSecret("sma_refresh");
  await db().oAuthRefreshToken.create({
    data: { tokenHash: hashSecret(refresh), grantId, expiresAt: new Date(Date.now() + 86_400_000) },
  });
  const { token } = await issueAccessToken({
    clientId: CLIENT.client_id,
    advertiserId: by.advertiserId,
    scopes: [...SCOPES],
    grant: { grantId, userId: by.userId },
    audience: mcpAudience(),
  });
  return { grantId, refresh, token };
}

function mcpRequest(token: string) {
  return actorFromRequest(new Request("http://sma.test/mcp", { headers: { authorization: `Bearer ${token}` } }), {
    audience: "mcp",
  });
}

describe("F1: removing a member revokes what they set up", () => {
  it("F1: their connected app, its refresh token, their invitations and their API keys stop working", async () => {
    const { owner, other } = await team();
    const app = await connectedApp(other);
    expect((await mcpRequest(app.token)).scopes.has("campaigns:write")).toBe(true);
    const invited = await run(inviteMember, other, {
      email: `x-${randomBase62(6).toLowerCase()}@e.test`,
      role: "admin",
    });
    const key = await run(createApiClient, other, { name: "CI", scopes: ["campaigns:read"] });
    const removed = await run(removeMember, owner, { user_id: other.userId });
    expect(removed).toMatchObject({ revokedConnectedApps: 1, revokedInvitations: 1, revokedApiClients: 1 });
    await expect(mcpRequest(app.token)).rejects.toMatchObject({ code: "unauthorized" });
    await expect(exchangeRefreshToken(CLIENT, app.refresh, undefined, undefined)).rejects.toThrow(/revoked/);
    const token = invited.url.split("/invite#")[1]!;
    expect((await invitationByToken(token))?.status).toBe("revoked");
    expect((await db().apiClient.findUniqueOrThrow({ where: { id: key.apiClient.id } })).revokedAt).not.toBeNull();
    const reasons = await db().change.findMany({
      where: { advertiserId: owner.advertiserId, reason: "member_removed" },
      select: { targetType: true },
    });
    expect(reasons.map((row) => row.targetType).sort()).toEqual(["api_client", "connected_app", "invitation"]);
  });

  it("F1: an admin may keep the API keys on purpose, and the history says so", async () => {
    const { owner, other } = await team();
    const key = await run(createApiClient, other, { name: "Prod", scopes: ["campaigns:read"] });
    const removed = await run(removeMember, owner, { user_id: other.userId, keep_api_clients: true });
    expect(removed.revokedApiClients).toBe(0);
    expect((await db().apiClient.findUniqueOrThrow({ where: { id: key.apiClient.id } })).revokedAt).toBeNull();
    const row = await db().change.findFirstOrThrow({
      where: { advertiserId: owner.advertiserId, operation: "removeMember" },
    });
    expect(row.reason).toBe("api_clients_kept");
  });

  it("F1: a grant whose user left by any way stops at once, even without a revocation", async () => {
    const { other } = await team();
    const app = await connectedApp(other);
    await db().membership.delete({
      where: { advertiserId_userId: { advertiserId: other.advertiserId, userId: other.userId } },
    });
    await expect(mcpRequest(app.token)).rejects.toMatchObject({ code: "unauthorized" });
    await expect(exchangeRefreshToken(CLIENT, app.refresh, undefined, undefined)).rejects.toThrow(/no longer a member/);
  });
});

describe("F1: an invitation carries its inviter's authority", () => {
  it("F1: one sent by an admin who is gone by any way (here before removals revoked them) cannot be used", async () => {
    const { other } = await team();
    const email = `z-${randomBase62(6).toLowerCase()}@e.test`;
    const invited = await run(inviteMember, other, { email, role: "admin" });
    await db().membership.delete({
      where: { advertiserId_userId: { advertiserId: other.advertiserId, userId: other.userId } },
    });
    const token = invited.url.split("/invite#")[1]!;
    expect((await invitationByToken(token)).status).toBe("revoked");
    await expect(joinWithSignUp({ token, name: "Z", password: "correct horse battery staple" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await db().user.count({ where: { email } })).toBe(0);
  });
});

describe("F1: demoting a member narrows what they approved", () => {
  it("F1: a demoted admin's connected app loses its write scopes, on tokens already issued too", async () => {
    const { owner, other } = await team();
    const app = await connectedApp(other);
    const invited = await run(inviteMember, other, {
      email: `y-${randomBase62(6).toLowerCase()}@e.test`,
      role: "admin",
    });
    await run(changeMemberRole, owner, { user_id: other.userId, role: "viewer" });
    const actor = await mcpRequest(app.token);
    expect([...actor.scopes].sort()).toEqual(["campaigns:read", "reporting:read"]);
    const refreshed = await exchangeRefreshToken(CLIENT, app.refresh, undefined, undefined);
    expect(refreshed.scope).toBe("campaigns:read reporting:read");
    expect((await invitationByToken(invited.url.split("/invite#")[1]!))?.status).toBe("revoked");
  });

  it("F1: a demoted admin's API keys lose the scopes the new role lacks, a key of nothing else is revoked", async () => {
    const { owner, other } = await team();
    const wide = await run(createApiClient, other, { name: "Deploy", scopes: ["campaigns:write", "reporting:read"] });
    const writeOnly = await run(createApiClient, other, { name: "Writer", scopes: ["campaigns:write"] });
    const narrow = await run(createApiClient, other, { name: "Reader", scopes: ["reporting:read"] });
    await run(changeMemberRole, owner, { user_id: other.userId, role: "viewer" });
    const rowOf = (id: string) => db().apiClient.findUniqueOrThrow({ where: { id } });
    expect(await rowOf(wide.apiClient.id)).toMatchObject({ scopes: "reporting:read", revokedAt: null });
    expect((await rowOf(writeOnly.apiClient.id)).revokedAt).not.toBeNull();
    expect(await rowOf(narrow.apiClient.id)).toMatchObject({ scopes: "reporting:read", revokedAt: null });
    const changes = await db().change.findMany({
      where: {
        targetId: { in: [wide.apiClient.id, writeOnly.apiClient.id, narrow.apiClient.id] },
        operation: { in: ["narrowApiClient", "revokeApiClient"] },
      },
      orderBy: { operation: "asc" },
    });
    expect(changes.map((change) => [change.targetId, change.operation, change.reason])).toEqual([
      [wide.apiClient.id, "narrowApiClient", "member_demoted"],
      [writeOnly.apiClient.id, "revokeApiClient", "member_demoted"],
    ]);
  });
});

describe("F1: signing out everywhere revokes the user's connected apps", () => {
  it("F1: the app's token and refresh token stop working", async () => {
    const { other } = await team();
    const app = await connectedApp(other);
    await endUserSessions(sessionActor(other));
    await expect(mcpRequest(app.token)).rejects.toMatchObject({ code: "unauthorized" });
    await expect(exchangeRefreshToken(CLIENT, app.refresh, undefined, undefined)).rejects.toThrow(/revoked/);
  });
});
