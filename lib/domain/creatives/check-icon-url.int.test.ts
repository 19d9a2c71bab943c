// The icon check's own limits: per-advertiser rate limit (counted before the
// outbound HEAD), the default https port only, and one message for every cause
// with the cause in the log.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { logger } from "@/lib/log";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit";
import { appErrorOf } from "@/test/errors";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { assertIconReachable, ICON_UNREACHABLE_MESSAGE } from "./check-icon-url";

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

  it("counts every check per advertiser: past the limit 429 rate_limited, without a request; others unaffected", async () => {
    const { advertiserId } = await createTestAdvertiser();
    const other = await createTestAdvertiser();
    const { points } = RATE_LIMIT_POLICIES.icon_check;
    const headsBefore = icons.heads.length;
    for (let i = 0; i < points; i++) await assertIconReachable(actorOf(advertiserId), icons.url(), "icon_url");
    expect(icons.heads.length - headsBefore).toBe(points);
    const limited = await appErrorOf(assertIconReachable(actorOf(advertiserId), icons.url(), "icon_url"));
    expect(limited.code).toBe("rate_limited");
    expect(limited.headers).toMatchObject({ "RateLimit-Limit": String(points), "RateLimit-Remaining": "0" });
    expect(icons.heads.length - headsBefore).toBe(points);
    await expect(assertIconReachable(actorOf(other.advertiserId), icons.url(), "icon_url")).resolves.toBeUndefined();
  });
});
