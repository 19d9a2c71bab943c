// Alerts derived from the rows the events already leave (docs/decisions/1428): a campaign's
// budget_50_at / budget_90_at marks and its end, a rejected creative, an endpoint's failing
// streak and deactivation, a bid adjustment, a cancellation. Each pass reads the rows changed since the
// previous pass (minus an overlap that covers transactions committing late) and inserts one
// notification per member and source row; the unique (user_id, dedupe_key) turns a rerun, a
// crash between insert and cursor, or a second instance into no-ops. Nothing here touches the
// delivery hot path: the writer already sets the marks it reads.
import { db } from "@/lib/db/client";
import { isRole, roleAtLeast } from "@/lib/auth/roles";
import { emailConfigured } from "@/lib/email/mailer";
import { isUniqueViolation } from "@/lib/errors";
import { sortableId } from "@/lib/ids";
import { microsToUsd } from "@/lib/money";
import { ADVERTISER_BID_REASON } from "@/lib/domain/campaigns/campaign";
import { ALERT_LEAST_ROLE, DEFAULT_CHANNELS, isAlertKind, type AlertChannel, type AlertKind } from "./alerts.schemas";

/** Rows stamped up to this long before the previous pass are read again (a late commit is not missed). */
export const ALERT_OVERLAP_MS = 10 * 60_000;
const CURSOR_KEY = "alerts.derived_through_ms";

export type AlertSource = {
  advertiserId: string;
  kind: AlertKind;
  /** the source row, unique within the kind */
  sourceKey: string;
  campaignId?: string;
  endpointId?: string;
  title: string;
  body: string;
  linkPath: string;
  atMs: number;
};

const usd = (micros: bigint) => `$${microsToUsd(micros).toFixed(2)}`;

