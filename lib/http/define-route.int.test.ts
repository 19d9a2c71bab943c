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
});
