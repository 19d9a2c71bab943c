// Webhook endpoints and their delivery logs through POST /api/graphql, against
// a real local HTTP receiver (allow-listed through OUTBOUND_ALLOW_HOSTS): the
// endpoint list, one endpoint, deliveries with their attempt log; register
// (secret once), test, deactivate, redeliver; scopes, tenancy, userErrors; the
// webhook_send rate limit of test sends and redeliveries (docs/decisions/1416).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { consumeRateLimit, RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { verifySignature } from "@/lib/webhooks/sign";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { enqueueTestEvent } from "@/test/factories/webhook-events";
import { expectRateLimited, gql, onlyError } from "@/test/graphql";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { toGlobalId } from "./global-id";

let receiver: Receiver;
let acme: TestAdvertiser;
let rival: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  receiver = await startReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = receiver.hostPort;
  reloadEnv();
  acme = await createTestAdvertiser("Acme Sportsbook");
  rival = await createTestAdvertiser("Rival Book");
  headers = await acme.auth();
});

afterAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = "";
  reloadEnv();
  await receiver.close();
});

beforeEach(() => {
  receiver.clear();
  receiver.reply = () => ({ status: 200, body: "ok" });
});

const ENDPOINT_FIELDS = `id restId url events isActive batchImpressions failureCount lastDeliveredAt createdAt deactivatedAt deactivatedReason`;

const REGISTER = `
  mutation Register($input: RegisterWebhookEndpointInput!) {
    registerWebhookEndpoint(input: $input) {
      webhookEndpoint { ${ENDPOINT_FIELDS} }
      secret warning
      userErrors { field code message }
    }
  }`;

const TEST = `
  mutation Test($input: TestWebhookEndpointInput!) {
    testWebhookEndpoint(input: $input) { result { success statusCode durationMs message } userErrors { field code message } }
  }`;

const DEACTIVATE = `
  mutation Deactivate($input: DeactivateWebhookEndpointInput!) {
    deactivateWebhookEndpoint(input: $input) {
      webhookEndpoint { restId isActive deactivatedAt deactivatedReason }
      userErrors { field code message }
    }
  }`;

const DELIVERY_FIELDS = `
  id restId eventId eventType batch itemCount status attempts lastStatusCode lastError nextAttemptAt createdAt deliveredAt
  attemptLog { attempt statusCode durationMs error attemptedAt }`;

const REDELIVER = `
  mutation Redeliver($input: RedeliverWebhookDeliveryInput!) {
    redeliverWebhookDelivery(input: $input) { delivery { ${DELIVERY_FIELDS} } userErrors { field code message } }
  }`;

const ENDPOINT = `
  query Endpoint($id: ID!, $status: WebhookDeliveryStatus, $first: Int) {
    webhookEndpoint(id: $id) {
      ${ENDPOINT_FIELDS}
      deliveries(first: $first, status: $status) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { ${DELIVERY_FIELDS} endpoint { restId } }
      }
    }
  }`;

