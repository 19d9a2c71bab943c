// Postback keys through their REST routes: create (the key shown once, only its
// hash kept), list, revoke (idempotent), scopes, tenancy, the cap on active keys,
// and Idempotency-Key replays that never store the key.
import { restRoute } from "@/test/rest-routes";
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import {
  createdPostbackKeyView,
  MAX_ACTIVE_POSTBACK_KEYS,
  POSTBACK_KEY_PATTERN,
  postbackKeyListView,
  postbackKeyView,
} from "@/lib/domain/postback-keys/postback-keys.schemas";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import type { Scope } from "@/lib/auth/scopes";

const { DELETE, PATCH } = restRoute("/api/ads/postback-keys/{id}");
const { GET, POST } = restRoute("/api/ads/postback-keys");

let acme: TestAdvertiser;
let rival: TestAdvertiser;

beforeEach(async () => {
  acme = await createTestAdvertiser("Acme Sportsbook");
  rival = await createTestAdvertiser("Rival Book");
});

async function create(advertiser: TestAdvertiser = acme, headers: Record<string, string> = {}) {
  return call(POST, "/api/ads/postback-keys", {
    method: "POST",
    headers: { ...(await advertiser.auth()), ...headers },
  });
}

async function createNamed(body: unknown, advertiser: TestAdvertiser = acme) {
  return call(POST, "/api/ads/postback-keys", { method: "POST", headers: await advertiser.auth(), body });
}

async function rename(id: string, body: unknown, advertiser: TestAdvertiser = acme, scopes?: Scope[]) {
  return call(PATCH, `/api/ads/postback-keys/${encodeURIComponent(id)}`, {
    method: "PATCH",
    params: { id },
    headers: await advertiser.auth(scopes),
    body,
  });
}

async function list(advertiser: TestAdvertiser = acme) {
  return call(GET, "/api/ads/postback-keys", { headers: await advertiser.auth(["campaigns:read"]) });
}

async function revoke(id: string, advertiser: TestAdvertiser = acme, headers: Record<string, string> = {}) {
  return call(DELETE, `/api/ads/postback-keys/${encodeURIComponent(id)}`, {
    method: "DELETE",
    params: { id },
    headers: { ...(await advertiser.auth(["campaigns:write"])), ...headers },
  });
}

