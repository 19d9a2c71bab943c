// both databases: history
// Who reads which changes (lib/history/list-changes.ts): a kind of target's
// changes only for those who may list that kind, so a viewer or a
// campaigns:read token never reads invitee emails, members' roles or (for a
// viewer) API clients' names through the history.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { sessionActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { inviteMember } from "@/lib/domain/members/invite-member";
import { newId, randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { actorFor } from "@/test/factories/actors";
import { listChanges, listChangesByCursor } from "./list-changes";

const log = pino({ level: "silent" });
let sequence = 0;

function run<O extends AnyOperation>(operation: O, actor: Actor, raw: unknown) {
  return invoke(
    operation,
    { actor, requestId: `req_vis_${++sequence}`, log, clock: Date.now, clientAddress: "198.51.100.7" },
    raw,
  );
}

async function setUp() {
  const email = `admin-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser(
    { name: "Seen Co", email, password: "correct horse battery" },
    { defaultClient: false },
  );
  const advertiserId = created.advertiser_id;
  const admin = sessionActor({ userId: created.user_id, advertiserId, role: "admin" });
  await run(inviteMember, admin, { email: `invitee-${randomBase62(6).toLowerCase()}@example.test`, role: "admin" });
  await run(createApiClient, admin, { name: "Secret integration", scopes: ["campaigns:read"] });
  const viewer = await db().user.create({
    data: { id: newId("usr"), email: `viewer-${randomBase62(8).toLowerCase()}@e.test`, name: "V", passwordHash: "x" },
  });
  await db().membership.create({ data: { advertiserId, userId: viewer.id, role: "viewer" } });
  return { advertiserId, admin, viewer: sessionActor({ userId: viewer.id, advertiserId, role: "viewer" }) };
}

const kinds = (list: { changes: { target: { type: string } }[] }) => new Set(list.changes.map((c) => c.target.type));

describe("F2: the history shows a kind of target only to those who may list it", () => {
  it("F2: an admin reads every kind; a viewer reads no invitation, member or API client", async () => {
    const { admin, viewer } = await setUp();
    expect(kinds(await run(listChanges, admin, {}))).toEqual(new Set(["invitation", "api_client"]));
    const seen = await run(listChanges, viewer, {});
    expect(seen.changes).toEqual([]);
    // asking for the kind by name is no way around it
    expect((await run(listChanges, viewer, { target_type: "invitation" })).changes).toEqual([]);
    const connection = await run(listChangesByCursor, viewer, { first: 50 });
    expect(connection.totalCount).toBe(0);
  });

  it("F2: a campaigns:read token (a connected app, the MCP list_changes tool) reads no invitation or member", async () => {
    const { advertiserId } = await setUp();
    const token = actorFor(advertiserId, ["campaigns:read"]);
    const seen = kinds(await run(listChanges, token, {}));
    expect(seen.has("invitation")).toBe(false);
    expect(seen.has("member")).toBe(false);
  });
});