async function register(
  adv: TestAdvertiser,
  input: Record<string, unknown> = {},
): Promise<{ id: string; restId: string; secret: string }> {
  const res = await gql(REGISTER, {
    headers: await adv.auth(),
    variables: { input: { url: receiver.url("/hook"), events: ["CLICK_RECORDED"], ...input } },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(res.data.registerWebhookEndpoint.userErrors).toEqual([]);
  const { webhookEndpoint, secret } = res.data.registerWebhookEndpoint;
  return { id: webhookEndpoint.id, restId: webhookEndpoint.restId, secret };
}

describe("registerWebhookEndpoint", () => {
  it("registers the endpoint and shows its secret this once; queries never show it", async () => {
    const res = await gql(REGISTER, {
      headers: await acme.auth(["campaigns:write"]),
      variables: {
        input: {
          url: receiver.url("/e13"),
          events: ["CLICK_RECORDED", "IMPRESSION_SERVED", "CLICK_RECORDED"],
          batchImpressions: true,
        },
      },
    });
    expect(res.errors).toBeUndefined();
    const payload = res.data.registerWebhookEndpoint;
    expect(payload).toEqual({
      webhookEndpoint: {
        id: toGlobalId("WebhookEndpoint", payload.webhookEndpoint.restId),
        restId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        url: receiver.url("/e13"),
        events: ["CLICK_RECORDED", "IMPRESSION_SERVED"],
        isActive: true,
        batchImpressions: true,
        failureCount: 0,
        lastDeliveredAt: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        deactivatedAt: null,
        deactivatedReason: null,
      },
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      warning: expect.stringMatching(/shown only once/),
      userErrors: [],
    });
    const stored = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: payload.webhookEndpoint.restId } });
    expect(stored).toMatchObject({ secret: payload.secret, advertiserId: acme.advertiserId, batchImpressions: true });
    // registering connects to nothing
    expect(receiver.requests).toHaveLength(0);

    const listed = await gql(`{ webhookEndpoints(first: 100) { nodes { restId } } }`, { headers });
    expect(listed.data.webhookEndpoints.nodes).toContainEqual({ restId: payload.webhookEndpoint.restId });
    const secretField = await gql(`query($id: ID!) { webhookEndpoint(id: $id) { secret } }`, {
      headers,
      variables: { id: payload.webhookEndpoint.id },
    });
    expect(onlyError(secretField).extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("answers a bad URL, bad events and the 21st active endpoint as userErrors, writing nothing", async () => {
    const before = await db().webhookEndpoint.count();
    const cases: [Record<string, unknown>, string[] | null, string][] = [
      [{ url: "not a url" }, ["input", "url"], "VALIDATION_FAILED"],
      [{ url: "https://10.0.0.7/hook" }, ["input", "url"], "VALIDATION_FAILED"],
      [{ url: "http://93.184.216.34/hook" }, ["input", "url"], "VALIDATION_FAILED"],
      [{ events: [] }, ["input", "events"], "VALIDATION_FAILED"],
    ];
    for (const [input, field, code] of cases) {
      const res = await gql(REGISTER, {
        headers,
        variables: { input: { url: receiver.url("/hook"), events: ["CLICK_RECORDED"], ...input } },
      });
      expect(res.errors, JSON.stringify(input)).toBeUndefined();
      expect(res.data.registerWebhookEndpoint).toEqual({
        webhookEndpoint: null,
        secret: null,
        warning: null,
        userErrors: [{ field, code, message: expect.any(String) }],
      });
    }
    expect(await db().webhookEndpoint.count()).toBe(before);
    expect(receiver.connections()).toBe(0);
    // one message whether the host does not resolve or resolves to a private address (no oracle of internal names)
    const messages = [];
    for (const url of ["https://no-such-host.invalid/hook", "https://localhost/hook", "https://[::127.0.0.1]/hook"]) {
      const res = await gql(REGISTER, { headers, variables: { input: { url, events: ["CLICK_RECORDED"] } } });
      messages.push(res.data.registerWebhookEndpoint.userErrors);
    }
    expect(messages[1]).toEqual(messages[0]);
    expect(messages[2]).toEqual(messages[0]);

    const crowded = await createTestAdvertiser("Crowded");
    for (let index = 0; index < 20; index++) await register(crowded);
    const over = await gql(REGISTER, {
      headers: await crowded.auth(),
      variables: { input: { url: receiver.url("/hook"), events: ["CLICK_RECORDED"] } },
    });
    expect(over.data.registerWebhookEndpoint.userErrors).toEqual([
      { field: null, code: "CONFLICT", message: expect.stringMatching(/20/) },
    ]);
  });

  it("refuses an explicit null batchImpressions as REST refuses null batch_impressions", async () => {
    const res = await gql(REGISTER, {
      headers,
      variables: { input: { url: receiver.url("/hook"), events: ["CLICK_RECORDED"], batchImpressions: null } },
    });
    expect(res.data.registerWebhookEndpoint).toEqual({
      webhookEndpoint: null,
      secret: null,
      warning: null,
      userErrors: [{ field: ["input", "batchImpressions"], code: "VALIDATION_FAILED", message: expect.any(String) }],
    });
  });

  it("needs campaigns:write", async () => {
    const res = await gql(REGISTER, {
      headers: await acme.auth(["campaigns:read", "reporting:read"]),
      variables: { input: { url: receiver.url("/hook"), events: ["CLICK_RECORDED"] } },
    });
    expect(res.data).toEqual({ registerWebhookEndpoint: null });
    expect(onlyError(res).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
  });
});

describe("webhookEndpoints and webhookEndpoint", () => {
  it("list the advertiser's endpoints newest first, deactivated included, paged", async () => {
    const owner = await createTestAdvertiser("Lister");
    const first = await register(owner, { events: ["CAMPAIGN_ENDED"] });
    const second = await register(owner, { events: ["IMPRESSION_SERVED"], batchImpressions: true });
    const third = await register(owner);
    await gql(DEACTIVATE, { headers: await owner.auth(), variables: { input: { id: first.id } } });
    const page = `query($first: Int, $after: String) {
      webhookEndpoints(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { restId events isActive } }
    }`;
    const ownerHeaders = await owner.auth(["campaigns:read"]);
    const one = await gql(page, { headers: ownerHeaders, variables: { first: 2 } });
    expect(one.errors).toBeUndefined();
    expect(one.data.webhookEndpoints).toMatchObject({
      totalCount: 3,
      pageInfo: { hasNextPage: true },
      nodes: [
        { restId: third.restId, events: ["CLICK_RECORDED"], isActive: true },
        { restId: second.restId, events: ["IMPRESSION_SERVED"], isActive: true },
      ],
    });
    const two = await gql(page, {
      headers: ownerHeaders,
      variables: { first: 2, after: one.data.webhookEndpoints.pageInfo.endCursor },
    });
    expect(two.data.webhookEndpoints.nodes).toEqual([
      { restId: first.restId, events: ["CAMPAIGN_ENDED"], isActive: false },
    ]);
    expect(two.data.webhookEndpoints.pageInfo.hasNextPage).toBe(false);

    const one_ = await gql(`query($id: ID!) { webhookEndpoint(id: $id) { restId url } node(id: $id) { __typename } }`, {
      headers: ownerHeaders,
      variables: { id: second.id },
    });
    expect(one_.data).toEqual({
      webhookEndpoint: { restId: second.restId, url: receiver.url("/hook") },
      node: { __typename: "WebhookEndpoint" },
    });
  });

  it("need campaigns:read", async () => {
    const endpoint = await register(acme);
    const reportingOnly = await acme.auth(["reporting:read"]);
    for (const [query, variables] of [
      [`{ webhookEndpoints { totalCount } }`, {}],
      [`query($id: ID!) { webhookEndpoint(id: $id) { restId } }`, { id: endpoint.id }],
      [`query($id: ID!) { node(id: $id) { id } }`, { id: endpoint.id }],
    ] as const) {
      const res = await gql(query, { headers: reportingOnly, variables });
      expect(onlyError(res).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
    }
  });
});

describe("delivery log and redelivery", () => {
  it("shows each delivery with its attempts, filters by status, and redelivers the same event now", async () => {
    const owner = await createTestAdvertiser("Logger");
    const ownerHeaders = await owner.auth();
    const endpoint = await register(owner);
    const clock = Date.parse("2026-02-01T12:00:00Z");
    const dispatcher = new WebhookDispatcher({ now: () => clock, random: () => 0.5 });
    const eventId = await enqueueTestEvent(owner.advertiserId, "click.recorded", clock);
    receiver.reply = () => ({ status: 503, body: "maintenance" });
    await dispatcher.drain();

    const log = await gql(ENDPOINT, { headers: await owner.auth(["campaigns:read"]), variables: { id: endpoint.id } });
    expect(log.errors).toBeUndefined();
    const deliveries = log.data.webhookEndpoint.deliveries;
    expect(deliveries.totalCount).toBe(1);
    const [delivery] = deliveries.nodes;
    expect(delivery).toEqual({
      id: toGlobalId("WebhookDelivery", delivery.restId),
      restId: expect.stringMatching(/^whd_/),
      eventId,
      eventType: "CLICK_RECORDED",
      batch: false,
      itemCount: 1,
      status: "PENDING",
      attempts: 1,
      lastStatusCode: 503,
      lastError: "HTTP 503: maintenance",
      nextAttemptAt: new Date(clock + 5000).toISOString(),
      createdAt: expect.any(String),
      deliveredAt: null,
      attemptLog: [
        {
          attempt: 1,
          statusCode: 503,
          durationMs: expect.any(Number),
          error: "HTTP 503: maintenance",
          attemptedAt: new Date(clock).toISOString(),
        },
      ],
      endpoint: { restId: endpoint.restId },
    });
    const byStatus = async (status: string) =>
      (await gql(ENDPOINT, { headers: ownerHeaders, variables: { id: endpoint.id, status } })).data.webhookEndpoint
        .deliveries.totalCount;
    expect(await byStatus("PENDING")).toBe(1);
    expect(await byStatus("FAILED")).toBe(0);
    const node = await gql(`query($id: ID!) { node(id: $id) { ... on WebhookDelivery { restId status } } }`, {
      headers: ownerHeaders,
      variables: { id: delivery.id },
    });
    expect(node.data.node).toEqual({ restId: delivery.restId, status: "PENDING" });

    receiver.reply = () => ({ status: 204 });
    const retried = await gql(REDELIVER, {
      headers: await owner.auth(["campaigns:write"]),
      variables: { input: { id: delivery.id } },
    });
    expect(retried.errors).toBeUndefined();
    expect(retried.data.redeliverWebhookDelivery.userErrors).toEqual([]);
    expect(retried.data.redeliverWebhookDelivery.delivery).toMatchObject({
      restId: delivery.restId,
      eventId,
      status: "SUCCEEDED",
      attempts: 2,
      lastStatusCode: 204,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(
      retried.data.redeliverWebhookDelivery.delivery.attemptLog.map(
        (attempt: { attempt: number; statusCode: number }) => [attempt.attempt, attempt.statusCode],
      ),
    ).toEqual([
      [2, 204],
      [1, 503],
    ]);
    expect(receiver.requests.map((request) => request.headers["x-service-event-id"])).toEqual([eventId, eventId]);
    expect(await byStatus("SUCCEEDED")).toBe(1);

    // a write-only token gets the delivery it redelivered, not the endpoint's other data
    const writeOnly = await gql(
      `mutation($input: RedeliverWebhookDeliveryInput!) {
        redeliverWebhookDelivery(input: $input) { delivery { status attempts endpoint { url } } userErrors { code } }
      }`,
      { headers: await owner.auth(["campaigns:write"]), variables: { input: { id: delivery.id } } },
    );
    expect(writeOnly.data.redeliverWebhookDelivery).toEqual({
      delivery: { status: "SUCCEEDED", attempts: 3, endpoint: null },
      userErrors: [],
    });
    expect(onlyError(writeOnly).path).toEqual(["redeliverWebhookDelivery", "delivery", "endpoint"]);
    expect(onlyError(writeOnly).extensions.apiCode).toBe("insufficient_scope");
  });

  it("refuses the log and redelivery without their scopes, and redelivery to a deactivated endpoint", async () => {
    const owner = await createTestAdvertiser("Retrier");
    const endpoint = await register(owner);
    await enqueueTestEvent(owner.advertiserId, "click.recorded");
    await new WebhookDispatcher().drain();
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.restId } });
    const deliveryId = toGlobalId("WebhookDelivery", delivery.id);

    const readOnly = await gql(REDELIVER, {
      headers: await owner.auth(["campaigns:read"]),
      variables: { input: { id: deliveryId } },
    });
    expect(onlyError(readOnly).extensions.apiCode).toBe("insufficient_scope");
    const logScope = await gql(ENDPOINT, {
      headers: await owner.auth(["reporting:read"]),
      variables: { id: endpoint.id },
    });
    expect(onlyError(logScope).extensions.apiCode).toBe("insufficient_scope");

    // the scope is checked before the delivery is looked up: an id that names nothing tells such a token nothing
    for (const id of [deliveryId, toGlobalId("WebhookDelivery", "whd_nope")]) {
      const refused = await gql(REDELIVER, {
        headers: await owner.auth(["reporting:read"]),
        variables: { input: { id } },
      });
      expect(onlyError(refused).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
    }

    const sent = receiver.requests.length;
    await gql(DEACTIVATE, { headers: await owner.auth(), variables: { input: { id: endpoint.id } } });
    const inactive = await gql(REDELIVER, { headers: await owner.auth(), variables: { input: { id: deliveryId } } });
    expect(inactive.data.redeliverWebhookDelivery).toEqual({
      delivery: null,
      userErrors: [{ field: null, code: "CONFLICT", message: expect.stringMatching(/deactivated/) }],
    });
    expect(receiver.requests).toHaveLength(sent);
  });
});

describe("testWebhookEndpoint and deactivateWebhookEndpoint", () => {
  it("sends a signed test event now and reports the answer", async () => {
    const endpoint = await register(acme, { events: ["CONVERSION_RECORDED"] });
    const res = await gql(TEST, {
      headers: await acme.auth(["campaigns:write"]),
      variables: { input: { id: endpoint.id } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.testWebhookEndpoint).toEqual({
      result: {
        success: true,
        statusCode: 200,
        durationMs: expect.any(Number),
        message: expect.stringMatching(/answered 200/),
      },
      userErrors: [],
    });
    expect(receiver.requests).toHaveLength(1);
    const received = receiver.requests[0]!;
    expect(received.json.type).toBe("conversion.recorded");
    expect(
      verifySignature({
        secret: endpoint.secret,
        rawBody: received.rawBody,
        timestamp: received.headers["x-service-timestamp"] as string,
        signature: received.headers["x-service-signature"] as string,
      }).ok,
    ).toBe(true);
    expect(res.headers.get("ratelimit-limit")).toBe("30");

    receiver.reply = () => ({ status: 500, body: "database on fire" });
    const failing = await gql(TEST, { headers, variables: { input: { id: endpoint.id } } });
    expect(failing.data.testWebhookEndpoint.result).toMatchObject({ success: false, statusCode: 500 });
  });

  it("sends a sample of the chosen eventType; one the endpoint does not receive is a userError on input.eventType", async () => {
    const endpoint = await register(acme, { events: ["CLICK_RECORDED", "CAMPAIGN_BID_ADJUSTED"] });
    const res = await gql(TEST, {
      headers,
      variables: { input: { id: endpoint.id, eventType: "CAMPAIGN_BID_ADJUSTED" } },
    });
    expect(res.data.testWebhookEndpoint.result).toMatchObject({ success: true, statusCode: 200 });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.json).toMatchObject({
      type: "campaign.bid_adjusted",
      data: { campaign_id: "cmp_test" },
    });
    const refused = await gql(TEST, {
      headers,
      variables: { input: { id: endpoint.id, eventType: "INVOICE_ISSUED" } },
    });
    expect(refused.data.testWebhookEndpoint).toEqual({
      result: null,
      userErrors: [{ field: ["input", "eventType"], code: "VALIDATION_FAILED", message: expect.any(String) }],
    });
    expect(receiver.requests).toHaveLength(1);
  });

  it("deactivates (repeatably) with a write-only token; the payload's delivery log still needs campaigns:read", async () => {
    const endpoint = await register(acme);
    const writeOnly = await acme.auth(["campaigns:write"]);
    const res = await gql(
      `mutation($input: DeactivateWebhookEndpointInput!) {
        deactivateWebhookEndpoint(input: $input) {
          webhookEndpoint { restId isActive deactivatedAt deactivatedReason deliveries { totalCount } }
          userErrors { field code message }
        }
      }`,
      { headers: writeOnly, variables: { input: { id: endpoint.id } } },
    );
    expect(res.data.deactivateWebhookEndpoint).toEqual({
      webhookEndpoint: {
        restId: endpoint.restId,
        isActive: false,
        deactivatedAt: expect.any(String),
        deactivatedReason: "Deactivated through the API.",
        deliveries: null,
      },
      userErrors: [],
    });
    expect(onlyError(res).path).toEqual(["deactivateWebhookEndpoint", "webhookEndpoint", "deliveries"]);
    expect(onlyError(res).extensions.apiCode).toBe("insufficient_scope");
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.restId } })).isActive).toBe(false);

    const again = await gql(DEACTIVATE, { headers, variables: { input: { id: endpoint.id } } });
    expect(again.data.deactivateWebhookEndpoint.webhookEndpoint).toMatchObject({ isActive: false });
    // a deactivated endpoint gets no test event
    const test = await gql(TEST, { headers, variables: { input: { id: endpoint.id } } });
    expect(test.data.testWebhookEndpoint.userErrors).toEqual([
      { field: null, code: "CONFLICT", message: expect.any(String) },
    ]);
    expect(receiver.requests).toHaveLength(0);
  });

  it("need campaigns:write", async () => {
    const endpoint = await register(acme);
    const readOnly = await acme.auth(["campaigns:read", "reporting:read"]);
    for (const [query, name] of [
      [TEST, "testWebhookEndpoint"],
      [DEACTIVATE, "deactivateWebhookEndpoint"],
    ] as const) {
      const res = await gql(query, { headers: readOnly, variables: { input: { id: endpoint.id } } });
      expect(res.data).toEqual({ [name]: null });
      expect(onlyError(res).extensions.apiCode).toBe("insufficient_scope");
    }
    expect(receiver.requests).toHaveLength(0);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.restId } })).isActive).toBe(true);
  });
});

