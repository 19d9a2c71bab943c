// Postback keys over GraphQL: the advertiser's postbackKeys connection, and the
// createPostbackKey / revokePostbackKey mutations with their REST twins' scopes
// (campaigns:read, campaigns:write), the key once, the cap as a CONFLICT user
// error, tenancy as NOT_FOUND; a created key is what E16 then requires.
import { restRoute } from "@/test/rest-routes";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hashSecret } from "@/lib/auth/secrets";
import { fixedClock } from "@/lib/clock";
import { MAX_ACTIVE_POSTBACK_KEYS, POSTBACK_KEY_PATTERN } from "@/lib/domain/postback-keys/postback-keys.schemas";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedClick } from "@/test/factories/delivery";
import { gql, gqlAs, onlyError, sessionActorFor } from "@/test/graphql";
import { call } from "@/test/http";
import { typeDefs } from "./__generated__/type-defs";
import { toGlobalId } from "./global-id";

const { GET: postback } = restRoute("/api/ads/postback");

let adv: TestAdvertiser;
let rival: TestAdvertiser;

beforeAll(async () => {
  adv = await createTestAdvertiser("Keys Co");
  rival = await createTestAdvertiser("Rival Co");
});

const CREATE = `
  mutation {
    createPostbackKey {
      postbackKey { id restId createdAt lastUsedAt revokedAt }
      key
      warning
      userErrors { field code message }
    }
  }
`;
const REVOKE = `
  mutation Revoke($input: RevokePostbackKeyInput!) {
    revokePostbackKey(input: $input) {
      postbackKey { id restId createdAt lastUsedAt revokedAt }
      userErrors { field code message }
    }
  }
`;
const KEYS = `
  query Keys($includeRevoked: Boolean) {
    viewer { advertiser { postbackKeys(first: 50, includeRevoked: $includeRevoked) {
      totalCount nodes { id restId revokedAt }
    } } }
  }
`;

