// The caller and its loaders, the access check of fields that read an
// operation's data through the loaders (an operation run through
// graphql/operation.ts checks its own access, rate limit and input), and how a
// mutation's user-correctable failures become `userErrors`.
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { AppError, isUserErrorCode, toAppError } from "@/lib/errors";
import type { UserError } from "./__generated__/resolvers-types";
import { graphqlPath } from "./camel-case";
import type { GraphqlContext } from "./context";
import type { Loaders } from "./loaders";

/** The caller and its loaders; UNAUTHENTICATED without one. */
export function authenticated(context: GraphqlContext): { actor: Actor; loaders: Loaders } {
  if (!context.actor || !context.loaders) {
    throw new AppError("unauthorized", {
      detail: "Authenticate with Authorization: Bearer <access token> (POST /api/auth/token) or the dashboard session.",
    });
  }
  return { actor: context.actor, loaders: context.loaders };
}

/**
 * The caller and its loaders, when it may run `operation` (UNAUTHENTICATED, FORBIDDEN otherwise):
 * for fields that read the operation's data through the request's batched loaders rather than
 * running it (a relation, a node), so that the operation's declaration is still what decides.
 */
export function allowedAs(context: GraphqlContext, operation: AnyOperation): { actor: Actor; loaders: Loaders } {
  const caller = authenticated(context);
  authorize(operation, caller.actor);
  return caller;
}

export type Payload<T> = (T & { userErrors: UserError[] }) | { userErrors: UserError[] };

/** The userErrors of a user-correctable AppError: one per field error, paths in GraphQL names under `prefix`. */
export function userErrorsOf(error: AppError, prefix: readonly string[] = ["input"]): UserError[] {
  const code = error.code;
  if (!isUserErrorCode(code)) return [];
  if (!error.fieldErrors?.length) return [{ field: null, code, message: error.detail }];
  return error.fieldErrors.map((fieldError) => ({
    field: fieldError.path ? [...prefix, ...graphqlPath(fieldError.path)] : null,
    code,
    message: fieldError.message,
  }));
}

/**
 * Runs a mutation (or a preview): business-rule failures come back as
 * `userErrors` with the payload's fields absent; anything else (auth, not
 * found, rate limits, faults) stays a top-level error.
 */
export async function payload<T extends object>(
  run: () => Promise<T>,
  prefix: readonly string[] = ["input"],
): Promise<Payload<T>> {
  try {
    return { ...(await run()), userErrors: [] };
  } catch (error) {
    const appError = toAppError(error);
    if (isUserErrorCode(appError.code)) return { userErrors: userErrorsOf(appError, prefix) };
    throw error;
  }
}
