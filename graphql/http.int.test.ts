// The HTTP transport of /api/graphql: methods, CSRF prevention, media types,
// malformed and oversized bodies, tokens, introspection, the limits, and what a
// fault shows (nothing internal, the request id).
import { restRoute } from "@/test/rest-routes";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { GRAPHQL_BODY_LIMIT } from "@/lib/http/body-limits";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import pino from "pino";
import { actorFor } from "@/test/factories/actors";
import { gql, onlyError, type GqlResult } from "@/test/graphql";
import { makeRequest } from "@/test/http";
import { createContext } from "./context";
import { graphqlServer } from "./server";
import { MAX_ALIASES, MAX_COST, MAX_DEPTH, MAX_TOKENS } from "./limit-plugins";

const { GET, POST } = restRoute("/api/graphql");

let adv: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  adv = await createTestAdvertiser();
  headers = await adv.auth();
  await createTestCampaign({ advertiserId: adv.advertiserId, name: "Only one" });
});

async function send(request: Request, handler = POST): Promise<GqlResult> {
  const response = await handler(request);
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Omit<GqlResult, "status" | "headers">) : { data: undefined };
  return { status: response.status, headers: response.headers, ...body };
}

function post(body: string, contentType: string, extra: Record<string, string> = headers) {
  return makeRequest("/api/graphql", { method: "POST", body, headers: { "content-type": contentType, ...extra } });
}

describe("methods and media types", () => {
  it("answers POST with application/json, charset included, with the request id in a header", async () => {
    const res = await send(
      post(JSON.stringify({ query: "{ campaigns { totalCount } }" }), "application/json; charset=utf-8"),
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ campaigns: { totalCount: 1 } });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers GET queries that carry a preflight header, refuses simple GETs (CSRF) and GET mutations", async () => {
    const query = encodeURIComponent("{ momentTypes { key } }");
    const ok = await send(
      makeRequest(`/api/graphql?query=${query}`, { headers: { "apollo-require-preflight": "true" } }),
      GET,
    );
    expect(ok.status).toBe(200);
    expect(ok.data.momentTypes).toHaveLength(11);

    const simple = await send(makeRequest(`/api/graphql?query=${query}`), GET);
    expect(simple.status).toBe(400);
    expect(onlyError(simple).extensions.apiCode).toBe("bad_request");
    expect(onlyError(simple).message).toMatch(/CSRF/);

    const mutation = encodeURIComponent('mutation { pauseCampaign(input: {id: "x"}) { userErrors { code } } }');
    const get = await send(
      makeRequest(`/api/graphql?query=${mutation}`, { headers: { ...headers, "apollo-require-preflight": "true" } }),
      GET,
    );
    expect(get.status).toBe(405);
    expect(onlyError(get).extensions.apiCode).toBe("bad_request");
  });

  it("refuses text/plain POSTs (CSRF), malformed JSON and empty queries with 400 and a GraphQL error", async () => {
    const plain = await send(post(JSON.stringify({ query: "{ momentTypes { key } }" }), "text/plain"));
    expect(plain.status).toBe(400);
    // errors Apollo raises before the operation has a context carry the request id too
    expect(onlyError(plain).extensions).toMatchObject({
      code: "BAD_REQUEST",
      apiCode: "bad_request",
      requestId: plain.headers.get("x-request-id"),
    });

    const batch = await send(post(JSON.stringify([{ query: "{ sports }" }]), "application/json"));
    expect(batch.status).toBe(400);
    expect(onlyError(batch).extensions).toMatchObject({
      apiCode: "bad_request",
      requestId: batch.headers.get("x-request-id"),
    });

    const malformed = await send(post('{"query": "{ momentTypes { key } }"', "application/json"));
    expect(malformed.status).toBe(400);
    expect(onlyError(malformed)).toMatchObject({
      message: "The request body is not valid JSON.",
      extensions: { code: "BAD_REQUEST", apiCode: "bad_request", requestId: expect.stringMatching(/^req_/) },
    });

    const missing = await send(post(JSON.stringify({ variables: {} }), "application/json"));
    expect(missing.status).toBe(400);
    expect(onlyError(missing).extensions.apiCode).toBe("bad_request");

    const syntax = await send(post(JSON.stringify({ query: "{ campaigns { " }), "application/json"));
    expect(syntax.status).toBe(400);
    expect(onlyError(syntax).extensions).toMatchObject({
      code: "GRAPHQL_PARSE_FAILED",
      apiCode: "graphql_parse_failed",
    });
  });

  it("answers 413 for a body over the cap without reading further", async () => {
    const big = JSON.stringify({ query: `{ momentTypes { key } } # ${"x".repeat(GRAPHQL_BODY_LIMIT)}` });
    const res = await send(post(big, "application/json"));
    expect(res.status).toBe(413);
    expect(onlyError(res).extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", apiCode: "payload_too_large" });
  });

  it("reports schema mistakes as GRAPHQL_VALIDATION_FAILED without suggesting field names", async () => {
    const res = await gql("{ campaigns { totalCont } }", { headers });
    expect(res.status).toBe(400);
    const error = onlyError(res);
    expect(error.extensions).toMatchObject({ code: "GRAPHQL_VALIDATION_FAILED", apiCode: "graphql_validation_failed" });
    expect(error.message).not.toMatch(/Did you mean/);
  });

  it("reports variables that do not coerce (a malformed Date) as BAD_USER_INPUT", async () => {
    const res = await gql(
      `query($id: ID!, $from: Date!) { campaign(id: $id) { report(startDate: $from, endDate: $from) { totals { impressions } } } }`,
      { headers, variables: { id: "x", from: "2026-13-45" } },
    );
    expect(res.status).toBe(400);
    expect(onlyError(res).extensions).toMatchObject({ code: "BAD_USER_INPUT", apiCode: "validation_failed" });
    expect(onlyError(res).message).toMatch(/must be a date \(YYYY-MM-DD\)/);
  });
});