describe("createPostbackKey", () => {
  it("creates a key with a token holding campaigns:write: the key once, only its hash stored, then required by E16", async () => {
    const owner = await createTestAdvertiser("Keyed Co");
    const at = Date.UTC(2026, 10, 20, 9, 30);
    const res = await gqlAs(
      { advertiserId: owner.advertiserId, scopes: new Set(["campaigns:write"]), via: "token", principalRole: "admin" },
      CREATE,
      undefined,
      { clock: fixedClock(at) },
    );
    expect(res.errors).toBeUndefined();
    const payload = res.data.createPostbackKey;
    expect(payload).toEqual({
      postbackKey: {
        id: toGlobalId("PostbackKey", payload.postbackKey.restId),
        restId: expect.stringMatching(/^pbk_/),
        createdAt: new Date(at).toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      },
      key: expect.stringMatching(POSTBACK_KEY_PATTERN),
      warning: expect.stringMatching(/only once/),
      userErrors: [],
    });
    const stored = await db().postbackKey.findUniqueOrThrow({ where: { id: payload.postbackKey.restId } });
    expect(stored.keyHash).toBe(hashSecret(payload.key));
    expect(JSON.stringify(stored)).not.toContain(payload.key);

    // E16 for the advertiser's campaigns now needs it
    const campaign = await createTestCampaign({ advertiserId: owner.advertiserId });
    const click = await seedClick(campaign, Date.now() - 60_000);
    const query = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    expect((await call(postback, "/api/ads/postback", { query })).status).toBe(401);
    const ok = await call(postback, "/api/ads/postback", { query: { ...query, postback_key: payload.key } });
    expect(ok.body).toEqual({ status: "recorded" });
  });

  it("needs campaigns:write (FORBIDDEN, nothing created) and authentication", async () => {
    const before = await db().postbackKey.count({ where: { advertiserId: adv.advertiserId } });
    const readOnly = await gql(CREATE, { headers: await adv.auth(["campaigns:read"]) });
    expect(readOnly.data.createPostbackKey).toBeNull();
    expect(onlyError(readOnly).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
    const anonymous = await gql(CREATE);
    expect(onlyError(anonymous).extensions.apiCode).toBe("unauthorized");
    expect(await db().postbackKey.count({ where: { advertiserId: adv.advertiserId } })).toBe(before);
  });

  it(`answers an ${MAX_ACTIVE_POSTBACK_KEYS + 1}th active key with a CONFLICT user error, as the schema says`, async () => {
    const capped = await createTestAdvertiser("Capped Co");
    const session = sessionActorFor(capped.advertiserId);
    for (let i = 0; i < MAX_ACTIVE_POSTBACK_KEYS; i++)
      expect((await gqlAs(session, CREATE)).data.createPostbackKey.userErrors).toEqual([]);
    const refused = (await gqlAs(session, CREATE)).data.createPostbackKey;
    expect(refused).toMatchObject({ postbackKey: null, key: null, userErrors: [{ field: null, code: "CONFLICT" }] });
    expect(refused.userErrors[0].message).toContain(`at most ${MAX_ACTIVE_POSTBACK_KEYS} active postback keys`);
    expect(await db().postbackKey.count({ where: { advertiserId: capped.advertiserId } })).toBe(
      MAX_ACTIVE_POSTBACK_KEYS,
    );
    // the SDL states the same number
    expect(typeDefs).toContain(`At most ${MAX_ACTIVE_POSTBACK_KEYS} active keys`);
    expect(typeDefs).toContain(`${MAX_ACTIVE_POSTBACK_KEYS} active postback keys)`);
  });
});

describe("postbackKeys and revokePostbackKey", () => {
  it("lists the advertiser's keys (campaigns:read), revokes idempotently, and hides revoked ones unless asked", async () => {
    const owner = await createTestAdvertiser("Listing Co");
    const session = sessionActorFor(owner.advertiserId);
    const first = (await gqlAs(session, CREATE)).data.createPostbackKey.postbackKey;
    const second = (await gqlAs(session, CREATE)).data.createPostbackKey.postbackKey;
    await gqlAs(sessionActorFor(rival.advertiserId), CREATE);

    const listed = await gql(KEYS, { headers: await owner.auth(["campaigns:read"]) });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.viewer.advertiser.postbackKeys).toEqual({
      totalCount: 2,
      nodes: [
        { id: second.id, restId: second.restId, revokedAt: null },
        { id: first.id, restId: first.restId, revokedAt: null },
      ],
    });
    const refused = await gql(KEYS, { headers: await owner.auth(["reporting:read"]) });
    expect(refused.data.viewer.advertiser.postbackKeys).toBeNull();
    expect(onlyError(refused).extensions.apiCode).toBe("insufficient_scope");

    const revokedAt = Date.UTC(2026, 10, 21, 8, 0);
    const revoked = await gqlAs(session, REVOKE, { input: { id: first.id } }, { clock: fixedClock(revokedAt) });
    expect(revoked.data.revokePostbackKey).toEqual({
      postbackKey: { ...first, revokedAt: new Date(revokedAt).toISOString() },
      userErrors: [],
    });
    // again, later: the same answer
    const again = await gqlAs(session, REVOKE, { input: { id: first.id } });
    expect(again.data.revokePostbackKey).toEqual(revoked.data.revokePostbackKey);

    const active = (await gqlAs(session, KEYS)).data.viewer.advertiser.postbackKeys;
    expect(active.nodes.map((node: { restId: string }) => node.restId)).toEqual([second.restId]);
    const all = (await gqlAs(session, KEYS, { includeRevoked: true })).data.viewer.advertiser.postbackKeys;
    expect(all.totalCount).toBe(2);

    // node(id:) resolves a key of the caller only
    const node = await gqlAs(session, `query($id: ID!) { node(id: $id) { ... on PostbackKey { restId } } }`, {
      id: second.id,
    });
    expect(node.data.node).toEqual({ restId: second.restId });
  });

  it("answers another advertiser's key, or a global id of another type, NOT_FOUND, and leaves it active", async () => {
    const theirs = (await gqlAs(sessionActorFor(rival.advertiserId), CREATE)).data.createPostbackKey.postbackKey;
    const session = sessionActorFor(adv.advertiserId);
    const res = await gqlAs(session, REVOKE, { input: { id: theirs.id } });
    expect(res.data.revokePostbackKey).toBeNull();
    expect(onlyError(res).extensions.code).toBe("NOT_FOUND");
    const wrongType = await gqlAs(session, REVOKE, { input: { id: toGlobalId("ApiClient", theirs.restId) } });
    expect(onlyError(wrongType).extensions.code).toBe("NOT_FOUND");
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: theirs.restId } })).revokedAt).toBeNull();
    const node = await gqlAs(session, `query($id: ID!) { node(id: $id) { id } }`, { id: theirs.id });
    expect(node.data.node).toBeNull();
    expect(onlyError(node).extensions.code).toBe("NOT_FOUND");
  });

  it("needs campaigns:write to revoke", async () => {
    const created = (await gqlAs(sessionActorFor(adv.advertiserId), CREATE)).data.createPostbackKey.postbackKey;
    const res = await gql(REVOKE, {
      variables: { input: { id: created.id } },
      headers: await adv.auth(["campaigns:read"]),
    });
    expect(onlyError(res).extensions.apiCode).toBe("insufficient_scope");
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: created.restId } })).revokedAt).toBeNull();
  });
});

