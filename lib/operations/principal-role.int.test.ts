// An operation's declared role binds a token's principal, not only a dashboard
// session (docs/decisions/1433): the API clients, connected apps (and their
// history rows) are an admin's lists, so a campaigns:read token reads them only
// while the member who created its API client or approved its connected app is
// an admin; a client the operator made stands for the advertiser.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { actorFromRequest, type Actor } from "@/lib/auth/actor";
import { createClient } from "@/lib/auth/clients";
import type { Role } from "@/lib/auth/roles";
import { sessionActor } from "@/lib/auth/session";
import { issueAccessToken, mcpAudience } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { listConnectedApps } from "@/lib/domain/connected-apps/connected-apps";
import { changeMemberRole } from "@/lib/domain/members/change-member-role";
import { removeMember } from "@/lib/domain/members/remove-member";
import { listChanges } from "@/lib/history/list-changes";
import { newId, randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";

const log = pino({ level: "silent" });
let sequence = 0;

function run<O extends AnyOperation>(operation: O, actor: Actor, raw: unknown) {
  return invoke(
    operation,
    { actor, requestId: `req_prn_${++sequence}`, log, clock: Date.now, clientAddress: "198.51.100.9" },
    raw,
  );
}

async function setUp() {
  const email = `owner-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser(
    { name: "Principal Co", email, password: "correct horse battery" },
    { defaultClient: false },
  );
  const advertiserId = created.advertiser_id;
  const owner = sessionActor({ userId: created.user_id, advertiserId, role: "admin" });
  async function member(role: Role) {
    const user = await db().user.create({
      data: {
        id: newId("usr"),
        email: `${role}-${randomBase62(8).toLowerCase()}@e.test`,
        name: role,
        passwordHash: "x",
      },
    });
    await db().membership.create({ data: { advertiserId, userId: user.id, role } });
    return user.id;
  }
  return { advertiserId, owner, member };
}

async function apiToken(advertiserId: string, createdById?: string) {
  const { clientId } = await createClient(advertiserId, { scopes: ["campaigns:read"], createdById });
  const { token } = await issueAccessToken({ clientId, advertiserId, scopes: ["campaigns:read"] });
  return { clientId, actor: () => actorFromRequest(bearer("http://sma.test/api/x", token)) };
}

async function appToken(advertiserId: string, userId: string) {
  const grantId = newId("ogr");
  await db().oAuthGrant.create({
    data: {
      id: grantId,
      advertiserId,
      userId,
      clientId: "oac_principal",
      clientName: "Agent",
      scopes: "campaigns:read",
      resource: mcpAudience(),
    },
  });
  const { token } = await issueAccessToken({
    clientId: "oac_principal",
    advertiserId,
    scopes: ["campaigns:read"],
    grant: { grantId, userId },
    audience: mcpAudience(),
  });
  return { actor: () => actorFromRequest(bearer("http://sma.test/mcp", token), { audience: "mcp" }) };
}

function bearer(url: string, token: string) {
  return new Request(url, { headers: { authorization: `Bearer ${token}` } });
}

const kinds = (list: { changes: { target: { type: string } }[] }) => new Set(list.changes.map((c) => c.target.type));

describe("scopes: an admin's lists need the token's principal to be an admin now", () => {
  it("a viewer's connected app (campaigns:read) reads no API client, connected app or their history", async () => {
    const { advertiserId, owner, member } = await setUp();
    const viewerId = await member("viewer");
    const adminId = await member("admin");
    await createClient(advertiserId, { name: "Admin integration", scopes: ["campaigns:read"], createdById: adminId });
    const viewerApp = await appToken(advertiserId, viewerId);
    const actor = await viewerApp.actor();
    expect(actor.principalRole).toBe("viewer");
    await expect(run(listApiClients, actor, {})).rejects.toMatchObject({ code: "role_required" });
    await expect(run(listConnectedApps, actor, {})).rejects.toMatchObject({ code: "role_required" });
    const seen = kinds(await run(listChanges, actor, {}));
    expect(seen.has("api_client")).toBe(false);
    expect(seen.has("connected_app")).toBe(false);
    // the same scope through an admin's app reads them
    const adminApp = await appToken(advertiserId, adminId);
    const adminActor = await adminApp.actor();
    expect((await run(listApiClients, adminActor, {})).totalCount).toBe(1);
    expect((await run(listConnectedApps, adminActor, {})).length).toBe(2);
    expect(kinds(await run(listChanges, adminActor, {})).has("api_client")).toBe(true);
    // and the owner's session, of course
    expect((await run(listApiClients, owner, {})).totalCount).toBe(1);
  });

  it("an admin's API key stops reading them once its creator is demoted, at once in this process", async () => {
    const { advertiserId, owner, member } = await setUp();
    const adminId = await member("admin");
    const key = await apiToken(advertiserId, adminId);
    expect((await run(listApiClients, await key.actor(), {})).totalCount).toBe(1);
    await run(changeMemberRole, owner, { user_id: adminId, role: "editor" });
    const demoted = await key.actor();
    expect(demoted.principalRole).toBe("editor");
    await expect(run(listApiClients, demoted, {})).rejects.toMatchObject({ code: "role_required" });
    await expect(run(listConnectedApps, demoted, {})).rejects.toMatchObject({ code: "role_required" });
    expect(kinds(await run(listChanges, demoted, {})).has("api_client")).toBe(false);
    // the key itself still works for what its scope gives everyone
    expect((await run(listChanges, demoted, {})).changes.some((c) => c.target.type === "member")).toBe(false);
  });

  it("a key kept on its creator's removal reads no admin list; the operator's key does", async () => {
    const { advertiserId, owner, member } = await setUp();
    const adminId = await member("admin");
    const kept = await apiToken(advertiserId, adminId);
    await run(removeMember, owner, { user_id: adminId, keep_api_clients: true });
    const actor = await kept.actor();
    expect(actor.principalRole).toBeNull();
    await expect(run(listApiClients, actor, {})).rejects.toMatchObject({ code: "role_required" });
    const operator = await apiToken(advertiserId);
    const operatorActor = await operator.actor();
    expect(operatorActor.principalRole).toBe("admin");
    expect((await run(listApiClients, operatorActor, {})).totalCount).toBe(2);
  });
});