describe("tenancy", () => {
  it("answers another advertiser's endpoints and deliveries, and ids that name nothing, as not found", async () => {
    const theirs = await register(rival);
    await enqueueTestEvent(rival.advertiserId, "click.recorded");
    await new WebhookDispatcher().drain();
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: theirs.restId } });
    const deliveryId = toGlobalId("WebhookDelivery", delivery.id);
    receiver.clear();

    const endpointIds = [
      theirs.id,
      theirs.restId,
      toGlobalId("WebhookEndpoint", "6f1c2a1e-0b7a-4c55-9d35-0e7f3f4b9a10"),
      toGlobalId("WebhookEndpoint", "1; DROP TABLE webhook_endpoints"),
    ];
    const cases: [string, string, Record<string, unknown>][] = [
      ...endpointIds.flatMap((id): [string, string, Record<string, unknown>][] => [
        [`query($id: ID!) { webhookEndpoint(id: $id) { restId } }`, "webhookEndpoint", { id }],
        [`query($id: ID!) { node(id: $id) { id } }`, "node", { id }],
        [TEST, "testWebhookEndpoint", { input: { id } }],
        [DEACTIVATE, "deactivateWebhookEndpoint", { input: { id } }],
      ]),
      [`query($id: ID!) { node(id: $id) { id } }`, "node", { id: deliveryId }],
      [REDELIVER, "redeliverWebhookDelivery", { input: { id: deliveryId } }],
      [REDELIVER, "redeliverWebhookDelivery", { input: { id: toGlobalId("WebhookDelivery", "whd_nope") } }],
      [REDELIVER, "redeliverWebhookDelivery", { input: { id: theirs.id } }],
    ];
    for (const [query, name, variables] of cases) {
      const res = await gql(query, { headers, variables });
      expect(res.data, `${name} ${JSON.stringify(variables)}`).toEqual({ [name]: null });
      expect(onlyError(res).extensions).toMatchObject({ code: "NOT_FOUND", apiCode: "not_found" });
    }
    const listed = await gql(`{ webhookEndpoints(first: 100) { nodes { restId } } }`, { headers });
    expect(listed.data.webhookEndpoints.nodes).not.toContainEqual({ restId: theirs.restId });
    expect(receiver.requests).toHaveLength(0);
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: theirs.restId } });
    expect(row.isActive).toBe(true);
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).attempts).toBe(
      delivery.attempts,
    );
  });
});