const CREATE_NAMED = `
  mutation Create($input: CreatePostbackKeyInput) {
    createPostbackKey(input: $input) {
      postbackKey { id restId name }
      key
      userErrors { field code message }
    }
  }
`;
const RENAME = `
  mutation Rename($input: RenamePostbackKeyInput!) {
    renamePostbackKey(input: $input) {
      postbackKey { id restId name revokedAt }
      userErrors { field code message }
    }
  }
`;

describe("postback key names", () => {
  it("createPostbackKey takes an optional name (trimmed); the no-argument call still makes an unnamed key", async () => {
    const session = sessionActorFor(adv.advertiserId);
    const named = (await gqlAs(session, CREATE_NAMED, { input: { name: " AppsFlyer " } })).data.createPostbackKey;
    expect(named.userErrors).toEqual([]);
    expect(named.postbackKey.name).toBe("AppsFlyer");
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: named.postbackKey.restId } })).name).toBe(
      "AppsFlyer",
    );
    expect((await gqlAs(session, CREATE_NAMED)).data.createPostbackKey.postbackKey.name).toBeNull();
    const bare = (await gqlAs(session, `mutation { createPostbackKey { postbackKey { name } key } }`)).data;
    expect(bare.createPostbackKey).toMatchObject({
      postbackKey: { name: null },
      key: expect.stringMatching(/^pbkey_/),
    });
  });

  it("a blank or too long name is a VALIDATION_FAILED user error on input.name, nothing created or renamed", async () => {
    const owner = await createTestAdvertiser("Named Co");
    const session = sessionActorFor(owner.advertiserId);
    for (const name of ["  ", "x".repeat(101)]) {
      const refused = (await gqlAs(session, CREATE_NAMED, { input: { name } })).data.createPostbackKey;
      expect(refused).toMatchObject({ postbackKey: null, key: null });
      expect(refused.userErrors).toEqual([
        { field: ["input", "name"], code: "VALIDATION_FAILED", message: expect.any(String) },
      ]);
    }
    expect(await db().postbackKey.count({ where: { advertiserId: owner.advertiserId } })).toBe(0);
    const created = (await gqlAs(session, CREATE_NAMED, { input: { name: "Branch" } })).data.createPostbackKey;
    const refused = (await gqlAs(session, RENAME, { input: { id: created.postbackKey.id, name: "" } })).data;
    expect(refused.renamePostbackKey.userErrors[0]).toMatchObject({
      field: ["input", "name"],
      code: "VALIDATION_FAILED",
    });
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: created.postbackKey.restId } })).name).toBe(
      "Branch",
    );
  });

  it("renamePostbackKey renames and clears (null), answers another advertiser's key NOT_FOUND, and is an admin's", async () => {
    const session = sessionActorFor(adv.advertiserId);
    const created = (await gqlAs(session, CREATE_NAMED, {})).data.createPostbackKey.postbackKey;
    const renamed = (await gqlAs(session, RENAME, { input: { id: created.id, name: "Adjust" } })).data;
    expect(renamed.renamePostbackKey).toEqual({
      postbackKey: { id: created.id, restId: created.restId, name: "Adjust", revokedAt: null },
      userErrors: [],
    });
    const cleared = (await gqlAs(session, RENAME, { input: { id: created.id, name: null } })).data;
    expect(cleared.renamePostbackKey.postbackKey.name).toBeNull();

    const theirs = (await gqlAs(sessionActorFor(rival.advertiserId), CREATE)).data.createPostbackKey.postbackKey;
    const foreign = await gqlAs(session, RENAME, { input: { id: theirs.id, name: "Mine" } });
    expect(onlyError(foreign).extensions.code).toBe("NOT_FOUND");

    const editor = sessionActorFor(adv.advertiserId, "usr_editor", "editor");
    const denied = await gqlAs(editor, RENAME, { input: { id: created.id, name: "Editor's" } });
    expect(onlyError(denied).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "role_required" });
    const readOnly = await gql(RENAME, {
      variables: { input: { id: created.id, name: "Read" } },
      headers: await adv.auth(["campaigns:read"]),
    });
    expect(onlyError(readOnly).extensions.apiCode).toBe("insufficient_scope");
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: created.restId } })).name).toBeNull();
  });
});
