// Connected apps through GraphQL (the dashboard's way): the list of a user's
// approved OAuth grants and the disconnect, which ends the app's tokens at /mcp
// at once. Disconnecting needs the dashboard session; another advertiser's app
// is not found.
import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionActor } from "@/lib/auth/session";
import {
  AUTHORIZATION_REQUEST_TTL_MS,
  AUTHORIZATION_ROWS_KEPT_MS,
  decideAuthorization,
  exchangeCode,
  startAuthorization,
} from "@/lib/auth/oauth/grants";
import { oauthClientsStore } from "@/lib/auth/oauth/clients";
import { db } from "@/lib/db/client";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { gqlAs } from "@/test/graphql";
import { connectMcp } from "@/test/mcp-client";

const LIST = `query { connectedApps { id name clientId clientHost scopes approvedBy { email } createdAt lastUsedAt } }`;
const REVOKE = `mutation($id: ID!) { revokeConnectedApp(input: { id: $id }) { connectedApp { id revokedAt } userErrors { code message } } }`;

type User = { userId: string; advertiserId: string; email: string; role: "admin" };
let owner: User;
let stranger: User;

async function userOf(name: string): Promise<User> {
  const adv = await createTestAdvertiser(name);
  const row = await db().user.findFirstOrThrow({
    where: { memberships: { some: { advertiserId: adv.advertiserId } } },
  });
  return { userId: row.id, advertiserId: adv.advertiserId, email: row.email, role: "admin" };
}

/** A grant approved by `user` for a freshly registered client, and its access token. */
async function connect(user: User, name = "Claude") {
  const store = oauthClientsStore();
  const client = await store.registerClient!({ client_name: name, redirect_uris: ["https://claude.example/callback"] });
  const verifier = randomBytes(32).toString("base64url");
  const id = await startAuthorization(client, {
    redirectUri: "https://claude.example/callback",
    codeChallenge: createHash("sha256").update(verifier).digest("base64url"),
    scopes: [],
  });
  const { redirectTo, grantId } = await decideAuthorization(user, id, true);
  const code = new URL(redirectTo).searchParams.get("code")!;
  const tokens = await exchangeCode(client, code, undefined, undefined);
  return { grantId: grantId!, token: tokens.access_token };
}

beforeAll(async () => {
  owner = await userOf("Owner Co");
  stranger = await userOf("Stranger Co");
});

describe("authorization requests", () => {
  it("are deleted a day after they expired, by the next request", async () => {
    const client = await oauthClientsStore().registerClient!({ redirect_uris: ["https://a.example/cb"] });
    const params = { redirectUri: "https://a.example/cb", codeChallenge: "c".repeat(43), scopes: [] };
    const t0 = Date.UTC(2026, 0, 1);
    const old = await startAuthorization(client, params, { clock: () => t0 });
    const fresh = await startAuthorization(client, params, {
      clock: () => t0 + AUTHORIZATION_REQUEST_TTL_MS + AUTHORIZATION_ROWS_KEPT_MS - 1,
    });
    expect(await db().oAuthAuthorization.count({ where: { id: { in: [old, fresh] } } })).toBe(2);
    await startAuthorization(client, params, {
      clock: () => t0 + AUTHORIZATION_REQUEST_TTL_MS + AUTHORIZATION_ROWS_KEPT_MS + 1,
    });
    expect(await db().oAuthAuthorization.findUnique({ where: { id: old } })).toBeNull();
    expect(await db().oAuthAuthorization.findUnique({ where: { id: fresh } })).not.toBeNull();
  });
});

describe("connected apps", () => {
  it("lists the advertiser's apps with who approved them, and disconnecting ends their access", async () => {
    const { grantId, token } = await connect(owner);
    const session = sessionActor(owner);
    const listed = await gqlAs(session, LIST);
    expect(listed.errors).toBeUndefined();
    expect(listed.data.connectedApps).toEqual([
      expect.objectContaining({
        id: grantId,
        name: "Claude",
        clientHost: null,
        scopes: ["CAMPAIGNS_READ", "CAMPAIGNS_WRITE", "REPORTING_READ"],
        approvedBy: { email: owner.email },
      }),
    ]);
    // another advertiser sees none of them
    expect((await gqlAs(sessionActor(stranger), LIST)).data.connectedApps).toEqual([]);

    const mcp = await connectMcp(token);
    await mcp.close();
    const revoked = await gqlAs(session, REVOKE, { id: grantId });
    expect(revoked.data.revokeConnectedApp.userErrors).toEqual([]);
    expect(revoked.data.revokeConnectedApp.connectedApp.revokedAt).not.toBeNull();
    expect(await connectMcp(token).catch((error: Error) => error)).toBeInstanceOf(Error);
    expect((await gqlAs(session, LIST)).data.connectedApps).toEqual([]);
    // disconnecting again answers it unchanged
    const again = await gqlAs(session, REVOKE, { id: grantId });
    expect(again.data.revokeConnectedApp.connectedApp.revokedAt).toBe(
      revoked.data.revokeConnectedApp.connectedApp.revokedAt,
    );
  });

  it("refuses a disconnect with an access token, and another advertiser's app", async () => {
    const { grantId } = await connect(owner, "Cursor");
    const byToken = await gqlAs(actorFor(owner.advertiserId), REVOKE, { id: grantId });
    expect(byToken.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const byStranger = await gqlAs(sessionActor(stranger), REVOKE, { id: grantId });
    expect(byStranger.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    expect((await db().oAuthGrant.findUniqueOrThrow({ where: { id: grantId } })).revokedAt).toBeNull();
  });
});
