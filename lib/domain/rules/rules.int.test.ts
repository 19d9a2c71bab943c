// both databases: windows read from the rollups
// Automated rules (docs/decisions/0700) on known rollups: a window is evaluated once and acts at
// most once per campaign (a rerun, a later pass in the same window, two workers at once: on
// PostgreSQL two connections racing), each change is in the history with the rule as the actor
// and alerted, the dry run equals what the worker then does, and spend-raising rules need a
// confirmation and never pass a budget the advertiser set.
import { beforeEach, describe, expect, it } from "vitest";
import { fixedClock, HOUR_MS, MINUTE_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { deliverAlerts, readAlertSources } from "@/lib/domain/alerts/derive-alerts";
import { campaignUpdated } from "@/lib/domain/campaigns/update-campaign";
import { usdToMicros } from "@/lib/money";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { ruleCreated } from "./create-rule";
import { ruleDryRun } from "./dry-run-rule";
import { latestClosedIndex, RULE_GRACE_MS, windowAt } from "./evaluate-rule";
import { runDueRules, runRuleWindow } from "./run-rules";
import type { CreateRuleInput, PlannedAction } from "./rules.schemas";

// a whole hour: the rule's windows start here
const T0 = Date.parse("2026-11-30T09:00:00.000Z");

type Counts = { impressions?: number; clicks?: number; conversions?: number; spendUsd?: number };

async function rollup(campaignId: string, creativeId: string, hourMs: number, counts: Counts) {
  await db().hourlyRollup.create({
    data: {
      campaignId,
      creativeId,
      momentType: "close_game",
      sport: "nba",
      hourMs: BigInt(hourMs),
      impressions: BigInt(counts.impressions ?? 0),
      clicks: BigInt(counts.clicks ?? 0),
      conversions: BigInt(counts.conversions ?? 0),
      spendMicros: usdToMicros(counts.spendUsd ?? 0),
    },
  });
}

async function setup() {
  const adv = await createTestAdvertiser("Rules");
  const actor = actorFor(adv.advertiserId);
  const expensive = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Expensive", bidCpmUsd: 4 });
  const cheap = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Cheap", bidCpmUsd: 4 });
  return { adv, actor, expensive, cheap };
}

const pauseRule = (campaignIds: string[] | null): CreateRuleInput => ({
  name: "Pause expensive conversions",
  metric: "cpa_usd",
  comparison: "above",
  threshold: 40,
  window_hours: 3,
  campaign_ids: campaignIds,
  action: "pause",
});

function summary(actions: readonly PlannedAction[]) {
  return actions.map((action) => ({
    campaign: action.campaignName,
    window: action.windowStart.toISOString(),
    outcome: action.outcome,
    detail: action.detail,
    value: action.metricValue,
  }));
}

describe("automated rules", () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    ctx = await setup();
  });

  it("evaluates a closed window once, acts once per campaign, with the rule as the actor in the history", async () => {
    const { actor, expensive, cheap } = ctx;
    const rule = await ruleCreated(actor, pauseRule([expensive.id, cheap.id]), {
      clock: fixedClock(T0 + 5 * MINUTE_MS),
    });
    // window [T0, T0+3h): expensive costs $50 a conversion, cheap $10; an hour after it does not count
    await rollup(expensive.id, expensive.creatives[0]!.id, T0, { impressions: 1000, conversions: 1, spendUsd: 30 });
    await rollup(expensive.id, expensive.creatives[0]!.id, T0 + 2 * HOUR_MS, {
      impressions: 500,
      conversions: 1,
      spendUsd: 70,
    });
    await rollup(cheap.id, cheap.creatives[0]!.id, T0 + HOUR_MS, { impressions: 1000, conversions: 5, spendUsd: 50 });
    await rollup(cheap.id, cheap.creatives[0]!.id, T0 + 3 * HOUR_MS, { impressions: 1, conversions: 0, spendUsd: 900 });

    // not yet: the window closes at T0+3h and is evaluated a minute later
    expect(await runDueRules(T0 + 3 * HOUR_MS)).toBe(0);
    const at = T0 + 3 * HOUR_MS + RULE_GRACE_MS;
    expect(await runDueRules(at)).toBe(1);

    const after = await db().campaign.findMany({ where: { id: { in: [expensive.id, cheap.id] } } });
    expect(Object.fromEntries(after.map((row) => [row.name, row.status]))).toEqual({
      Expensive: "paused",
      Cheap: "active",
    });
    const actions = await db().ruleAction.findMany({ where: { ruleId: rule.id } });
    expect(actions.map((row) => [row.campaignId, row.outcome, row.metricValue])).toEqual([
      [expensive.id, "applied", 50],
    ]);

    const changes = await db().change.findMany({ where: { campaignId: expensive.id, operation: "applyRule" } });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ actorType: "system", actorId: rule.id, actorName: `Rule: ${rule.name}` });
    expect(JSON.parse(changes[0]!.fields)).toEqual({ status: { from: "active", to: "paused" } });
    expect(changes[0]!.reason).toContain("cpa_usd 50 above 40 over 3 h");

    // someone resumes it; later passes in the same window do nothing again
    await db().campaign.update({ where: { id: expensive.id }, data: { status: "active" } });
    expect(await runDueRules(at + 30 * MINUTE_MS)).toBe(0);
    expect(await runDueRules(T0 + 6 * HOUR_MS)).toBe(0);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: expensive.id } })).status).toBe("active");
    expect(await db().ruleRun.count({ where: { ruleId: rule.id } })).toBe(1);

    // the members (there since before the window) are alerted, once
    await db().membership.updateMany({
      where: { advertiserId: actor.advertiserId },
      data: { createdAt: new Date(T0 - 24 * HOUR_MS) },
    });
    const sources = (await readAlertSources(T0)).filter((source) => source.kind === "rule_fired");
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ campaignId: expensive.id, linkPath: `/rules/${rule.id}` });
    const first = await deliverAlerts(sources, at);
    expect(first).toBeGreaterThan(0);
    expect(await deliverAlerts(sources, at)).toBe(0);
  });

  it("acts once when two workers evaluate the same window at the same time", async () => {
    const { actor, expensive } = ctx;
    const rule = await ruleCreated(actor, pauseRule([expensive.id]), { clock: fixedClock(T0) });
    await rollup(expensive.id, expensive.creatives[0]!.id, T0, { impressions: 100, conversions: 1, spendUsd: 45 });
    const at = T0 + 3 * HOUR_MS + RULE_GRACE_MS;
    const window = windowAt(rule, latestClosedIndex(rule, at));
    const outcomes = await Promise.all([
      runRuleWindow(actor.advertiserId, rule, window, at),
      runRuleWindow(actor.advertiserId, rule, window, at),
      runRuleWindow(actor.advertiserId, rule, window, at),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "evaluated")).toHaveLength(1);
    expect(await db().ruleRun.count({ where: { ruleId: rule.id } })).toBe(1);
    expect(await db().ruleAction.count({ where: { ruleId: rule.id } })).toBe(1);
    expect(await db().change.count({ where: { campaignId: expensive.id, operation: "applyRule" } })).toBe(1);
  });

  it("does in each window what its dry run said it would", async () => {
    const { actor, expensive, cheap } = ctx;
    // one-hour windows: lower the bid to 2.5 wherever CTR falls below 1 %
    const input: CreateRuleInput = {
      name: "Cheaper when nobody clicks",
      metric: "ctr",
      comparison: "below",
      threshold: 0.01,
      window_hours: 1,
      campaign_ids: null,
      action: "set_bid",
      action_value_usd: 2.5,
      confirm_spend_increase: true,
    };
    const rule = await ruleCreated(actor, input, { clock: fixedClock(T0) });
    const hours: [typeof expensive, number, Counts][] = [
      [expensive, 0, { impressions: 1000, clicks: 20 }],
      [expensive, 1, { impressions: 1000, clicks: 5 }],
      [cheap, 1, { impressions: 1000, clicks: 50 }],
      [cheap, 2, { impressions: 1000, clicks: 1 }],
      [expensive, 3, { impressions: 1000, clicks: 2 }],
    ];
    for (const [campaign, hour, counts] of hours)
      await rollup(campaign.id, campaign.creatives[0]!.id, T0 + hour * HOUR_MS, counts);
    const now = T0 + 4 * HOUR_MS + RULE_GRACE_MS;
    const dry = await ruleDryRun(actor, rule, { clock: fixedClock(now) });
    // nothing was written by the dry run
    expect(await db().ruleRun.count({ where: { ruleId: rule.id } })).toBe(0);

    // the worker, window after window, on the same rows
    const done: PlannedAction[] = [];
    const evaluated = await db().ruleRun.count();
    for (let k = 0; k <= latestClosedIndex(rule, now); k++) {
      const window = windowAt(rule, k);
      const outcome = await runRuleWindow(actor.advertiserId, rule, window, window.endMs + RULE_GRACE_MS);
      if (outcome.status === "evaluated") done.push(...outcome.actions);
    }
    expect(await db().ruleRun.count()).toBe(evaluated + 4);
    expect(summary(done)).toEqual(summary(dry.actions));
    expect(summary(dry.actions)).toEqual([
      {
        campaign: "Expensive",
        window: new Date(T0 + HOUR_MS).toISOString(),
        outcome: "applied",
        detail: "bid 4 → 2.5",
        value: 0.005,
      },
      {
        campaign: "Cheap",
        window: new Date(T0 + 2 * HOUR_MS).toISOString(),
        outcome: "applied",
        detail: "bid 4 → 2.5",
        value: 0.001,
      },
      {
        campaign: "Expensive",
        window: new Date(T0 + 3 * HOUR_MS).toISOString(),
        outcome: "skipped",
        detail: "bid already 2.5",
        value: 0.002,
      },
    ]);
    const bids = await db().campaign.findMany({ where: { id: { in: [expensive.id, cheap.id] } } });
    expect(bids.map((row) => row.bidCpmMicros)).toEqual([usdToMicros(2.5), usdToMicros(2.5)]);

    // afterwards a person sets Expensive's bid to 3; a dry run now still sees each window's
    // campaigns as they stood then, so it says again what the worker did (today's bids would
    // make every window "bid already 2.5")
    await campaignUpdated(actor, { id: expensive.id, bid_cpm_usd: 3 }, { clock: fixedClock(now + HOUR_MS) });
    const later = await ruleDryRun(actor, rule, { clock: fixedClock(now + 2 * HOUR_MS) });
    expect(summary(later.actions).slice(0, 3)).toEqual(summary(done));
    // and in the window after the person's change, the rule lowers the bid they set
    await rollup(expensive.id, expensive.creatives[0]!.id, T0 + 5 * HOUR_MS, { impressions: 1000, clicks: 1 });
    const after = await ruleDryRun(actor, rule, { clock: fixedClock(T0 + 6 * HOUR_MS + RULE_GRACE_MS) });
    expect(summary(after.actions).slice(3)).toEqual([
      {
        campaign: "Expensive",
        window: new Date(T0 + 5 * HOUR_MS).toISOString(),
        outcome: "applied",
        detail: "bid 3 → 2.5",
        value: 0.001,
      },
    ]);
  });

  it("asks to confirm a rule that can raise spend, and never passes the total budget", async () => {
    const { actor, expensive } = ctx;
    const resume: CreateRuleInput = { ...pauseRule([expensive.id]), action: "resume", comparison: "below" };
    await expect(ruleCreated(actor, resume)).rejects.toMatchObject({
      code: "validation_failed",
      fieldErrors: [expect.objectContaining({ path: "confirm_spend_increase" })],
    });
    // a daily budget below the current one lowers spend: no confirmation needed
    const lower: CreateRuleInput = {
      ...pauseRule([expensive.id]),
      action: "set_daily_budget",
      action_value_usd: 20,
    };
    await expect(ruleCreated(actor, lower, { clock: fixedClock(T0) })).resolves.toMatchObject({
      action: "set_daily_budget",
    });
    const higher: CreateRuleInput = { ...lower, action_value_usd: 600 };
    await expect(ruleCreated(actor, higher)).rejects.toMatchObject({ code: "validation_failed" });
    const confirmed = await ruleCreated(actor, { ...higher, confirm_spend_increase: true }, { clock: fixedClock(T0) });
    // a daily budget of 600 is above what is left of the 500 total: skipped, with the reason
    await rollup(expensive.id, expensive.creatives[0]!.id, T0, { impressions: 100, conversions: 1, spendUsd: 45 });
    const at = T0 + 3 * HOUR_MS + RULE_GRACE_MS;
    const outcome = await runRuleWindow(actor.advertiserId, confirmed, windowAt(confirmed, 0), at);
    expect(outcome).toMatchObject({
      status: "evaluated",
      actions: [
        expect.objectContaining({ outcome: "skipped", detail: expect.stringContaining("remaining total budget") }),
      ],
    });
    expect((await db().campaign.findUniqueOrThrow({ where: { id: expensive.id } })).dailyBudgetMicros).toBe(
      usdToMicros(50),
    );
    // another advertiser's campaign is 404
    const other = await createTestAdvertiser("Other");
    await expect(ruleCreated(actorFor(other.advertiserId), pauseRule([expensive.id]))).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
