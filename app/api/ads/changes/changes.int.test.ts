// both databases: history
// GET /api/ads/changes and its GraphQL and MCP twins (docs/decisions/1008): a
// change made through REST, GraphQL (the dashboard session) and MCP (an OAuth
// app, an API client) names its actor; filters, the cursor, bad input (422)
// and tenancy (another advertiser's campaign is 404, its changes never listed).
import { restRoute } from "@/test/rest-routes";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthClientsStore } from "@/lib/auth/oauth/clients";
import { decideAuthorization, exchangeCode, startAuthorization } from "@/lib/auth/oauth/grants";
import { db } from "@/lib/db/client";
import { recordChange, type ChangeInput } from "@/lib/history/changes";
import { campaignBody } from "@/test/campaign-input";
import { cookieHeader, gqlWithJar, signIn, type Jar } from "@/test/dashboard-session";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { gql } from "@/test/graphql";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { callTool, connectMcp } from "@/test/mcp-client";
import { expectMatchesOpenApi } from "@/test/openapi";

const { PATCH } = restRoute("/api/ads/campaigns/{id}");
const { POST: CREATE } = restRoute("/api/ads/campaigns");
const { GET } = restRoute("/api/ads/changes");

const PASSWORD = "correct horse battery";

let icons: IconServer;
let adv: TestAdvertiser;
let headers: Record<string, string>;
let user: { userId: string; advertiserId: string; email: string; name: string; role: "admin" };

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser("Changes Co");
  headers = await adv.auth();
  const row = await db().user.findFirstOrThrow({
    where: { memberships: { some: { advertiserId: adv.advertiserId } } },
  });
  user = { userId: row.id, advertiserId: adv.advertiserId, email: row.email, name: row.name, role: "admin" };
});
afterAll(() => icons.close());

type Query = Record<string, string | number | undefined>;
const list = (query: Query = {}, h = headers) => call(GET, "/api/ads/changes", { headers: h, query });
const patch = (id: string, body: unknown, h = headers) =>
  call(PATCH, `/api/ads/campaigns/${id}`, { method: "PATCH", body, headers: h, params: { id } });

