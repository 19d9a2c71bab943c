export const SPORTS = ["ncaa_basketball", "nba", "nfl", "mlb"] as const;
export type Sport = (typeof SPORTS)[number];

export function isSport(value: string): value is Sport {
  return (SPORTS as readonly string[]).includes(value);
}
