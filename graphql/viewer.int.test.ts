// The viewer (its advertiser, scopes and credential), the advertiser's API
// clients and today's summary; createApiClient and revokeApiClient, which only
// the dashboard session may run (docs/decisions/1106). Session operations run
// in-process with the session actor, as the dashboard will run them.
import { restRoute } from "@/test/rest-routes";
import { fixedClock } from "@/lib/clock";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createClient, MAX_ACTIVE_API_CLIENTS } from "@/lib/auth/clients";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { gql, gqlAs, onlyError, sessionActorFor } from "@/test/graphql";
import { bearer, call } from "@/test/http";
import { toGlobalId } from "./global-id";

const { POST: tokenRoute } = restRoute("/api/auth/token");

let adv: TestAdvertiser;
let rival: TestAdvertiser;

beforeAll(async () => {
  adv = await createTestAdvertiser("Viewer Co");
  rival = await createTestAdvertiser("Rival Co");
});

const CREATE_CLIENT = `
  mutation Create($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      apiClient { id restId name scopes createdAt lastUsedAt revokedAt }
      clientSecret warning
      userErrors { field code message }
    }
  }`;

const REVOKE_CLIENT = `
  mutation Revoke($input: RevokeApiClientInput!) {
    revokeApiClient(input: $input) { apiClient { restId revokedAt } userErrors { field code message } }
  }`;

const CLIENTS = `
  query Clients($includeRevoked: Boolean, $first: Int) {
    viewer { advertiser { apiClients(first: $first, includeRevoked: $includeRevoked) { totalCount nodes { restId name scopes revokedAt } } } }
  }`;

