// How a resolver runs an operation (lib/operations): the caller comes from the
// request's context, the arguments become the operation's input under the
// names the REST API and OpenAPI use (graphql/camel-case.ts); who may call, the
// rate limit and the input's rules are the operation's.
import { AsyncLocalStorage } from "node:async_hooks";
import { getDirectiveValues, type GraphQLResolveInfo } from "graphql";
import { deviceCookieName } from "@/lib/auth/device-cookie";
import { cookieValue } from "@/lib/http/cookies";
import { authorize, invoke } from "@/lib/operations/invoke";
import type { AnyOperation, Caller, ResultOf } from "@/lib/operations/operation";
import { toRestQuery } from "./camel-case";
import type { ResolverFn } from "./__generated__/resolvers-types";
import type { GraphqlContext } from "./context";

/** The @idempotent(key:) of the mutation field being resolved (mutations run one after another). */
const fieldKey = new AsyncLocalStorage<string>();

export function callerOf(context: GraphqlContext): Caller {
  const key = fieldKey.getStore();
  return {
    actor: context.actor,
    requestId: context.requestId,
    log: context.log,
    clock: context.clock,
    clientAddress: context.clientAddress,
    // the operations that check a password count under the browser's device cookie (docs/decisions/1418)
    deviceCookie: cookieValue(context.http?.cookieHeader, deviceCookieName()),
    ...(key !== undefined && { idempotencyKey: key }),
  };
}

/** The key of the field's @idempotent directive, if it has one (a variable's value included). */
export function idempotencyKeyOf(info: GraphQLResolveInfo): string | undefined {
  const node = info.fieldNodes[0];
  const directive = node?.directives?.find((candidate) => candidate.name.value === "idempotent");
  if (!directive) return undefined;
  const values = getDirectiveValues(IDEMPOTENT_DIRECTIVE(info), node!, info.variableValues) as
    { key?: unknown } | undefined;
  return typeof values?.key === "string" ? values.key : undefined;
}

const IDEMPOTENT_DIRECTIVE = (info: GraphQLResolveInfo) => info.schema.getDirective("idempotent")!;

/** Runs `operation` with GraphQL arguments (camelCase; null for "not given") and fixed input fields (ids). */
export function runOperation<O extends AnyOperation>(
  operation: O,
  context: GraphqlContext,
  args: object = {},
  fixed: Record<string, unknown> = {},
): Promise<ResultOf<O>> {
  return invoke(operation, callerOf(context), { ...toRestQuery(args), ...fixed });
}

/**
 * Runs `operation` with fixed input fields computed once the caller may run it:
 * a global id that names no object of its type is NOT_FOUND only for a caller
 * that passed the access check (an unauthenticated one is UNAUTHENTICATED, as
 * for any id).
 */
export function runOperationOn<O extends AnyOperation>(
  operation: O,
  context: GraphqlContext,
  args: object,
  fixed: () => Record<string, unknown>,
): Promise<ResultOf<O>> {
  authorize(operation, context.actor);
  return runOperation(operation, context, args, fixed());
}

/** What the catalog test (lib/operations/catalog.test.ts) reads off a resolver that runs an operation. */
export const OPERATION_OF = Symbol("operation");

/**
 * A resolver that runs `operation`, marked so that the catalog test can find it
 * (the resolver keeps the type its field gives it).
 */
export function operationResolver<TResult, TParent, TArgs>(
  operation: AnyOperation,
  resolve: ResolverFn<TResult, TParent, GraphqlContext, TArgs>,
): ResolverFn<TResult, TParent, GraphqlContext, TArgs> {
  const withKey: ResolverFn<TResult, TParent, GraphqlContext, TArgs> = (parent, args, context, info) => {
    const key = operation.idempotent ? idempotencyKeyOf(info) : undefined;
    return key === undefined
      ? resolve(parent, args, context, info)
      : fieldKey.run(key, () => resolve(parent, args, context, info));
  };
  return Object.assign(withKey, { [OPERATION_OF]: operation });
}

/** The operation a resolver runs, if it was declared with operationResolver. */
export function operationOfResolver(resolve: unknown): AnyOperation | undefined {
  if (typeof resolve !== "function") return undefined;
  return (resolve as { [OPERATION_OF]?: AnyOperation })[OPERATION_OF];
}
