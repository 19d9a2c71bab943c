// Hashes of earlier parameters: a user whose stored hash was made at N=2^14 (the
// cost of earlier releases) signs in through next-auth's route, and the stored hash
// is replaced by one at OWASP's 2^17; a wrong password, or a hash already at today's
// parameters, leaves the row as it is (docs/decisions/1422).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { sessionOf, signIn, viewerEmail, type Jar } from "@/test/dashboard-session";
import { reloadEnv } from "@/lib/env";
import { SCRYPT_PARAMS, hashPassword, verifyPassword } from "./passwords";

const PASSWORD = "correct horse battery";

/** New hashes at 2^cost, as an operator's PASSWORD_HASH_COST sets it. */
function passwordHashCost(cost: number) {
  process.env.PASSWORD_HASH_COST = String(cost);
  reloadEnv();
}

afterEach(() => passwordHashCost(10));

async function userWithOldHash() {
  const email = `rehash-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Rehash Co", email, password: PASSWORD });
  const old = await hashPassword(PASSWORD, { N: 16384, r: 8, p: 1 });
  await db().user.update({ where: { id: created.user_id }, data: { passwordHash: old } });
  return { email, userId: created.user_id, old };
}

const storedHash = async (userId: string) =>
  (await db().user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;

describe("password rehash on sign-in", () => {
  it("signs in with a hash of the earlier format and stores it again at OWASP's cost", async () => {
    passwordHashCost(17);
    const user = await userWithOldHash();
    expect(user.old.startsWith("scrypt$16384$8$1$")).toBe(true);

    // a wrong password changes nothing
    expect(await signIn(new Map(), user.email, "not the password 1", "203.0.113.51")).toContain("error=");
    expect(await storedHash(user.userId)).toBe(user.old);

    const jar: Jar = new Map();
    expect(await signIn(jar, user.email, PASSWORD, "203.0.113.52")).not.toContain("error=");
    expect(sessionOf(jar)).toBeTruthy();
    expect(await viewerEmail(jar)).toBe(user.email);
    const rehashed = await storedHash(user.userId);
    expect(rehashed.startsWith(`scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$`)).toBe(true);
    expect(await verifyPassword(PASSWORD, rehashed)).toBe(true);
    // the rehash is the same password: sessions go on (no new session version)
    expect((await db().user.findUniqueOrThrow({ where: { id: user.userId } })).sessionVersion).toBe(0);

    // at today's parameters already: the next sign-in leaves it
    expect(await signIn(new Map(), user.email, PASSWORD, "203.0.113.53")).not.toContain("error=");
    expect(await storedHash(user.userId)).toBe(rehashed);
  });
});
