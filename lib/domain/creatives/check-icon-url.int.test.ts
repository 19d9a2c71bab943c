// The icon check's own limits: per-advertiser rate limit (counted before the
// outbound HEAD), the default https port only, and one message for every cause
// with the cause in the log; a pass remembered for 10 minutes, a failure never.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { logger } from "@/lib/log";
import { fixedClock } from "@/lib/clock";
import { consumeRateLimit, RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { collectRateLimits } from "@/lib/rate-limit/headers";
import { appErrorOf } from "@/test/errors";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { assertIconReachable, ICON_PASS_TTL_MS, ICON_UNREACHABLE_MESSAGE } from "./check-icon-url";

let icons: IconServer;
const actorOf = (advertiserId: string): Actor => actorFor(advertiserId, ["campaigns:write"]);

beforeAll(async () => {
  icons = await startIconServer();
});
afterAll(() => icons.close());
let spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
  spies = [];
});
function spyOnInfo() {
  const spy = vi.spyOn(logger(), "info");
  spies.push(spy);
  return spy;
}

describe("assertIconReachable", () => {
  it("refuses an https URL on another port than 443 before any lookup, and logs why", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const info = spyOnInfo();
    const error = await appErrorOf(
      assertIconReachable(actorOf(advertiserId), "https://icon.invalid:8443/i.png", "icon_url"),
    );
    expect(error.code).toBe("icon_unreachable");
    expect(error.fieldErrors).toEqual([{ path: "icon_url", message: ICON_UNREACHABLE_MESSAGE }]);
    // without the port rule this would have been a DNS failure
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ cause: expect.stringMatching(/^refused: port/) }),
      "icon check failed",
    );
  });

  it("answers refused, timed out and wrong status alike; the log tells them apart", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const actor = actorOf(advertiserId);
    const info = spyOnInfo();
    const messages = [];
    for (const [url, timeoutMs] of [
      [`https://127.0.0.1:${icons.trapPort}/x.png`, undefined],
      [icons.url("/slow.png"), 200],
      [icons.url("/missing.png"), undefined],
    ] as const) {
      messages.push((await appErrorOf(assertIconReachable(actor, url, "icon_url", { timeoutMs }))).detail);
    }
    expect(new Set(messages)).toEqual(new Set([`icon_url ${ICON_UNREACHABLE_MESSAGE}.`]));
    const causes = info.mock.calls.map(([fields]) => (fields as { cause: string }).cause);
    expect(causes).toEqual([
      expect.stringMatching(/^refused: port/),
      expect.stringMatching(/^failed: timeout/),
      "HTTP 404",
    ]);
  });

  it("counts every fetch per advertiser: past the limit 429 rate_limited, without a request; others unaffected", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const other = await createTestAdvertiser();
    const { points } = RATE_LIMIT_POLICIES.icon_check;
    const headsBefore = icons.heads.length;
    // distinct icons: each one is fetched, and counted
    for (let i = 0; i < points; i++) {
      await assertIconReachable(actorOf(advertiserId), icons.url(`/icon.png?n=${i}`), "icon_url");
    }
    expect(icons.heads.length - headsBefore).toBe(points);
    const limited = await appErrorOf(
      assertIconReachable(actorOf(advertiserId), icons.url("/icon.png?n=61"), "icon_url"),
    );
    expect(limited.code).toBe("rate_limited");
    expect(limited.headers).toMatchObject({ "RateLimit-Limit": String(points), "RateLimit-Remaining": "0" });
    expect(icons.heads.length - headsBefore).toBe(points);
    await expect(
      assertIconReachable(actorOf(other.advertiserId), icons.url("/icon.png?n=61"), "icon_url"),
    ).resolves.toBeUndefined();
    // an icon that passed within the limit still passes, without a request
    await expect(
      assertIconReachable(actorOf(advertiserId), icons.url("/icon.png?n=0"), "icon_url"),
    ).resolves.toBeUndefined();
    expect(icons.heads.length - headsBefore).toBe(points + 1);
  });
});

describe("assertIconReachable remembers passes (docs/decisions/0914)", () => {
  it("fetches an icon that passed once: 70 checks of one URL in a minute all pass and spend one count", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const url = icons.url("/bulk.png");
    const headsBefore = icons.heads.length;
    for (let i = 0; i < 70; i++) await assertIconReachable(actorOf(advertiserId), url, "icon_url");
    expect(icons.heads.length - headsBefore).toBe(1);
    const left = await consumeRateLimit("icon_check", advertiserId);
    expect(left.headers["RateLimit-Remaining"]).toBe(String(RATE_LIMIT_POLICIES.icon_check.points - 2));
  });

  it("shares one request between concurrent checks of one URL", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const url = icons.url("/together.png");
    const headsBefore = icons.heads.length;
    await Promise.all(Array.from({ length: 10 }, () => assertIconReachable(actorOf(advertiserId), url, "icon_url")));
    expect(icons.heads.length - headsBefore).toBe(1);
  });

  it("never remembers a failure: a failing icon is fetched (and counted) every time", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const url = icons.url("/missing.png");
    const headsBefore = icons.heads.length;
    for (const path of ["icon_url", "creative.icon_url"]) {
      const error = await appErrorOf(assertIconReachable(actorOf(advertiserId), url, path));
      expect(error.code).toBe("icon_unreachable");
      expect(error.fieldErrors).toEqual([{ path, message: ICON_UNREACHABLE_MESSAGE }]);
    }
    expect(icons.heads.length - headsBefore).toBe(2);
    const left = await consumeRateLimit("icon_check", advertiserId);
    expect(left.headers["RateLimit-Remaining"]).toBe(String(RATE_LIMIT_POLICIES.icon_check.points - 3));
  });

  it("remembers a pass for 10 minutes of the clock, per advertiser", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const other = await createTestAdvertiser();
    const url = icons.url("/ten-minutes.png");
    const start = Date.parse("2026-03-01T12:00:00Z");
    const at = (ms: number) => ({ clock: fixedClock(start + ms) });
    const headsBefore = icons.heads.length;
    await assertIconReachable(actorOf(advertiserId), url, "icon_url", at(0));
    await assertIconReachable(actorOf(advertiserId), url, "icon_url", at(ICON_PASS_TTL_MS - 1));
    expect(icons.heads.length - headsBefore).toBe(1);
    // another advertiser's pass is not this one's
    await assertIconReachable(actorOf(other.advertiserId), url, "icon_url", at(1));
    expect(icons.heads.length - headsBefore).toBe(2);
    await assertIconReachable(actorOf(advertiserId), url, "icon_url", at(ICON_PASS_TTL_MS));
    expect(icons.heads.length - headsBefore).toBe(3);
  });

  it("shows what is left on a remembered pass without counting it", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const url = icons.url("/shown.png");
    const { points } = RATE_LIMIT_POLICIES.icon_check;
    const shown: Record<string, string> = {};
    await collectRateLimits(shown, () => assertIconReachable(actorOf(advertiserId), url, "icon_url"));
    expect(shown["RateLimit-Remaining"]).toBe(String(points - 1));
    const again: Record<string, string> = {};
    await collectRateLimits(again, () => assertIconReachable(actorOf(advertiserId), url, "icon_url"));
    expect(again).toMatchObject({ "RateLimit-Limit": String(points), "RateLimit-Remaining": String(points - 1) });
    expect(Number(again["RateLimit-Reset"])).toBeGreaterThan(0);
  });
});
