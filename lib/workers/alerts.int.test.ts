// both databases: workers
// Alerts from their real sources (the delivery writer's budget marks, the lifecycle sweep,
// the creative review, the webhook dispatcher, the CPA controller), delivered to the members
// whose role and preference take them, never twice; email through a real local SMTP server;
// and the inbox's tenancy through the catalog operations.
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionActor } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { addFunds, setBilling } from "@/lib/domain/billing/accounts";
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { variantAdded } from "@/lib/domain/creatives/add-creative-variant";
import { incrementRollups } from "@/lib/domain/rollups/increment-rollups";
import { registerWebhook } from "@/lib/webhooks/register-webhook";
import { runCpaController } from "@/lib/delivery/jobs/cpa-controller";
import { sweepCampaignLifecycle } from "@/lib/delivery/jobs/lifecycle";
import type { DeliveryEngine } from "@/lib/delivery/engine/delivery-engine";
import { AppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { usdToMicros } from "@/lib/money";
import { invoke } from "@/lib/operations/invoke";
import type { Caller } from "@/lib/operations/operation";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { enqueueTestEvent } from "@/test/factories/webhook-events";
import { deliveryCampaign, moment, NOV_22_NOON, resetDeliveryTables, startTestEngine } from "@/test/delivery-engine";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { deriveAlerts } from "@/lib/domain/alerts/derive-alerts";
import { listNotificationPreferences, setNotificationPreference } from "@/lib/domain/alerts/notification-preferences";
import { listNotifications, markNotificationsRead } from "@/lib/domain/alerts/notifications";
import { sendAlertEmails } from "@/lib/domain/alerts/send-alert-emails";

type Member = { userId: string; advertiserId: string; role: Role; email: string };
type Team = { advertiserId: string; admin: Member; editor: Member; viewer: Member };

const log = pino({ level: "silent" });
const JOINED = new Date("2026-01-01T00:00:00Z");
let sequence = 0;

function caller(member: Member, advertiserId = member.advertiserId): Caller {
  return {
    actor: sessionActor({ userId: member.userId, advertiserId, role: member.role }),
    requestId: `req_alerts_${++sequence}`,
    log,
    clock: () => NOV_22_NOON,
    clientAddress: `198.51.100.${sequence % 250}`,
  };
}

async function newUser(label: string) {
  const email = `${label}-${randomBase62(8).toLowerCase()}@example.test`;
  const own = await createAdvertiser(
    { name: `${label} home`, email, password: "correct horse battery" },
    { defaultClient: false },
  );
  return { userId: own.user_id, email };
}

/** An advertiser with an admin (its creator), an editor and a viewer. */
async function team(name = "Alerts Co"): Promise<Team> {
  const adv = await createTestAdvertiser(name);
  const admin = await db().user.findFirstOrThrow({
    where: { memberships: { some: { advertiserId: adv.advertiserId } } },
  });
  const members = { advertiserId: adv.advertiserId } as Team;
  members.admin = { userId: admin.id, advertiserId: adv.advertiserId, role: "admin", email: admin.email };
  for (const role of ["editor", "viewer"] as const) {
    const user = await newUser(role);
    await db().membership.create({ data: { advertiserId: adv.advertiserId, userId: user.userId, role } });
    members[role] = { ...user, advertiserId: adv.advertiserId, role };
  }
  // members since before the events of these tests (a member gets no alert from before they joined)
  await db().membership.updateMany({ where: { advertiserId: adv.advertiserId }, data: { createdAt: JOINED } });
  return members;
}

async function kindsOf(member: Member): Promise<string[]> {
  const rows = await db().notification.findMany({
    where: { userId: member.userId, advertiserId: member.advertiserId },
    select: { kind: true },
  });
  return rows.map((row) => row.kind).sort();
}

const engines: DeliveryEngine[] = [];
beforeEach(resetDeliveryTables);
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

describe("budget alerts from the delivery writer", () => {
  it("50%, 90% and exhausted once each, to every member whose preference is not off", async () => {
    const a = await team();
    const b = await createTestAdvertiser("Runner-up");
    const target = await deliveryCampaign({
      advertiserId: a.advertiserId,
      bidCpmUsd: 1000,
      totalBudgetUsd: 10.5,
      dailyBudgetUsd: 1000,
    });
    await deliveryCampaign({
      advertiserId: b.advertiserId,
      bidCpmUsd: 999,
      totalBudgetUsd: 100000,
      dailyBudgetUsd: 100000,
    });
    await invoke(setNotificationPreference, caller(a.viewer), { kind: "budget_50", channel: "off" });

    const engine = await startTestEngine();
    engines.push(engine);
    for (let index = 0; index < 20; index++) await engine.decide(moment({ user_id: `u${index}` }));
    await engine.writer.flush();
    expect((await db().campaign.findUniqueOrThrow({ where: { id: target.id } })).endedReason).toBe("budget_exhausted");

    expect(await deriveAlerts(NOV_22_NOON)).toBeGreaterThanOrEqual(8);
    expect(await kindsOf(a.admin)).toEqual(["budget_50", "budget_90", "budget_exhausted"]);
    expect(await kindsOf(a.editor)).toEqual(["budget_50", "budget_90", "budget_exhausted"]);
    expect(await kindsOf(a.viewer)).toEqual(["budget_90", "budget_exhausted"]);
    const alert = await db().notification.findFirstOrThrow({ where: { userId: a.admin.userId, kind: "budget_90" } });
    expect(alert).toMatchObject({ campaignId: target.id, linkPath: `/campaigns/${target.id}`, readAt: null });
    expect(alert.title).toContain("90% of the budget spent");

    // a rerun, and a later pass, add nothing
    expect(await deriveAlerts(NOV_22_NOON)).toBe(0);
    expect(await deriveAlerts(NOV_22_NOON + 5_000)).toBe(0);
    expect(await db().notification.count({ where: { campaignId: target.id } })).toBe(8);
  });
});

describe("campaign, creative and bid alerts", () => {
  let icons: IconServer;
  beforeAll(async () => {
    icons = await startIconServer();
  });
  afterAll(() => icons.close());

  it("an end date passing in the lifecycle sweep: campaign_ended, once", async () => {
    const a = await team();
    const past = await deliveryCampaign({ advertiserId: a.advertiserId, endDate: "2026-11-21" });
    await sweepCampaignLifecycle(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON);
    await sweepCampaignLifecycle(NOV_22_NOON + 60_000);
    await deriveAlerts(NOV_22_NOON + 60_000);
    for (const member of [a.admin, a.editor, a.viewer]) expect(await kindsOf(member)).toEqual(["campaign_ended"]);
    const row = await db().notification.findFirstOrThrow({ where: { userId: a.viewer.userId } });
    expect(row).toMatchObject({ campaignId: past.id, body: "The campaign reached its end date and has ended." });
  });

  it("a member who joins after an event never gets its alert, though the next pass still reads it", async () => {
    const a = await team();
    await deliveryCampaign({ advertiserId: a.advertiserId, endDate: "2026-11-21" });
    // the campaign ends at noon; the pass runs five minutes later (within the overlap it reads back)
    await sweepCampaignLifecycle(NOV_22_NOON);
    const late = await newUser("late");
    await db().membership.create({
      data: {
        advertiserId: a.advertiserId,
        userId: late.userId,
        role: "admin",
        createdAt: new Date(NOV_22_NOON + 60_000),
      },
    });
    await deriveAlerts(NOV_22_NOON + 5 * 60_000);
    await deriveAlerts(NOV_22_NOON + 6 * 60_000);
    expect(await kindsOf(a.viewer)).toEqual(["campaign_ended"]);
    expect(await db().notification.count({ where: { userId: late.userId } })).toBe(0);
  });

  it("a campaign cancelled through the catalog: campaign_ended, once", async () => {
    const a = await team();
    const campaign = await deliveryCampaign({ advertiserId: a.advertiserId });
    await invoke(cancelCampaign, caller(a.editor), { id: campaign.id });
    await deriveAlerts(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON + 1000);
    expect(await kindsOf(a.viewer)).toEqual(["campaign_ended"]);
    const row = await db().notification.findFirstOrThrow({ where: { userId: a.viewer.userId } });
    expect(row).toMatchObject({
      campaignId: campaign.id,
      body: "The campaign was cancelled by a member or an API client.",
    });
  });

  it("a creative the review rejects: creative_rejected with the reason", async () => {
    const a = await team();
    const campaign = await deliveryCampaign({ advertiserId: a.advertiserId });
    await variantAdded(
      actorFor(a.advertiserId),
      {
        id: campaign.id,
        headline: "Risk-free bet tonight",
        body: "Back your team now.",
        icon_url: icons.url(),
        action_url: "https://book.example.com/promo",
      },
      { clock: fixedClock(NOV_22_NOON) },
    );
    await deriveAlerts(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON + 1000);
    expect(await kindsOf(a.viewer)).toEqual(["creative_rejected"]);
    const row = await db().notification.findFirstOrThrow({ where: { userId: a.admin.userId } });
    expect(row.body).toContain("responsible-gambling policy");
  });

  it("the CPA controller adjusting a bid: bid_adjusted per adjustment", async () => {
    const a = await team();
    const campaign = await deliveryCampaign({
      advertiserId: a.advertiserId,
      targetCpaUsd: 10,
      bidCpmUsd: 2,
      momentTypes: ["close_game", "bet_resolved"],
    });
    await incrementRollups(db(), [
      {
        campaignId: campaign.id,
        creativeId: campaign.creatives[0]!.id,
        momentType: "close_game",
        sport: "nba",
        atMs: NOV_22_NOON - 3_600_000,
        impressions: 1000,
        spendMicros: usdToMicros(150),
        conversions: 10,
      },
    ]);
    expect(await runCpaController(NOV_22_NOON)).toHaveLength(1);
    await deriveAlerts(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON);
    expect(await kindsOf(a.editor)).toEqual(["bid_adjusted"]);
    const row = await db().notification.findFirstOrThrow({ where: { userId: a.editor.userId } });
    expect(row.title).toContain("bid adjusted to $1.60 CPM");
  });

  it("a member's own bid change (target CPA off) alerts nobody: only the controller's changes are its alerts", async () => {
    const a = await team();
    const campaign = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 2.5 });
    await invoke(updateCampaign, caller(a.editor), { id: campaign.id, bid_cpm_usd: 5 });
    // the change is recorded (the webhook and the controller's history see it) ...
    expect(await db().bidAdjustment.count({ where: { campaignId: campaign.id } })).toBe(1);
    await deriveAlerts(NOV_22_NOON);
    // ... but nobody's bell says the CPA controller did it
    for (const member of [a.admin, a.editor, a.viewer]) expect(await kindsOf(member)).toEqual([]);
  });
});