async function createViaApi(h = headers): Promise<string> {
  const res = await call(CREATE, "/api/ads/campaigns", { method: "POST", body: campaignBody(icons.url()), headers: h });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** A grant approved by the advertiser's user for a registered client named `name`, and its /mcp token. */
async function connectApp(name: string) {
  const client = await oauthClientsStore().registerClient!({
    client_name: name,
    redirect_uris: ["https://agent.example/callback"],
  });
  const verifier = randomBytes(32).toString("base64url");
  const id = await startAuthorization(client, {
    redirectUri: "https://agent.example/callback",
    codeChallenge: createHash("sha256").update(verifier).digest("base64url"),
    scopes: [],
  });
  const { redirectTo, grantId } = await decideAuthorization(user, id, true);
  const tokens = await exchangeCode(client, new URL(redirectTo).searchParams.get("code")!, undefined, undefined);
  return { grantId: grantId!, token: tokens.access_token };
}

describe("a change names its actor, whichever transport made it", () => {
  it("REST with an API client's token: the client, the operation, each field in USD", async () => {
    const id = await createViaApi();
    const res = await patch(id, { bid_cpm_usd: 3.25, name: "Renamed" });
    expect(res.status).toBe(200);
    const listed = await list({ campaign_id: id });
    expect(listed.status).toBe(200);
    expectMatchesOpenApi("GET", "/api/ads/changes", 200, listed.body);
    const [update, ...created] = listed.body.changes;
    expect(update).toMatchObject({
      actor: { type: "api_client", id: adv.clientId, name: "Default client" },
      on_behalf_of: null,
      operation: "updateCampaign",
      target: { type: "campaign", id },
      campaign_id: id,
      fields: { bid_cpm_usd: { from: 2.5, to: 3.25 }, name: { from: "NBA close games", to: "Renamed" } },
      reason: null,
    });
    expect(Object.keys(update.fields).sort()).toEqual(["bid_cpm_usd", "name"]);
    // the creation: the campaign's settings and its primary creative, each a change of its own
    expect(created.map((change: { target: { type: string } }) => change.target.type).sort()).toEqual([
      "campaign",
      "creative",
    ]);
    const campaign = created.find((change: { target: { type: string } }) => change.target.type === "campaign");
    expect(campaign.operation).toBe("createCampaign");
    expect(campaign.fields.bid_cpm_usd).toEqual({ from: null, to: 2.5 });
    expect(campaign.fields.status).toEqual({ from: null, to: "active" });
  });

  it("GraphQL with the dashboard session: the signed-in user", async () => {
    const id = await createViaApi();
    const jar: Jar = new Map();
    await signIn(jar, user.email, PASSWORD);
    expect(cookieHeader(jar)).not.toBe("");
    const res = await gqlWithJar(jar, UPDATE_BID, { input: { id: toGlobal(id), bidCpmUsd: "4.10" } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateCampaign.userErrors).toEqual([]);
    const [change] = (await list({ campaign_id: id, limit: 1 })).body.changes;
    expect(change).toMatchObject({
      actor: { type: "user", id: user.userId, name: user.name },
      on_behalf_of: null,
      operation: "updateCampaign",
      fields: { bid_cpm_usd: { from: 2.5, to: 4.1 } },
    });
  });

  it("MCP with an OAuth app's token: the connected app, on behalf of the user who approved it", async () => {
    const id = await createViaApi();
    const app = await connectApp("Claude");
    const mcp = await connectMcp(app.token);
    const paused = await callTool(mcp, "pause_campaign", { campaign_id: id, idempotency_key: `pause-${id}` });
    expect(paused.isError).toBe(false);
    const [change] = (await list({ campaign_id: id, limit: 1 })).body.changes;
    expect(change).toMatchObject({
      actor: { type: "oauth_app", id: app.grantId, name: "Claude" },
      on_behalf_of: { id: user.userId, name: user.name },
      operation: "updateCampaign",
      fields: { status: { from: "active", to: "paused" } },
    });
    // the approval itself is in the history: the user connected the app
    const approvals = (await list({ target_type: "connected_app", actor_type: "user" })).body.changes;
    expect(approvals.find((entry: { target: { id: string } }) => entry.target.id === app.grantId)).toMatchObject({
      operation: "approveConnectedApp",
      actor: { type: "user", id: user.userId },
      fields: { name: { from: null, to: "Claude" } },
    });
  });

  it("MCP with an API client's token, and list_changes reading the history back", async () => {
    const id = await createViaApi();
    const mcp = await connectMcp(await adv.token());
    expect((await callTool(mcp, "pause_campaign", { campaign_id: id, idempotency_key: `mcp-${id}` })).isError).toBe(
      false,
    );
    const read = await callTool(mcp, "list_changes", { campaign_id: id, limit: 1 });
    expect(read.isError, read.text).toBe(false);
    expect(read.structured.changes).toEqual([
      expect.objectContaining({
        actor: { type: "api_client", id: adv.clientId, name: "Default client", email: null, client_id: adv.clientId },
        operation: "updateCampaign",
        fields: { status: { from: "active", to: "paused" } },
      }),
    ]);
    const refused = await callTool(mcp, "list_changes", { campaign_id: "cmp_nothing" });
    expect(refused.isError).toBe(true);
  });
});

// plain strings, not documents the client codegen collects (it reads app/**)
const UPDATE_BID =
  "mutation($input: UpdateCampaignInput!) { updateCampaign(input: $input) { campaign { bidCpmUsd } userErrors { code } } }";
const BOTH_CONNECTIONS = [
  "query($campaign: ID!) {",
  "  viewer { advertiser { changes(first: 2, actorType: SYSTEM) { totalCount nodes { actor { type id name } reason fields { field from to } } } } }",
  "  campaign(id: $campaign) { changes(first: 10) { totalCount pageInfo { hasNextPage } nodes { target { type id } at } } }",
  "}",
].join("\n");
const BY_CAMPAIGN = "query($id: String) { viewer { advertiser { changes(campaignId: $id) { totalCount } } } }";
const BAD_SINCE = '{ viewer { advertiser { changes(since: "soon") { totalCount } } } }';

function toGlobal(restId: string): string {
  return Buffer.from(`Campaign:${restId}`).toString("base64url");
}

describe("filters, cursor and tenancy", () => {
  let own: TestAdvertiser;
  let other: TestAdvertiser;
  let campaignA: string;
  let campaignB: string;
  let foreign: string;
  const T0 = Date.UTC(2026, 9, 1, 12, 0, 0);

  /** Rows written as the writers write them, at known instants. */
  async function seed(advertiserId: string, input: Partial<ChangeInput> & Pick<ChangeInput, "atMs">) {
    await db().$transaction((tx) =>
      recordChange(tx, {
        advertiserId,
        actor: { type: "api_client", id: "cli_seed", name: "Seeder" },
        operation: "updateCampaign",
        target: { type: "campaign", id: campaignA },
        campaignId: campaignA,
        fields: { name: { from: "a", to: "b" } },
        ...input,
      }),
    );
  }

  beforeAll(async () => {
    own = await createTestAdvertiser("Filters Co");
    other = await createTestAdvertiser("Other Co");
    campaignA = (await createTestCampaign({ advertiserId: own.advertiserId })).id;
    campaignB = (await createTestCampaign({ advertiserId: own.advertiserId })).id;
    foreign = (await createTestCampaign({ advertiserId: other.advertiserId })).id;
    // from empty histories: the account opening's row (the operator made the default key) is tested with the operator's CLI
    await db().change.deleteMany({ where: { advertiserId: { in: [own.advertiserId, other.advertiserId] } } });
    const day = 24 * 3600_000;
    await seed(own.advertiserId, { atMs: T0 });
    await seed(own.advertiserId, {
      atMs: T0 + day,
      actor: { type: "system", id: "cpa_controller", name: "Target-CPA controller" },
      operation: "adjustBid",
      fields: { bid_cpm_usd: { from: 2, to: 1.6 } },
      reason: "cpa_above_target",
    });
    await seed(own.advertiserId, {
      atMs: T0 + 2 * day,
      target: { type: "creative", id: "cr_1" },
      operation: "addCreativeVariant",
    });
    await seed(own.advertiserId, {
      atMs: T0 + 3 * day,
      target: { type: "campaign", id: campaignB },
      campaignId: campaignB,
      actor: { type: "user", id: "usr_ana", name: "Ana" },
    });
    await seed(own.advertiserId, {
      atMs: T0 + 4 * day,
      target: { type: "webhook_endpoint", id: "wh_1" },
      campaignId: null,
      actor: { type: "user", id: "usr_ana", name: "Ana" },
      operation: "registerWebhookEndpoint",
    });
    await seed(other.advertiserId, {
      atMs: T0 + 5 * day,
      target: { type: "campaign", id: foreign },
      campaignId: foreign,
    });
  });

  const ownList = async (query: Query = {}) => list(query, await own.auth());
  const times = (body: { changes: { at: string }[] }) => body.changes.map((change) => change.at.slice(0, 10));

  it("lists the advertiser's own changes, newest first, never another's", async () => {
    const res = await ownList();
    expect(res.status).toBe(200);
    expect(times(res.body)).toEqual(["2026-10-05", "2026-10-04", "2026-10-03", "2026-10-02", "2026-10-01"]);
    expect(res.body.next_cursor).toBeNull();
    const theirs = await list({}, await other.auth());
    expect(theirs.body.changes.map((change: { target: { id: string } }) => change.target.id)).toEqual([foreign]);
  });

  it("filters by campaign (its creatives included), actor, kind of target and time", async () => {
    expect(times((await ownList({ campaign_id: campaignA })).body)).toEqual(["2026-10-03", "2026-10-02", "2026-10-01"]);
    const system = (await ownList({ actor_type: "system" })).body.changes;
    expect(system).toHaveLength(1);
    expect(system[0]).toMatchObject({ reason: "cpa_above_target", actor: { id: "cpa_controller" } });
    expect(times((await ownList({ actor_id: "usr_ana" })).body)).toEqual(["2026-10-05", "2026-10-04"]);
    expect(times((await ownList({ target_type: "creative" })).body)).toEqual(["2026-10-03"]);
    // a date is a UTC day: since from its start, until through its end
    expect(times((await ownList({ since: "2026-10-02", until: "2026-10-03" })).body)).toEqual([
      "2026-10-03",
      "2026-10-02",
    ]);
    // a date-time: since included, until not
    const at = new Date(T0 + 24 * 3600_000).toISOString();
    expect(times((await ownList({ since: at })).body)).toHaveLength(4);
    expect(times((await ownList({ until: at })).body)).toEqual(["2026-10-01"]);
    expect(times((await ownList({ since: "2026-10-02T14:00:00+02:00", until: "2026-10-02T12:00:01Z" })).body)).toEqual([
      "2026-10-02",
    ]);
    // filters combine
    expect(times((await ownList({ campaign_id: campaignB, actor_type: "api_client" })).body)).toEqual([]);
  });

  it("pages with next_cursor until it is null, each change once", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    do {
      const res = await ownList({ limit: 2, cursor });
      expect(res.status).toBe(200);
      pages.push(res.body.changes.length);
      seen.push(...res.body.changes.map((change: { id: string }) => change.id));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual([2, 2, 1]);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual((await ownList()).body.changes.map((change: { id: string }) => change.id));
    // a cursor keeps its filters' meaning: the next page of one campaign's changes
    const first = await ownList({ campaign_id: campaignA, limit: 2 });
    const next = await ownList({ campaign_id: campaignA, limit: 2, cursor: first.body.next_cursor });
    expect(times(next.body)).toEqual(["2026-10-01"]);
  });

  it("refuses bad filters with 422 naming the parameter", async () => {
    const cases: [Query, string][] = [
      [{ actor_type: "robot" }, "actor_type"],
      [{ target_type: "invoice" }, "target_type"],
      [{ since: "yesterday" }, "since"],
      [{ until: "2026-13-01" }, "until"],
      [{ since: "2026-10-03", until: "2026-10-02" }, "until"],
      [{ limit: 0 }, "limit"],
      [{ limit: 101 }, "limit"],
      [{ limit: "ten" }, "limit"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ campaign_id: "" }, "campaign_id"],
      [{ actor: "user" }, ""],
    ];
    for (const [query, path] of cases) {
      const res = await ownList(query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      if (path) expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    // a parameter given twice is refused, never resolved to one of its values
    const twice = await call(GET, "/api/ads/changes?actor_type=user&actor_type=system", { headers: await own.auth() });
    expect(twice.status).toBe(422);
  });

  it("a campaign that is not the caller's is 404, whatever the id, as any id naming nothing the caller owns", async () => {
    for (const campaign_id of [foreign, "cmp_doesnotexist", "x".repeat(200)]) {
      const res = await ownList({ campaign_id });
      expect(res.status, campaign_id).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it("needs campaigns:read: 403 for a reporting-only token, 401 without one", async () => {
    const reporting = await list({}, await own.auth(["reporting:read"]));
    expect(reporting.status).toBe(403);
    expect(reporting.body.code).toBe("insufficient_scope");
    expect((await list({}, {})).status).toBe(401);
  });

  it("GraphQL: the advertiser's and a campaign's connections, with the same filters and tenancy", async () => {
    const auth = await own.auth();
    const res = await gql(BOTH_CONNECTIONS, { headers: auth, variables: { campaign: toGlobal(campaignA) } });
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer.advertiser.changes).toEqual({
      totalCount: 1,
      nodes: [
        {
          actor: { type: "SYSTEM", id: "cpa_controller", name: "Target-CPA controller" },
          reason: "cpa_above_target",
          fields: [{ field: "bid_cpm_usd", from: "2", to: "1.6" }],
        },
      ],
    });
    expect(res.data.campaign.changes.totalCount).toBe(3);
    expect(res.data.campaign.changes.nodes.map((node: { target: { type: string } }) => node.target.type)).toEqual([
      "CREATIVE",
      "CAMPAIGN",
      "CAMPAIGN",
    ]);
    const foreignCampaign = await gql(BY_CAMPAIGN, { headers: auth, variables: { id: foreign } });
    expect(foreignCampaign.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    const bad = await gql(BAD_SINCE, { headers: auth });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", apiCode: "validation_failed" });
  });
});
