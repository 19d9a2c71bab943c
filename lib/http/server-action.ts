// How a dashboard server action runs an operation (lib/operations): the caller
// is the session of the request's cookie (or nobody: sign-up), with the client
// address the request edge recorded and the sign-in device cookie; access, rate
// limits, U+0000 and the input's rules are the operation's, as for every
// transport. test/operation-catalog.test.ts checks every action goes through here.
import { cookies, headers } from "next/headers";
import { deviceCookieName } from "@/lib/auth/device-cookie";
import { sessionActor, sessionCookieName, sessionUserFromCookie } from "@/lib/auth/session";
import { systemClock } from "@/lib/clock";
import { requestLogger } from "@/lib/log";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation, ResultOf } from "@/lib/operations/operation";
import { clientIpOf } from "./client-ip";
import { requestIdFrom } from "./request-id";

export async function runAction<O extends AnyOperation>(operation: O, raw: unknown): Promise<ResultOf<O>> {
  const [requestHeaders, store] = await Promise.all([headers(), cookies()]);
  const user = await sessionUserFromCookie(store.get(sessionCookieName())?.value);
  const requestId = requestIdFrom(requestHeaders);
  return invoke(
    operation,
    {
      actor: user ? sessionActor(user) : null,
      requestId,
      log: requestLogger(requestId),
      clock: systemClock,
      clientAddress: clientIpOf(requestHeaders),
      deviceCookie: store.get(deviceCookieName())?.value ?? null,
    },
    raw,
  );
}
