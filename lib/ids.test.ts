import { describe, expect, it } from "vitest";
import { CLICK_ID_PATTERN, clickId, newId, randomBase62, sortableId } from "./ids";

describe("ids", () => {
  it("click ids: 8 time characters then 22 random ones, sorted by time, unique", () => {
    const ids = Array.from({ length: 2000 }, (_, index) => clickId(1_795_000_000_000 + index));
    for (const id of ids) expect(id).toMatch(CLICK_ID_PATTERN);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map((id) => id.slice(12))).size).toBe(ids.length);
    expect(clickId(1).slice(4, 12)).toBe("00000001");
  });

  it("sortable ids order by their time", () => {
    expect(sortableId("imp", 1000) < sortableId("imp", 1001)).toBe(true);
  });

  it("have their prefix, time and random parts, each id its own string", () => {
    const at = 1_795_000_000_000;
    const first = sortableId("evt", at);
    const second = sortableId("evt", at);
    expect(first).toMatch(/^evt_[0-9A-Za-z]{22}$/);
    expect(first.slice(0, 12)).toBe(second.slice(0, 12));
    expect(first).not.toBe(second);
    expect(sortableId("pbf", at)).toMatch(/^pbf_/);
    expect(newId("cmp")).toMatch(/^cmp_[0-9A-Za-z]{22}$/);
  });

  it("random characters: any length, every base62 character", () => {
    expect(randomBase62(300)).toMatch(/^[0-9A-Za-z]{300}$/);
    expect(randomBase62(1)).toMatch(/^[0-9A-Za-z]$/);
    // 100,000 draws: the chance that one of 62 characters never appears is below 1e-600
    expect(new Set(randomBase62(100_000)).size).toBe(62);
  });
});
