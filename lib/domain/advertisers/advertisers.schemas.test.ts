import { describe, expect, it } from "vitest";
import {
  ADVERTISER_NAME_MAX,
  createAdvertiserInput,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "./advertisers.schemas";

describe("sign-up schema", () => {
  const valid = { name: "Acme", email: " Ops@Example.test ", password: "x".repeat(PASSWORD_MIN) };

  it("holds the limits the sign-up form shows", () => {
    expect(createAdvertiserInput.parse(valid).email).toBe("ops@example.test");
    const short = createAdvertiserInput.safeParse({ ...valid, password: "x".repeat(PASSWORD_MIN - 1) });
    expect(short.error?.issues[0]?.message).toBe(`at least ${PASSWORD_MIN} characters`);
    expect(createAdvertiserInput.safeParse({ ...valid, password: "x".repeat(PASSWORD_MAX + 1) }).success).toBe(false);
    expect(createAdvertiserInput.safeParse({ ...valid, name: "n".repeat(ADVERTISER_NAME_MAX) }).success).toBe(true);
    expect(createAdvertiserInput.safeParse({ ...valid, name: "n".repeat(ADVERTISER_NAME_MAX + 1) }).success).toBe(
      false,
    );
    // the longest address RFC 5321 allows, counted after trimming and lower-casing
    const address = (length: number) => `${"a".repeat(64)}@${"b".repeat(length - 64 - 6)}.test`;
    expect(createAdvertiserInput.safeParse({ ...valid, email: ` ${address(EMAIL_MAX)} ` }).success).toBe(true);
    const long = createAdvertiserInput.safeParse({ ...valid, email: address(EMAIL_MAX + 1) });
    expect(long.error?.issues[0]?.path).toEqual(["email"]);
  });
});
