// The policies' numbers in words, as the docs pages print them.
import { describe, expect, it } from "vitest";
import { perWindow, RATE_LIMIT_POLICIES, rateLimitText } from "./policies";

describe("perWindow", () => {
  it.each([
    [60, "per minute"],
    [900, "per 15 minutes"],
    [3600, "per hour"],
    [7200, "per 2 hours"],
    [1, "per second"],
    [30, "per 30 seconds"],
    [90, "per 90 seconds"],
  ])("words %i s as %s", (durationSec, words) => {
    expect(perWindow(durationSec)).toBe(words);
  });
});

describe("rateLimitText", () => {
  it("states a policy's points and window, with what is counted when named", () => {
    const { points } = RATE_LIMIT_POLICIES.report;
    expect(rateLimitText("report")).toBe(`${points} per minute`);
    expect(rateLimitText("report", "reports")).toBe(`${points} reports per minute`);
    expect(rateLimitText("sign_in_ip", "failed sign-ins")).toBe(
      `${RATE_LIMIT_POLICIES.sign_in_ip.points} failed sign-ins per 15 minutes`,
    );
    expect(rateLimitText("sign_up_ip")).toBe(`${RATE_LIMIT_POLICIES.sign_up_ip.points} per hour`);
  });
});