describe("POST /api/ads/postback-keys", () => {
  it("answers 201 {id, key, created_at} with the key once, and keeps only its SHA-256", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "id", "key", "name"]);
    expect(res.body.name).toBeNull();
    expect(createdPostbackKeyView.safeParse(res.body).success).toBe(true);
    expect(res.body.id).toMatch(/^pbk_[0-9A-Za-z]{22}$/);
    expect(res.body.key).toMatch(POSTBACK_KEY_PATTERN);
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);

    const row = await db().postbackKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ advertiserId: acme.advertiserId, lastUsedAt: null, revokedAt: null });
    expect(row.keyHash).toBe(createHash("sha256").update(res.body.key).digest("hex"));
    // the key is in no column and in no answer after this one
    expect(
      JSON.stringify(row, (_k, value: unknown) => (typeof value === "bigint" ? String(value) : value)),
    ).not.toContain(res.body.key);
    expect((await list()).text).not.toContain(res.body.key);
    // two keys are two secrets
    const second = await create();
    expect(second.body.key).not.toBe(res.body.key);
  });

  it("needs campaigns:write (403 with campaigns:read alone, 401 without a token)", async () => {
    const readOnly = await call(POST, "/api/ads/postback-keys", {
      method: "POST",
      headers: await acme.auth(["campaigns:read", "reporting:read"]),
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("insufficient_scope");
    const anonymous = await call(POST, "/api/ads/postback-keys", { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("unauthorized");
    expect(await db().postbackKey.count({ where: { advertiserId: acme.advertiserId } })).toBe(0);
  });

  it(`refuses an 11th active key (409 conflict, nothing written); a revoked key frees a place`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_POSTBACK_KEYS; i++) ids.push((await create()).body.id as string);
    const refused = await create();
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body.code).toBe("conflict");
    expect(refused.body.detail).toContain(`at most ${MAX_ACTIVE_POSTBACK_KEYS} active postback keys`);
    expect(await db().postbackKey.count({ where: { advertiserId: acme.advertiserId } })).toBe(MAX_ACTIVE_POSTBACK_KEYS);
    // another advertiser's keys are its own count
    expect((await create(rival)).status).toBe(201);
    await revoke(ids[0]!);
    expect((await create()).status).toBe(201);
  });

  it("concurrent creations never pass the cap: they are counted one after another", async () => {
    const answers = await Promise.all(Array.from({ length: MAX_ACTIVE_POSTBACK_KEYS + 6 }, () => create()));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ACTIVE_POSTBACK_KEYS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    expect(await db().postbackKey.count({ where: { advertiserId: acme.advertiserId, revokedAt: null } })).toBe(
      MAX_ACTIVE_POSTBACK_KEYS,
    );
  });

  it("replays a retry with the same Idempotency-Key: the same id, no second key, the key withheld and never stored", async () => {
    const first = await create(acme, { "idempotency-key": "pbk-create-1" });
    expect(first.status).toBe(201);
    expect(first.body.key).toMatch(POSTBACK_KEY_PATTERN);
    const retry = await create(acme, { "idempotency-key": "pbk-create-1" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(retry.body).toEqual({ id: first.body.id, name: null, created_at: first.body.created_at, key: null });
    expect(createdPostbackKeyView.safeParse(retry.body).success).toBe(true);
    expect(await db().postbackKey.count({ where: { advertiserId: acme.advertiserId } })).toBe(1);
    const stored = await db().idempotencyKey.findMany({ where: { advertiserId: acme.advertiserId } });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored.map((row) => row.responseBody))).not.toContain(first.body.key);
  });
});

describe("GET /api/ads/postback-keys", () => {
  it("lists the advertiser's keys newest first, revoked ones included, never the key, with campaigns:read", async () => {
    const empty = await list();
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ postback_keys: [] });
    const older = (await create()).body;
    const newer = (await create()).body;
    await revoke(older.id);
    await create(rival);
    const res = await list();
    expect(postbackKeyListView.safeParse(res.body).success).toBe(true);
    expect(res.body.postback_keys.map((key: { id: string }) => key.id)).toEqual([newer.id, older.id]);
    for (const key of res.body.postback_keys)
      expect(Object.keys(key).sort()).toEqual(["created_at", "id", "last_used_at", "name", "revoked_at"]);
    expect(res.body.postback_keys[0]).toEqual({
      id: newer.id,
      name: null,
      created_at: newer.created_at,
      last_used_at: null,
      revoked_at: null,
    });
    expect(res.body.postback_keys[1].revoked_at).not.toBeNull();
    expect((await list(rival)).body.postback_keys).toHaveLength(1);
  });

  it("needs campaigns:read", async () => {
    const res = await call(GET, "/api/ads/postback-keys", { headers: await acme.auth(["reporting:read"]) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_scope");
  });
});

describe("DELETE /api/ads/postback-keys/{id}", () => {
  it("revokes: 200 the key's listing with revoked_at; again 200 with the listing unchanged", async () => {
    const created = (await create()).body;
    const res = await revoke(created.id);
    expect(res.status).toBe(200);
    expect(postbackKeyView.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ id: created.id, created_at: created.created_at, last_used_at: null });
    expect(new Date(res.body.revoked_at).toISOString()).toBe(res.body.revoked_at);
    const again = await revoke(created.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect((await list()).body.postback_keys).toEqual([res.body]);
  });

  it("answers 404 for another advertiser's key and for ids that name nothing, and leaves the key active", async () => {
    const theirs = (await create(rival)).body;
    const res = await revoke(theirs.id);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.code).toBe("not_found");
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeNull();
    for (const id of ["pbk_0000000000000000000000", "cmp_123", "x".repeat(300), theirs.key])
      expect((await revoke(id)).status).toBe(404);
  });

  it("needs campaigns:write", async () => {
    const created = (await create()).body;
    const res = await call(DELETE, `/api/ads/postback-keys/${created.id}`, {
      method: "DELETE",
      params: { id: created.id },
      headers: await acme.auth(["campaigns:read"]),
    });
    expect(res.status).toBe(403);
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: created.id } })).revokedAt).toBeNull();
  });
});

