// Who is calling, for transports that accept either credential (GraphQL): a
// Bearer token when the request has an Authorization header (invalid: 401,
// never a silent fallback to the session), otherwise the dashboard session,
// otherwise nobody (null: only public fields answer).
import type { Clock } from "@/lib/clock";
import { actorFromRequest, type Actor } from "./actor";
import { sessionActor, sessionUserFromRequest } from "./session";

export async function requestActor(request: Request, options: { clock?: Clock } = {}): Promise<Actor | null> {
  if (request.headers.has("authorization")) return actorFromRequest(request, options);
  const user = await sessionUserFromRequest(request);
  return user ? sessionActor(user) : null;
}
