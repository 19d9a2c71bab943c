// both databases: single-use codes under concurrency
// The refresh_token grant's refusals (lib/auth/oauth/grants.ts): a refused
// refresh leaves the token usable, so the client's corrected retry is not taken
// for a reuse, which would revoke the connected app.
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { describe, expect, it } from "vitest";
import { hashSecret, newSecret } from "@/lib/auth/secrets";
import { mcpAudience } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { exchangeRefreshToken } from "./grants";

const CLIENT = { client_id: "oac_f6", redirect_uris: ["https://app.example/cb"] } as OAuthClientInformationFull;

async function refreshTokenOfNewGrant(): Promise<{ refresh: string; grantId: string }> {
  const adv = await createTestAdvertiser("Refresh Co");
  const userId = (
    await db().user.findFirstOrThrow({ where: { memberships: { some: { advertiserId: adv.advertiserId } } } })
  ).id;
  const grantId = newId("ogr");
  await db().oAuthGrant.create({
    data: {
      id: grantId,
      advertiserId: adv.advertiserId,
      userId,
      clientId: CLIENT.client_id,
      clientName: "Agent",
      scopes: "campaigns:read",
      resource: mcpAudience(),
    },
  });
  const refresh = newSecret("sma_refresh");
  await db().oAuthRefreshToken.create({
    data: { tokenHash: hashSecret(refresh), grantId, expiresAt: new Date(Date.now() + 86_400_000) },
  });
  return { refresh, grantId };
}

describe("F6: a refused refresh leaves the refresh token usable", () => {
  it("F6: after invalid_scope, the retry without the scope is served and the grant stands", async () => {
    const { refresh, grantId } = await refreshTokenOfNewGrant();
    await expect(exchangeRefreshToken(CLIENT, refresh, ["campaigns:write"], undefined)).rejects.toMatchObject({
      errorCode: "invalid_scope",
    });
    const tokens = await exchangeRefreshToken(CLIENT, refresh, undefined, undefined);
    expect(tokens.scope).toBe("campaigns:read");
    expect((await db().oAuthGrant.findUniqueOrThrow({ where: { id: grantId } })).revokedAt).toBeNull();
  });

  it("F6: after a wrong resource, the retry with the right one is served", async () => {
    const { refresh, grantId } = await refreshTokenOfNewGrant();
    await expect(
      exchangeRefreshToken(CLIENT, refresh, undefined, new URL("https://elsewhere.example/mcp")),
    ).rejects.toMatchObject({ errorCode: "invalid_target" });
    await exchangeRefreshToken(CLIENT, refresh, undefined, new URL(mcpAudience()));
    expect((await db().oAuthGrant.findUniqueOrThrow({ where: { id: grantId } })).revokedAt).toBeNull();
  });

  it("a token used once and presented again still revokes the grant", async () => {
    const { refresh, grantId } = await refreshTokenOfNewGrant();
    await exchangeRefreshToken(CLIENT, refresh, undefined, undefined);
    await expect(exchangeRefreshToken(CLIENT, refresh, undefined, undefined)).rejects.toThrow(/used already/);
    expect((await db().oAuthGrant.findUniqueOrThrow({ where: { id: grantId } })).revokedAt).not.toBeNull();
  });
});
