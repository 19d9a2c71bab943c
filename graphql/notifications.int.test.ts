// The notification centre over GraphQL: the member's own alerts with the unread count, marking
// them read (ids or all; another member's id is NOT_FOUND), the preferences, and no inbox for an
// access token.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62, sortableId } from "@/lib/ids";
import { actorFor } from "@/test/factories/actors";
import { gqlAs, sessionActorFor } from "@/test/graphql";

const T = Date.UTC(2026, 10, 22, 12, 0, 0);

async function member() {
  const created = await createAdvertiser(
    { name: "Bell Co", email: `bell-${randomBase62(8).toLowerCase()}@example.test`, password: "correct horse battery" },
    { defaultClient: false },
  );
  return { userId: created.user_id, advertiserId: created.advertiser_id };
}

async function alert(owner: { userId: string; advertiserId: string }, index: number) {
  const id = sortableId("ntf", T + index);
  await db().notification.create({
    data: {
      id,
      userId: owner.userId,
      advertiserId: owner.advertiserId,
      kind: "campaign_ended",
      dedupeKey: `campaign_ended:cmp_${id}`,
      campaignId: `cmp_${index}`,
      title: `Campaign ${index} ended`,
      body: "The campaign reached its end date and has ended.",
      linkPath: `/campaigns/cmp_${index}`,
      createdAt: new Date(T + index),
    },
  });
  return id;
}

const LIST = `query($first: Int, $unreadOnly: Boolean) {
  viewer { notifications(first: $first, unreadOnly: $unreadOnly) {
    totalCount unreadCount pageInfo { hasNextPage }
    nodes { id kind title linkPath campaignId readAt }
  } }
}`;
const MARK = `mutation($input: MarkNotificationsReadInput!) {
  markNotificationsRead(input: $input) { marked unreadCount userErrors { code field message } }
}`;
const PREFS = `query { viewer { notificationPreferences { kind channel isDefault } } }`;
const SET = `mutation($input: SetNotificationPreferenceInput!) {
  setNotificationPreference(input: $input) { preferences { kind channel isDefault } userErrors { code field } }
}`;

describe("Viewer.notifications", () => {
  it("lists the member's own alerts newest first, counts unread, and marks them read", async () => {
    const me = await member();
    const other = await member();
    const first = await alert(me, 1);
    const second = await alert(me, 2);
    const foreign = await alert(other, 3);
    const actor = sessionActorFor(me.advertiserId, me.userId, "viewer");

    const listed = await gqlAs(actor, LIST, { first: 1 });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.viewer.notifications).toEqual({
      totalCount: 2,
      unreadCount: 2,
      pageInfo: { hasNextPage: true },
      nodes: [
        {
          id: second,
          kind: "CAMPAIGN_ENDED",
          title: "Campaign 2 ended",
          linkPath: "/campaigns/cmp_2",
          campaignId: "cmp_2",
          readAt: null,
        },
      ],
    });

    const refused = await gqlAs(actor, MARK, { input: { ids: [first, foreign] } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await db().notification.findUniqueOrThrow({ where: { id: first } })).readAt).toBeNull();

    const marked = await gqlAs(actor, MARK, { input: { ids: [first] } });
    expect(marked.data.markNotificationsRead).toEqual({ marked: 1, unreadCount: 1, userErrors: [] });
    const unread = await gqlAs(actor, LIST, { unreadOnly: true });
    expect(unread.data.viewer.notifications.nodes.map((node: { id: string }) => node.id)).toEqual([second]);
    const all = await gqlAs(actor, MARK, { input: { all: true } });
    expect(all.data.markNotificationsRead).toEqual({ marked: 1, unreadCount: 0, userErrors: [] });
    expect((await db().notification.findUniqueOrThrow({ where: { id: foreign } })).readAt).toBeNull();

    const neither = await gqlAs(actor, MARK, { input: {} });
    expect(neither.data.markNotificationsRead.userErrors[0].code).toBe("VALIDATION_FAILED");
  });

  it("preferences: listed with their defaults, set per kind; an access token has no inbox", async () => {
    const me = await member();
    const actor = sessionActorFor(me.advertiserId, me.userId, "viewer");
    const before = await gqlAs(actor, PREFS);
    expect(before.data.viewer.notificationPreferences).toContainEqual({
      kind: "BUDGET_EXHAUSTED",
      channel: "EMAIL",
      isDefault: true,
    });
    const set = await gqlAs(actor, SET, { input: { kind: "BID_ADJUSTED", channel: "OFF" } });
    expect(set.data.setNotificationPreference.userErrors).toEqual([]);
    expect(set.data.setNotificationPreference.preferences).toContainEqual({
      kind: "BID_ADJUSTED",
      channel: "OFF",
      isDefault: false,
    });
    const token = await gqlAs(actorFor(me.advertiserId), LIST, {});
    expect(token.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
