// restOperation: how a REST request becomes an operation's input (the path's
// parameters joined under their names; the query string read for the input's
// own fields; a body field named like a path parameter refused), and how its
// answer carries an idempotent replay.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { restOperation } from "./rest-operation";

const seen: unknown[] = [];
const lookup = defineOperation({
  name: "lookup",
  access: "campaigns:read",
  write: false,
  input: z.object({ id: z.string(), verbose: z.enum(["yes", "no"]).optional() }),
  run: async (_actor, input) => {
    seen.push(input);
    return input;
  },
});
const GET = restOperation(lookup, { params: ["id"] });

let writes = 0;
const rename = defineOperation({
  name: "rename",
  access: "campaigns:write",
  write: true,
  idempotent: true,
  input: z.strictObject({ id: z.string(), name: z.string() }),
  run: async (_actor, input) => ({ ...input, write: ++writes }),
});
const POST = restOperation(rename, { params: ["id"], status: 201 });

describe("restOperation", () => {
  it("gives the path's parameters under their names; the query gives the input's other fields and nothing else", async () => {
    const adv = await createTestAdvertiser();
    const headers = await adv.auth();
    const answer = await call(GET, "/things/t1", {
      headers,
      params: { id: "t1" },
      query: { verbose: "yes", id: "\0ignored", other: "x" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: "t1", verbose: "yes" });
  });

  it("refuses a body field named like a path parameter, as an unknown field", async () => {
    const adv = await createTestAdvertiser();
    const headers = await adv.auth();
    const answer = await call(POST, "/things/t1", { headers, params: { id: "t1" }, body: { id: "t2", name: "n" } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([{ path: "id", message: "Unrecognized key: the path gives it" }]);
  });

  it("answers an idempotent retry with the first result, its status and Idempotency-Replayed", async () => {
    const adv = await createTestAdvertiser();
    const headers = { ...(await adv.auth()), "idempotency-key": "rest-op-1" };
    const first = await call(POST, "/things/t1", { headers, params: { id: "t1" }, body: { name: "n" } });
    const again = await call(POST, "/things/t1", { headers, params: { id: "t1" }, body: { name: "n" } });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(writes).toBe(1);
  });
});
