// The estimates' region share (estimate-delivery.ts): the part of the lanes' recent impressions a campaign's
// region targeting could reach.
import { describe, expect, it } from "vitest";
import { regionShare } from "./estimate-delivery";

const mix = new Map([
  ["US-NJ", 40],
  ["US-NY", 30],
  ["CA-ON", 20],
  ["", 10],
]);

describe("regionShare", () => {
  it.each([
    [null, null, 1],
    [["US-NJ"], null, 0.4],
    [["US"], null, 0.7],
    [["US"], ["US-NY"], 0.4],
    [null, ["CA"], 0.8],
    [["GB"], null, 0],
  ])("target %j, excluded %j: %d", (target, excluded, share) => {
    expect(regionShare(mix, target, excluded)).toBeCloseTo(share, 9);
  });

  it("a gambling advertiser's licence narrows it as delivery does (never unknown; no licence: nothing)", () => {
    expect(regionShare(mix, null, null, ["US"])).toBeCloseTo(0.7, 9);
    expect(regionShare(mix, ["US-NJ", "CA-ON"], null, ["US-NJ"])).toBeCloseTo(0.4, 9);
    expect(regionShare(mix, null, null, null)).toBe(0);
  });

  it("is 0 without any sample", () => {
    expect(regionShare(new Map(), ["US"], null)).toBe(0);
  });
});
