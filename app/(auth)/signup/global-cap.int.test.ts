// both databases: rate limits
// The sign-up's global cap (sign_up_all, docs/decisions/1415): attempts from all
// addresses together, each one allowed by its own address's budget, are refused
// past the policy with a "try later" form error, and nothing is written. Its own
// file: a fresh database, so every count here is this test's.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { actionRequest } from "@/test/server-action-request";
import { db } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { signUp } from "./actions";

vi.mock("next/headers", () => import("@/test/server-action-request"));
beforeEach(() => {
  actionRequest.ip = "127.0.0.1";
});

const email = () => `cap-${randomBase62(10).toLowerCase()}@example.test`;
const PASSWORD = "correct horse battery";
/** long enough for the schema, refused by the strength check (which runs after the counts) */
const WEAK = "aaaaaaaaaaaa";
const counts = () => Promise.all([db().advertiser.count(), db().user.count(), db().apiClient.count()]);

describe("dashboard sign-up, all addresses together", () => {
  it(
    "refuses the attempt past the global policy from a fresh address, creating nothing; an address's own refusals do not count",
    { timeout: 60_000 },
    async () => {
      const perAddress = RATE_LIMIT_POLICIES.sign_up_ip.points;
      const global = RATE_LIMIT_POLICIES.sign_up_all.points;
      expect(global).toBeGreaterThan(perAddress);
      let counted = 0;

      // one address spends its own budget (valid attempts that fail, a weak password, cost as much as accounts) ...
      actionRequest.ip = "198.51.100.50";
      for (let i = 0; i < perAddress; i++, counted++)
        expect((await signUp({ name: "Weak Co", userName: "Pat Doe", email: email(), password: WEAK })).ok).toBe(false);
      // ... and what it is refused past that never reaches the global count
      for (let i = 0; i < 5; i++)
        expect(
          (await signUp({ name: "Noisy Co", userName: "Pat Doe", email: email(), password: PASSWORD })).formError,
        ).toMatch(/^Too many sign-up attempts from your network\./);

      // a bot spread over many networks: one attempt from each (IPv6 /64s and IPv4 addresses)
      for (let n = 0; counted < global - 1; n++, counted++) {
        actionRequest.ip =
          n % 2 ? `2001:db8:${(n >> 8).toString(16)}:${(n & 0xff).toString(16)}::1` : `203.0.${n >> 8}.${n & 0xff}`;
        const answer = await signUp({ name: "Spread Co", userName: "Pat Doe", email: email(), password: WEAK });
        expect(answer.fieldErrors.password, actionRequest.ip).toBeTruthy();
      }
      actionRequest.ip = "192.0.2.1";
      expect(await signUp({ name: "Last Co", userName: "Pat Doe", email: email(), password: PASSWORD })).toEqual({
        ok: true,
        fieldErrors: {},
      });

      const before = await counts();
      const refusedEmail = email();
      actionRequest.ip = "192.0.2.2";
      expect(await signUp({ name: "Late Co", userName: "Pat Doe", email: refusedEmail, password: PASSWORD })).toEqual({
        ok: false,
        fieldErrors: {},
        formError: expect.stringMatching(
          /^Sign-up is busy: too many accounts were requested in the last hour\. Try again in \d+ minutes?\.$/,
        ),
      });
      expect(await counts()).toEqual(before);
      expect(await db().user.count({ where: { email: refusedEmail } })).toBe(0);
    },
  );
});