describe("webhook alerts from the dispatcher", () => {
  const T0 = Date.UTC(2026, 10, 22, 13, 0, 0);
  let receiver: Receiver;
  let clock = T0;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it("a failing endpoint (the first failure of a streak) and its deactivation reach editors and admins only", async () => {
    const a = await team();
    const { id } = await registerWebhook(
      actorFor(a.advertiserId),
      { url: receiver.url("/alerts"), events: ["click.recorded"] },
      { allowHosts: [receiver.hostPort], clock: fixedClock(T0 - 1000) },
    );
    let calls = 0;
    receiver.reply = () => (++calls === 1 ? { status: 500 } : { status: 410 });
    const dispatcher = new WebhookDispatcher({
      now: () => clock,
      random: () => 0.5,
      allowHosts: [receiver.hostPort],
      maxInFlight: 1,
    });
    await enqueueTestEvent(a.advertiserId, "click.recorded", T0);
    await dispatcher.drain();
    await deriveAlerts(T0);
    expect(await kindsOf(a.editor)).toEqual(["webhook_failing"]);

    await enqueueTestEvent(a.advertiserId, "click.recorded", T0 + 1);
    clock = T0 + 10_000;
    await dispatcher.drain();
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).isActive).toBe(false);
    await deriveAlerts(T0 + 10_000);
    await deriveAlerts(T0 + 20_000);
    expect(await kindsOf(a.editor)).toEqual(["webhook_deactivated", "webhook_failing"]);
    expect(await kindsOf(a.admin)).toEqual(["webhook_deactivated", "webhook_failing"]);
    expect(await kindsOf(a.viewer)).toEqual([]);
    const row = await db().notification.findFirstOrThrow({
      where: { userId: a.admin.userId, kind: "webhook_deactivated" },
    });
    expect(row).toMatchObject({ endpointId: id, linkPath: `/webhooks/${id}` });
  });
});

