// invoke() applies what an operation declares, in one order for every
// transport: access (401, 403), the rate limit, U+0000, the input schema, then
// the service.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { AppError } from "@/lib/errors";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/policies";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { decodeResult, encodeResult } from "./idempotency";
import { invoke, invokeOnce } from "./invoke";
import { defineOperation, type Caller } from "./operation";

const log = pino({ level: "silent" });
let sequence = 0;

function caller(actor: Actor | null, clientAddress = "192.0.2.1"): Caller {
  return { actor, requestId: `req_${++sequence}`, log, clock: () => 0, clientAddress };
}

const runs: unknown[] = [];
const echo = defineOperation({
  name: "echo",
  access: "reporting:read",
  write: false,
  rateLimit: "report",
  input: z.strictObject({ word: z.string().max(5) }),
  run: async (actor, input) => {
    runs.push(input);
    return { advertiser: actor.advertiserId, word: input.word };
  },
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("not refused");
}

describe("invoke", () => {
  it("runs the service with the parsed input for a caller holding the scope", async () => {
    expect(await invoke(echo, caller(actorFor("adv_a")), { word: "hi" })).toEqual({ advertiser: "adv_a", word: "hi" });
  });

  it("refuses a caller without credentials (401) or without the scope (403), before anything else", async () => {
    const before = runs.length;
    expect((await refusal(invoke(echo, caller(null), { word: "hi" }))).code).toBe("unauthorized");
    const forbidden = await refusal(invoke(echo, caller(actorFor("adv_b", ["campaigns:read"])), { word: 7 }));
    expect(forbidden.code).toBe("insufficient_scope");
    expect(forbidden.detail).toContain("reporting:read");
    expect(runs.length).toBe(before);
  });

  it("refuses U+0000 anywhere, naming the field, and a bad input with field paths; the service never runs", async () => {
    const before = runs.length;
    const nul = await refusal(invoke(echo, caller(actorFor("adv_c")), { word: "a\0b" }));
    expect(nul.code).toBe("validation_failed");
    expect(nul.fieldErrors?.[0]?.path).toBe("word");
    const bad = await refusal(invoke(echo, caller(actorFor("adv_c")), { word: "toolong", extra: 1 }));
    expect(bad.code).toBe("validation_failed");
    expect(bad.fieldErrors?.map((error) => error.path).sort()).toEqual(["", "word"]);
    expect(runs.length).toBe(before);
  });

  it("counts every call against the declared policy per advertiser, bad inputs included, then refuses", async () => {
    const { points } = RATE_LIMIT_POLICIES.report;
    const actor = actorFor("adv_limit");
    for (let index = 0; index < points; index++) {
      const input = index % 2 ? { word: "ok" } : { word: "far too long" };
      await invoke(echo, caller(actor), input).catch(() => undefined);
    }
    const limited = await refusal(invoke(echo, caller(actor), { word: "ok" }));
    expect(limited.code).toBe("rate_limited");
    expect(limited.headers?.["Retry-After"]).toBeDefined();
    // another advertiser has its own count
    expect(await invoke(echo, caller(actorFor("adv_other")), { word: "ok" })).toMatchObject({ word: "ok" });
  });

  it("runs a session operation for the dashboard session only: any token is 403 session_required, before its input is read", async () => {
    const administer = defineOperation({
      name: "administer",
      access: "session",
      write: true,
      input: z.strictObject({ name: z.string().min(1) }),
      run: async (actor, input) => ({ advertiser: actor.advertiserId, name: input.name }),
    });
    const session: Actor = { ...actorFor("adv_s"), via: "session", userId: "usr_s", role: "admin" };
    expect(await invoke(administer, caller(session), { name: "ok" })).toEqual({ advertiser: "adv_s", name: "ok" });
    // a token holding every scope, with a good input or a bad one: refused for what it is, not for its input
    for (const input of [{ name: "ok" }, { name: "" }, { extra: 1 }]) {
      const refused = await refusal(invoke(administer, caller(actorFor("adv_s")), input));
      expect(refused.code).toBe("session_required");
      expect(refused.status).toBe(403);
    }
    expect((await refusal(invoke(administer, caller(null), { name: "ok" }))).code).toBe("unauthorized");
    expect((await refusal(invoke(administer, caller(session), { name: "" }))).code).toBe("validation_failed");
  });

  it("lets anyone run a public operation, and counts a failures-only policy per client address", async () => {
    const lookup = defineOperation({
      name: "lookup",
      access: "public",
      write: false,
      rateLimit: { policy: "postback_miss", failures: ["not_found"] },
      input: z.object({ id: z.string() }),
      run: async (_actor, input) => {
        if (input.id !== "known") throw new AppError("not_found");
        return "found";
      },
    });
    const { points } = RATE_LIMIT_POLICIES.postback_miss;
    // successes do not count
    for (let index = 0; index < points + 5; index++)
      expect(await invoke(lookup, caller(null, "198.51.100.7"), { id: "known" })).toBe("found");
    for (let index = 0; index < points; index++)
      expect((await refusal(invoke(lookup, caller(null, "198.51.100.7"), { id: "x" }))).code).toBe("not_found");
    expect((await refusal(invoke(lookup, caller(null, "198.51.100.7"), { id: "known" }))).code).toBe("rate_limited");
    expect(await invoke(lookup, caller(null, "198.51.100.8"), { id: "known" })).toBe("found");
  });

  it("runs an idempotent write once per key: a retry gets the first result back, typed as it was", async () => {
    let writes = 0;
    const write = defineOperation({
      name: "write",
      access: "campaigns:write",
      write: true,
      idempotent: true,
      input: z.object({ amount: z.number() }),
      run: async (_actor, input) => {
        writes += 1;
        return { write: writes, micros: BigInt(input.amount) * 1_000_000n, at: new Date(Date.UTC(2026, 0, writes)) };
      },
      storedForReplay: (result) => ({ ...result, write: -1 }),
    });
    const actor = { ...actorFor((await createTestAdvertiser()).advertiserId), clientId: "cli_1" };
    const first = await invokeOnce(write, { ...caller(actor), idempotencyKey: "key-1" }, { amount: 2 });
    expect(first).toEqual({
      replayed: false,
      result: { write: 1, micros: 2_000_000n, at: new Date(Date.UTC(2026, 0, 1)) },
    });
    // the same input written another way is the same request
    const again = await invokeOnce(write, { ...caller(actor), idempotencyKey: "key-1" }, { amount: 2.0 });
    expect(again).toEqual({
      replayed: true,
      result: { write: -1, micros: 2_000_000n, at: new Date(Date.UTC(2026, 0, 1)) },
    });
    expect(writes).toBe(1);
    // another input with the key, or another client of the advertiser: refused
    const reused = await refusal(invoke(write, { ...caller(actor), idempotencyKey: "key-1" }, { amount: 3 }));
    expect(reused.code).toBe("idempotency_key_reused");
    const otherClient = { ...actor, clientId: "cli_2" };
    expect(
      (await refusal(invoke(write, { ...caller(otherClient), idempotencyKey: "key-1" }, { amount: 2 }))).code,
    ).toBe("idempotency_key_reused");
    // without a key, or with another key, it runs again
    await invoke(write, caller(actor), { amount: 2 });
    await invoke(write, { ...caller(actor), idempotencyKey: "key-2" }, { amount: 2 });
    expect(writes).toBe(3);
  });

  it("frees the key after a client error, so the corrected call can use it", async () => {
    let runs = 0;
    const picky = defineOperation({
      name: "picky",
      access: "campaigns:write",
      write: true,
      idempotent: true,
      input: z.object({ ok: z.boolean() }),
      run: async (_actor, input) => {
        runs += 1;
        if (!input.ok) throw new AppError("conflict", { detail: "not now" });
        return runs;
      },
    });
    const actor = actorFor((await createTestAdvertiser()).advertiserId);
    expect((await refusal(invoke(picky, { ...caller(actor), idempotencyKey: "k-free" }, { ok: false }))).code).toBe(
      "conflict",
    );
    expect(
      await invoke(picky, { ...caller(actor), idempotencyKey: "k-free" }, { ok: false }).catch((e: AppError) => e.code),
    ).toBe("conflict");
    expect(runs).toBe(2);
  });
});

describe("stored results", () => {
  it("keep bigints and dates through JSON", () => {
    const value = { a: 1n, b: [new Date(0), { c: -5n }], d: "x", e: { $bigint: "not mine", f: 1 } };
    expect(decodeResult(encodeResult(value))).toEqual(value);
  });
});
