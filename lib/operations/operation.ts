// An operation: one use case of the service, declared once beside its domain
// service, with everything a transport must not decide for itself: who may call
// it (public, any signed-in advertiser, or a scope), the rate-limit policy it
// counts against, whether it changes something and may be retried with an
// idempotency key, its input schema and the schema of its REST answer. REST routes, GraphQL fields, MCP tools
// (through REST) and dashboard actions name an operation and only shape their
// protocol's request and answer (docs/decisions/1005).
import type { Logger } from "pino";
import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import type { Scope } from "@/lib/auth/scopes";
import type { Clock } from "@/lib/clock";
import type { ErrorCode } from "@/lib/errors";
import type { TargetType } from "@/lib/history/changes";
import type { RateLimitPolicy } from "@/lib/rate-limit/policies";

/**
 * Who may run an operation: anyone (no caller needed), any authenticated advertiser actor,
 * the dashboard session only (account administration: no access token, whatever its
 * scopes, docs/decisions/1106), or holders of a scope.
 */
export type Access = "public" | "authenticated" | "session" | Scope;

/** How an operation counts against a rate-limit policy: every call, or (`failures`) only calls that fail with these codes. */
export type RateLimitRule = RateLimitPolicy | { policy: RateLimitPolicy; failures: readonly ErrorCode[] };

/**
 * What a write records in the change history (lib/history, docs/decisions/1008): the kinds of
 * target its rows name, each row written in the transaction of its change; or, for a write
 * that changes no configuration (a test send, a conversion), why it records nothing.
 */
export type HistoryTargets = TargetType | readonly TargetType[] | { readonly none: string };

/** What a transport knows about the call, beyond its input. */
export type Caller = {
  /** null for a caller without credentials (public operations only) */
  actor: Actor | null;
  requestId: string;
  log: Logger;
  clock: Clock;
  /** the client address (lib/http/client-ip.ts): the key of policies counted per address */
  clientAddress: string;
  /** the caller's Idempotency-Key (REST header, GraphQL input field, MCP idempotency_key) */
  idempotencyKey?: string;
  /** the browser's sign-in device cookie (docs/decisions/1418), for password checks counted per device */
  deviceCookie?: string | null;
};

/** What an operation's run receives besides the actor and its input. */
export type RunContext = Omit<Caller, "actor" | "idempotencyKey">;

type ActorOf<A extends Access> = A extends "public" ? Actor | null : Actor;

export type Operation<Input = unknown, Result = unknown, A extends Access = Access> = {
  /** camelCase verb first; OpenAPI's operationId, the name tools and tests use */
  readonly name: string;
  readonly access: A;
  /**
   * The least member role a dashboard session needs (docs/decisions/1009); declared, it is also
   * the role a token's principal must hold now (docs/decisions/1433). Unset: the default of
   * `access` (roleOf) for sessions, the scope alone for tokens; declared only where it is wrong.
   */
  readonly role?: Role;
  /** changes something: GraphQL mutation, hidden in read-only MCP, may take an idempotency key */
  readonly write: boolean;
  /** a rule, or rules counted in order (the first refusal stops the call) */
  readonly rateLimit?: RateLimitRule | readonly RateLimitRule[];
  /**
   * A dashboard member may run it while the selected advertiser requires two-factor sign-in they
   * have not set up (setting it up, and reading its state); every other operation is refused
   * with two_factor_required until they do (docs/decisions/1431).
   */
  readonly whileTwoFactorPending?: boolean;
  /**
   * The input schema is checked before the rate limits count: an invalid attempt is refused
   * without a count (a public operation with a limit over all callers, which empty attempts would
   * otherwise use up for everyone: sign-up).
   */
  readonly limitValidInputOnly?: boolean;
  /** a write's rows in the change history, or why it has none (every write declares it: test/operation-catalog.test.ts) */
  readonly history?: HistoryTargets;
  /** retries with the same idempotency key replay the first result instead of running again */
  readonly idempotent?: boolean;
  /** what a retry gets back instead of the result itself: a secret shown once is withheld (never stored) */
  readonly storedForReplay?: (result: Result) => Result;
  /** the input schema (snake_case, as the REST API and OpenAPI name fields), or one built per call (rules that depend on today) */
  readonly input: z.ZodType<Input> | ((context: RunContext) => z.ZodType<Input>);
  /**
   * The schema of the REST answer (snake_case, the view of the result: lib/http/views), which the
   * OpenAPI document and the MCP client's types take; every operation of the REST surface has one
   */
  readonly output?: z.ZodType;
  readonly run: (actor: ActorOf<A>, input: Input, context: RunContext) => Promise<Result>;
};

