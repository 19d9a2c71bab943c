// Running GraphQL operations in integration tests: over HTTP through the
// route handler (token auth, headers, status codes), or in-process with an
// explicit actor (the dashboard session, which has no sign-in yet).
import { restRoute } from "@/test/rest-routes";
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import type { Role } from "@/lib/auth/roles";
import { sessionActor } from "@/lib/auth/session";
import { createContext } from "@/graphql/context";
import { graphqlServer } from "@/graphql/server";
import { expect } from "vitest";
import { makeRequest } from "./http";

const { POST } = restRoute("/api/graphql");

export type GqlError = {
  message: string;
  path?: (string | number)[];
  extensions: {
    code: string;
    apiCode: string;
    requestId?: string;
    fieldErrors?: { field: string[]; message: string }[];
    retryAfter?: number;
    cost?: { requested: number; limit: number };
  };
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GqlResult = { status: number; headers: Headers; data: any; errors?: GqlError[]; extensions?: any };

/** POST /api/graphql with JSON, as a client sends it. */
export async function gql(
  query: string,
  options: { variables?: Record<string, unknown>; headers?: Record<string, string>; operationName?: string } = {},
): Promise<GqlResult> {
  const response = await POST(
    makeRequest("/api/graphql", {
      method: "POST",
      headers: options.headers,
      body: { query, variables: options.variables, operationName: options.operationName },
    }),
  );
  const body = (await response.json()) as Omit<GqlResult, "status" | "headers">;
  return { status: response.status, headers: response.headers, ...body };
}

/** In-process, with this actor (no HTTP, no token), on `clock` when given. */
export async function gqlAs(
  actor: Actor | null,
  query: string,
  variables?: Record<string, unknown>,
  options: { clock?: Clock } = {},
): Promise<Omit<GqlResult, "status" | "headers">> {
  const server = await graphqlServer();
  const response = await server.executeOperation(
    { query, variables },
    { contextValue: createContext({ actor, clock: options.clock }) },
  );
  if (response.body.kind !== "single") throw new Error("incremental delivery is not used");
  const { data, errors, extensions } = response.body.singleResult;
  return { data, errors: errors as unknown as GqlError[] | undefined, extensions };
}

/** The dashboard session's actor for an advertiser (what sign-in will produce). */
export function sessionActorFor(advertiserId: string, userId = "usr_test", role: Role = "admin"): Actor {
  return sessionActor({ advertiserId, userId, role });
}

/** The one top-level error of a result (fails otherwise). */
export function onlyError(result: { errors?: GqlError[] }): GqlError {
  if (result.errors?.length !== 1) throw new Error(`expected one error, got ${JSON.stringify(result.errors)}`);
  return result.errors[0]!;
}

/**
 * A mutation or query `name` refused by a spent rate limit of `points`: data null, one
 * RATE_LIMITED error with retryAfter, and the refusal's Retry-After and RateLimit-* headers.
 */
export function expectRateLimited(res: GqlResult, name: string, points: number): void {
  expect(res.status, name).toBe(200);
  expect(res.data, name).toEqual({ [name]: null });
  const error = onlyError(res);
  expect(error.extensions, name).toMatchObject({ code: "RATE_LIMITED", apiCode: "rate_limited" });
  expect(error.extensions.retryAfter, name).toBeGreaterThan(0);
  expect(res.headers.get("retry-after"), name).toBe(String(error.extensions.retryAfter));
  expect(res.headers.get("ratelimit-limit"), name).toBe(String(points));
  expect(res.headers.get("ratelimit-remaining"), name).toBe("0");
  expect(Number(res.headers.get("ratelimit-reset")), name).toBe(error.extensions.retryAfter);
}
