// Per-user alert caps across all campaigns (spec "Limits"): at most 5 alerts per
// game and 10 per rolling hour; an alert is a filled decision. Kept in memory on
// the hot path: a slot is reserved before the impression is written and given
// back if the write is refused. Commits check them again against other instances'
// alerts (docs/decisions/0403-caps-across-instances.md).
import { DAY_MS, HOUR_MS } from "@/lib/clock";
import type { RecentAlert } from "../store/delivery-store";

export const ALERTS_PER_GAME = 5;
export const ALERTS_PER_HOUR = 10;
/** how long per-game counts are remembered after a user's last alert in that game */
export const CAP_MEMORY_MS = DAY_MS;

type GameCount = { gameId: string; count: number; lastMs: number };

/**
 * One user's state: the times of their alerts in the last hour (ascending) and
 * their alert count per game. Keyed by the user id alone: a key joining user and
 * game would be a new string to build and hash on every check.
 */
type UserState = { hour: number[]; games: GameCount[] };

/** A user's count in a game (a user bets on a few games at a time: a short list, not a map per user). */
function gameOf(games: readonly GameCount[], gameId: string): GameCount | undefined {
  for (const game of games) if (game.gameId === gameId) return game;
  return undefined;
}

export class UserCaps {
  readonly #users = new Map<string, UserState>();

  #state(userId: string): UserState {
    return this.#users.get(userId) ?? this.#added(userId);
  }

  #added(userId: string): UserState {
    const state: UserState = { hour: [], games: [] };
    this.#users.set(userId, state);
    return state;
  }

  /** Reserves an alert for the user at `nowMs`; false when either cap is reached. */
  tryReserve(userId: string, gameId: string, nowMs: number): boolean {
    const state = this.#users.get(userId);
    let game: GameCount | undefined;
    if (state) {
      const times = state.hour;
      let expired = 0;
      while (expired < times.length && times[expired]! <= nowMs - HOUR_MS) expired++;
      if (expired) times.splice(0, expired);
      if (times.length >= ALERTS_PER_HOUR) return false;
      game = gameOf(state.games, gameId);
      if (game && game.count >= ALERTS_PER_GAME) return false;
    }
    const reserved = state ?? this.#added(userId);
    reserved.hour.push(nowMs);
    if (game) {
      game.count += 1;
      game.lastMs = nowMs;
    } else {
      reserved.games.push({ gameId, count: 1, lastMs: nowMs });
    }
    return true;
  }

  /** Gives back a reservation made at `atMs` (the impression was not written). */
  release(userId: string, gameId: string, atMs: number): void {
    const state = this.#users.get(userId);
    if (!state) return;
    const index = state.hour.lastIndexOf(atMs);
    if (index >= 0) state.hour.splice(index, 1);
    const game = gameOf(state.games, gameId);
    if (game && game.count > 0) game.count -= 1;
  }

  /** Rebuilds the counts from committed impressions (at start). */
  load(alerts: readonly RecentAlert[], nowMs: number): void {
    this.#users.clear();
    const sorted = [...alerts].sort((a, b) => a.servedAtMs - b.servedAtMs);
    for (const alert of sorted) {
      const state = this.#state(alert.userId);
      if (alert.servedAtMs > nowMs - HOUR_MS) state.hour.push(alert.servedAtMs);
      let game = gameOf(state.games, alert.gameId);
      if (!game) state.games.push((game = { gameId: alert.gameId, count: 0, lastMs: 0 }));
      game.count += 1;
      game.lastMs = Math.max(game.lastMs, alert.servedAtMs);
    }
  }

  /** Forgets alerts past the hour, games idle for CAP_MEMORY_MS, and users with neither. */
  prune(nowMs: number): void {
    for (const [userId, state] of this.#users) {
      const times = state.hour;
      if (times.length && times[times.length - 1]! <= nowMs - HOUR_MS) times.length = 0;
      if (state.games.some((game) => game.lastMs <= nowMs - CAP_MEMORY_MS))
        state.games = state.games.filter((game) => game.lastMs > nowMs - CAP_MEMORY_MS);
      if (!times.length && !state.games.length) this.#users.delete(userId);
    }
  }

  /** users with an alert in the last hour (as of the last prune) and (user, game) counts held */
  get size(): { users: number; games: number } {
    let users = 0;
    let games = 0;
    for (const state of this.#users.values()) {
      if (state.hour.length) users += 1;
      games += state.games.length;
    }
    return { users, games };
  }
}
