// Advertisers, clients and tokens for integration tests (shared with seeds).
import { issueAccessToken } from "@/lib/auth/tokens";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";

export type TestAdvertiser = {
  advertiserId: string;
  clientId: string;
  clientSecret: string;
  /** a fresh access token holding `scopes` (all by default) */
  token(scopes?: readonly Scope[]): Promise<string>;
  /** Authorization header with a token holding `scopes` (all by default) */
  auth(scopes?: readonly Scope[]): Promise<Record<string, string>>;
};

export async function createTestAdvertiser(name = "Test Advertiser"): Promise<TestAdvertiser> {
  const created = await createAdvertiser({
    name,
    email: `adv-${randomBase62(10).toLowerCase()}@example.test`,
    password: "correct horse battery",
  });
  const token = async (scopes: readonly Scope[] = SCOPES) =>
    (await issueAccessToken({ clientId: created.client_id, advertiserId: created.advertiser_id, scopes: [...scopes] }))
      .token;
  return {
    advertiserId: created.advertiser_id,
    clientId: created.client_id,
    clientSecret: created.client_secret,
    token,
    auth: async (scopes) => ({ authorization: `Bearer ${await token(scopes)}` }),
  };
}