describe("authentication", () => {
  it("answers 401 with WWW-Authenticate for an invalid or malformed token, never falling back to anonymous", async () => {
    for (const authorization of ["Bearer not.a.token", "Basic abc"]) {
      const res = await gql("{ momentTypes { key } }", { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="sma"/);
      expect(onlyError(res).extensions).toMatchObject({
        code: "UNAUTHENTICATED",
        apiCode: "unauthorized",
        requestId: res.headers.get("x-request-id"),
      });
      expect(res.data).toBeUndefined();
    }
  });

  it("allows introspection to authenticated callers only", async () => {
    const query = "{ __schema { queryType { name } } }";
    const anonymous = await gql(query);
    expect(anonymous.status).toBe(401);
    expect(onlyError(anonymous).extensions.apiCode).toBe("unauthorized");
    const viaFragment = await gql('query { ...F } fragment F on Query { __type(name: "Campaign") { name } }');
    expect(viaFragment.status).toBe(401);
    const authenticated = await gql(query, { headers });
    expect(authenticated.data).toEqual({ __schema: { queryType: { name: "Query" } } });
    const typename = await gql("{ __typename }");
    expect(typename.data).toEqual({ __typename: "Query" });
  });
});

describe("limits", () => {
  it("returns the operation's cost in extensions.cost", async () => {
    const res = await gql("{ campaigns(first: 10) { nodes { name creatives { headline } } } }", { headers });
    // the connection 1, then per campaign: the node 1 and up to 26 creatives
    expect(res.extensions.cost).toEqual({ requested: 1 + 10 * (1 + 26), limit: MAX_COST });
  });

  it("refuses an operation above the cost limit before running it, with its cost", async () => {
    const query = `query($n: Int) { webhookEndpoints(first: $n) { nodes { deliveries(first: 100) { nodes { attemptLog { attempt } } } } } }`;
    const res = await gql(query, { headers, variables: { n: 100 } });
    expect(res.status).toBe(400);
    const error = onlyError(res);
    expect(error.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", apiCode: "query_too_complex" });
    expect(error.extensions.cost?.requested).toBeGreaterThan(MAX_COST);
    expect(error.message).toMatch(/above the limit of 10000/);
    // the same with a small page passes: the variables decide
    expect((await gql(query, { headers, variables: { n: 1 } })).status).toBe(200);
  });

  it("fails closed: an operation whose cost cannot be computed is refused, not run unchecked", async () => {
    // one fragment spread 1,500 times: 1,500 × 8 fields, past the 10,000 fields graphql-query-complexity
    // evaluates (it counts a fragment at every spread) before it gives up with an error
    const fragment =
      "fragment F on Query { viewer { scopes credential clientId advertiser { name restId createdAt } } }";
    const res = await gql(`query Spread { ${"...F ".repeat(1_500)}} ${fragment}`, { headers });
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    const error = onlyError(res);
    expect(error.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", apiCode: "query_too_complex" });
    expect(error.message).toMatch(/cost of this operation could not be computed/);
    // variables that do not coerce are still execution's 400, not a cost refusal
    const badVariables = await gql("query($n: Int) { campaigns(first: $n) { totalCount } }", {
      headers,
      variables: { n: "many" },
    });
    expect(badVariables.status).toBe(400);
    expect(onlyError(badVariables).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("refuses operations nested too deep or with too many aliases", async () => {
    let nested = "restId";
    for (let depth = 0; depth < MAX_DEPTH / 2; depth++) nested = `creatives { campaign { ${nested} } }`;
    const deep = await gql(`{ campaigns { nodes { ${nested} } } }`, { headers });
    expect(deep.status).toBe(400);
    expect(onlyError(deep).extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", apiCode: "query_too_complex" });
    expect(onlyError(deep).message).toMatch(/depth limit/i);

    const aliases = Array.from({ length: MAX_ALIASES + 1 }, (_, index) => `a${index}: momentTypes { key }`).join(" ");
    const wide = await gql(`{ ${aliases} }`, { headers });
    expect(wide.status).toBe(400);
    expect(onlyError(wide).extensions.apiCode).toBe("query_too_complex");

    const tokens = await gql(`{ ${"__typename ".repeat(MAX_TOKENS)} }`, { headers });
    expect(tokens.status).toBe(400);
    expect(onlyError(tokens).extensions.apiCode).toBe("query_too_complex");
    expect(onlyError(tokens).message).toMatch(/tokens/);
  });
});

describe("faults", () => {
  it("shows a fault only as internal_error with the request id, logs it, leaks nothing", async () => {
    const secret = "SQLITE_ERROR: no such column campaigns.secret_sauce at /srv/app/lib/db/client.ts:42";
    const spy = vi.spyOn(db().campaign, "count").mockRejectedValueOnce(new Error(secret));
    const res = await gql("{ momentTypes { key } campaigns { totalCount } }", { headers });
    spy.mockRestore();
    expect(res.status).toBe(200);
    expect(res.data.momentTypes).toHaveLength(11);
    expect(res.data.campaigns).toBeNull();
    const error = onlyError(res);
    expect(error).toEqual({
      message: "An unexpected error occurred. Quote the request id when reporting it.",
      path: ["campaigns"],
      locations: expect.any(Array),
      extensions: {
        code: "INTERNAL_SERVER_ERROR",
        apiCode: "internal_error",
        requestId: res.headers.get("x-request-id"),
      },
    });
    expect(JSON.stringify(res)).not.toMatch(/secret_sauce|SQLITE|client\.ts|stack/);
  });

  it("logs the fault with its cause under the request id", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "error" }, { write: (line: string) => lines.push(JSON.parse(line)) }).child({
      requestId: "req_fault_test_1",
    });
    vi.spyOn(db().campaign, "count").mockRejectedValueOnce(new Error("boom: internal detail"));
    const server = await graphqlServer();
    const context = createContext({ actor: actorFor(adv.advertiserId), requestId: "req_fault_test_1", log });
    const response = await server.executeOperation(
      { query: "{ campaigns { totalCount } }" },
      { contextValue: context },
    );
    expect(response.body.kind === "single" && response.body.singleResult.errors?.[0]?.extensions).toMatchObject({
      apiCode: "internal_error",
      requestId: "req_fault_test_1",
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      requestId: "req_fault_test_1",
      msg: "graphql fault",
      err: { message: "boom: internal detail" },
    });
  });
});
