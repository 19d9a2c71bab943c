// Writes that one AdCP task makes in several REST calls each get their own
// Idempotency-Key, derived from the task's key, so a retried task repeats none.
import { createHash } from "node:crypto";

export function subKey(key: string, suffix: string): string {
  const derived = `${key}:${suffix}`;
  return derived.length <= 255 ? derived : `${createHash("sha256").update(key).digest("hex")}:${suffix}`;
}
