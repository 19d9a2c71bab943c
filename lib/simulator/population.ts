// The demo's simulated users as a population that comes and goes, as real
// bettors do: each round of games some of the round's users leave and new ones
// (new ids) arrive, while the rest stay for the next games. With the same users
// every round, the per-user caps (5 alerts a game, 10 a rolling hour) starve
// delivery within a few rounds: nobody has an alert left and the "live"
// overview freezes. Rotation keeps the demand steady with the caps in force.
// A newcomer's region and exclusions are drawn when they arrive and kept while
// they stay (jurisdictions.ts).
import type { Rng } from "@/lib/random";
import { drawProfile, type BettorProfile } from "./jurisdictions";

export type PopulationOptions = {
  /** users taking part in each round */
  size: number;
  /** the chance that a user of a round is gone by the next (0..1) */
  churn: number;
  /** makes the ids unique to this population (a new one per process: its users are new people) */
  prefix: string;
};

export type Population = {
  /** The users of the next round: the first round's all new, then the stayers and as many newcomers as left. */
  nextRound(rng: Rng): BettorProfile[];
  /** Users that have ever taken part. */
  readonly seen: number;
};

export function createPopulation(options: PopulationOptions): Population {
  if (!(options.churn >= 0 && options.churn <= 1)) throw new Error("churn must be between 0 and 1");
  let sequence = 0;
  let current: BettorProfile[] = [];
  const newcomer = (rng: Rng): BettorProfile => ({ id: `${options.prefix}-user-${++sequence}`, ...drawProfile(rng) });
  return {
    nextRound(rng) {
      const stayers = current.filter(() => !rng.chance(options.churn));
      const arrivals = Array.from({ length: options.size - stayers.length }, () => newcomer(rng));
      current = [...stayers, ...arrivals];
      return current;
    },
    get seen() {
      return sequence;
    },
  };
}
