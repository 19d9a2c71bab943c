// The 11 moment types and their floors, exactly as the specification's table.
// available_sports is our decision (docs/decisions/0006): foul_trouble is
// basketball only; every other moment exists in all four sports (MLB's extra
// innings are its overtime, its run line its spread).
import { SPORTS, type Sport } from "@/lib/domain/sports";

export type MomentTypeDefinition = {
  key: string;
  displayName: string;
  description: string;
  floorCpmMicros: bigint;
  availableSports: readonly Sport[];
};

const ALL = SPORTS;
const BASKETBALL = ["ncaa_basketball", "nba"] as const satisfies readonly Sport[];

export const MOMENT_TYPES = [
  {
    key: "bet_resolved",
    displayName: "Bet Resolved",
    description: "The user's wager settles.",
    floorCpmMicros: 500_000n,
    availableSports: ALL,
  },
  {
    key: "prediction_resolved",
    displayName: "Prediction Resolved",
    description: "A prediction-market position resolves.",
    floorCpmMicros: 600_000n,
    availableSports: ALL,
  },
  {
    key: "overtime",
    displayName: "Overtime",
    description: "The game enters overtime.",
    floorCpmMicros: 400_000n,
    availableSports: ALL,
  },
  {
    key: "close_game",
    displayName: "Close Game",
    description: "A one-possession game in the final minutes.",
    floorCpmMicros: 350_000n,
    availableSports: ALL,
  },
  {
    key: "spread_alert",
    displayName: "Spread Alert",
    description: "The score crosses the user's spread line.",
    floorCpmMicros: 300_000n,
    availableSports: ALL,
  },
  {
    key: "moneyline_alert",
    displayName: "Moneyline Alert",
    description: "Momentum shifts on a moneyline bet.",
    floorCpmMicros: 300_000n,
    availableSports: ALL,
  },
  {
    key: "total_alert",
    displayName: "Total Alert",
    description: "An over/under bet reaches a decision point.",
    floorCpmMicros: 250_000n,
    availableSports: ALL,
  },
  {
    key: "prop_alert",
    displayName: "Prop Alert",
    description: "A player prop approaches its line.",
    floorCpmMicros: 250_000n,
    availableSports: ALL,
  },
  {
    key: "position_alert",
    displayName: "Position Alert",
    description: "A prediction-market position makes a significant move.",
    floorCpmMicros: 200_000n,
    availableSports: ALL,
  },
  {
    key: "foul_trouble",
    displayName: "Foul Trouble",
    description: "A key starter picks up a 4th foul.",
    floorCpmMicros: 150_000n,
    availableSports: BASKETBALL,
  },
  {
    key: "follow_alert",
    displayName: "Follow Alert",
    description: "A notable moment for a followed team or player.",
    floorCpmMicros: 100_000n,
    availableSports: ALL,
  },
] as const satisfies readonly MomentTypeDefinition[];

export type MomentTypeKey = (typeof MOMENT_TYPES)[number]["key"];

export const MOMENT_TYPE_KEYS = MOMENT_TYPES.map((type) => type.key) as [MomentTypeKey, ...MomentTypeKey[]];

const byKey = new Map<string, MomentTypeDefinition>(MOMENT_TYPES.map((type) => [type.key, type]));

export function isMomentType(value: string): value is MomentTypeKey {
  return byKey.has(value);
}

export function momentType(key: MomentTypeKey): MomentTypeDefinition {
  return byKey.get(key)!;
}

/** Floor CPM of a moment type in micro-dollars. */
export function floorMicros(key: MomentTypeKey): bigint {
  return momentType(key).floorCpmMicros;
}

/** The moment type with the highest floor among `keys` (the first of equal floors); null for none. */
export function highestFloorType(keys: readonly MomentTypeKey[]): MomentTypeDefinition | null {
  return keys.reduce<MomentTypeDefinition | null>((best, key) => {
    const type = momentType(key);
    return !best || type.floorCpmMicros > best.floorCpmMicros ? type : best;
  }, null);
}

/** The highest floor among moment types: the minimum bid for a campaign targeting them all (0 for none). */
export function highestFloorMicros(keys: readonly MomentTypeKey[]): bigint {
  return highestFloorType(keys)?.floorCpmMicros ?? 0n;
}

export function isAvailableIn(key: MomentTypeKey, sport: Sport): boolean {
  return (momentType(key).availableSports as readonly string[]).includes(sport);
}
