// both databases: the delivery stores' SQL
// Publisher authentication: a valid key is remembered for 30 s (the hot path does
// not hash and query per decision), so a revocation takes effect within 30 s; a
// refused key is never remembered, and a malformed header is refused outright.
import { describe, expect, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { appErrorOf } from "@/test/errors";
import { requirePlatformKey } from "./platform-auth";

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

describe("requirePlatformKey", () => {
  it("remembers a valid key for 30 s: a revocation applies once that has passed", async () => {
    const { id, key } = await createPlatformKey("Platform A", { sandbox: true });
    expect(await requirePlatformKey(`Bearer ${key}`, fixedClock(T0))).toMatchObject({ sandbox: true, keyId: id });
    await db().platformKey.update({ where: { id }, data: { revokedAt: new Date(T0) } });
    expect(await requirePlatformKey(`bearer ${key}`, fixedClock(T0 + 29_999))).toMatchObject({
      sandbox: true,
      keyId: id,
    });
    const error = await appErrorOf(requirePlatformKey(`Bearer ${key}`, fixedClock(T0 + 30_000)));
    expect(error.code).toBe("unauthorized");
    expect(error.headers).toEqual({ "WWW-Authenticate": 'Bearer realm="delivery"' });
  });

  it("does not remember a refusal: a key refused once is accepted as soon as it is valid", async () => {
    const { id, key } = await createPlatformKey("Platform B");
    await db().platformKey.update({ where: { id }, data: { revokedAt: new Date(T0) } });
    expect((await appErrorOf(requirePlatformKey(`Bearer ${key}`, fixedClock(T0)))).code).toBe("unauthorized");
    await db().platformKey.update({ where: { id }, data: { revokedAt: null } });
    expect(await requirePlatformKey(`Bearer ${key}`, fixedClock(T0 + 1))).toEqual({ sandbox: false, keyId: id });
  });

  it.each([undefined, "", "Basic abc", "Bearer", "Bearer a b"])("refuses the header %j", async (header) => {
    expect((await appErrorOf(requirePlatformKey(header, fixedClock(T0)))).code).toBe("unauthorized");
  });
});
