// both databases: PostgreSQL refuses U+0000 in text
// U+0000 through every transport, on SQLite and PostgreSQL alike (docs/decisions/1421):
// PostgreSQL's text cannot hold it, so a %00 in an id or a \u0000 in a field once
// answered 500 there. Each edge refuses it with the contract's error; what slips
// past them to PostgreSQL is a 400, not a 500.
import { restRoute } from "@/test/rest-routes";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { db, dbKind } from "@/lib/db/client";
import { stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { env } from "@/lib/env";
import { isNulRefusedByDatabase, NUL_MESSAGE, toAppError } from "@/lib/errors";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { call } from "@/test/http";

const signInRoute = restRoute("/api/auth/{nextauth}");
const campaignRoute = restRoute("/api/ads/campaigns/{id}");
const campaignsRoute = restRoute("/api/ads/campaigns");
const graphqlRoute = restRoute("/api/graphql");
const postbackRoute = restRoute("/api/ads/postback");
const webhooksRoute = restRoute("/api/ads/webhooks");

let advertiser: TestAdvertiser;
let server: HotServer;

beforeAll(async () => {
  advertiser = await createTestAdvertiser("NUL Co");
  server = await startHotServer();
});
afterAll(async () => {
  await server.close();
  await stopDeliveryEngine();
});

const refusedField = (path: string) => ({ code: "validation_failed", errors: [{ path, message: NUL_MESSAGE }] });

describe("U+0000 in a request", () => {
  it("REST: a path segment is 400, a query value or a JSON field 422 naming it", async () => {
    const headers = await advertiser.auth();
    const byId = await call(campaignRoute.GET, "/api/ads/campaigns/x", { headers, params: { id: "cmp_\0" } });
    expect(byId.status).toBe(400);
    expect(byId.body.code).toBe("bad_request");

    const listed = await call(campaignsRoute.GET, "/api/ads/campaigns", { headers, query: { status: "active\0" } });
    expect(listed.status).toBe(422);
    expect(listed.body).toMatchObject(refusedField("status"));

    const registered = await call(webhooksRoute.POST, "/api/ads/webhooks", {
      headers: { ...headers, "content-type": "application/json" },
      body: '{"url":"https://hooks.example.com/x","events":["campaign.ended"],"description":"a\\u0000"}',
    });
    expect(registered.status).toBe(422);
    expect(registered.body).toMatchObject(refusedField("description"));
    expect(await db().webhookEndpoint.count({ where: { advertiserId: advertiser.advertiserId } })).toBe(0);

    const postback = await call(postbackRoute.POST, "/api/ads/postback", {
      headers: { "content-type": "application/json" },
      body: '{"click_id":"clk_\\u0000","event_type":"purchase"}',
    });
    expect(postback.status).toBe(422);
    expect(postback.body).toMatchObject(refusedField("click_id"));
  });

  it("the decision endpoint (hot path): 422 naming the field", async () => {
    const { key } = await createPlatformKey("NUL publisher");
    const response = await fetch(`${server.url}/api/delivery/decisions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: '{"moment_type":"close_game","sport":"nba","game_id":"g1","user_id":"u\\u0000"}',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject(refusedField("user_id"));
  });

  it("a path with %00 is 400 at the request edge, before any route", async () => {
    const response = await fetch(`${server.url}/api/ads/campaigns/cmp_%00`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "bad_request" });
  });

  it("GraphQL: a variable (POST or GET) or a literal of the operation is refused before execution", async () => {
    const headers = await advertiser.auth();
    const query = "query ($id: ID!) { campaign(id: $id) { id } }";
    const posted = await call(graphqlRoute.POST, "/api/graphql", {
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ query, variables: { id: "x" } }).replace('"x"', '"cmp_\\u0000"'),
    });
    expect(posted.status).toBe(400);
    expect(posted.body.errors[0].extensions).toMatchObject({
      apiCode: "validation_failed",
      fieldErrors: [{ field: ["variables", "id"], message: NUL_MESSAGE }],
    });

    const got = await call(graphqlRoute.GET, "/api/graphql", {
      headers: { ...headers, "apollo-require-preflight": "true" },
      query: { query, variables: '{"id":"cmp_\\u0000"}' },
    });
    expect(got.status).toBe(400);
    expect(got.body.errors[0].extensions).toMatchObject({
      apiCode: "validation_failed",
      fieldErrors: [{ field: ["variables", "id"], message: NUL_MESSAGE }],
    });

    const literal = await call(graphqlRoute.POST, "/api/graphql", {
      headers,
      body: { query: '{ campaign(id: "cmp_\\u0000") { id } }' },
    });
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0].extensions).toMatchObject({
      apiCode: "validation_failed",
      fieldErrors: [{ field: ["query"], message: NUL_MESSAGE }],
    });
  });

  it("dashboard sign-in: 422 naming the field, never a database error", async () => {
    const response = await call(signInRoute.POST, "/api/auth/callback/credentials", {
      headers: { "content-type": "application/json" },
      body: '{"csrfToken":"t","email":"a\\u0000@example.test","password":"x"}',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject(refusedField("email"));
  });

  it("a NUL that reaches the database anyway: PostgreSQL's refusal is a 400 bad_request, SQLite stores it", async () => {
    const lookup = await db()
      .campaign.findUnique({ where: { id: "cmp_\0" } })
      .then(
        () => "read",
        (error: unknown) => toAppError(error).code,
      );
    expect(lookup).toBe(dbKind() === "postgresql" ? "bad_request" : "read");
    if (dbKind() !== "postgresql") return;
    // the raw-SQL paths (the delivery store) use the pg driver itself
    const client = new pg.Client({ connectionString: env().DATABASE_URL });
    await client.connect();
    const error = await client.query("SELECT $1::text", ["a\0"]).then(
      () => null,
      (caught: unknown) => caught,
    );
    await client.end();
    expect(isNulRefusedByDatabase(error)).toBe(true);
    expect(toAppError(error).code).toBe("bad_request");
  });
});
