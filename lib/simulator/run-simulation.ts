// Drives the real delivery endpoints over HTTP with simulated games and
// bettors: each moment fanned out to every user with exposure in one request
// (POST /api/delivery/moments, a decision per user, each user with their region
// and excluded categories: jurisdictions.ts), clicks on some
// ads (a few twice, which must count once), conversions through the postback
// endpoint for some clicks. Counts everything it sees, so the totals can be
// compared with what the service recorded.
import { systemClock, type Clock } from "@/lib/clock";
import { advanceGame, createGame, type Game, type SimSport } from "./games";
import { createBettors, momentsFor, watchGame, type FannedMoment } from "./bettors";
import { createHttpClient, type HttpClient } from "./http-client";
import { countProfiles, simulatedProfiles, type BettorProfile, type ProfileCounts } from "./jurisdictions";
import { restPath } from "@/lib/http/rest-surface";
import { createRng } from "@/lib/random";

export type SimulationOptions = {
  baseUrl: string;
  platformKey: string;
  games: number;
  users: number;
  /** the users (as many as `users`) with their regions and exclusions; sim-user-1… drawn from the seed by default */
  profiles?: readonly BettorProfile[];
  /** simulated seconds per real second; 0 = as fast as the service answers */
  speed: number;
  seed: number;
  concurrency?: number;
  /** game clock seconds per step */
  stepSeconds?: number;
  signal?: AbortSignal;
  /** the HTTP client (a keep-alive node:http one by default; tests answer in memory) */
  client?: HttpClient;
  /** the real clock by default: elapsed time and the wait between steps at `speed` */
  clock?: Clock;
  onProgress?: (progress: SimulationProgress) => void;
};

export type SimulationProgress = { done: number; total: number; summary: SimulationSummary };

export type SimulationSummary = {
  games: number;
  users: number;
  /** where the users are and what they exclude */
  audience: ProfileCounts;
  sports: Record<string, number>;
  /** a moment for one user: the decisions asked for */
  moments: number;
  /** POST /api/delivery/moments requests (one per moment, for all its users) */
  requests: number;
  decisions: { requested: number; filled: number; noFill: number; errors: number };
  byMomentType: Record<string, { requested: number; filled: number }>;
  spendUsd: number;
  clicks: { attempted: number; unique: number; redirected: number; errors: number };
  conversions: { attempted: number; recorded: number; failed: number; failedStatuses: Record<string, number> };
  elapsedMs: number;
};

/** Moments a platform key may have running at once on an instance (docs/api.md, "Limits"): more are answered 429. */
const MOMENTS_AT_ONCE = 2;
/** A moment refused with 429 is sent again after its Retry-After, this many times in all. */
const MOMENT_ATTEMPTS = 3;

/** plausible click-through rates per moment type (a fraction of filled alerts) */
const CTR: Record<string, number> = {
  bet_resolved: 0.07,
  prediction_resolved: 0.06,
  overtime: 0.06,
  close_game: 0.05,
  spread_alert: 0.045,
  moneyline_alert: 0.04,
  total_alert: 0.04,
  prop_alert: 0.04,
  position_alert: 0.035,
  foul_trouble: 0.03,
  follow_alert: 0.025,
};
const CONVERSION_RATE = 0.15;
const DOUBLE_CLICK_RATE = 0.1;
const EVENT_TYPES = ["install", "registration", "deposit", "purchase"] as const;
const SPORTS: SimSport[] = ["nba", "nfl", "mlb", "ncaa_basketball"];

type Fill = { impression_id: string; campaign_id: string; clearing_cpm_usd: number; click_url: string };

async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

export function emptySummary(games: number, users: number): SimulationSummary {
  return {
    games,
    users,
    audience: countProfiles([]),
    sports: {},
    moments: 0,
    requests: 0,
    decisions: { requested: 0, filled: 0, noFill: 0, errors: 0 },
    byMomentType: {},
    spendUsd: 0,
    clicks: { attempted: 0, unique: 0, redirected: 0, errors: 0 },
    conversions: { attempted: 0, recorded: 0, failed: 0, failedStatuses: {} },
    elapsedMs: 0,
  };
}

