import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "@/lib/clock";
import { ALERTS_PER_GAME, ALERTS_PER_HOUR, UserCaps } from "./caps";

const T = Date.UTC(2026, 10, 22, 12);

describe("UserCaps", () => {
  it("holds 5 alerts per game and 10 per rolling hour, per user", () => {
    const caps = new UserCaps();
    for (let index = 0; index < ALERTS_PER_GAME; index++) expect(caps.tryReserve("u", "g1", T + index)).toBe(true);
    expect(caps.tryReserve("u", "g1", T + 10)).toBe(false);
    expect(caps.tryReserve("other", "g1", T + 10)).toBe(true);
    for (let index = 0; index < ALERTS_PER_HOUR - ALERTS_PER_GAME; index++)
      expect(caps.tryReserve("u", `g${index + 2}`, T + 20 + index)).toBe(true);
    expect(caps.tryReserve("u", "g9", T + 30)).toBe(false);
    // an hour after the first alert, one slot of the hour is free again (not of game g1)
    expect(caps.tryReserve("u", "g9", T + HOUR_MS)).toBe(true);
    expect(caps.tryReserve("u", "g1", T + HOUR_MS + 5)).toBe(false);
  });

  it("gives a released slot back, and rebuilds from committed alerts", () => {
    const caps = new UserCaps();
    for (let index = 0; index < ALERTS_PER_GAME; index++) caps.tryReserve("u", "g", T);
    caps.release("u", "g", T);
    expect(caps.tryReserve("u", "g", T + 1)).toBe(true);
    expect(caps.tryReserve("u", "g", T + 2)).toBe(false);
    const loaded = new UserCaps();
    loaded.load(
      [
        ...Array.from({ length: 4 }, (_, index) => ({ userId: "u", gameId: "g", servedAtMs: T - 2 * HOUR_MS + index })),
        { userId: "u", gameId: "h", servedAtMs: T - MINUTE_MS },
      ],
      T,
    );
    expect(loaded.tryReserve("u", "g", T)).toBe(true); // 4 of 5 in g, long ago for the hour
    expect(loaded.tryReserve("u", "g", T)).toBe(false);
    expect(loaded.size).toEqual({ users: 1, games: 2 });
  });

  it("forgets alerts past the hour and games idle for a day", () => {
    const caps = new UserCaps();
    caps.tryReserve("u", "g", T);
    caps.prune(T + HOUR_MS);
    expect(caps.size).toEqual({ users: 0, games: 1 });
    caps.prune(T + DAY_MS);
    expect(caps.size).toEqual({ users: 0, games: 0 });
    expect(caps.tryReserve("u", "g", T + DAY_MS)).toBe(true);
  });
});
