// The actor a domain service is handed for an API client's token
// (lib/auth/actor.ts), for tests that call the services directly.
import type { Actor } from "@/lib/auth/actor";
import type { Role } from "@/lib/auth/roles";
import { SCOPES, type Scope } from "@/lib/auth/scopes";

/**
 * A token actor of `advertiserId` holding `scopes` (all by default), of a client the operator made
 * (its principal is the advertiser's admin, docs/decisions/1433) unless `principalRole` says otherwise.
 */
export function actorFor(
  advertiserId: string,
  scopes: readonly Scope[] = SCOPES,
  principalRole: Role | null = "admin",
): Actor {
  return { advertiserId, scopes: new Set(scopes), via: "token", principalRole };
}
