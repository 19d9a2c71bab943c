import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, parseInput } from "@/lib/errors";
import { expectConsoleError } from "@/test/console-guard";
import { call } from "@/test/http";
import { defineRoute, jsonResponse } from "./define-route";

const input = z.strictObject({ name: z.string().min(1), bid_cpm_usd: z.number().min(0.1) });

const echo = defineRoute({ auth: "none" }, async ({ body }) => jsonResponse(parseInput(input, await body())));
const boom = defineRoute({ auth: "none" }, async () => {
  throw new Error("SQLITE_ERROR: no such table: secret_stuff at /work/main/lib/db/client.ts:12");
});
const missing = defineRoute({ auth: "none" }, async () => {
  throw new AppError("not_found", { detail: "campaign cmp_x not found" });
});

describe("defineRoute", () => {
  it("echoes a caller's request id and sets one otherwise", async () => {
    const given = await call(echo, "/x", {
      body: { name: "a", bid_cpm_usd: 1 },
      headers: { "x-request-id": "req_abcdefgh1234" },
    });
    expect(given.headers.get("x-request-id")).toBe("req_abcdefgh1234");
    const fresh = await call(echo, "/x", { body: { name: "a", bid_cpm_usd: 1 } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^req_[A-Za-z0-9]{20}$/);
  });

  it("answers malformed JSON and a wrong content type with 400 bad_request", async () => {
    const bad = await call(echo, "/x", { body: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    expect(bad.body).toMatchObject({ code: "bad_request", status: 400, title: "Bad request" });

    const text = await call(echo, "/x", { body: "name=a", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    expect(text.body.code).toBe("bad_request");
  });

  it("answers zod failures with 422 validation_failed and a path per field, unknown fields included", async () => {
    const res = await call(echo, "/x", { body: { name: "", bid_cpm_usd: 0.01, extra: true } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    const paths = res.body.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(["", "bid_cpm_usd", "name"].sort());
    expect(res.body.errors.find((e: { path: string }) => e.path === "")?.message).toMatch(/extra/);
  });

  it("renders AppError with its status and detail", async () => {
    const res = await call(missing, "/x");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      type: "/docs/errors#not_found",
      title: "Not found",
      status: 404,
      detail: "campaign cmp_x not found",
      code: "not_found",
      request_id: res.headers.get("x-request-id"),
    });
  });

  it("hides unexpected faults: 500 internal_error with the request id, no message, SQL or path", async () => {
    expectConsoleError(0);
    const res = await call(boom, "/x");
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("internal_error");
    expect(res.body.request_id).toBe(res.headers.get("x-request-id"));
    expect(res.text).not.toMatch(/SQLITE|secret_stuff|\/work\/|\.ts/);
  });

  it("answers any JSON value that is not an object (array, string, number, null, boolean) with 422, never 500", async () => {
    for (const value of [[], "text", 42, null, true, [{ name: "a", bid_cpm_usd: 1 }]]) {
      const res = await call(echo, "/x", {
        body: JSON.stringify(value),
        headers: { "content-type": "application/json" },
      });
      expect(res.status, JSON.stringify(value)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
  });
});

describe("defineRoute body limit", () => {
  const small = defineRoute({ auth: "none", maxBodyBytes: 100 }, async ({ body }) => jsonResponse(await body()));

  it("reads up to the limit; one byte more is 413 payload_too_large problem+json", async () => {
    const fits = JSON.stringify({ pad: "x".repeat(100 - 10) });
    expect(Buffer.byteLength(fits)).toBe(100);
    expect((await call(small, "/x", { body: fits, headers: { "content-type": "application/json" } })).status).toBe(200);
    const over = JSON.stringify({ pad: "x".repeat(100 - 9) });
    const res = await call(small, "/x", { body: over, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 413, code: "payload_too_large", title: "Payload too large" });
    expect(res.body.detail).toContain("100 bytes");
  });

  it("decides from Content-Length without reading the body", async () => {
    let pulled = 0;
    const stream = new ReadableStream(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new TextEncoder().encode("{}"));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    ); // pulled only when read
    const request = new Request("http://sma.test/x", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "application/json", "content-length": "5000000" },
    } as RequestInit);
    const response = await small(request);
    expect(response.status).toBe(413);
    expect(pulled).toBe(0);
  });

  it("counts the bytes of a body of unknown length and stops reading past the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64).fill(32));
          if (pulled === 1000) controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://sma.test/x", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "application/json" },
    } as RequestInit);
    const response = await small(request);
    expect(response.status).toBe(413);
    expect(pulled).toBe(2); // 2 chunks of 64 bytes pass the 100-byte limit; the rest is never read
  });
});

describe("route params", () => {
  // typed from the names in the options (tsc checks the expect-error: an unlisted name does not compile)
  const typed = defineRoute({ auth: "none", params: ["id", "delivery_id"] }, async ({ params }) => {
    // @ts-expect-error only the listed segments are params
    void params.other;
    return jsonResponse({ id: params.id, delivery_id: params.delivery_id });
  });

  it("hands the route's segments to the handler", async () => {
    const res = await call(typed, "/x", { params: { id: "cmp_1", delivery_id: "d_2" } });
    expect(res.body).toEqual({ id: "cmp_1", delivery_id: "d_2" });
  });
});
