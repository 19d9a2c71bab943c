import { describe, expect, it } from "vitest";
import { percentile } from "@/lib/stats";
import { percentileFromCounts } from "./get-clearing-prices";

describe("percentileFromCounts", () => {
  it("equals the percentile of the expanded values", () => {
    const table = [
      { value: 100, count: 3 },
      { value: 250, count: 1 },
      { value: 400, count: 5 },
      { value: 1000, count: 2 },
    ];
    const expanded = table.flatMap((row) => Array<number>(row.count).fill(row.value));
    for (const p of [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1])
      expect(percentileFromCounts(table, p)).toBeCloseTo(percentile(expanded, p)!, 9);
  });

  it("is null for an empty table", () => {
    expect(percentileFromCounts([], 0.5)).toBeNull();
  });
});
