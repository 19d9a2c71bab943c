import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { decodeProtectedHeader } from "jose";
import { fixedClock } from "@/lib/clock";
import { actorFromRequest } from "@/lib/auth/actor";
import { authenticateClient, CLIENT_STATUS_CACHE_MS } from "@/lib/auth/clients";
import { verifyPassword } from "@/lib/auth/passwords";
import { SESSION_SECRET_TTL_MS, sessionSecret } from "@/lib/auth/session-secret";
import { currentSigningKey, jwks, PUBLIC_KEYS_TTL_MS } from "@/lib/auth/signing-keys";
import { issueAccessToken, verifyAccessToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { PLATFORM_KEY_CACHE_MS, requirePlatformKey } from "@/lib/delivery/platform-auth";
import { signIn, viewerEmail, type Jar } from "@/test/dashboard-session";
import { env } from "@/lib/env";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { runAdmin } from "./admin";

const at = (ms: number) => ({ clock: fixedClock(ms) });

/**
 * The CLI in its own process, as an operator runs it (another process than this one, whose
 * caches stand for a running app instance's); `stdin`: what standard input holds.
 */
function adminProcessWith(stdin: string | undefined, ...args: string[]) {
  const result = spawnSync("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "silent" },
    encoding: "utf8",
    input: stdin ?? "",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function adminProcess(...args: string[]) {
  return adminProcessWith(undefined, ...args);
}

/** The same command in this process (the process above adds only the migrations and the exit code). */
function adminWith(stdin: string | undefined, ...args: string[]) {
  return runAdmin(args, [stdin ?? ""]);
}

function admin(...args: string[]) {
  return adminWith(undefined, ...args);
}

/** The JSON error a failed command prints on stderr. */
function errorOf(stderr: string): { error: string; message: string; fields?: { path: string; message: string }[] } {
  return JSON.parse(stderr) as ReturnType<typeof errorOf>;
}

describe("operator CLI (npm run admin)", { timeout: 60_000 }, () => {
  it("creates an advertiser, a scoped client and a platform key, printing JSON", async () => {
    const advertiser = adminProcessWith(
      "a long password\n",
      "create-advertiser",
      "--name",
      "Acme",
      "--email",
      "Ops@Acme.test",
      "--password-stdin",
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
    expect(
      (await db().user.findFirstOrThrow({ where: { memberships: { some: { advertiserId: created.advertiser_id } } } }))
        .email,
    ).toBe("ops@acme.test");

    const client = await admin("create-client", "--advertiser", created.advertiser_id!, "--scopes", "reporting:read");
    expect(client.code).toBe(0);
    const scoped = JSON.parse(client.stdout) as Record<string, string>;
    expect((await db().apiClient.findUniqueOrThrow({ where: { id: scoped.client_id } })).scopes).toBe("reporting:read");
    // the change history names the operator for both keys, never their secrets (docs/decisions/1008)
    const history = await db().change.findMany({
      where: { advertiserId: created.advertiser_id },
      orderBy: { id: "asc" },
    });
    expect(history.map((row) => [row.actorType, row.actorId, row.operation, row.targetId])).toEqual([
      ["system", "operator", "createAdvertiser", created.client_id],
      ["system", "operator", "createApiClient", scoped.client_id],
    ]);
    expect(JSON.parse(history[1]!.fields)).toMatchObject({ scopes: { from: null, to: ["reporting:read"] } });
    expect(history.map((row) => row.fields).join()).not.toContain(scoped.client_secret);

    const key = await admin("create-platform-key", "--name", "Acme app");
    expect(key.code).toBe(0);
    expect(JSON.parse(key.stdout)).toEqual({
      key_id: expect.stringMatching(/^pk_/),
      key: expect.stringMatching(/^pk_[A-Za-z0-9]{43}$/),
    });
  });

  it.each([
    [
      ["create-advertiser", "--name", "X", "--email", "not-an-email", "--password-stdin"],
      /"path":"email"/,
      "a long password\n",
    ],
    [["create-advertiser", "--name", "X", "--email", "x@y.test"], /--password-stdin is required/],
    [["create-advertiser", "--name", "X", "--email", "x@y.test", "--password-stdin"], /no password on its first line/],
    [["create-client", "--advertiser", "adv_missing"], /advertiser adv_missing not found/],
    [["create-client", "--advertiser", "adv_missing", "--scopes", "root"], /unknown scope root/],
    [["create-platform-key"], /--name is required/],
    [["launch-rockets"], /unknown command: launch-rockets/],
    [["create-platform-key", "--name", "x", "--bogus"], /Unknown option '--bogus'/],
    [["retire-signing-key"], /--kid is required/],
    [["retire-signing-key", "--kid", "key_nope"], /No signing key key_nope\./],
    [["revoke-client"], /--client is required/],
    [["revoke-client", "--client", "cli_nope"], /No API client cli_nope\./],
    [["revoke-platform-key", "--key-id", "pk_nope"], /No platform key pk_nope\./],
    [["reset-password", "--email", "nobody@acme.test", "--password-stdin"], /no password on its first line/],
  ])("refuses bad input %j with a JSON error and a non-zero exit", async (args, message, stdin?: string) => {
    const result = await adminWith(stdin, ...(args as string[]));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(errorOf(result.stderr).error).toEqual(expect.any(String));
    expect(result.stderr).toMatch(message);
  });

  it("refuses a password in the arguments, in either form, before anything is created", async () => {
    for (const args of [
      ["create-advertiser", "--name", "Argv", "--email", "argv@acme.test", "--password", "a long password"],
      ["reset-password", "--email", "argv@acme.test", "--password-stdin", "--password=a long password"],
    ]) {
      const result = await adminWith("a long password\n", ...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stdout).toBe("");
      const error = errorOf(result.stderr);
      expect(error.error).toBe("usage");
      expect(error.message).toMatch(/--password is not accepted.*--password-stdin/);
    }
    expect(await db().user.count({ where: { email: "argv@acme.test" } })).toBe(0);
  });

  it("reads the password from the first line of standard input (CRLF too), checks its strength, and ignores later lines", async () => {
    const weak = await adminWith(
      "password1234\n",
      "create-advertiser",
      "--name",
      "Weak",
      "--email",
      "weak@acme.test",
      "--password-stdin",
    );
    expect(weak.code).toBe(1);
    expect(errorOf(weak.stderr)).toMatchObject({
      error: "validation_failed",
      fields: [{ path: "password", message: expect.stringMatching(/commonly used password/) }],
    });
    const created = await adminWith(
      "first line is the password\r\nsecond line is not\n",
      "create-advertiser",
      "--name",
      "Piped",
      "--email",
      "piped@acme.test",
      "--password-stdin",
    );
    expect(created.code, created.stderr).toBe(0);
    const user = await db().user.findUniqueOrThrow({ where: { email: "piped@acme.test" } });
    expect(await verifyPassword("first line is the password", user.passwordHash)).toBe(true);
    // no trailing newline at all works too
    const bare = await adminWith(
      "no newline at the end",
      "create-advertiser",
      "--name",
      "Bare",
      "--email",
      "bare@acme.test",
      "--password-stdin",
    );
    expect(bare.code, bare.stderr).toBe(0);
  });

  it("retire-signing-key prints the retired and the signing kid; this instance stops verifying the key's tokens once its cached keys expire, and signs with the new key", async () => {
    // past any keys this process cached earlier: it loads them afresh at t0
    const t0 = Date.now() + PUBLIC_KEYS_TTL_MS;
    const claims = { clientId: "cli_cli", advertiserId: "adv_cli", scopes: [] };
    const { token } = await issueAccessToken(claims, at(t0));
    const { kid } = await currentSigningKey(at(t0));
    expect(decodeProtectedHeader(token).kid).toBe(kid);
    // this process stands for another app instance: it has the keys cached from t0
    await expect(verifyAccessToken(token, at(t0))).resolves.toMatchObject({ advertiserId: "adv_cli" });

    const result = adminProcess("retire-signing-key", "--kid", kid);
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
    const result = adminProcess("rotate-session-secret");
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
    expect(errorOf(configured.stderr).message).toMatch(/SESSION_SECRET is set/);
    expect((await db().appSecret.findUniqueOrThrow({ where: { name: "session_secret" } })).value).toBe(stored.value);
  });

  it("refuses a second advertiser with the same email", async () => {
    const args = ["create-advertiser", "--name", "Dup", "--email", "dup@acme.test", "--password-stdin"];
    expect((await adminWith("a long password\n", ...args)).code).toBe(0);
    const again = await adminWith("a long password\n", ...args);
    expect(again.code).toBe(1);
    expect(errorOf(again.stderr)).toMatchObject({
      error: "conflict",
      message: expect.stringMatching(/already exists/),
    });
  });

  it("billing: set-billing, add-funds, issue-invoices, record-payment and credit-invoice print JSON; bad input is a usage or field error", async () => {
    const adv = await createTestAdvertiser("CLI Billing Co");
    const id = adv.advertiserId;
    const prepaid = await admin("set-billing", "--advertiser", id, "--mode", "prepaid");
    expect(prepaid.code).toBe(0);
    expect(JSON.parse(prepaid.stdout)).toMatchObject({ mode: "prepaid", balance_usd: 0, delivery_limited: true });
    const funded = await admin("add-funds", "--advertiser", id, "--amount", "250.5", "--reference", "wire 123");
    expect(JSON.parse(funded.stdout)).toMatchObject({ balance_usd: 250.5, delivery_limited: false });
    const badAmount = await admin("add-funds", "--advertiser", id, "--amount", "-3", "--reference", "x");
    expect(badAmount.code).toBe(1);
    expect(errorOf(badAmount.stderr).error).toBe("usage");
    const badMode = await admin("set-billing", "--advertiser", id, "--mode", "postpaid");
    expect(errorOf(badMode.stderr)).toMatchObject({ error: "validation_failed", fields: [{ path: "mode" }] });

    const invoiced = await admin("set-billing", "--advertiser", id, "--mode", "invoiced", "--credit-limit", "none");
    expect(JSON.parse(invoiced.stdout)).toMatchObject({ mode: "invoiced", credit_limit_usd: null });
    const row = await createTestCampaign({ advertiserId: id, name: "CLI campaign" });
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id: row.id }, include: { creatives: true } });
    await seedDelivery(campaign, [{ servedAtMs: Date.UTC(2024, 1, 10), costMicros: 4_000_000n }]);
    const issued = await admin("issue-invoices", "--month", "2024-02");
    expect(issued.code).toBe(0);
    const [invoice] = (
      JSON.parse(issued.stdout) as { issued: { number: string; advertiser_id: string }[] }
    ).issued.filter((document) => document.advertiser_id === id);
    expect(invoice!.number).toMatch(/^SMA-\d{4}-\d{6}$/);
    const paid = await admin("record-payment", "--invoice", invoice!.number, "--amount", "3", "--reference", "ach 9");
    expect(JSON.parse(paid.stdout)).toEqual({ invoice_number: invoice!.number, paid_usd: 3, status: "issued" });
    const credited = await admin(
      "credit-invoice",
      "--invoice",
      invoice!.number,
      "--amount",
      "1",
      "--reason",
      "goodwill",
    );
    expect(JSON.parse(credited.stdout)).toMatchObject({ credits: invoice!.number, total_usd: 1 });
    const settled = await db().invoice.findUniqueOrThrow({ where: { number: invoice!.number } });
    expect(settled.status).toBe("paid");
    const notOpen = await admin("issue-invoices", "--month", "2999-01");
    expect(errorOf(notOpen.stderr)).toMatchObject({ error: "validation_failed" });
  });

  it("revoke-client: no new token, and the client's tokens stop working (this instance at once once its cache is gone, others within 30 s)", async () => {
    const created = JSON.parse(
      (
        await adminWith(
          "a long password\n",
          "create-advertiser",
          "--name",
          "Rev",
          "--email",
          "rev@acme.test",
          "--password-stdin",
        )
      ).stdout,
    ) as Record<string, string>;
    const t0 = Date.now();
    const { token } = await issueAccessToken(
      { clientId: created.client_id!, advertiserId: created.advertiser_id!, scopes: ["campaigns:read"] },
      at(t0),
    );
    const bearerRequest = () =>
      new Request("http://sma.test/api/ads/campaigns", { headers: { authorization: `Bearer ${token}` } });
    // this process stands for a running instance: it has seen the client active
    await expect(actorFromRequest(bearerRequest(), at(t0))).resolves.toMatchObject({ clientId: created.client_id });

    const result = adminProcess("revoke-client", "--client", created.client_id!);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      client_id: created.client_id,
      revoked_at: expect.any(String),
      other_instances_within_s: CLIENT_STATUS_CACHE_MS / 1000,
    });
    expect((await db().apiClient.findUniqueOrThrow({ where: { id: created.client_id! } })).revokedAt).not.toBeNull();
    const revocation = await db().change.findFirstOrThrow({
      where: { targetId: created.client_id!, operation: "revokeApiClient" },
    });
    expect([revocation.actorType, revocation.actorId]).toEqual(["system", "operator"]);
    await expect(actorFromRequest(bearerRequest(), at(t0 + CLIENT_STATUS_CACHE_MS))).rejects.toThrow(
      "The API client of this token was revoked.",
    );
    expect(await authenticateClient(created.client_id!, created.client_secret!)).toBeNull();
    // again: the same revocation
    const again = await admin("revoke-client", "--client", created.client_id!);
    expect(JSON.parse(again.stdout).revoked_at).toBe(JSON.parse(result.stdout).revoked_at);
  });

  it("create-advertiser --sandbox makes a sandbox advertiser; without it the advertiser is real", async () => {
    const made = await Promise.all(
      [["--sandbox"], []].map(async (extra, index) => {
        const result = await adminWith(
          "a long password\n",
          "create-advertiser",
          "--name",
          `Sandbox ${index}`,
          "--email",
          `sandbox-${index}-${Date.now()}@acme.test`,
          "--password-stdin",
          ...extra,
        );
        expect(result.code, result.stderr).toBe(0);
        const id = (JSON.parse(result.stdout) as Record<string, string>).advertiser_id!;
        return (await db().advertiser.findUniqueOrThrow({ where: { id } })).sandbox;
      }),
    );
    expect(made).toEqual([true, false]);
  });

  it("revoke-platform-key: decisions with the key are refused (here once the 30 s cache is gone)", async () => {
    const created = JSON.parse((await admin("create-platform-key", "--name", "Revoked app")).stdout) as Record<
      string,
      string
    >;
    const t0 = Date.now();
    await expect(requirePlatformKey(`Bearer ${created.key}`, fixedClock(t0))).resolves.toEqual({
      sandbox: false,
      keyId: created.key_id,
    });

    const result = adminProcess("revoke-platform-key", "--key-id", created.key_id!);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      key_id: created.key_id,
      revoked_at: expect.any(String),
      other_instances_within_s: PLATFORM_KEY_CACHE_MS / 1000,
    });
    const refused = await requirePlatformKey(`Bearer ${created.key}`, fixedClock(t0 + PLATFORM_KEY_CACHE_MS)).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "unauthorized", detail: "Unknown or revoked platform key." });
  });

  it("reset-password: a new password from standard input, checked for strength; every session of the user ends", async () => {
    const created = JSON.parse(
      (
        await adminWith(
          "the first long password\n",
          "create-advertiser",
          "--name",
          "Reset",
          "--email",
          "reset@acme.test",
          "--password-stdin",
        )
      ).stdout,
    ) as Record<string, string>;
    const jar: Jar = new Map();
    expect(await signIn(jar, "reset@acme.test", "the first long password", "203.0.113.90")).not.toContain("error=");
    expect(await viewerEmail(jar)).toBe("reset@acme.test");

    const weak = await adminWith(
      "reset@acme.test\n",
      "reset-password",
      "--email",
      "reset@acme.test",
      "--password-stdin",
    );
    expect(weak.code).toBe(1);
    expect(errorOf(weak.stderr).error).toBe("validation_failed");
    expect(await viewerEmail(jar)).toBe("reset@acme.test");

    const unknown = await adminWith(
      "a second long password\n",
      "reset-password",
      "--email",
      "nobody@acme.test",
      "--password-stdin",
    );
    expect(unknown.code).toBe(1);
    expect(errorOf(unknown.stderr)).toEqual({
      error: "not_found",
      message: "No user with the email nobody@acme.test.",
    });

    const result = await adminWith(
      "a second long password\n",
      "reset-password",
      "--email",
      "Reset@Acme.test",
      "--password-stdin",
    );
    expect(result.code, result.stderr).toBe(0);
    const user = await db().user.findUniqueOrThrow({ where: { email: "reset@acme.test" } });
    expect(JSON.parse(result.stdout)).toEqual({ user_id: user.id, email: "reset@acme.test", sessions_ended: true });
    expect(await db().membership.count({ where: { userId: user.id, advertiserId: created.advertiser_id } })).toBe(1);
    expect(await viewerEmail(jar)).toBeNull();
    expect(await signIn(new Map(), "reset@acme.test", "the first long password", "203.0.113.91")).toContain("error=");
    expect(await signIn(new Map(), "reset@acme.test", "a second long password", "203.0.113.92")).not.toContain(
      "error=",
    );
  });
});
