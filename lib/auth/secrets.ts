// Client secrets and platform keys are 32 random bytes: stored as SHA-256 and
// compared in constant time. A slow password hash adds nothing at that entropy.
import { createHash, timingSafeEqual } from "node:crypto";
import { randomBase62 } from "@/lib/ids";

export function newSecret(prefix: string): string {
  return `${prefix}_${randomBase62(43)}`; // 43 base62 chars ≈ 256 bits
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
