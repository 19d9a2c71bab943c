// Body limits over real HTTP, as server.ts serves them: the hot router and Next
// route handlers (the postback, E1, E5; given the request body as a lazy stream,
// as Next does). Past the limit the answer is 413 (RFC 6749 body at E1,
// problem+json elsewhere), whether Content-Length announced it or the body came
// chunked, and the connection is never reset before the answer: what is left is
// drained (the keep-alive socket is reused) or, past the drain budget, the
// connection is closed after the answer.
import { restRoute } from "@/test/rest-routes";
import { execFile } from "node:child_process";
import { Agent } from "node:http";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { DEFAULT_BODY_LIMIT, SMALL_BODY_LIMIT } from "@/lib/http/body-limits";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { expectMatchesOpenApi } from "@/test/openapi";
import { rawRequest } from "@/test/raw-http";

const { POST: token } = restRoute("/api/auth/token");
const { POST: createCampaign } = restRoute("/api/ads/campaigns");
const { POST: postback } = restRoute("/api/ads/postback");

let server: HotServer;
let strict: HotServer;
let key: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  const routes = {
    "/api/auth/token": { POST: token },
    "/api/ads/postback": { POST: postback },
    "/api/ads/campaigns": { POST: createCampaign },
  };
  server = await startHotServer(routes);
  // a small drain budget, to see the connection closed (gracefully) past it
  strict = await startHotServer(routes, { drainBytes: 256 * 1024, closeGraceMs: 100 });
  key = (await createPlatformKey("body limits")).key;
});
afterAll(async () => {
  agent.destroy();
  await server.close();
  await strict.close();
  await stopDeliveryEngine();
});

const json = { "content-type": "application/json" };
const DECISIONS = "/api/delivery/decisions";
const decisionBody = (userId: string) =>
  JSON.stringify({ moment_type: "close_game", sport: "nba", game_id: "g1", user_id: userId });

/**
 * `rounds` POSTs, each on a connection of its own (Connection: close) writing `bytes` of chunked
 * body, from another process (in this one the server's reset cannot overtake the answer): each
 * one's status, or the error that came before it.
 */
async function closingPosts(url: string, rounds: number, bytes: number): Promise<string[]> {
  const client = `
    const { request } = require("node:http");
    const post = () => new Promise((resolve) => {
      const req = request(process.argv[1], { method: "POST", headers: { "content-type": "application/json" }, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.statusCode)));
      });
      req.on("error", (error) => resolve(error.code || error.message));
      const body = Buffer.alloc(Number(process.argv[2]), "x");
      let offset = 0;
      const more = () => {
        while (offset < body.length) {
          const chunk = body.subarray(offset, (offset += 16384));
          if (!req.write(chunk)) return void req.once("drain", more);
        }
        req.end();
      };
      more();
    });
    (async () => {
      const out = [];
      for (let i = 0; i < Number(process.argv[3]); i++) out.push(await post());
      console.log(JSON.stringify(out));
    })();`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", client, url, String(bytes), String(rounds)]);
  return JSON.parse(stdout) as string[];
}

function expectTooLarge(res: Awaited<ReturnType<typeof rawRequest>>, limit: number, path: string) {
  expect(res.errorBeforeAnswer).toBeUndefined();
  expect(res.status).toBe(413);
  expectMatchesOpenApi("POST", path, 413, res.json);
  expect(res.headers["content-type"]).toBe("application/problem+json");
  expect(res.json).toMatchObject({ status: 413, code: "payload_too_large" });
  expect(res.json!.detail).toContain(String(limit));
}