describe("webhook_send rate limit", () => {
  it("refuses test sends and redeliveries past the advertiser's limit with RATE_LIMITED and REST's headers; nothing sent", async () => {
    const busy = await createTestAdvertiser("Webhook spender");
    const token = await busy.auth(["campaigns:write"]);
    const endpoint = await register(busy);
    receiver.reply = () => ({ status: 503, body: "maintenance" });
    await enqueueTestEvent(busy.advertiserId, "click.recorded");
    await new WebhookDispatcher().drain();
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.restId } });
    receiver.clear();
    const { points } = RATE_LIMIT_POLICIES.webhook_send;
    // spend the minute's budget as `points` sends (REST's or GraphQL's) would
    for (let count = 0; count < points; count++) {
      expect((await consumeRateLimit("webhook_send", busy.advertiserId)).allowed).toBe(true);
    }
    const attempts: [string, string, Record<string, unknown>][] = [
      [TEST, "testWebhookEndpoint", { id: endpoint.id }],
      [REDELIVER, "redeliverWebhookDelivery", { id: toGlobalId("WebhookDelivery", delivery.id) }],
    ];
    for (const [query, name, input] of attempts) {
      expectRateLimited(await gql(query, { headers: token, variables: { input } }), name, points);
    }
    expect(receiver.requests).toHaveLength(0);
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).attempts).toBe(
      delivery.attempts,
    );
  });
});
