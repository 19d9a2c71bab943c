// Idempotency-Key for the REST API's writes (docs/decisions/1300), Stripe's
// convention: a key is claimed per advertiser before the write runs, together
// with a fingerprint of the request (the API client that sent it, method, path,
// raw body). The response is then stored and replayed to any retry with the same
// key for 24 hours. The same key with another request, another client of the
// advertiser's included, is refused (422 idempotency_key_reused), so a response
// is only ever replayed to the client that made it; a retry while the first
// request still runs is refused (409 idempotency_in_flight). A client error
// (4xx) changed nothing, so it releases the key; a server error is stored and
// replayed like a success, because the write may have happened. Stored bodies
// are sealed (AES-256-GCM, lib/auth/sealing.ts): a webhook's signing secret in
// registerWebhookEndpoint's answer is not kept in plain text (docs/decisions/1307).
import { createHash } from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import { isSealed, seal, unseal } from "@/lib/auth/sealing";
import { DAY_MS, MINUTE_MS, nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError, isUniqueViolation, validationError } from "@/lib/errors";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_TTL_MS = DAY_MS;
/** An in-flight claim older than this was interrupted by a fault (its outcome is unknown). */
export const IDEMPOTENCY_STALE_MS = MINUTE_MS;
/** Visible ASCII, 1 to 255 characters (UUIDs, AdCP's 16-255 [A-Za-z0-9_.:-] keys, Stripe's keys). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

export type IdempotentRequest = { key: string; method: string; path: string; body: string };
export type StoredResponse = { status: number; contentType: string | null; body: string };

export type IdempotencyClaim = {
  /** Records the response; retries with the same key get it back. */
  complete(response: StoredResponse): Promise<void>;
  /** Frees the key (the request changed nothing). */
  release(): Promise<void>;
};

export type IdempotencyOutcome =
  { replay: StoredResponse; claim?: never } | { claim: IdempotencyClaim; replay?: never };

/** Sealing purpose of stored response bodies. */
const SEALED_BODY = "idempotency-response";

/** Who sent the request: a connected app (its grant), the API client of a token, or the dashboard session. */
function callerOf(actor: Actor): string {
  if (actor.grantId) return `grant ${actor.grantId}`;
  return actor.clientId ? `client ${actor.clientId}` : `${actor.via} ${actor.userId ?? ""}`;
}

function fingerprint(actor: Actor, request: IdempotentRequest): string {
  return createHash("sha256")
    .update(`${callerOf(actor)}\n`)
    .update(`${request.method.toUpperCase()} ${request.path}\n`)
    .update(request.body)
    .digest("hex");
}

/** What a sealed body is bound to: its row and the request it answers. */
function sealContext(advertiserId: string, key: string, print: string): string {
  return `${advertiserId}\n${key}\n${print}`;
}

/** Claims `request.key` for the actor's advertiser, or returns the stored response of an earlier identical request. */
export async function beginIdempotentRequest(
  actor: Actor,
  request: IdempotentRequest,
  options: { clock?: Clock } = {},
): Promise<IdempotencyOutcome> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(request.key)) {
    throw validationError([
      { path: "Idempotency-Key", message: "must be 1 to 255 visible ASCII characters (for example a UUID)" },
    ]);
  }
  const now = nowDate(options.clock);
  const advertiserId = actor.advertiserId;
  const print = fingerprint(actor, request);
  const where = { advertiserId_key: { advertiserId, key: request.key } };

  // keys live 24 hours: drop this advertiser's expired ones (the same key may then be claimed again)
  await db().idempotencyKey.deleteMany({ where: { advertiserId, expiresAt: { lte: now } } });
  for (let attempt = 1; ; attempt++) {
    try {
      await db().idempotencyKey.create({
        data: {
          advertiserId,
          key: request.key,
          fingerprint: print,
          state: "in_flight",
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        },
      });
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await db().idempotencyKey.findUnique({ where });
    if (!existing) {
      // released between our insert and our read: claim it again
      if (attempt < 3) continue;
      throw new AppError("idempotency_in_flight", {
        detail: "A request with this Idempotency-Key is being processed; retry.",
        headers: { "Retry-After": "1" },
      });
    }
    if (existing.fingerprint !== print) {
      throw new AppError("idempotency_key_reused", {
        detail:
          "This Idempotency-Key was used in the last 24 hours for a different request (another API client of the advertiser, or another method, path or body). Use a new key for a new request.",
      });
    }
    if (existing.state === "completed" && existing.responseStatus !== null) {
      const stored = existing.responseBody ?? "";
      // a body stored before sealing existed is replayed as it is (it expires within 24 hours)
      const body = isSealed(stored)
        ? await unseal(SEALED_BODY, stored, sealContext(advertiserId, request.key, print), options.clock)
        : stored;
      if (body === null) {
        throw new AppError("idempotency_in_flight", {
          detail:
            "The response to the first request with this Idempotency-Key can no longer be read (the server's key was rotated since): check whether it took effect, and use a new key to try again.",
        });
      }
      return { replay: { status: existing.responseStatus, contentType: existing.responseType, body } };
    }
    const interrupted = now.getTime() - existing.createdAt.getTime() > IDEMPOTENCY_STALE_MS;
    throw new AppError("idempotency_in_flight", {
      detail: interrupted
        ? "The first request with this Idempotency-Key was interrupted by a fault before its outcome was recorded: check whether it took effect, and use a new key to try again."
        : "A request with this Idempotency-Key is still being processed; retry shortly to get its response.",
      headers: interrupted ? {} : { "Retry-After": "1" },
    });
  }

  return {
    claim: {
      complete: async (response) => {
        const sealed = await seal(
          SEALED_BODY,
          response.body,
          sealContext(advertiserId, request.key, print),
          options.clock,
        );
        await db().idempotencyKey.updateMany({
          where: { advertiserId, key: request.key, fingerprint: print, state: "in_flight" },
          data: {
            state: "completed",
            responseStatus: response.status,
            responseType: response.contentType,
            responseBody: sealed,
          },
        });
      },
      release: async () => {
        await db().idempotencyKey.deleteMany({
          where: { advertiserId, key: request.key, fingerprint: print, state: "in_flight" },
        });
      },
    },
  };
}
