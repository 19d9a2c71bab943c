// The demo's live traffic (the demo-traffic worker, DEMO=1): round after round
// of simulated games against the real delivery endpoints, each round with a
// rotating population of users (population.ts), each keeping their region and
// exclusions while they stay (jurisdictions.ts), so that the overview keeps
// moving with the real per-user caps in force instead of starving once the
// first users have had their alerts. Seeded: the same seed and clock replay
// the same rounds.
import { systemClock, type Clock } from "@/lib/clock";
import { createRng } from "@/lib/random";
import type { HttpClient } from "./http-client";
import { createPopulation } from "./population";
import { runSimulation, type SimulationProgress, type SimulationSummary } from "./run-simulation";

export type DemoTrafficOptions = {
  baseUrl: string;
  platformKey: string;
  seed: number;
  signal?: AbortSignal;
  /** rounds to run; until aborted by default */
  rounds?: number;
  /** games per round (4) */
  games?: number;
  /** users per round (200) */
  users?: number;
  /** the chance that a round's user is gone by the next (0.5) */
  churn?: number;
  /** simulated seconds per real second (15) */
  speed?: number;
  concurrency?: number;
  /** the HTTP client of every round (tests answer in memory) */
  client?: HttpClient;
  clock?: Clock;
  onProgress?: (progress: SimulationProgress) => void;
  onRound?: (round: number, summary: SimulationSummary) => void;
  /** after a failed round (the server restarting), before the next (5 s) */
  onError?: (error: unknown) => Promise<void> | void;
};

export const DEMO_CHURN = 0.5;

export async function runDemoTraffic(options: DemoTrafficOptions): Promise<void> {
  const rng = createRng(options.seed);
  const users = options.users ?? 200;
  const population = createPopulation({
    size: users,
    churn: options.churn ?? DEMO_CHURN,
    prefix: `demo-${options.seed}`,
  });
  for (let round = 1; !options.signal?.aborted && (options.rounds === undefined || round <= options.rounds); round++) {
    const profiles = population.nextRound(rng);
    try {
      const summary = await runSimulation({
        baseUrl: options.baseUrl,
        platformKey: options.platformKey,
        games: options.games ?? 4,
        users,
        profiles,
        speed: options.speed ?? 15,
        seed: rng.int(1, 2 ** 31 - 1),
        concurrency: options.concurrency ?? 4,
        signal: options.signal,
        clock: options.clock ?? systemClock,
        ...(options.client && { client: options.client }),
        onProgress: options.onProgress,
      });
      options.onRound?.(round, summary);
    } catch (error) {
      if (options.signal?.aborted) return;
      await (options.onError ?? (() => new Promise((resolve) => setTimeout(resolve, 5_000))))(error);
    }
  }
}
