// both databases: rate limits
// The limiter keys a policy counted per client address by the address's bucket
// (an IPv6 /64, an IPv4 address, IPv4-mapped as IPv4), whichever caller passes
// the address: counting and refunding (limitFailures) both.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { consumeRateLimit, limitFailures, RATE_LIMIT_POLICIES } from "./limiter";

describe("per-address policies", () => {
  it("share one count between two addresses of one IPv6 /64, and not between two /64s", async () => {
    const { points } = RATE_LIMIT_POLICIES.postback_miss;
    for (let i = 1; i <= points; i++) {
      const outcome = await consumeRateLimit("postback_miss", `2001:db8:aa:1:${i.toString(16)}::1`);
      expect(outcome.allowed).toBe(true);
    }
    expect((await consumeRateLimit("postback_miss", "2001:db8:aa:1:ffff:ffff:ffff:ffff")).allowed).toBe(false);
    const other = await consumeRateLimit("postback_miss", "2001:db8:aa:2::1");
    expect(other.allowed).toBe(true);
    expect(other.headers["RateLimit-Remaining"]).toBe(String(points - 1));
  });

  it("count an IPv4-mapped address as the IPv4 address it carries", async () => {
    expect((await consumeRateLimit("token", "203.0.113.77")).headers["RateLimit-Remaining"]).toBe("9");
    expect((await consumeRateLimit("token", "::ffff:203.0.113.77")).headers["RateLimit-Remaining"]).toBe("8");
    expect((await consumeRateLimit("token", "::ffff:cb00:714d")).headers["RateLimit-Remaining"]).toBe("7");
  });

  it("refund a successful call to the bucket it was counted in (limitFailures across one /64)", async () => {
    const { points } = RATE_LIMIT_POLICIES.sign_in_ip;
    // many successes from rotating addresses cost nothing: each is refunded to the /64's count
    for (let i = 1; i <= points + 5; i++)
      await limitFailures("sign_in_ip", `2001:db8:bb:1::${i.toString(16)}`, ["unauthorized"], async () => "ok");
    const fail = () => {
      throw new AppError("unauthorized", { detail: "wrong password" });
    };
    for (let i = 1; i <= points; i++)
      await expect(
        limitFailures("sign_in_ip", `2001:db8:bb:1:${i.toString(16)}::9`, ["unauthorized"], async () => fail()),
      ).rejects.toMatchObject({ code: "unauthorized" });
    await expect(
      limitFailures("sign_in_ip", "2001:db8:bb:1:abcd::1", ["unauthorized"], async () => "ok"),
    ).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("leave other policies' keys as they are (an advertiser id is no address)", async () => {
    const { points } = RATE_LIMIT_POLICIES.webhook_send;
    for (let i = 0; i < points; i++) expect((await consumeRateLimit("webhook_send", "adv_one")).allowed).toBe(true);
    expect((await consumeRateLimit("webhook_send", "adv_one")).allowed).toBe(false);
    expect((await consumeRateLimit("webhook_send", "adv_two")).allowed).toBe(true);
  });
});
