// Password hashes: new ones at OWASP's scrypt cost (N=2^17, r=8, p=1) with their
// parameters in the string; hashes of other parameters (the 2^14 of earlier
// releases) still verify and are marked for a rehash; anything malformed or with
// parameters out of bounds is no match, never a fault or a huge allocation.
import { describe, expect, it } from "vitest";
import { SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from "./passwords";

const PASSWORD = "correct horse battery";
const OLD = { N: 16384, r: 8, p: 1 };

describe("password hashes", () => {
  it("hashes at OWASP's scrypt cost and says so in the stored string", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    // a new salt each time
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
  });

  it("verifies a hash of the earlier format (N=2^14) and marks it for a rehash", async () => {
    const old = await hashPassword(PASSWORD, OLD);
    expect(old.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(await verifyPassword(PASSWORD, old)).toBe(true);
    expect(await verifyPassword("wrong password", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("answers no match (and a rehash) for malformed or out-of-bounds hashes", async () => {
    const good = await hashPassword(PASSWORD, OLD);
    const [, , , , salt, key] = good.split("$");
    const cases = [
      "",
      "plain text",
      `bcrypt$16384$8$1$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}`,
      `scrypt$16384$8$1$${salt}$${key}$extra`,
      `scrypt$16385$8$1$${salt}$${key}`, // not a power of two
      `scrypt$${2 ** 21}$8$1$${salt}$${key}`, // 2 GiB for one check
      `scrypt$16384$64$1$${salt}$${key}`,
      `scrypt$16384$8$0$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$16384$8$1$${salt}$not+base64url`,
      `scrypt$-16384$8$1$${salt}$${key}`,
      `scrypt$1e4$8$1$${salt}$${key}`,
    ];
    for (const stored of cases) {
      expect(await verifyPassword(PASSWORD, stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(true);
    }
  });
});
