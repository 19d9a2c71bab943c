// The dashboard's sign-up (a server action): the advertiser and its user, and no
// API client (its secret would never be shown); the operator's createAdvertiser
// keeps making its default client; a taken email is a field error; every attempt
// counts against the client address, and past the budget nothing is created.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { actionRequest } from "@/test/server-action-request";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { signUp } from "./actions";

vi.mock("next/headers", () => import("@/test/server-action-request"));
beforeEach(() => {
  actionRequest.ip = "127.0.0.1";
});

const email = () => `signup-${randomBase62(10).toLowerCase()}@example.test`;
const PASSWORD = "correct horse battery";

describe("dashboard sign-up", () => {
  it("creates the advertiser and its user, and no API client", async () => {
    const address = email();
    expect(await signUp({ name: "Sign-up Co", userName: "Pat Doe", email: address, password: PASSWORD })).toEqual({
      ok: true,
      fieldErrors: {},
    });
    const user = await db().user.findUniqueOrThrow({ where: { email: address }, include: { memberships: true } });
    // the new user is the admin of the new advertiser (docs/decisions/1426), named as they said
    expect(user.memberships).toEqual([expect.objectContaining({ role: "admin" })]);
    expect(user.name).toBe("Pat Doe");
    const advertiserId = user.memberships[0]!.advertiserId;
    expect(await db().advertiser.count({ where: { id: advertiserId } })).toBe(1);
    expect(await db().apiClient.count({ where: { advertiserId } })).toBe(0);
    // invoiced, with SIGNUP_CREDIT_LIMIT_USD's default limit (and its 90 % mark)
    expect(await db().billingAccount.findUniqueOrThrow({ where: { advertiserId } })).toMatchObject({
      mode: "invoiced",
      creditLimitMicros: 100_000_000n,
      allowanceMicros: 100_000_000n,
      lowAtMicros: 90_000_000n,
    });
  });

  it("asks the person's name: without one it is a field error and nothing is created", async () => {
    const address = email();
    const answer = await signUp({ name: "Nameless Co", userName: "  ", email: address, password: PASSWORD });
    expect(answer).toEqual({ ok: false, fieldErrors: { userName: "Required" } });
    expect(await db().user.count({ where: { email: address } })).toBe(0);
  });

  it("leaves the operator's createAdvertiser with its default client holding every scope", async () => {
    const cliEmail = email();
    const created = await createAdvertiser({ name: "CLI Co", email: cliEmail, password: PASSWORD });
    // without a person's name, the operator's first user is named as the advertiser
    expect((await db().user.findUniqueOrThrow({ where: { email: cliEmail } })).name).toBe("CLI Co");
    const clients = await db().apiClient.findMany({ where: { advertiserId: created.advertiser_id } });
    expect(clients.map((client) => [client.id, client.name, client.scopes])).toEqual([
      [created.client_id, "Default client", "campaigns:read campaigns:write reporting:read"],
    ]);
    expect(created.client_secret.length).toBeGreaterThan(20);
    // the operator's advertisers have no credit limit until set-billing gives one
    expect(
      await db().billingAccount.findUniqueOrThrow({ where: { advertiserId: created.advertiser_id } }),
    ).toMatchObject({ creditLimitMicros: null, allowanceMicros: null });
  });

  it("answers a taken email and a short password as field errors", async () => {
    const address = email();
    await signUp({ name: "First Co", userName: "Pat Doe", email: address, password: PASSWORD });
    const taken = await signUp({ name: "Second Co", userName: "Pat Doe", email: address, password: PASSWORD });
    expect(taken.ok).toBe(false);
    expect(taken.fieldErrors.email).toBe("An account with this email already exists. Sign in instead.");
    const short = await signUp({ name: "Third Co", userName: "Pat Doe", email: email(), password: "short" });
    expect(short.fieldErrors.password).toBe("At least 10 characters");
  });

  it("refuses an easily guessed password with zxcvbn's feedback on the password field, creating nothing", async () => {
    const cases = [
      ["password1234", "This is similar to a commonly used password. Add more words that are less common."],
      ["qwertyuiopasdf", "This is similar to a commonly used password. Add more words that are less common."],
    ] as const;
    for (const [password, message] of cases) {
      const address = email();
      const answer = await signUp({ name: "Weak Co", userName: "Pat Doe", email: address, password });
      expect(answer, password).toEqual({ ok: false, fieldErrors: { password: message } });
      expect(await db().user.count({ where: { email: address } })).toBe(0);
    }
    // the email and the name are guessable words too
    const address = email();
    const own = await signUp({
      name: "Zanzibar Widgets",
      userName: "Pat Doe",
      email: address,
      password: "zanzibarwidgets",
    });
    expect(own.ok).toBe(false);
    expect(own.fieldErrors.password).toEqual(expect.any(String));
    expect(await db().user.count({ where: { email: address } })).toBe(0);
  });

  it("answers a NUL in a field (PostgreSQL's text cannot hold it) with that field's error, creating nothing", async () => {
    const address = email();
    const answer = await signUp({ name: "Nul\0 Co", userName: "Pat Doe", email: address, password: PASSWORD });
    expect(answer).toEqual({ ok: false, fieldErrors: { name: "Must not contain the NUL character (U+0000)" } });
    expect(await db().user.count({ where: { email: address } })).toBe(0);
  });

  it("answers an address longer than RFC 5321 allows with the email field's error (PostgreSQL's unique index refused it with a 500)", async () => {
    // random, so that PostgreSQL cannot compress the index entry under its 2.7 kB limit
    const domain = Array.from({ length: 90 }, () => randomBase62(60).toLowerCase()).join(".");
    const address = `signup@${domain}.test`;
    const answer = await signUp({ name: "Long Co", userName: "Pat Doe", email: address, password: PASSWORD });
    expect(answer).toEqual({ ok: false, fieldErrors: { email: "Too big: expected string to have <=254 characters" } });
    expect(await db().user.count({ where: { email: address } })).toBe(0);
  });

  it("answers a call without input (anyone can post to a server action) with field errors, not a fault", async () => {
    const answer = await signUp(null as unknown as Parameters<typeof signUp>[0]);
    expect(answer.ok).toBe(false);
    expect(answer.formError).toBeUndefined();
    expect(Object.keys(answer.fieldErrors).sort()).toEqual(["email", "name", "password", "userName"]);
  });

  it("refuses an address's attempts past the policy, creating nothing, while another address signs up", async () => {
    actionRequest.ip = "198.51.100.20";
    const { points } = RATE_LIMIT_POLICIES.sign_up_ip;
    // the budget spent by one account and failed valid attempts (a taken email, a weak password; a
    // short one is refused by the schema before any count)
    const taken = email();
    expect((await signUp({ name: "Budget Co", userName: "Pat Doe", email: taken, password: PASSWORD })).ok).toBe(true);
    for (let attempt = 2; attempt <= points; attempt++) {
      const failed =
        attempt % 2 === 0
          ? await signUp({ name: "Again Co", userName: "Pat Doe", email: taken, password: PASSWORD })
          : await signUp({ name: "Weak Co", userName: "Pat Doe", email: email(), password: "aaaaaaaaaaaa" });
      expect(failed.ok).toBe(false);
      expect(failed.formError).toBeUndefined();
    }

    const refusedEmail = email();
    const before = await Promise.all([db().advertiser.count(), db().user.count(), db().apiClient.count()]);
    const refused = await signUp({ name: "Refused Co", userName: "Pat Doe", email: refusedEmail, password: PASSWORD });
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {},
      formError: expect.stringMatching(/^Too many sign-up attempts from your network\. Try again in \d+ minutes?\.$/),
    });
    expect(await Promise.all([db().advertiser.count(), db().user.count(), db().apiClient.count()])).toEqual(before);
    expect(await db().user.count({ where: { email: refusedEmail } })).toBe(0);

    actionRequest.ip = "198.51.100.21";
    expect(
      await signUp({ name: "Elsewhere Co", userName: "Pat Doe", email: refusedEmail, password: PASSWORD }),
    ).toEqual({
      ok: true,
      fieldErrors: {},
    });
    expect(await db().user.count({ where: { email: refusedEmail } })).toBe(1);
  });
});
