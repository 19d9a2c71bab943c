// The roles a member of an advertiser holds (docs/decisions/1009, 1426), from the
// least to the most: a viewer reads and runs reports, an editor also changes
// campaigns, variants and webhooks, an admin also manages members, API keys,
// postback keys and connected apps. A dashboard session acts with the scopes of
// its role; operations declare the least role they need (lib/operations). No
// imports but the scopes: the browser loads this file (the members page).
import { SCOPES, type Scope } from "./scopes";

export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `least` may (each role may do everything of the roles before it). */
export function roleAtLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/** The roles that hold `least` or more, in order: what an error message and the docs name. */
export function rolesFrom(least: Role): Role[] {
  return ROLES.filter((role) => roleAtLeast(role, least));
}

/** What a session of each role may do with the API's scopes (an admin holds every scope). */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  viewer: ["campaigns:read", "reporting:read"],
  editor: ["campaigns:read", "campaigns:write", "reporting:read"],
  admin: SCOPES,
};

/** The least role whose sessions hold `scope`. */
export function leastRoleForScope(scope: Scope): Role {
  return ROLES.find((role) => ROLE_SCOPES[role].includes(scope)) ?? "admin";
}

export const ROLE_LABELS: Record<Role, string> = { viewer: "Viewer", editor: "Editor", admin: "Admin" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  viewer: "Reads campaigns, webhooks and reports; changes nothing",
  editor: "Also creates and changes campaigns, variants and webhooks",
  admin: "Also manages members, API keys, postback keys and connected apps",
};
