// both databases: rate limits
// Invalid sign-up attempts count against nothing (lib/domain/advertisers/sign-up.ts):
// refused by the schema before the per-address and the global counts, so empty
// or malformed attempts from anywhere cannot shut sign-up off for everyone. Its
// own file: a fresh database, so every count here is this test's.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { actionRequest } from "@/test/server-action-request";
import { randomBase62 } from "@/lib/ids";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { signUp } from "./actions";

vi.mock("next/headers", () => import("@/test/server-action-request"));
beforeEach(() => {
  actionRequest.ip = "127.0.0.1";
});

describe("F5: invalid sign-up attempts count against no limit", () => {
  it("F5: more empty attempts than the global cap, from many addresses and from one, leave sign-up open", async () => {
    const global = RATE_LIMIT_POLICIES.sign_up_all.points;
    for (let n = 0; n <= global; n++) {
      actionRequest.ip = n % 2 ? "198.51.100.9" : `203.0.${n >> 8}.${n & 0xff}`;
      const answer = await signUp({ name: "", userName: "Pat Doe", email: "", password: "" });
      expect(answer.ok).toBe(false);
      expect(answer.formError ?? "").not.toMatch(/Too many|busy/);
    }
    actionRequest.ip = "198.51.100.9";
    const email = `open-${randomBase62(10).toLowerCase()}@example.test`;
    expect(await signUp({ name: "Open Co", userName: "Pat Doe", email, password: "correct horse battery" })).toEqual({
      ok: true,
      fieldErrors: {},
    });
  });
});