/** Every alert source stamped at or after `sinceMs`. */
export async function readAlertSources(sinceMs: number): Promise<AlertSource[]> {
  const since = new Date(sinceMs);
  const client = db();
  const sources: AlertSource[] = [];
  const campaign = { id: true, advertiserId: true, name: true, totalBudgetMicros: true, spendMicros: true } as const;

  const half = await client.campaign.findMany({
    where: { budget50At: { gte: since } },
    select: { ...campaign, budget50At: true },
  });
  for (const row of half) {
    sources.push({
      advertiserId: row.advertiserId,
      kind: "budget_50",
      sourceKey: row.id,
      campaignId: row.id,
      title: `${row.name}: 50% of the budget spent`,
      body: `The campaign has spent half of its ${usd(row.totalBudgetMicros)} total budget.`,
      linkPath: `/campaigns/${row.id}`,
      atMs: row.budget50At!.getTime(),
    });
  }
  const ninety = await client.campaign.findMany({
    where: { budget90At: { gte: since } },
    select: { ...campaign, budget90At: true },
  });
  for (const row of ninety) {
    sources.push({
      advertiserId: row.advertiserId,
      kind: "budget_90",
      sourceKey: row.id,
      campaignId: row.id,
      title: `${row.name}: 90% of the budget spent`,
      body: `The campaign has spent 90% of its ${usd(row.totalBudgetMicros)} total budget.`,
      linkPath: `/campaigns/${row.id}`,
      atMs: row.budget90At!.getTime(),
    });
  }
  const ended = await client.campaign.findMany({
    where: { endedAt: { gte: since }, endedReason: { not: null } },
    select: { ...campaign, endedAt: true, endedReason: true },
  });
  for (const row of ended) {
    const exhausted = row.endedReason === "budget_exhausted";
    sources.push({
      advertiserId: row.advertiserId,
      kind: exhausted ? "budget_exhausted" : "campaign_ended",
      sourceKey: row.id,
      campaignId: row.id,
      title: exhausted ? `${row.name}: budget exhausted` : `${row.name} ended`,
      body: exhausted
        ? `The campaign spent its ${usd(row.totalBudgetMicros)} total budget and has ended.`
        : row.endedReason === "end_date"
          ? "The campaign reached its end date and has ended."
          : "The campaign was ended by a member or an API client.",
      linkPath: `/campaigns/${row.id}`,
      atMs: row.endedAt!.getTime(),
    });
  }
  // a cancellation ends the campaign too (the webhook's campaign.ended with reason advertiser)
  const cancelled = await client.campaign.findMany({
    where: { cancelledAt: { gte: since } },
    select: { ...campaign, cancelledAt: true },
  });
  for (const row of cancelled) {
    sources.push({
      advertiserId: row.advertiserId,
      kind: "campaign_ended",
      sourceKey: row.id,
      campaignId: row.id,
      title: `${row.name} cancelled`,
      body: "The campaign was cancelled by a member or an API client.",
      linkPath: `/campaigns/${row.id}`,
      atMs: row.cancelledAt!.getTime(),
    });
  }
  const rejected = await client.creative.findMany({
    where: { status: "rejected", reviewedAt: { gte: since } },
    select: {
      id: true,
      variantLabel: true,
      reviewReason: true,
      reviewedAt: true,
      campaign: { select: { id: true, advertiserId: true, name: true } },
    },
  });
  for (const row of rejected) {
    sources.push({
      advertiserId: row.campaign.advertiserId,
      kind: "creative_rejected",
      sourceKey: row.id,
      campaignId: row.campaign.id,
      title: `${row.campaign.name}: creative ${row.variantLabel} rejected`,
      body: `The review rejected the creative${row.reviewReason ? `: ${row.reviewReason}` : ""}.`,
      linkPath: `/campaigns/${row.campaign.id}`,
      atMs: row.reviewedAt!.getTime(),
    });
  }
  const failing = await client.webhookEndpoint.findMany({
    where: { failingSince: { gte: since }, failureCount: { gt: 0 } },
    select: { id: true, advertiserId: true, url: true, failingSince: true },
  });
  for (const row of failing) {
    const startMs = row.failingSince!.getTime();
    sources.push({
      advertiserId: row.advertiserId,
      kind: "webhook_failing",
      // one alert per failing streak: the first failure after a success
      sourceKey: `${row.id}:${startMs}`,
      endpointId: row.id,
      title: "A webhook endpoint is failing",
      body: `Deliveries to ${row.url} are failing; they are retried, and the endpoint is deactivated after 5 days of failures.`,
      linkPath: `/webhooks/${row.id}`,
      atMs: startMs,
    });
  }
  const deactivated = await client.webhookEndpoint.findMany({
    where: { deactivatedAt: { gte: since } },
    select: { id: true, advertiserId: true, url: true, deactivatedAt: true, deactivatedReason: true },
  });
  for (const row of deactivated) {
    const atMs = row.deactivatedAt!.getTime();
    sources.push({
      advertiserId: row.advertiserId,
      kind: "webhook_deactivated",
      sourceKey: `${row.id}:${atMs}`,
      endpointId: row.id,
      title: "A webhook endpoint was deactivated",
      body: `No more events are sent to ${row.url}.${row.deactivatedReason ? ` ${row.deactivatedReason}` : ""}`,
      linkPath: `/webhooks/${row.id}`,
      atMs,
    });
  }
  // the controller's own adjustments only: a member's or an API client's bid change is theirs (the history names them)
  const adjusted = await client.bidAdjustment.findMany({
    where: { createdAt: { gte: since }, reason: { not: ADVERTISER_BID_REASON } },
    select: {
      id: true,
      oldBidMicros: true,
      newBidMicros: true,
      reason: true,
      createdAt: true,
      campaign: { select: { id: true, advertiserId: true, name: true } },
    },
  });
  for (const row of adjusted) {
    sources.push({
      advertiserId: row.campaign.advertiserId,
      kind: "bid_adjusted",
      sourceKey: row.id,
      campaignId: row.campaign.id,
      title: `${row.campaign.name}: bid adjusted to ${usd(row.newBidMicros)} CPM`,
      body: `The CPA controller changed the bid from ${usd(row.oldBidMicros)} to ${usd(row.newBidMicros)} CPM (${row.reason}).`,
      linkPath: `/campaigns/${row.campaign.id}`,
      atMs: row.createdAt.getTime(),
    });
  }
  // what automated rules did (docs/decisions/0700): applied actions only, one alert per campaign and window
  const ruleActions = await client.ruleAction.findMany({
    where: { createdAt: { gte: since }, outcome: "applied" },
    select: { id: true, ruleId: true, advertiserId: true, campaignId: true, detail: true, createdAt: true },
  });
  if (ruleActions.length) {
    const [rules, campaigns] = await Promise.all([
      client.automatedRule.findMany({
        where: { id: { in: [...new Set(ruleActions.map((row) => row.ruleId))] } },
        select: { id: true, name: true },
      }),
      client.campaign.findMany({
        where: { id: { in: [...new Set(ruleActions.map((row) => row.campaignId))] } },
        select: { id: true, name: true },
      }),
    ]);
    const ruleName = new Map(rules.map((row) => [row.id, row.name]));
    const campaignName = new Map(campaigns.map((row) => [row.id, row.name]));
    for (const row of ruleActions) {
      sources.push({
        advertiserId: row.advertiserId,
        kind: "rule_fired",
        sourceKey: row.id,
        campaignId: row.campaignId,
        title: `${campaignName.get(row.campaignId) ?? row.campaignId}: rule "${ruleName.get(row.ruleId) ?? row.ruleId}" acted`,
        body: row.detail,
        linkPath: `/rules/${row.ruleId}`,
        atMs: row.createdAt.getTime(),
      });
    }
  }
  const accounts = await client.billingAccount.findMany({
    where: { OR: [{ balanceLowAt: { gte: since } }, { limitReachedAt: { gte: since } }] },
    select: { advertiserId: true, mode: true, balanceLowAt: true, limitReachedAt: true },
  });
  for (const row of accounts) {
    const prepaid = row.mode === "prepaid";
    if (row.balanceLowAt && row.balanceLowAt >= since) {
      const atMs = row.balanceLowAt.getTime();
      sources.push({
        advertiserId: row.advertiserId,
        kind: "account_balance_low",
        // once per crossing: the mark is cleared when funds or the limit allow again
        sourceKey: `${row.advertiserId}:${atMs}`,
        title: prepaid ? "Prepaid balance running low" : "90% of the credit limit used",
        body: prepaid
          ? "Less than 20% of the last top-up is left; campaigns stop winning when the balance reaches zero."
          : "Unpaid invoices and this month's spend have reached 90% of the credit limit; campaigns stop winning at the limit.",
        linkPath: "/billing",
        atMs,
      });
    }
    if (row.limitReachedAt && row.limitReachedAt >= since) {
      const atMs = row.limitReachedAt.getTime();
      sources.push({
        advertiserId: row.advertiserId,
        kind: "account_limit_reached",
        sourceKey: `${row.advertiserId}:${atMs}`,
        title: "Account limit reached: delivery stopped",
        body: prepaid
          ? "The prepaid balance is used up: every campaign stops winning until funds are added."
          : "The credit limit is used up: every campaign stops winning until an invoice is paid or the limit is raised.",
        linkPath: "/billing",
        atMs,
      });
    }
  }
  return sources;
}

