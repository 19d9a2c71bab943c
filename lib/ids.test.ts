import { describe, expect, it } from "vitest";
import { CLICK_ID_PATTERN, clickId, sortableId } from "./ids";

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
});
