import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { decodeProtectedHeader } from "jose";
import { fixedClock } from "@/lib/clock";
import { SESSION_SECRET_TTL_MS, sessionSecret } from "@/lib/auth/session-secret";
import { currentSigningKey, forgetPublicKeysForTests, jwks, PUBLIC_KEYS_TTL_MS } from "@/lib/auth/signing-keys";
import { issueAccessToken, verifyAccessToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";

const at = (ms: number) => ({ clock: fixedClock(ms) });

function admin(...args: string[]) {
  const result = spawnSync("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("operator CLI (npm run admin)", { timeout: 60_000 }, () => {
  it("creates an advertiser, a scoped client and a platform key, printing JSON", async () => {
    const advertiser = admin(
      "create-advertiser",
      "--name",
      "Acme",
      "--email",
      "Ops@Acme.test",
      "--password",
      "a long password",
    );
    expect(advertiser.code).toBe(0);
    const created = JSON.parse(advertiser.stdout) as Record<string, string>;
    expect(created).toEqual({
      advertiser_id: expect.stringMatching(/^adv_/),
      client_id: expect.stringMatching(/^cli_/),
      client_secret: expect.stringMatching(/^sk_/),
    });
    const stored = await db().apiClient.findUniqueOrThrow({ where: { id: created.client_id } });
    expect(stored.scopes).toBe("campaigns:read campaigns:write reporting:read");
    expect(stored.secretHash).not.toContain(created.client_secret);
    expect((await db().user.findFirstOrThrow({ where: { advertiserId: created.advertiser_id } })).email).toBe(
      "ops@acme.test",
    );

    const client = admin("create-client", "--advertiser", created.advertiser_id!, "--scopes", "reporting:read");
    expect(client.code).toBe(0);
    const scoped = JSON.parse(client.stdout) as Record<string, string>;
    expect((await db().apiClient.findUniqueOrThrow({ where: { id: scoped.client_id } })).scopes).toBe("reporting:read");

    const key = admin("create-platform-key", "--name", "Acme app");
    expect(key.code).toBe(0);
    expect(JSON.parse(key.stdout)).toEqual({ key: expect.stringMatching(/^pk_[A-Za-z0-9]{43}$/) });
  });

  it.each([
    [["create-advertiser", "--name", "X", "--email", "not-an-email", "--password", "a long password"], /email/],
    [["create-advertiser", "--name", "X", "--email", "x@y.test", "--password", "short"], /password: at least 10/],
    [["create-advertiser", "--name", "X", "--email", "x@y.test"], /--password is required/],
    [["create-client", "--advertiser", "adv_missing"], /advertiser adv_missing not found/],
    [["create-client", "--advertiser", "adv_missing", "--scopes", "root"], /unknown scope root/],
    [["create-platform-key"], /--name is required/],
    [["launch-rockets"], /unknown command: launch-rockets/],
    [["create-platform-key", "--name", "x", "--bogus"], /Unknown option '--bogus'/],
    [["retire-signing-key"], /--kid is required/],
    [["retire-signing-key", "--kid", "key_nope"], /No signing key key_nope\./],
  ])("refuses bad input %j with a message and a non-zero exit", (args, message) => {
    const result = admin(...(args as string[]));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
  });

  it("retire-signing-key prints the retired and the signing kid; this instance stops verifying the key's tokens once its cached keys expire, and signs with the new key", async () => {
    forgetPublicKeysForTests();
    const t0 = Date.now();
    const claims = { clientId: "cli_cli", advertiserId: "adv_cli", scopes: [] };
    const { token } = await issueAccessToken(claims, at(t0));
    const { kid } = await currentSigningKey(at(t0));
    expect(decodeProtectedHeader(token).kid).toBe(kid);
    // this process stands for another app instance: it has the keys cached from t0
    await expect(verifyAccessToken(token, at(t0))).resolves.toMatchObject({ advertiserId: "adv_cli" });

    const result = admin("retire-signing-key", "--kid", kid);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { retired_kid: string; signing_kid: string };
    expect(printed).toEqual({ retired_kid: kid, signing_kid: expect.stringMatching(/^key_/) });
    expect(printed.signing_kid).not.toBe(kid);
    const rows = await db().signingKey.findMany({ where: { retiredAt: null } });
    expect(rows.map((row) => row.kid)).toEqual([printed.signing_kid]);

    // documented: its tokens stop verifying on every instance within a minute (the cache's lifetime)
    await expect(verifyAccessToken(token, at(t0 + PUBLIC_KEYS_TTL_MS - 1))).resolves.toMatchObject({
      advertiserId: "adv_cli",
    });
    await expect(verifyAccessToken(token, at(t0 + PUBLIC_KEYS_TTL_MS))).rejects.toThrow(
      "token signed by an unknown key",
    );
    const later = at(t0 + PUBLIC_KEYS_TTL_MS);
    expect((await jwks(later)).keys.map((key) => key.kid)).toEqual([printed.signing_kid]);
    // and a minute on, this instance signs with the new key, whose tokens verify
    const fresh = await issueAccessToken(claims, later);
    expect(decodeProtectedHeader(fresh.token).kid).toBe(printed.signing_kid);
    await expect(verifyAccessToken(fresh.token, later)).resolves.toMatchObject({ advertiserId: "adv_cli" });
  });

  it("rotate-session-secret replaces the stored session key; this instance reads the new one once its cached key expires; refused while SESSION_SECRET is set", async () => {
    const t0 = Date.now();
    const before = await sessionSecret(fixedClock(t0));
    const result = admin("rotate-session-secret");
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ rotated: "session_secret", other_instances_within_s: 60 });
    const stored = await db().appSecret.findUniqueOrThrow({ where: { name: "session_secret" } });
    expect(stored.value).not.toBe(before);
    expect(stored.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // this process is "another instance": it keeps its key until the cache expires, then reads the new one
    expect(await sessionSecret(fixedClock(t0 + SESSION_SECRET_TTL_MS - 1))).toBe(before);
    expect(await sessionSecret(fixedClock(t0 + SESSION_SECRET_TTL_MS))).toBe(stored.value);

    const configured = spawnSync("node_modules/.bin/tsx", ["scripts/admin.ts", "rotate-session-secret"], {
      env: { ...process.env, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "silent", SESSION_SECRET: "s".repeat(32) },
      encoding: "utf8",
    });
    expect(configured.status).toBe(1);
    expect(configured.stderr).toMatch(/SESSION_SECRET is set/);
    expect((await db().appSecret.findUniqueOrThrow({ where: { name: "session_secret" } })).value).toBe(stored.value);
  });

  it("refuses a second advertiser with the same email", () => {
    const args = ["create-advertiser", "--name", "Dup", "--email", "dup@acme.test", "--password", "a long password"];
    expect(admin(...args).code).toBe(0);
    const again = admin(...args);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });
});