export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const clock = options.clock ?? systemClock;
  const started = clock();
  const rng = createRng(options.seed);
  const concurrency = options.concurrency ?? 16;
  const stepSeconds = options.stepSeconds ?? 30;
  const client = options.client ?? createHttpClient(concurrency);
  const base = options.baseUrl.replace(/\/+$/, "");
  const summary = emptySummary(options.games, options.users);

  const games: Game[] = Array.from({ length: options.games }, (_, index) => {
    const sport = SPORTS[index % SPORTS.length]!;
    summary.sports[sport] = (summary.sports[sport] ?? 0) + 1;
    return createGame(`sim-${options.seed}-game-${index + 1}`, sport, rng);
  });
  const watches = new Map(games.map((game) => [game.id, watchGame(game)]));
  if (options.profiles && options.profiles.length !== options.users) throw new Error("profiles must name every user");
  const profiles = options.profiles ?? simulatedProfiles(options.users, options.seed);
  summary.audience = countProfiles(profiles);
  const bettors = createBettors(profiles, games, rng);
  const clicked = new Set<string>();
  const later: { dueStep: number; run: () => Promise<void> }[] = [];

  const click = async (fill: Fill, momentType: string) => {
    const path = new URL(fill.click_url).pathname;
    const clickId = path.split("/c/")[1]!;
    summary.clicks.attempted += 1;
    clicked.add(clickId);
    summary.clicks.unique = clicked.size;
    try {
      const response = await client.request("GET", `${base}${path}`);
      if (response.status === 302) summary.clicks.redirected += 1;
      else summary.clicks.errors += 1;
    } catch {
      summary.clicks.errors += 1;
    }
    void momentType;
  };

  const convert = async (fill: Fill, plan: Plan) => {
    const clickId = new URL(fill.click_url).pathname.split("/c/")[1]!;
    const query = new URLSearchParams({
      campaign_id: fill.campaign_id,
      click_id: clickId,
      event_type: plan.eventType,
      event_value_usd: plan.valueUsd,
    });
    summary.conversions.attempted += 1;
    let status = "network_error";
    try {
      const response = await client.request("GET", `${base}${restPath("recordConversionQuery")}?${query}`);
      status = String(response.status);
      if (response.status === 200) {
        summary.conversions.recorded += 1;
        return;
      }
    } catch {
      // counted below
    }
    summary.conversions.failed += 1;
    summary.conversions.failedStatuses[status] = (summary.conversions.failedStatuses[status] ?? 0) + 1;
  };

  // every random choice is made in moment order before any request, so a seed replays exactly
  type Plan = {
    click: boolean;
    twice: boolean;
    convert: boolean;
    clickDelay: number;
    convertDelay: number;
    eventType: string;
    valueUsd: string;
  };
  const plan = (moment: FannedMoment): Plan => ({
    click: rng.chance(CTR[moment.momentType] ?? 0.03),
    twice: rng.chance(DOUBLE_CLICK_RATE),
    convert: rng.chance(CONVERSION_RATE),
    clickDelay: rng.int(0, 2),
    convertDelay: rng.int(2, 20),
    eventType: rng.pick(EVENT_TYPES),
    valueUsd: (rng.int(5, 200) + rng.int(0, 99) / 100).toFixed(2),
  });

  /** POST /api/delivery/moments, sent again after Retry-After while the key has too many moments running (429). */
  const requestMoment = async (request: { headers: Record<string, string>; body: string }) => {
    for (let attempt = 1; ; attempt++) {
      const response = await client.request("POST", `${base}${restPath("fanOutMoment")}`, request);
      if (response.status !== 429 || attempt === MOMENT_ATTEMPTS) return response;
      const seconds = Number(response.headers["retry-after"] ?? 1);
      await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 1) * 1000));
    }
  };

  /** One moment for all its users: one POST /api/delivery/moments, each user's decision in the answer. */
  const fanOut = async ({ moment, plans }: { moment: FannedMoment; plans: Plan[] }, step: number) => {
    const stats = (summary.byMomentType[moment.momentType] ??= { requested: 0, filled: 0 });
    stats.requested += moment.users.length;
    summary.decisions.requested += moment.users.length;
    summary.requests += 1;
    let decisions: (Fill | { impression_id: null })[];
    try {
      const response = await requestMoment({
        headers: { authorization: `Bearer ${options.platformKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          moment_type: moment.momentType,
          sport: moment.sport,
          game_id: moment.gameId,
          users: moment.users.map((user) => ({
            user_id: user.id,
            region: user.region,
            excluded_categories: user.excludedCategories,
          })),
        }),
      });
      if (response.status !== 200) {
        summary.decisions.errors += moment.users.length;
        return;
      }
      decisions = (JSON.parse(response.body) as { decisions: (Fill | { impression_id: null })[] }).decisions;
    } catch {
      summary.decisions.errors += moment.users.length;
      return;
    }
    decisions.forEach((decision, index) => {
      if (decision.impression_id === null) {
        summary.decisions.noFill += 1;
        return;
      }
      const fill = decision as Fill;
      const plan = plans[index]!;
      summary.decisions.filled += 1;
      stats.filled += 1;
      summary.spendUsd = Math.round((summary.spendUsd + fill.clearing_cpm_usd / 1000) * 1e6) / 1e6;
      if (plan.click) {
        // the user taps a little later; some tap twice
        const clickStep = step + plan.clickDelay;
        later.push({ dueStep: clickStep, run: () => click(fill, moment.momentType) });
        if (plan.twice) later.push({ dueStep: clickStep + 1, run: () => click(fill, moment.momentType) });
        if (plan.convert) later.push({ dueStep: clickStep + plan.convertDelay, run: () => convert(fill, plan) });
      }
    });
  };

  const totalSteps = Math.max(
    ...games.map((game) => Math.ceil((game.regulationPeriods * game.periodSeconds) / stepSeconds) + 1),
  );
  let step = 0;
  try {
    while (games.some((game) => !game.finished) && !options.signal?.aborted) {
      step += 1;
      const stepStarted = clock();
      const moments: FannedMoment[] = [];
      for (const game of games) {
        const events = advanceGame(game, stepSeconds, rng);
        moments.push(...momentsFor(game, events, watches.get(game.id)!, bettors));
      }
      summary.moments += moments.reduce((sum, moment) => sum + moment.users.length, 0);
      const planned = moments.map((moment) => ({ moment, plans: moment.users.map(() => plan(moment)) }));
      // the moments of a step go out together (several games at once), as many at once as a platform key may
      // run (docs/api.md, "Limits"); each is one request for all its users
      await pool(planned, Math.min(concurrency, MOMENTS_AT_ONCE), (item) => fanOut(item, step));
      const due = later.filter((action) => action.dueStep <= step);
      if (due.length) {
        later.splice(0, later.length, ...later.filter((action) => action.dueStep > step));
        // clicks before conversions of the same step
        await pool(due, concurrency, (action) => action.run());
      }
      options.onProgress?.({ done: Math.min(step, totalSteps), total: totalSteps, summary });
      if (options.speed > 0) {
        const wait = (stepSeconds * 1000) / options.speed - (clock() - stepStarted);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    // whatever users still meant to do after the final whistle
    later.sort((a, b) => a.dueStep - b.dueStep);
    for (const action of later) {
      if (options.signal?.aborted) break;
      await action.run();
    }
  } finally {
    if (!options.client) client.close();
  }
  summary.elapsedMs = clock() - started;
  options.onProgress?.({ done: totalSteps, total: totalSteps, summary });
  return summary;
}