/* eslint-disable @typescript-eslint/no-explicit-any -- any operation, whatever its input, result and access */
export type AnyOperation = Omit<Operation<any, any, Access>, "run" | "storedForReplay"> & {
  readonly run: (actor: any, input: any, context: RunContext) => Promise<any>;
  readonly storedForReplay?: (result: any) => any;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

export type InputOf<O> = O extends { run: (actor: never, input: infer I, context: RunContext) => unknown } ? I : never;
export type ResultOf<O> = O extends { run: (...args: never[]) => Promise<infer R> } ? R : never;

/** Declares an operation (types only: the catalog, lib/operations/catalog.ts, lists every one). */
export function defineOperation<Input, Result, const A extends Access>(
  operation: Operation<Input, Result, A>,
): Operation<Input, Result, A> {
  return Object.freeze(operation);
}

/** The scope an operation needs, or null (public, any authenticated caller, or the session, which holds every scope). */
export function scopeOf(operation: AnyOperation): Scope | null {
  const { access } = operation;
  return access === "public" || access === "authenticated" || access === "session" ? null : access;
}

/** The kinds of target an operation's history rows name ([] for an operation that records none). */
export function historyTargets(operation: AnyOperation): readonly TargetType[] {
  const { history } = operation;
  if (history === undefined || (typeof history === "object" && "none" in history)) return [];
  return typeof history === "string" ? [history] : history;
}

/**
 * The least role a dashboard member needs to run an operation: its own declaration, or the default
 * of its access (a read scope or any signed-in caller: viewer; campaigns:write: editor; account
 * administration, the session-only operations: admin); null for a public operation.
 */
export function roleOf(operation: AnyOperation): Role | null {
  if (operation.role) return operation.role;
  switch (operation.access) {
    case "public":
      return null;
    case "session":
      return "admin";
    case "campaigns:write":
      return "editor";
    default:
      return "viewer";
  }
}

/**
 * Whether `actor` may run `operation` (invoke's authorize, as a yes or no): what another
 * operation shows of this one's data asks the same, so the change history shows a kind of
 * target only to those who may list it (lib/history/list-changes.ts).
 */
export function mayRun(operation: AnyOperation, actor: Actor): boolean {
  if (operation.access === "public") return true;
  if (operation.access === "session" && actor.via !== "session") return false;
  if (actor.via === "session") {
    const least = roleOf(operation);
    if (!actor.role || (least && !roleAtLeast(actor.role, least))) return false;
    if (actor.twoFactorPending && !operation.whileTwoFactorPending) return false;
  }
  if (!principalMayRun(operation, actor)) return false;
  const scope = scopeOf(operation);
  return !scope || actor.scopes.has(scope);
}

/**
 * A token may run an operation that declares a role (an admin's lists: API clients, connected
 * apps, postback keys, billing) only while its principal holds that role: the member who created
 * its API client or approved its connected app, or the operator for a client made by the CLI
 * (Actor.principalRole, docs/decisions/1433). Sessions are judged by their own role.
 */
export function principalMayRun(operation: AnyOperation, actor: Actor): boolean {
  if (actor.via !== "token" || !operation.role) return true;
  return Boolean(actor.principalRole && roleAtLeast(actor.principalRole, operation.role));
}

/** The rules an operation counts against, in order. */
export function rulesOf(operation: AnyOperation): readonly RateLimitRule[] {
  const rule = operation.rateLimit;
  if (!rule) return [];
  return typeof rule === "string" || !Array.isArray(rule) ? [rule as RateLimitRule] : rule;
}

/** The (first) policy an operation counts against, or null. */
export function policyOf(operation: AnyOperation): RateLimitPolicy | null {
  const rule = rulesOf(operation)[0];
  if (!rule) return null;
  return typeof rule === "string" ? rule : rule.policy;
}