describe("viewer", () => {
  it("answers the advertiser, the token's scopes and its client", async () => {
    const res = await gql(`{ viewer { advertiser { id restId name email createdAt } scopes credential clientId } }`, {
      headers: await adv.auth(["campaigns:read"]),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer).toEqual({
      advertiser: {
        id: toGlobalId("Advertiser", adv.advertiserId),
        restId: adv.advertiserId,
        name: "Viewer Co",
        email: expect.stringMatching(/@example\.test$/),
        createdAt: expect.stringMatching(/Z$/),
      },
      scopes: ["CAMPAIGNS_READ"],
      credential: "TOKEN",
      clientId: adv.clientId,
    });
    const session = await gqlAs(sessionActorFor(adv.advertiserId), `{ viewer { scopes credential clientId } }`);
    expect(session.data).toEqual({
      viewer: {
        scopes: ["CAMPAIGNS_READ", "CAMPAIGNS_WRITE", "REPORTING_READ"],
        credential: "SESSION",
        clientId: null,
      },
    });
    // the advertiser by global id; another advertiser's is not found
    const node = await gql(`query($a: ID!, $b: ID!) { mine: node(id: $a) { id } theirs: node(id: $b) { id } }`, {
      headers: await adv.auth(),
      variables: { a: toGlobalId("Advertiser", adv.advertiserId), b: toGlobalId("Advertiser", rival.advertiserId) },
    });
    expect(node.data).toEqual({ mine: { id: toGlobalId("Advertiser", adv.advertiserId) }, theirs: null });
    expect(onlyError(node).extensions.code).toBe("NOT_FOUND");
  });

  it("keeps the advertiser's email and API clients from a reporting-only token (docs/decisions/1109)", async () => {
    const query = `{ viewer { scopes advertiser { name email apiClients { totalCount nodes { restId } } } } }`;
    const res = await gql(query, { headers: await adv.auth(["reporting:read"]) });
    expect(res.data.viewer).toEqual({
      scopes: ["REPORTING_READ"],
      advertiser: { name: "Viewer Co", email: null, apiClients: null },
    });
    expect(res.errors?.map((error) => [error.path, error.extensions.apiCode])).toEqual([
      [["viewer", "advertiser", "email"], "insufficient_scope"],
      [["viewer", "advertiser", "apiClients"], "insufficient_scope"],
    ]);
    expect(JSON.stringify(res)).not.toContain("@example.test");
    expect(JSON.stringify(res)).not.toContain(adv.clientId);
    // the same through node(id:)
    const node = await gql(`query($id: ID!) { node(id: $id) { ... on Advertiser { email } } }`, {
      headers: await adv.auth(["reporting:read"]),
      variables: { id: toGlobalId("Advertiser", adv.advertiserId) },
    });
    expect(node.data).toEqual({ node: { email: null } });
    expect(onlyError(node).extensions.apiCode).toBe("insufficient_scope");
    // the dashboard session holds every scope
    const session = await gqlAs(sessionActorFor(adv.advertiserId), `{ viewer { advertiser { email } } }`);
    expect(session.data.viewer.advertiser.email).toMatch(/@example\.test$/);
  });

  it("answers today's delivery (UTC day) with its top campaigns; campaigns need campaigns:read", async () => {
    const owner = await createTestAdvertiser("Today Co");
    const now = Date.parse("2026-02-01T12:00:00Z");
    const busy = await createTestCampaign({ advertiserId: owner.advertiserId, name: "Busy", dailyBudgetUsd: 40 });
    const quiet = await createTestCampaign({ advertiserId: owner.advertiserId, name: "Quiet", dailyBudgetUsd: 25 });
    await createTestCampaign({
      advertiserId: owner.advertiserId,
      name: "Paused",
      status: "paused",
      dailyBudgetUsd: 99,
    });
    await seedDelivery(busy, [
      { servedAtMs: now - 3_600_000, costMicros: 4000n, clickedAtMs: now - 3_000_000 },
      { servedAtMs: now - 1_800_000, costMicros: 4000n },
      // yesterday (UTC) does not count
      { servedAtMs: Date.parse("2026-01-31T23:59:00Z"), costMicros: 9000n },
    ]);
    await seedDelivery(quiet, [{ servedAtMs: now - 600_000, costMicros: 1000n, clickedAtMs: now - 500_000 }]);
    const query = `query($by: TodayMetric) {
      viewer { advertiser { today {
        date asOf impressions clicks ctr conversions spendUsd activeDailyBudgetUsd activeCampaigns
        topCampaigns(first: 5, by: $by) { campaign { name } impressions clicks ctr conversions spendUsd }
      } } }
    }`;
    const bySpend = await gqlAs(sessionActorFor(owner.advertiserId), query, {}, { clock: fixedClock(now) });
    expect(bySpend.errors).toBeUndefined();
    expect(bySpend.data.viewer.advertiser.today).toEqual({
      date: "2026-02-01",
      asOf: "2026-02-01T12:00:00.000Z",
      impressions: 3,
      clicks: 2,
      ctr: 0.666667,
      conversions: 0,
      spendUsd: "0.009",
      activeDailyBudgetUsd: "65.00",
      activeCampaigns: 2,
      topCampaigns: [
        { campaign: { name: "Busy" }, impressions: 2, clicks: 1, ctr: 0.5, conversions: 0, spendUsd: "0.008" },
        { campaign: { name: "Quiet" }, impressions: 1, clicks: 1, ctr: 1, conversions: 0, spendUsd: "0.001" },
      ],
    });
    const byClicks = await gqlAs(
      sessionActorFor(owner.advertiserId),
      query,
      { by: "CLICKS" },
      { clock: fixedClock(now) },
    );
    expect(
      byClicks.data.viewer.advertiser.today.topCampaigns.map(
        (day: { campaign: { name: string } }) => day.campaign.name,
      ),
    ).toEqual(["Busy", "Quiet"]);

    const reportingOnly = await gql(`{ viewer { advertiser { today { impressions topCampaigns { spendUsd } } } } }`, {
      headers: await owner.auth(["reporting:read"]),
    });
    expect(reportingOnly.data.viewer.advertiser.today.topCampaigns).toBeNull();
    expect(onlyError(reportingOnly).path).toEqual(["viewer", "advertiser", "today", "topCampaigns"]);
    const readOnly = await gql(`{ viewer { advertiser { name today { impressions } } } }`, {
      headers: await owner.auth(["campaigns:read"]),
    });
    expect(readOnly.data.viewer.advertiser).toEqual({ name: "Today Co", today: null });
    expect(onlyError(readOnly).extensions.apiCode).toBe("insufficient_scope");
  });
});

describe("API clients", () => {
  it("creates a client from the session with its secret once; the secret gets a token with those scopes", async () => {
    const session = sessionActorFor(adv.advertiserId);
    const res = await gqlAs(session, CREATE_CLIENT, {
      input: { name: "  Reporting robot ", scopes: ["REPORTING_READ"] },
    });
    expect(res.errors).toBeUndefined();
    const payload = res.data.createApiClient;
    expect(payload).toEqual({
      apiClient: {
        id: toGlobalId("ApiClient", payload.apiClient.restId),
        restId: expect.stringMatching(/^cli_/),
        name: "Reporting robot",
        scopes: ["REPORTING_READ"],
        createdAt: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      },
      clientSecret: expect.any(String),
      warning: expect.stringMatching(/once/),
      userErrors: [],
    });
    const stored = await db().apiClient.findUniqueOrThrow({ where: { id: payload.apiClient.restId } });
    expect(JSON.stringify(stored)).not.toContain(payload.clientSecret);

    const token = await call(tokenRoute, "/api/auth/token", {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: payload.apiClient.restId,
        client_secret: payload.clientSecret,
      }),
    });
    expect(token.status).toBe(200);
    const viewer = await gql(`{ viewer { scopes clientId } }`, { headers: bearer(token.body.access_token) });
    expect(viewer.data.viewer).toEqual({ scopes: ["REPORTING_READ"], clientId: payload.apiClient.restId });

    // listed (campaigns:read), newest first; the secret is never shown again
    const listed = await gql(CLIENTS, { headers: await adv.auth(["campaigns:read"]) });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.viewer.advertiser.apiClients.nodes[0]).toEqual({
      restId: payload.apiClient.restId,
      name: "Reporting robot",
      scopes: ["REPORTING_READ"],
      revokedAt: null,
    });
    const refused = await gql(CLIENTS, { headers: await adv.auth(["reporting:read"]) });
    expect(refused.data.viewer.advertiser.apiClients).toBeNull();
    expect(onlyError(refused).extensions.apiCode).toBe("insufficient_scope");
  });

  it("answers a bad name or no scopes as userErrors", async () => {
    const session = sessionActorFor(adv.advertiserId);
    for (const [input, field] of [
      [{ name: "", scopes: ["CAMPAIGNS_READ"] }, ["input", "name"]],
      [{ name: "n".repeat(101), scopes: ["CAMPAIGNS_READ"] }, ["input", "name"]],
      [{ name: "No scopes", scopes: [] }, ["input", "scopes"]],
    ] as const) {
      const res = await gqlAs(session, CREATE_CLIENT, { input });
      expect(res.errors).toBeUndefined();
      expect(res.data.createApiClient).toEqual({
        apiClient: null,
        clientSecret: null,
        warning: null,
        userErrors: [{ field, code: "VALIDATION_FAILED", message: expect.any(String) }],
      });
    }
  });

  it("revokes at once (repeatably): the client's tokens stop working; revoked clients are listed on request", async () => {
    const session = sessionActorFor(adv.advertiserId);
    const created = (
      await gqlAs(session, CREATE_CLIENT, { input: { name: "Short-lived", scopes: ["CAMPAIGNS_READ"] } })
    ).data.createApiClient;
    const token = await call(tokenRoute, "/api/auth/token", {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: created.apiClient.restId,
        client_secret: created.clientSecret,
      }),
    });
    const headers = bearer(token.body.access_token);
    expect((await gql(`{ viewer { clientId } }`, { headers })).status).toBe(200);

    const revoked = await gqlAs(session, REVOKE_CLIENT, { input: { id: created.apiClient.id } });
    expect(revoked.errors).toBeUndefined();
    expect(revoked.data.revokeApiClient).toEqual({
      apiClient: { restId: created.apiClient.restId, revokedAt: expect.any(String) },
      userErrors: [],
    });
    const again = await gqlAs(session, REVOKE_CLIENT, { input: { id: created.apiClient.id } });
    expect(again.data.revokeApiClient.apiClient.revokedAt).toBe(revoked.data.revokeApiClient.apiClient.revokedAt);

    const after = await gql(`{ viewer { clientId } }`, { headers });
    expect(after.status).toBe(401);
    expect(onlyError(after).extensions.code).toBe("UNAUTHENTICATED");

    const readHeaders = await adv.auth(["campaigns:read"]);
    const active = await gql(CLIENTS, { headers: readHeaders, variables: { first: 100 } });
    expect(active.data.viewer.advertiser.apiClients.nodes.map((node: { restId: string }) => node.restId)).not.toContain(
      created.apiClient.restId,
    );
    const all = await gql(CLIENTS, { headers: readHeaders, variables: { first: 100, includeRevoked: true } });
    expect(all.data.viewer.advertiser.apiClients.nodes).toContainEqual(
      expect.objectContaining({ restId: created.apiClient.restId, revokedAt: expect.any(String) }),
    );
    expect(all.data.viewer.advertiser.apiClients.totalCount).toBe(
      active.data.viewer.advertiser.apiClients.totalCount + 1,
    );
  });

  it("refuses both mutations to any access token, whatever its scopes (session_required), writing nothing", async () => {
    const before = await db().apiClient.count({ where: { advertiserId: adv.advertiserId } });
    const headers = await adv.auth();
    const create = await gql(CREATE_CLIENT, {
      headers,
      variables: { input: { name: "Escalate", scopes: ["CAMPAIGNS_WRITE"] } },
    });
    expect(create.data).toEqual({ createApiClient: null });
    expect(onlyError(create).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "session_required" });
    const revoke = await gql(REVOKE_CLIENT, {
      headers,
      variables: { input: { id: toGlobalId("ApiClient", adv.clientId) } },
    });
    expect(revoke.data).toEqual({ revokeApiClient: null });
    expect(onlyError(revoke).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "session_required" });
    expect(await db().apiClient.count({ where: { advertiserId: adv.advertiserId } })).toBe(before);
    expect((await db().apiClient.findUniqueOrThrow({ where: { id: adv.clientId } })).revokedAt).toBeNull();
    const anonymous = await gqlAs(null, CREATE_CLIENT, { input: { name: "Nobody", scopes: ["CAMPAIGNS_READ"] } });
    expect(onlyError(anonymous).extensions.code).toBe("UNAUTHENTICATED");
  });

  it("caps active clients at 25 per advertiser: the 26th is a CONFLICT userError, writing nothing; revoking frees a place", async () => {
    const crowded = await createTestAdvertiser("Crowded Co");
    const session = sessionActorFor(crowded.advertiserId);
    const create = (name: string) => gqlAs(session, CREATE_CLIENT, { input: { name, scopes: ["CAMPAIGNS_READ"] } });
    // the advertiser's own first client is one of them
    for (let index = 1; index < MAX_ACTIVE_API_CLIENTS; index++) {
      expect((await create(`Client ${index}`)).data.createApiClient.userErrors).toEqual([]);
    }
    const over = await create("One too many");
    expect(over.errors).toBeUndefined();
    expect(over.data.createApiClient).toEqual({
      apiClient: null,
      clientSecret: null,
      warning: null,
      userErrors: [{ field: null, code: "CONFLICT", message: expect.stringMatching(/at most 25 active API clients/) }],
    });
    const active = { advertiserId: crowded.advertiserId, revokedAt: null };
    expect(await db().apiClient.count({ where: active })).toBe(MAX_ACTIVE_API_CLIENTS);
    // the operator CLI's path (lib/auth/clients) obeys the same cap
    await expect(createClient(crowded.advertiserId, { name: "From the CLI" })).rejects.toMatchObject({
      code: "conflict",
    });
    await gqlAs(session, REVOKE_CLIENT, { input: { id: toGlobalId("ApiClient", crowded.clientId) } });
    expect((await create("In its place")).data.createApiClient.userErrors).toEqual([]);
    expect(await db().apiClient.count({ where: active })).toBe(MAX_ACTIVE_API_CLIENTS);
  });

  it("holds the cap under concurrent creations", async () => {
    const busy = await createTestAdvertiser("Busy Co");
    for (let index = 2; index < MAX_ACTIVE_API_CLIENTS - 1; index++) await createClient(busy.advertiserId);
    // two places left, six creations at once
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => createClient(busy.advertiserId, { name: `Racer ${index}` })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    for (const outcome of outcomes.filter((entry) => entry.status === "rejected")) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    }
    expect(await db().apiClient.count({ where: { advertiserId: busy.advertiserId, revokedAt: null } })).toBe(
      MAX_ACTIVE_API_CLIENTS,
    );
  });

  it("answers another advertiser's client, and ids that name nothing, as not found", async () => {
    const session = sessionActorFor(adv.advertiserId);
    for (const id of [
      toGlobalId("ApiClient", rival.clientId),
      toGlobalId("ApiClient", "cli_nope"),
      rival.clientId,
      toGlobalId("Campaign", rival.clientId),
    ]) {
      const res = await gqlAs(session, REVOKE_CLIENT, { input: { id } });
      expect(res.data, id).toEqual({ revokeApiClient: null });
      expect(onlyError(res).extensions).toMatchObject({ code: "NOT_FOUND", apiCode: "not_found" });
    }
    const node = await gqlAs(session, `query($id: ID!) { node(id: $id) { id } }`, {
      id: toGlobalId("ApiClient", rival.clientId),
    });
    expect(onlyError(node).extensions.code).toBe("NOT_FOUND");
    const mine = await gqlAs(session, `query($id: ID!) { node(id: $id) { ... on ApiClient { restId } } }`, {
      id: toGlobalId("ApiClient", adv.clientId),
    });
    expect(mine.data.node).toEqual({ restId: adv.clientId });
    expect((await db().apiClient.findUniqueOrThrow({ where: { id: rival.clientId } })).revokedAt).toBeNull();
  });
});
