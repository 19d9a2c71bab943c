// Runs an operation for a transport, applying what the operation declares, in
// one order for every transport: who may call it (401 without a caller, 403
// without its scope or, for the dashboard session's operations, with a token),
// its rate limit, U+0000 anywhere in the input (422 naming the field,
// docs/decisions/1421), the input schema (422 with field paths), then the
// idempotency key of a write (lib/operations/idempotency.ts), then the domain service.
import type { Actor } from "@/lib/auth/actor";
import { principalRoleRequiredError, requireScope, roleRequiredError } from "@/lib/auth/actor";
import { roleAtLeast } from "@/lib/auth/roles";
import { AppError, parseInput } from "@/lib/errors";
import { refuseNul } from "@/lib/http/nul";
import { consumeRateLimit, limitFailures, RATE_LIMIT_POLICIES, rateLimitedError } from "@/lib/rate-limit/limiter";
import type { RateLimitPolicy } from "@/lib/rate-limit/policies";
import { tracingEnabled, withSpan } from "@/lib/observability/tracing";
import { runIdempotently, type Idempotent } from "./idempotency";
import type { AnyOperation, Caller, InputOf, ResultOf, RunContext } from "./operation";
import { principalMayRun, roleOf, rulesOf, scopeOf } from "./operation";

export const UNAUTHENTICATED_DETAIL =
  "Authenticate with Authorization: Bearer <access token> (POST /api/auth/token) or the dashboard session.";

export const SESSION_REQUIRED_DETAIL =
  "This is account administration: sign in to the dashboard to do it (an access token cannot).";

/**
 * The caller's actor when it may run `operation`: 401 without one (unless public), 403
 * session_required for a token where the dashboard session is required, 403 role_required for a
 * dashboard member whose role is below the operation's (docs/decisions/1009), 403 without the scope,
 * 403 role_required for a token whose principal lacks the role the operation declares (1433).
 */
export function authorize(operation: AnyOperation, actor: Actor | null): Actor | null {
  if (operation.access === "public") return actor;
  if (!actor) {
    throw new AppError("unauthorized", {
      detail: UNAUTHENTICATED_DETAIL,
      headers: { "WWW-Authenticate": 'Bearer realm="sma"' },
    });
  }
  // a token could otherwise mint itself broader credentials, or revoke the ones it uses
  if (operation.access === "session" && actor.via !== "session")
    throw new AppError("session_required", { detail: SESSION_REQUIRED_DETAIL });
  if (actor.via === "session") {
    const least = roleOf(operation);
    // a session without a role is no member's: nothing but public operations
    if (!actor.role) throw new AppError("role_required", { detail: "You are not a member of this advertiser." });
    if (least && !roleAtLeast(actor.role, least)) throw roleRequiredError(actor.role, least);
    // the advertiser requires two-factor sign-in: nothing but setting it up until the member has it
    if (actor.twoFactorPending && !operation.whileTwoFactorPending) {
      throw new AppError("two_factor_required", {
        detail: "This advertiser requires two-factor sign-in: set it up at /two-factor first.",
      });
    }
  }
  const scope = scopeOf(operation);
  if (scope) requireScope(actor, scope);
  // the role an operation declares binds a token's principal too (docs/decisions/1433)
  if (!principalMayRun(operation, actor))
    throw principalRoleRequiredError(actor.principalRole, operation.role ?? "admin");
  return actor;
}

function limitKey(policy: RateLimitPolicy, actor: Actor | null, caller: Caller): string {
  const { keyBy } = RATE_LIMIT_POLICIES[policy];
  if (keyBy === "advertiser") {
    if (!actor) throw new Error(`policy ${policy} is keyed by advertiser: the operation must not be public`);
    return actor.advertiserId;
  }
  if (keyBy === "ip") return caller.clientAddress;
  if (keyBy === "all") return "all";
  throw new Error(`policy ${policy} (keyed by ${keyBy}) is counted by its service, not declared on an operation`);
}

function runContext(caller: Caller): RunContext {
  return {
    requestId: caller.requestId,
    log: caller.log,
    clock: caller.clock,
    clientAddress: caller.clientAddress,
    deviceCookie: caller.deviceCookie,
  };
}

/** Parses the input as the operation declares it: 422 validation_failed with field paths. */
export function parseOperationInput<O extends AnyOperation>(
  operation: O,
  raw: unknown,
  context: RunContext,
): InputOf<O> {
  refuseNul(raw);
  const schema = typeof operation.input === "function" ? operation.input(context) : operation.input;
  return parseInput(schema, raw) as InputOf<O>;
}

/**
 * Runs `operation` for `caller` with a transport's raw input (snake_case, as REST and OpenAPI
 * name fields); `replayed` when an idempotency key gave back an earlier call's result.
 */
export function invokeOnce<O extends AnyOperation>(
  operation: O,
  caller: Caller,
  raw: unknown,
): Promise<Idempotent<ResultOf<O>>> {
  // a span per operation when tracing is on, whichever transport called
  if (!tracingEnabled()) return invokeChecked(operation, caller, raw);
  return withSpan(operation.name, { "sma.operation": operation.name, "sma.request_id": caller.requestId }, () =>
    invokeChecked(operation, caller, raw),
  );
}

async function invokeChecked<O extends AnyOperation>(
  operation: O,
  caller: Caller,
  raw: unknown,
): Promise<Idempotent<ResultOf<O>>> {
  const actor = authorize(operation, caller.actor);
  const context = runContext(caller);
  // an operation that counts valid input only refuses the rest before any rule counts
  const checked = operation.limitValidInputOnly ? { input: parseOperationInput(operation, raw, context) } : null;
  const run = async (): Promise<Idempotent<ResultOf<O>>> => {
    const input = checked ? checked.input : parseOperationInput(operation, raw, context);
    const service = async () => (await operation.run(actor, input, context)) as ResultOf<O>;
    if (operation.idempotent && caller.idempotencyKey !== undefined && actor)
      return runIdempotently(operation, actor, caller.idempotencyKey, input, service, context);
    return { result: await service(), replayed: false };
  };
  // each rule in order: a refusal stops the call before the next one counts
  const limited = rulesOf(operation).reduceRight<() => Promise<Idempotent<ResultOf<O>>>>(
    (next, rule) => async () => {
      if (typeof rule !== "string")
        return limitFailures(rule.policy, limitKey(rule.policy, actor, caller), rule.failures, next);
      const outcome = await consumeRateLimit(rule, limitKey(rule, actor, caller));
      if (!outcome.allowed) throw rateLimitedError(outcome, rule);
      return next();
    },
    run,
  );
  return limited();
}

/** Runs `operation` for `caller` with a transport's raw input: its result (an idempotent replay's included). */
export async function invoke<O extends AnyOperation>(operation: O, caller: Caller, raw: unknown): Promise<ResultOf<O>> {
  return (await invokeOnce(operation, caller, raw)).result;
}
