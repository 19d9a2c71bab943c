// Every path under /api/ that Next serves, from the REST surface (lib/http/rest-surface.ts,
// docs/decisions/1010): the operations (lib/http/rest-operation.ts) and the handlers of
// ./own-handlers.ts (the token endpoint, next-auth's session endpoints, GraphQL). server.ts's
// request edge has answered an unknown path (404) and a method the path does not serve (405).
import { answerOptions, dispatcher } from "@/lib/http/rest-router";
import { OWN_HANDLERS } from "./own-handlers";

export const dynamic = "force-dynamic";

const handle = dispatcher(OWN_HANDLERS);

export { handle as GET, handle as POST, handle as PATCH, handle as DELETE };

// Next's own OPTIONS would list every method of this one route; the path's are answered instead
export const OPTIONS = answerOptions;
