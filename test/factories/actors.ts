// The actor a domain service is handed for an API client's token
// (lib/auth/actor.ts), for tests that call the services directly.
import type { Actor } from "@/lib/auth/actor";
import { SCOPES, type Scope } from "@/lib/auth/scopes";

/** A token actor of `advertiserId` holding `scopes` (all by default). */
export function actorFor(advertiserId: string, scopes: readonly Scope[] = SCOPES): Actor {
  return { advertiserId, scopes: new Set(scopes), via: "token" };
}
