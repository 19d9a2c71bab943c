// both databases: history
// Who the history names (lib/history/change-actor.ts): beside a name, which
// anyone chooses and two may share, the email of a user and the client id of an
// API client or a connected app, kept with the change and shown wherever it is.
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { sessionActor } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { changeView } from "@/lib/http/views/history";
import { newId, randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { actorFor } from "@/test/factories/actors";
import { createTestCampaign } from "@/test/factories/campaigns";
import { listChanges } from "./list-changes";

const log = pino({ level: "silent" });
let sequence = 0;
function run<O extends AnyOperation>(operation: O, actor: Actor, raw: unknown) {
  return invoke(
    operation,
    { actor, requestId: `req_who_${++sequence}`, log, clock: Date.now, clientAddress: "198.51.100.8" },
    raw,
  );
}

describe("F8: actors carry their email or client id beside the name", () => {
  it("F8: an editor renamed like the admin is told apart by their email, an API client by its id", async () => {
    const adminEmail = `alpha-${randomBase62(8).toLowerCase()}@example.test`;
    const created = await createAdvertiser(
      { name: "Alpha Co", email: adminEmail, password: "correct horse battery" },
      { defaultClient: false },
    );
    const advertiserId = created.advertiser_id;
    await db().user.update({ where: { id: created.user_id }, data: { name: "Alpha Co" } });
    const admin = sessionActor({ userId: created.user_id, advertiserId, role: "admin" });
    const editorEmail = `mallory-${randomBase62(8).toLowerCase()}@example.test`;
    const editor = await db().user.create({
      data: { id: newId("usr"), email: editorEmail, name: "Alpha Co", passwordHash: "x" },
    });
    await db().membership.create({ data: { advertiserId, userId: editor.id, role: "editor" } });
    const campaign = await createTestCampaign({ advertiserId });
    await run(updateCampaign, sessionActor({ userId: editor.id, advertiserId, role: "editor" }), {
      id: campaign.id,
      name: "Renamed by the editor",
    });
    const token = { ...actorFor(advertiserId), clientId: `cli_${randomBase62(12)}` };
    await run(updateCampaign, token, { id: campaign.id, name: "Renamed by the API" });

    const views = (await run(listChanges, admin, { campaign_id: campaign.id })).changes.map(changeView);
    const byEditor = views.find((view) => view.fields.name?.to === "Renamed by the editor")!;
    expect(byEditor.actor).toMatchObject({ type: "user", name: "Alpha Co", email: editorEmail, client_id: null });
    const byApi = views.find((view) => view.fields.name?.to === "Renamed by the API")!;
    expect(byApi.actor).toMatchObject({ type: "api_client", client_id: token.clientId, email: null });
  });
});
