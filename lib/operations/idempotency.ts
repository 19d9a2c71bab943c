// Idempotency keys for operations (docs/decisions/1300, 1307): a write declared
// `idempotent` that is called with a key (REST's Idempotency-Key header,
// GraphQL's @idempotent(key:) directive, MCP's idempotency_key through REST) runs
// once; a retry with the same key and the same input gets the first result back,
// whatever transport it comes through. The key's store (claim, fingerprint of the
// caller and the request, sealed result, 24 hours) is
// lib/domain/idempotency/idempotent-request.ts.
import type { Logger } from "pino";
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import { beginIdempotentRequest } from "@/lib/domain/idempotency/idempotent-request";
import { AppError, toAppError } from "@/lib/errors";
import type { AnyOperation } from "./operation";

/** JSON with the domain's bigints and Dates kept, so that a replayed result is the result. */
export function encodeResult(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, item: unknown) {
    const raw = this[key];
    if (typeof raw === "bigint") return { $bigint: raw.toString() };
    if (raw instanceof Date) return { $date: raw.toISOString() };
    return item;
  });
}

export function decodeResult(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const tagged = value as { $bigint?: unknown; $date?: unknown };
      const keys = Object.keys(value);
      if (keys.length === 1 && typeof tagged.$bigint === "string") return BigInt(tagged.$bigint);
      if (keys.length === 1 && typeof tagged.$date === "string") return new Date(tagged.$date);
    }
    return value;
  });
}

/** Keys in a fixed order, so that the same input gives the same fingerprint however it was written. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

const FAULT = 500;

export type Idempotent<R> = { result: R; replayed: boolean };

/**
 * Runs `run` once per (advertiser, key): the first call claims the key with a
 * fingerprint of the caller, the operation and its parsed input; a retry with
 * the same key gets the stored result (`replayed`). A client error changed
 * nothing and frees the key; a fault may have written, so the key keeps it.
 */
export async function runIdempotently<R>(
  operation: AnyOperation,
  actor: Actor,
  key: string,
  input: unknown,
  run: () => Promise<R>,
  options: { clock?: Clock; log?: Logger } = {},
): Promise<Idempotent<R>> {
  const outcome = await beginIdempotentRequest(
    actor,
    { key, method: "OPERATION", path: operation.name, body: encodeResult(canonical(input)) },
    options,
  );
  if (outcome.replay) {
    if (outcome.replay.status === FAULT) {
      throw new AppError("idempotency_in_flight", {
        detail:
          "The first request with this Idempotency-Key failed with an unexpected error: check whether it took effect, and use a new key to try again.",
      });
    }
    return { result: decodeResult(outcome.replay.body) as R, replayed: true };
  }
  const claim = outcome.claim;
  let result: R;
  try {
    result = await run();
  } catch (error) {
    const recorded =
      toAppError(error).status < 500 ? claim.release() : claim.complete({ status: FAULT, contentType: null, body: "" });
    await recorded.catch((err: unknown) => options.log?.error({ err }, "idempotency key store"));
    throw error;
  }
  const stored = operation.storedForReplay ? operation.storedForReplay(result) : result;
  // the write succeeded: answer it even if recording fails (the key then stays in flight, so a retry is refused)
  await claim
    .complete({ status: 200, contentType: "application/json", body: encodeResult(stored) })
    .catch((err: unknown) => options.log?.error({ err }, "idempotency key store"));
  return { result, replayed: false };
}