describe("the hot path (POST /api/delivery/decisions, 4 KiB)", () => {
  const url = () => `${server.url}/api/delivery/decisions`;
  const auth = () => ({ ...json, authorization: `Bearer ${key}` });

  it("answers a 1 MB user_id announced by Content-Length with 413, then serves the next request on the same connection", async () => {
    const big = await rawRequest(url(), { headers: auth(), body: decisionBody("u".repeat(1_000_000)), agent });
    expectTooLarge(big, SMALL_BODY_LIMIT, DECISIONS);
    const next = await rawRequest(url(), { headers: auth(), body: decisionBody("u1"), agent });
    expect(next.status).toBe(204); // no campaign: no fill
    expect(next.socket).toBe(big.socket); // drained, not closed
  });

  it("answers a chunked body that passes the limit with 413, drains the rest, and keeps the connection", async () => {
    const res = await rawRequest(url(), {
      headers: auth(),
      body: { chunks: 256, chunkBytes: 4096, fill: " " },
      chunked: true,
      agent,
    });
    expectTooLarge(res, SMALL_BODY_LIMIT, DECISIONS);
    expect(await res.bodySent).toBe(true);
    const next = await rawRequest(url(), { headers: auth(), body: decisionBody("u1"), agent });
    expect(next.status).toBe(204);
    expect(next.socket).toBe(res.socket);
  });

  it("with Connection: close, the client still reads an answer given before its body was read (never a reset)", async () => {
    // found by the live fuzz (e2e/fuzz.spec.ts): Node destroyed a closing connection as soon as the
    // answer was flushed, with the body still arriving, and the reset often beat the answer
    const outcomes = await closingPosts(url(), 10, 1024 * 1024);
    expect(outcomes).toEqual(Array(10).fill("401")); // no key: refused before any byte of the body is read
  });

  it("accepts a body of exactly the limit (422 for its content, not 413)", async () => {
    const padded = decisionBody("u1").replace("{", "{" + " ".repeat(SMALL_BODY_LIMIT - decisionBody("u1").length));
    expect(Buffer.byteLength(padded)).toBe(SMALL_BODY_LIMIT);
    const res = await rawRequest(url(), { headers: auth(), body: padded });
    expect(res.status).toBe(204);
  });

  it("past the drain budget, answers, then stops reading and closes the connection (never a reset before the answer)", async () => {
    const res = await rawRequest(`${strict.url}/api/delivery/decisions`, {
      headers: auth(),
      body: { chunks: 2048, chunkBytes: 16 * 1024 }, // 32 MiB, more than the socket buffers hold; Content-Length unknown
      chunked: true,
    });
    expectTooLarge(res, SMALL_BODY_LIMIT, DECISIONS);
    // the server did not take the whole body: it stopped reading past its budget and closed
    // (what the client wrote is the budget plus what the two sockets' buffers hold, a few MiB)
    expect(await res.bodySent).toBe(false);
    expect(await res.bytesWrittenAtClose).toBeLessThan(16 * 1024 * 1024);
  });
});

describe("Next route handlers", () => {
  it("the postback (4 KiB): 413 from Content-Length and from a chunked body", async () => {
    const url = `${server.url}/api/ads/postback`;
    const declared = await rawRequest(url, {
      headers: json,
      body: JSON.stringify({ campaign_id: "c", click_id: "x".repeat(50_000), event_type: "install" }),
    });
    expectTooLarge(declared, SMALL_BODY_LIMIT, "/api/ads/postback");
    // the handler read part of the stream: the server drains the rest after the answer and keeps the connection
    const chunked = await rawRequest(url, {
      headers: json,
      body: { chunks: 64, chunkBytes: 1024 },
      chunked: true,
      agent,
    });
    expectTooLarge(chunked, SMALL_BODY_LIMIT, "/api/ads/postback");
    expect(await chunked.bodySent).toBe(true);
    const next = await rawRequest(url, {
      headers: json,
      body: JSON.stringify({ campaign_id: "cmp_x", click_id: "clk_x", event_type: "install" }),
      agent,
    });
    expect(next.status).toBe(404);
    expect(next.socket).toBe(chunked.socket);
  });

  it("E1 (4 KiB): 413 with an RFC 6749 error body", async () => {
    const res = await rawRequest(`${server.url}/api/auth/token`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=client_credentials&client_id=${"a".repeat(10_000)}`,
    });
    expect(res.errorBeforeAnswer).toBeUndefined();
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: "invalid_request", error_description: expect.stringContaining("4096") });
    expectMatchesOpenApi("POST", "/api/auth/token", 413, res.json);
  });

  it("E5 (16 KiB): 413 for a token holder's oversized campaign, chunked or announced", async () => {
    const adv = await createTestAdvertiser("Big bodies");
    const headers = { ...json, ...(await adv.auth()) };
    const url = `${server.url}/api/ads/campaigns`;
    const declared = await rawRequest(url, { headers, body: JSON.stringify({ name: "n".repeat(100_000) }) });
    expectTooLarge(declared, DEFAULT_BODY_LIMIT, "/api/ads/campaigns");
    const chunked = await rawRequest(url, { headers, body: { chunks: 40, chunkBytes: 1024 }, chunked: true });
    expectTooLarge(chunked, DEFAULT_BODY_LIMIT, "/api/ads/campaigns");
  });
});
