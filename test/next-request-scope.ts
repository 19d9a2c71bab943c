// Route handlers run by Next inside a request scope: next/headers' `headers()` and
// `cookies()` answer that request's. next-auth's App Router handler reads them there
// (app/api/[...path]/dashboard-auth.ts), so tests that call a route handler directly
// run it in the same kind of scope, built with the functions Next's app-route module
// uses (createRequestStoreForAPI, createWorkStore). These are Next's internals: an
// upgrade that changes them fails these tests loudly, and the e2e specs cover the
// real server (docs/decisions/1424).
// first: Next's request storage is an AsyncLocalStorage only where the runtime set it up
// (globalThis.AsyncLocalStorage, as Next's server does before anything else)
import "next/dist/server/node-environment-baseline.js";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external.js";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external.js";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store.js";
import { createWorkStore } from "next/dist/server/async-storage/work-store.js";
import { NextRequest } from "next/server";

/** Runs `run` as Next runs a route handler for `request` (page: the route's file, for its messages). */
export function inNextRequestScope<T>(request: Request, run: () => Promise<T>, page = "/test/route"): Promise<T> {
  const next = new NextRequest(request.url, { headers: request.headers, method: request.method });
  const requestStore = createRequestStoreForAPI(
    next,
    next.nextUrl,
    { tags: [], expirationsByCacheKind: new Map() } as never,
    undefined,
    undefined as never,
    undefined,
  );
  const workStore = createWorkStore({
    page,
    renderOpts: { experimental: {} } as never,
    buildId: "test",
    previouslyRevalidatedTags: [],
  } as never);
  return workUnitAsyncStorage.run(requestStore, () => workAsyncStorage.run(workStore, run));
}