describe("billing alerts from the delivery writer", () => {
  it("a prepaid balance running low and then used up reach the admins only, once each", async () => {
    const a = await team("Prepaid Co");
    await setBilling({ advertiser_id: a.advertiserId, mode: "prepaid" });
    // 0.35 CPM alone in its auctions: 0.00035 an impression; 0.001 lasts 3 (low under 0.0002 left)
    await addFunds({ advertiser_id: a.advertiserId, amount_usd: 0.001, reference: "card" }, { nowMs: NOV_22_NOON - 1 });
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 2 });
    const engine = await startTestEngine();
    engines.push(engine);
    for (let user = 0; user < 4; user++) await engine.decide(moment({ user_id: `u${user}` }));
    await engine.writer.flush();
    await deriveAlerts(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON + 5_000);
    expect(await kindsOf(a.admin)).toEqual(["account_balance_low", "account_limit_reached"]);
    expect(await kindsOf(a.editor)).toEqual([]);
    expect(await kindsOf(a.viewer)).toEqual([]);
    const row = await db().notification.findFirstOrThrow({
      where: { userId: a.admin.userId, kind: "account_limit_reached" },
    });
    expect(row).toMatchObject({ linkPath: "/billing" });
  });
});

describe("email", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());

  it("sends the alerts of members who chose email once, keeps the dashboard copy, and not for dashboard ones", async () => {
    const a = await team();
    await invoke(setNotificationPreference, caller(a.editor), { kind: "campaign_ended", channel: "email" });
    await deliveryCampaign({ advertiserId: a.advertiserId, name: "Derby push", endDate: "2026-11-21" });
    await sweepCampaignLifecycle(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON);
    expect(await sendAlertEmails(NOV_22_NOON)).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(a.editor.email);
    expect(mail!.subject).toBe("Derby push ended (Alerts Co)");
    expect(mail!.text).toContain("/campaigns/");
    expect(smtp.to(a.admin.email)).toEqual([]);
    expect(smtp.to(a.viewer.email)).toEqual([]);
    // sent once: a later pass finds nothing due
    expect(await sendAlertEmails(NOV_22_NOON + 600_000)).toEqual({ sent: 0, failed: 0 });
    expect(await kindsOf(a.editor)).toEqual(["campaign_ended"]);
    expect((await db().notification.findFirstOrThrow({ where: { userId: a.editor.userId } })).emailStatus).toBe("sent");
  });
  it("F9: an alert pending for a member removed after it was made is never emailed", async () => {
    const a = await team("Removed Co");
    await invoke(setNotificationPreference, caller(a.editor), { kind: "campaign_ended", channel: "email" });
    await deliveryCampaign({ advertiserId: a.advertiserId, name: "Gone push", endDate: "2026-11-21" });
    await sweepCampaignLifecycle(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON);
    await db().membership.delete({
      where: { advertiserId_userId: { advertiserId: a.advertiserId, userId: a.editor.userId } },
    });
    expect(await sendAlertEmails(NOV_22_NOON)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.to(a.editor.email)).toEqual([]);
    const row = await db().notification.findFirstOrThrow({ where: { userId: a.editor.userId } });
    expect(row.emailStatus).toBe("cancelled");
  });
});