describe("postback key names", () => {
  it("creates a named key (trimmed), keeps it in the list, and records it in the history", async () => {
    const res = await createNamed({ name: "  AppsFlyer  " });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("AppsFlyer");
    expect(createdPostbackKeyView.safeParse(res.body).success).toBe(true);
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: res.body.id } })).name).toBe("AppsFlyer");
    expect((await list()).body.postback_keys[0].name).toBe("AppsFlyer");
    const change = await db().change.findFirstOrThrow({ where: { targetId: res.body.id } });
    expect(change.operation).toBe("createPostbackKey");
    expect(JSON.parse(change.fields)).toMatchObject({ name: { from: null, to: "AppsFlyer" } });
    // a body with no name, and a null one, are unnamed keys as before
    expect((await createNamed({})).body.name).toBeNull();
    expect((await createNamed({ name: null })).body.name).toBeNull();
  });

  it("refuses a blank, too long or non-text name, and unknown fields (422, nothing written)", async () => {
    for (const body of [{ name: "   " }, { name: "x".repeat(101) }, { name: 7 }, { label: "AppsFlyer" }]) {
      const res = await createNamed(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    }
    expect((await createNamed({ name: "x".repeat(101) })).body.errors[0].path).toBe("name");
    expect((await createNamed({ name: "x".repeat(100) })).status).toBe(201);
    expect(await db().postbackKey.count({ where: { advertiserId: acme.advertiserId } })).toBe(1);
  });

  it("renames with PATCH (and removes the name with null), active or revoked, with a history entry per change", async () => {
    const created = (await create()).body;
    const renamed = await rename(created.id, { name: " Adjust " });
    expect(renamed.status).toBe(200);
    expect(postbackKeyView.safeParse(renamed.body).success).toBe(true);
    expect(renamed.body).toMatchObject({ id: created.id, name: "Adjust", revoked_at: null });
    // the same name again changes nothing and records nothing
    expect((await rename(created.id, { name: "Adjust" })).body.name).toBe("Adjust");
    await revoke(created.id);
    const cleared = await rename(created.id, { name: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.name).toBeNull();
    expect(cleared.body.revoked_at).not.toBeNull();
    const changes = await db().change.findMany({
      where: { targetId: created.id, operation: "renamePostbackKey" },
    });
    // two changes (the repeat recorded none), compared without their order
    expect(changes).toHaveLength(2);
    expect(changes.map((change) => JSON.parse(change.fields) as unknown)).toEqual(
      expect.arrayContaining([{ name: { from: null, to: "Adjust" } }, { name: { from: "Adjust", to: null } }]),
    );
  });

  it("refuses a bad name (422 on name), another advertiser's key (404), a read-only token (403)", async () => {
    const created = (await create()).body;
    const blank = await rename(created.id, { name: "" });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].path).toBe("name");
    expect((await rename(created.id, {})).status).toBe(422);
    const theirs = (await create(rival)).body;
    expect((await rename(theirs.id, { name: "Mine now" })).status).toBe(404);
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBeNull();
    const readOnly = await rename(created.id, { name: "Branch" }, acme, ["campaigns:read"]);
    expect(readOnly.status).toBe(403);
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: created.id } })).name).toBeNull();
  });
});
