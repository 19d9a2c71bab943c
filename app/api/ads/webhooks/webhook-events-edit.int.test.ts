// both databases: the change history rows of the edit and the dispatcher's stores (raw SQL) behind the next delivery
// Changing an endpoint's event kinds (updateWebhookEndpoint, docs/decisions/1242) over REST
// (PATCH /api/ads/webhooks/{id}) and GraphQL (updateWebhookEndpoint): the new list answered and
// kept, unknown, repeated and empty lists refused naming the field, the URL not editable, viewers
// (a session or a viewer member's token) refused, another advertiser's endpoint 404, a
// deactivated one 409, the change recorded in the history, and the next events delivered by the
// new subscription, against a real local receiver (allow-listed through OUTBOUND_ALLOW_HOSTS).
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "@/lib/auth/clients";
import { issueAccessToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { newId, randomBase62 } from "@/lib/ids";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { enqueueTestEvent } from "@/test/factories/webhook-events";
import { gqlAs, onlyError, sessionActorFor } from "@/test/graphql";
import { call } from "@/test/http";
import { expectMatchesOpenApi } from "@/test/openapi";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { toGlobalId } from "@/graphql/global-id";

const { PATCH, DELETE } = restRoute("/api/ads/webhooks/{id}");
const { POST } = restRoute("/api/ads/webhooks");

let receiver: Receiver;
let acme: TestAdvertiser;
let rival: TestAdvertiser;

beforeAll(async () => {
  receiver = await startReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = receiver.hostPort;
  reloadEnv();
  acme = await createTestAdvertiser("Acme Sportsbook");
  rival = await createTestAdvertiser("Rival Book");
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

async function register(adv: TestAdvertiser, events: string[] = ["click.recorded"]) {
  const res = await call(POST, "/api/ads/webhooks", {
    method: "POST",
    headers: await adv.auth(),
    body: { url: receiver.url("/edit"), events },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; url: string };
}

async function patch(id: string, body: unknown, headers: Record<string, string>) {
  return call(PATCH, `/api/ads/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", params: { id }, headers, body });
}

async function storedEvents(id: string): Promise<unknown> {
  return JSON.parse((await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).events);
}

/** A member of `adv` with `role`, and a token of an API client that member created (holding every write scope). */
async function memberToken(adv: TestAdvertiser, role: "viewer" | "editor") {
  const user = await db().user.create({
    data: { id: newId("usr"), email: `${role}-${randomBase62(8).toLowerCase()}@e.test`, name: role, passwordHash: "x" },
  });
  await db().membership.create({ data: { advertiserId: adv.advertiserId, userId: user.id, role } });
  const scopes = ["campaigns:read", "campaigns:write"] as const;
  const { clientId } = await createClient(adv.advertiserId, { scopes: [...scopes], createdById: user.id });
  const { token } = await issueAccessToken({ clientId, advertiserId: adv.advertiserId, scopes: [...scopes] });
  return { userId: user.id, headers: { authorization: `Bearer ${token}` } };
}

describe("PATCH /api/ads/webhooks/{id}", () => {
  it("replaces the event kinds (in the domain's order), answers the endpoint, keeps URL and secret", async () => {
    const endpoint = await register(acme, ["click.recorded"]);
    const before = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const res = await patch(endpoint.id, { events: ["conversion.recorded", "impression.served"] }, await acme.auth());
    expect(res.status).toBe(200);
    expectMatchesOpenApi("patch", "/api/ads/webhooks/{id}", 200, res.body);
    expect(res.body).toMatchObject({
      id: endpoint.id,
      url: endpoint.url,
      events: ["impression.served", "conversion.recorded"],
      is_active: true,
    });
    expect(res.body).not.toHaveProperty("secret");
    const after = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(JSON.parse(after.events)).toEqual(["impression.served", "conversion.recorded"]);
    expect(after.secret).toBe(before.secret);
    expect(after.url).toBe(before.url);
  });

  it("refuses an unknown kind, a repeated kind, an empty or missing list and a URL with 422 naming the field", async () => {
    const endpoint = await register(acme, ["click.recorded"]);
    const headers = await acme.auth();
    const cases: [unknown, string][] = [
      [{ events: ["click.recorded", "game.started"] }, "events[1]"],
      [{ events: ["click.recorded", "click.recorded"] }, "events[1]"],
      [{ events: [] }, "events"],
      [{}, "events"],
      [{ events: "click.recorded" }, "events"],
      [{ events: ["click.recorded"], url: "https://other.example/hook" }, ""],
    ];
    for (const [body, path] of cases) {
      const res = await patch(endpoint.id, body, headers);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(path);
      expectMatchesOpenApi("patch", "/api/ads/webhooks/{id}", 422, res.body);
    }
    const unknown = await patch(endpoint.id, { events: ["game.started"] }, headers);
    expect(unknown.body.errors[0]).toMatchObject({
      path: "events[0]",
      message: expect.stringContaining("click.recorded"),
    });
    expect(await storedEvents(endpoint.id)).toEqual(["click.recorded"]);
    expect(await db().change.count({ where: { targetId: endpoint.id, operation: "updateWebhookEndpoint" } })).toBe(0);
  });

  it("refuses a viewer member's token and a read-only token (403), lets an editor member's token through", async () => {
    const endpoint = await register(acme, ["click.recorded"]);
    const viewer = await memberToken(acme, "viewer");
    const refused = await patch(endpoint.id, { events: ["campaign.ended"] }, viewer.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("role_required");
    const readOnly = await patch(endpoint.id, { events: ["campaign.ended"] }, await acme.auth(["campaigns:read"]));
    expect(readOnly.status).toBe(403);
    expect(await storedEvents(endpoint.id)).toEqual(["click.recorded"]);

    const editor = await memberToken(acme, "editor");
    const allowed = await patch(endpoint.id, { events: ["campaign.ended"] }, editor.headers);
    expect(allowed.status).toBe(200);
    expect(allowed.body.events).toEqual(["campaign.ended"]);
  });

  it("is 404 for another advertiser's endpoint, an unknown UUID and a non-UUID; 409 once deactivated", async () => {
    const theirs = await register(rival, ["click.recorded"]);
    const headers = await acme.auth();
    for (const id of [theirs.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await patch(id, { events: ["campaign.ended"] }, headers);
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect(await storedEvents(theirs.id)).toEqual(["click.recorded"]);

    const mine = await register(acme, ["click.recorded"]);
    const gone = await call(DELETE, `/api/ads/webhooks/${mine.id}`, {
      method: "DELETE",
      params: { id: mine.id },
      headers,
    });
    expect(gone.status).toBe(200);
    const res = await patch(mine.id, { events: ["campaign.ended"] }, headers);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(await storedEvents(mine.id)).toEqual(["click.recorded"]);
  });

  it("records the change in the history (from and to), once: the same list again records nothing", async () => {
    const endpoint = await register(acme, ["click.recorded", "conversion.recorded"]);
    const headers = await acme.auth();
    expect((await patch(endpoint.id, { events: ["campaign.ended", "click.recorded"] }, headers)).status).toBe(200);
    expect((await patch(endpoint.id, { events: ["click.recorded", "campaign.ended"] }, headers)).status).toBe(200);
    const changes = await db().change.findMany({
      where: { targetId: endpoint.id, operation: "updateWebhookEndpoint" },
    });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ advertiserId: acme.advertiserId, targetType: "webhook_endpoint" });
    expect(JSON.parse(changes[0]!.fields)).toEqual({
      events: { from: ["click.recorded", "conversion.recorded"], to: ["click.recorded", "campaign.ended"] },
    });
  });

  it("delivers the events after the change by the new subscription", async () => {
    const owner = await createTestAdvertiser("Subscriber");
    const endpoint = await register(owner, ["click.recorded"]);
    const clock = Date.now();
    const dispatcher = new WebhookDispatcher({ now: () => clock, random: () => 0.5 });
    await enqueueTestEvent(owner.advertiserId, "click.recorded", clock);
    await dispatcher.drain();
    expect(receiver.requests.map((request) => request.headers["x-service-event-id"])).toHaveLength(1);
    receiver.clear();

    const res = await patch(endpoint.id, { events: ["conversion.recorded"] }, await owner.auth());
    expect(res.status).toBe(200);
    await enqueueTestEvent(owner.advertiserId, "click.recorded", clock);
    const conversion = await enqueueTestEvent(owner.advertiserId, "conversion.recorded", clock);
    await dispatcher.drain();
    expect(receiver.requests.map((request) => request.headers["x-service-event-id"])).toEqual([conversion]);
    expect(JSON.parse(receiver.requests[0]!.rawBody.toString("utf8"))).toMatchObject({ type: "conversion.recorded" });
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.map((delivery) => delivery.eventType).sort()).toEqual(["click.recorded", "conversion.recorded"]);
  });
});

const UPDATE = `
  mutation Update($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      webhookEndpoint { id restId url events isActive }
      userErrors { field code message }
    }
  }`;

describe("GraphQL updateWebhookEndpoint", () => {
  it("replaces the events, with the same rules and history as REST", async () => {
    const endpoint = await register(acme, ["click.recorded"]);
    const id = toGlobalId("WebhookEndpoint", endpoint.id);
    const session = sessionActorFor(acme.advertiserId, "usr_gql_editor", "editor");
    const res = await gqlAs(session, UPDATE, { input: { id, events: ["CAMPAIGN_ENDED", "IMPRESSION_SERVED"] } });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateWebhookEndpoint).toEqual({
      webhookEndpoint: {
        id,
        restId: endpoint.id,
        url: endpoint.url,
        events: ["IMPRESSION_SERVED", "CAMPAIGN_ENDED"],
        isActive: true,
      },
      userErrors: [],
    });
    expect(await storedEvents(endpoint.id)).toEqual(["impression.served", "campaign.ended"]);
    const change = await db().change.findFirstOrThrow({
      where: { targetId: endpoint.id, operation: "updateWebhookEndpoint" },
    });
    expect(JSON.parse(change.fields)).toEqual({
      events: { from: ["click.recorded"], to: ["impression.served", "campaign.ended"] },
    });
  });

  it("an empty or repeated list is a VALIDATION_FAILED user error on input.events; an unknown kind a query error", async () => {
    const endpoint = await register(acme, ["click.recorded"]);
    const id = toGlobalId("WebhookEndpoint", endpoint.id);
    const session = sessionActorFor(acme.advertiserId);
    const cases: [string[], string[]][] = [
      [[], ["input", "events"]],
      [
        ["CLICK_RECORDED", "CLICK_RECORDED"],
        ["input", "events", "1"],
      ],
    ];
    for (const [events, field] of cases) {
      const res = (await gqlAs(session, UPDATE, { input: { id, events } })).data.updateWebhookEndpoint;
      expect(res.webhookEndpoint).toBeNull();
      expect(res.userErrors).toHaveLength(1);
      expect(res.userErrors[0]).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(res.userErrors[0].field, JSON.stringify(events)).toEqual(field);
    }
    const unknown = await gqlAs(session, UPDATE, { input: { id, events: ["GAME_STARTED"] } });
    expect(unknown.data).toBeUndefined();
    expect(unknown.errors?.[0]?.message).toContain("GAME_STARTED");
    expect(await storedEvents(endpoint.id)).toEqual(["click.recorded"]);
  });

  it("refuses a viewer (role_required), answers another advertiser's endpoint NOT_FOUND, a deactivated one CONFLICT", async () => {
    const endpoint = await register(acme, ["click.recorded"]);
    const id = toGlobalId("WebhookEndpoint", endpoint.id);
    const viewer = sessionActorFor(acme.advertiserId, "usr_gql_viewer", "viewer");
    const denied = await gqlAs(viewer, UPDATE, { input: { id, events: ["CAMPAIGN_ENDED"] } });
    expect(onlyError(denied).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "role_required" });

    const theirs = await register(rival, ["click.recorded"]);
    const foreign = await gqlAs(sessionActorFor(acme.advertiserId), UPDATE, {
      input: { id: toGlobalId("WebhookEndpoint", theirs.id), events: ["CAMPAIGN_ENDED"] },
    });
    expect(onlyError(foreign).extensions.code).toBe("NOT_FOUND");

    const gone = await register(acme, ["click.recorded"]);
    const goneId = toGlobalId("WebhookEndpoint", gone.id);
    const owner = sessionActorFor(acme.advertiserId);
    await gqlAs(owner, `mutation($id: ID!) { deactivateWebhookEndpoint(input: { id: $id }) { userErrors { code } } }`, {
      id: goneId,
    });
    const inactive = await gqlAs(owner, UPDATE, { input: { id: goneId, events: ["CAMPAIGN_ENDED"] } });
    expect(inactive.data.updateWebhookEndpoint).toMatchObject({
      webhookEndpoint: null,
      userErrors: [{ code: "CONFLICT" }],
    });
    expect(await storedEvents(gone.id)).toEqual(["click.recorded"]);
    expect(await storedEvents(endpoint.id)).toEqual(["click.recorded"]);
    expect(await storedEvents(theirs.id)).toEqual(["click.recorded"]);
  });
});
