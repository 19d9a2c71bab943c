// Per-user alert caps across all campaigns (spec "Limits"): at most 5 alerts per
// game and 10 per rolling hour; an alert is a filled decision. Kept in memory on
// the hot path; a slot is reserved before the impression is written and given
// back if the write is refused. With several instances on PostgreSQL the writer
// re-checks the caps at commit (docs/decisions/0403-caps-across-instances.md).
import { DAY_MS, HOUR_MS } from "@/lib/clock";
import type { RecentAlert } from "../records";

export const ALERTS_PER_GAME = 5;
export const ALERTS_PER_HOUR = 10;
/** how long per-game counts are remembered after a user's last alert in that game */
export const CAP_MEMORY_MS = DAY_MS;

type GameCount = { count: number; lastMs: number };

export class UserCaps {
  /** user -> times of their alerts in the last hour, ascending */
  readonly #hour = new Map<string, number[]>();
  /** user + game -> alerts in that game */
  readonly #game = new Map<string, GameCount>();

  /** Reserves an alert for the user at `nowMs`; false when either cap is reached. */
  tryReserve(userId: string, gameId: string, nowMs: number): boolean {
    let times = this.#hour.get(userId);
    if (times) {
      let expired = 0;
      while (expired < times.length && times[expired]! <= nowMs - HOUR_MS) expired++;
      if (expired) times.splice(0, expired);
      if (times.length >= ALERTS_PER_HOUR) return false;
    }
    const key = `${userId}\u0000${gameId}`;
    const game = this.#game.get(key);
    if (game && game.count >= ALERTS_PER_GAME) return false;
    if (!times) this.#hour.set(userId, (times = []));
    times.push(nowMs);
    if (game) {
      game.count += 1;
      game.lastMs = nowMs;
    } else {
      this.#game.set(key, { count: 1, lastMs: nowMs });
    }
    return true;
  }

  /** Gives back a reservation made at `atMs` (the impression was not written). */
  release(userId: string, gameId: string, atMs: number): void {
    const times = this.#hour.get(userId);
    const index = times ? times.lastIndexOf(atMs) : -1;
    if (times && index >= 0) times.splice(index, 1);
    const game = this.#game.get(`${userId}\u0000${gameId}`);
    if (game && game.count > 0) game.count -= 1;
  }

  /** Rebuilds the counts from committed impressions (at start). */
  load(alerts: readonly RecentAlert[], nowMs: number): void {
    this.#hour.clear();
    this.#game.clear();
    const sorted = [...alerts].sort((a, b) => a.servedAtMs - b.servedAtMs);
    for (const alert of sorted) {
      if (alert.servedAtMs > nowMs - HOUR_MS) {
        const times = this.#hour.get(alert.userId) ?? [];
        times.push(alert.servedAtMs);
        this.#hour.set(alert.userId, times);
      }
      const key = `${alert.userId}\u0000${alert.gameId}`;
      const game = this.#game.get(key) ?? { count: 0, lastMs: 0 };
      game.count += 1;
      game.lastMs = Math.max(game.lastMs, alert.servedAtMs);
      this.#game.set(key, game);
    }
  }

  /** Forgets users without an alert in the last hour and games idle for CAP_MEMORY_MS. */
  prune(nowMs: number): void {
    for (const [userId, times] of this.#hour) {
      if (times.length === 0 || times[times.length - 1]! <= nowMs - HOUR_MS) this.#hour.delete(userId);
    }
    for (const [key, game] of this.#game) {
      if (game.lastMs <= nowMs - CAP_MEMORY_MS) this.#game.delete(key);
    }
  }

  get size(): { users: number; games: number } {
    return { users: this.#hour.size, games: this.#game.size };
  }
}
