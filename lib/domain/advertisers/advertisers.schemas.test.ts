import { describe, expect, it } from "vitest";
import { ADVERTISER_NAME_MAX, createAdvertiserInput, PASSWORD_MAX, PASSWORD_MIN } from "./advertisers.schemas";

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
  });
});
