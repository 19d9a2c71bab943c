// The per-request context: the actor (token, session or none), the request id
// and logger, loaders, and for HTTP requests what the account mutations need of
// the request and its response (client address, cookies, Set-Cookie). Built by
// graphql/http.ts for HTTP requests and by tests directly. (Rate-limit headers
// are collected per request outside it: lib/rate-limit/headers.ts.)
import type { Logger } from "pino";
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { requestLogger } from "@/lib/log";
import { newRequestId } from "@/lib/http/request-id";
import { createLoaders, type Loaders } from "./loaders";

export type QueryCost = { requested: number; limit: number };

/**
 * The HTTP exchange of a request to /api/graphql: the caller's address and Cookie header
 * (changePassword counts a wrong current password as a failed sign-in, with the browser's
 * device cookie) and the Set-Cookie lines the response carries (the session cookie that
 * changePassword issues and signOutEverywhere removes).
 */
export type HttpExchange = { ip: string; cookieHeader: string | null; setCookie(line: string): void };

export type GraphqlContext = {
  actor: Actor | null;
  requestId: string;
  log: Logger;
  /** the clock every service of the request runs on */
  clock: Clock;
  /** the client address (lib/http/client-ip.ts), for policies counted per address */
  clientAddress: string;
  /** null without an actor: resolvers check authentication before using them */
  loaders: Loaders | null;
  cost?: QueryCost;
  /** absent in-process (the dashboard's server components, which run queries only) */
  http?: HttpExchange;
};

export function createContext(options: {
  actor: Actor | null;
  requestId?: string;
  log?: Logger;
  clock?: Clock;
  clientAddress?: string;
  http?: HttpExchange;
}): GraphqlContext {
  const requestId = options.requestId ?? newRequestId();
  const clock = options.clock ?? systemClock;
  return {
    actor: options.actor,
    requestId,
    log: options.log ?? requestLogger(requestId),
    clock,
    clientAddress: options.clientAddress ?? options.http?.ip ?? "unknown",
    loaders: options.actor ? createLoaders(options.actor, clock) : null,
    http: options.http,
  };
}