describe("the inbox", () => {
  it("lists a member's own alerts of the selected advertiser, counts and marks them read; others' are not found", async () => {
    const a = await team();
    const other = await team("Other Co");
    // the admin of `a` is also a viewer of `other`
    await db().membership.create({
      data: { advertiserId: other.advertiserId, userId: a.admin.userId, role: "viewer", createdAt: JOINED },
    });
    await deliveryCampaign({ advertiserId: a.advertiserId, endDate: "2026-11-21" });
    await deliveryCampaign({ advertiserId: a.advertiserId, endDate: "2026-11-20" });
    await deliveryCampaign({ advertiserId: other.advertiserId, endDate: "2026-11-21" });
    await sweepCampaignLifecycle(NOV_22_NOON);
    await deriveAlerts(NOV_22_NOON);

    const mine = await invoke(listNotifications, caller(a.admin), { first: 1 });
    expect(mine.totalCount).toBe(2);
    expect(mine.unreadCount).toBe(2);
    expect(mine.rows).toHaveLength(1);
    expect(mine.pageInfo.hasNextPage).toBe(true);
    const asOtherMember = await invoke(
      listNotifications,
      caller({ ...a.admin, role: "viewer" }, other.advertiserId),
      {},
    );
    expect(asOtherMember.totalCount).toBe(1);

    // another user's notification is not found, and nothing is marked
    const editors = await invoke(listNotifications, caller(a.editor), {});
    const foreign = editors.rows[0]!.id;
    await expect(invoke(markNotificationsRead, caller(a.admin), { ids: [foreign] })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      invoke(markNotificationsRead, caller({ ...a.admin, role: "viewer" }, other.advertiserId), {
        ids: [mine.rows[0]!.id],
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect((await invoke(listNotifications, caller(a.editor), {})).unreadCount).toBe(2);

    expect(await invoke(markNotificationsRead, caller(a.admin), { ids: [mine.rows[0]!.id] })).toEqual({
      marked: 1,
      unreadCount: 1,
    });
    const unread = await invoke(listNotifications, caller(a.admin), { unread_only: true });
    expect(unread.rows.map((row) => row.id)).not.toContain(mine.rows[0]!.id);
    expect(await invoke(markNotificationsRead, caller(a.admin), { all: true })).toEqual({ marked: 1, unreadCount: 0 });
    // the other advertiser's inbox is untouched
    expect(
      (await invoke(listNotifications, caller({ ...a.admin, role: "viewer" }, other.advertiserId), {})).unreadCount,
    ).toBe(1);
    await expect(invoke(markNotificationsRead, caller(a.admin), {})).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("preferences: every kind with its default until set; a bad kind or channel is a validation error", async () => {
    const a = await team();
    const before = await invoke(listNotificationPreferences, caller(a.viewer), {});
    expect(before).toContainEqual({ kind: "budget_exhausted", channel: "email", isDefault: true });
    expect(before).toContainEqual({ kind: "budget_50", channel: "dashboard", isDefault: true });
    const after = await invoke(setNotificationPreference, caller(a.viewer), { kind: "budget_50", channel: "off" });
    expect(after).toContainEqual({ kind: "budget_50", channel: "off", isDefault: false });
    await expect(
      invoke(setNotificationPreference, caller(a.viewer), { kind: "nope", channel: "off" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      invoke(listNotifications, { ...caller(a.viewer), actor: actorFor(a.advertiserId) }, {}),
    ).rejects.toBeInstanceOf(AppError);
  });
});