type Recipient = { userId: string; channel: AlertChannel };

/**
 * The members of the advertiser who receive `kind`, with their channel (never `off`): those who had
 * joined by `atMs`, when it happened. A member who joins later never gets an alert of what came
 * before (a pass reads rows back to its cursor less the overlap, so it would otherwise stamp an old
 * alert with a time after the join; docs/decisions/1230).
 */
async function recipients(advertiserId: string, kind: AlertKind, atMs: number): Promise<Recipient[]> {
  const members = await db().membership.findMany({
    where: { advertiserId, createdAt: { lte: new Date(atMs) } },
    select: {
      userId: true,
      role: true,
      user: { select: { notificationPrefs: { where: { kind }, select: { channel: true } } } },
    },
  });
  const out: Recipient[] = [];
  for (const member of members) {
    if (!isRole(member.role) || !roleAtLeast(member.role, ALERT_LEAST_ROLE[kind])) continue;
    const stored = member.user.notificationPrefs[0]?.channel;
    const channel = (stored ?? DEFAULT_CHANNELS[kind]) as AlertChannel;
    if (channel !== "off") out.push({ userId: member.userId, channel });
  }
  return out;
}

/** Inserts the notifications of `sources`; returns how many were new. */
export async function deliverAlerts(sources: readonly AlertSource[], nowMs: number): Promise<number> {
  const mail = emailConfigured();
  let inserted = 0;
  for (const source of sources) {
    if (!isAlertKind(source.kind)) continue;
    for (const recipient of await recipients(source.advertiserId, source.kind, source.atMs)) {
      try {
        await db().notification.create({
          data: {
            id: sortableId("ntf", nowMs),
            userId: recipient.userId,
            advertiserId: source.advertiserId,
            kind: source.kind,
            dedupeKey: `${source.kind}:${source.sourceKey}`,
            campaignId: source.campaignId ?? null,
            endpointId: source.endpointId ?? null,
            title: source.title.slice(0, 300),
            body: source.body.slice(0, 1000),
            linkPath: source.linkPath,
            createdAt: new Date(nowMs),
            // without SMTP the dashboard copy is the alert (docs/decisions/1428)
            emailStatus: recipient.channel === "email" && mail ? "pending" : null,
            emailNextAt: recipient.channel === "email" && mail ? new Date(nowMs) : null,
          },
        });
        inserted++;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
  return inserted;
}

/**
 * One pass: the sources stamped since the previous pass (less the overlap), delivered, then
 * the cursor moved to `nowMs`. A crash before the cursor moves repeats the pass harmlessly.
 */
export async function deriveAlerts(nowMs: number): Promise<number> {
  const stored = await db().systemState.findUnique({ where: { key: CURSOR_KEY } });
  const previous = stored ? Number(stored.value) : nowMs;
  const sinceMs = Math.min(Number.isFinite(previous) ? previous : nowMs, nowMs) - ALERT_OVERLAP_MS;
  const inserted = await deliverAlerts(await readAlertSources(sinceMs), nowMs);
  try {
    await db().systemState.upsert({
      where: { key: CURSOR_KEY },
      create: { key: CURSOR_KEY, value: String(nowMs) },
      update: { value: String(nowMs) },
    });
  } catch (error) {
    // another instance created the cursor at the same moment: its value serves as well
    if (!isUniqueViolation(error)) throw error;
  }
  return inserted;
}
