// Opaque global ids (Relay's Node): base64url of "<Type>:<REST id>", so one id
// names one object across types and `node(id:)` can resolve any of them.
// Clients must not build or parse them; `restId` gives the REST id
// (docs/decisions/1102). An id that does not decode, names another type or
// names nothing the caller owns is not found, as in REST.
import { AppError } from "@/lib/errors";

export const NODE_TYPES = [
  "Advertiser",
  "ApiClient",
  "Campaign",
  "Creative",
  "WebhookEndpoint",
  "WebhookDelivery",
  "PostbackKey",
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export function toGlobalId(type: NodeType, restId: string): string {
  return Buffer.from(`${type}:${restId}`, "utf8").toString("base64url");
}

export function notFound(id: string, what = "object"): AppError {
  return new AppError("not_found", { detail: `No ${what} with the id ${JSON.stringify(id.slice(0, 200))}.` });
}

/** The type and REST id of a global id, or null when it is not one. */
export function parseGlobalId(id: string): { type: NodeType; restId: string } | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(id)) return null;
  const text = Buffer.from(id, "base64url").toString("utf8");
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const type = text.slice(0, colon);
  const restId = text.slice(colon + 1);
  if (!(NODE_TYPES as readonly string[]).includes(type) || restId === "") return null;
  // base64url has one canonical text per byte string: a variant spelling is not our id
  if (toGlobalId(type as NodeType, restId) !== id) return null;
  return { type: type as NodeType, restId };
}

/** The REST id of a global id of `type`; not found otherwise. */
export function restIdOf(id: string, type: NodeType): string {
  const parsed = parseGlobalId(id);
  if (!parsed || parsed.type !== type) throw notFound(id, type);
  return parsed.restId;
}

/** How REST ids of these types begin (lib/ids.ts). */
const REST_ID_PREFIXES: Partial<Record<NodeType, string>> = { Campaign: "cmp_", Creative: "cr_" };

/**
 * The REST id of a global id of `type`, or a REST id of that type as it is
 * (`cmp_…`, `cr_…`). Only the report fields that callers holding
 * reporting:read alone use take both (docs/decisions/1107): such a caller
 * cannot list campaigns, so the ids it knows are REST's (webhook payloads, getCampaignReport).
 */
export function restIdOrGlobalId(id: string, type: "Campaign" | "Creative"): string {
  const prefix = REST_ID_PREFIXES[type]!;
  if (id.startsWith(prefix) && /^[A-Za-z0-9_]{1,100}$/.test(id)) return id;
  return restIdOf(id, type);
}

/**
 * A campaign page's route id as the GraphQL id: the REST id (cmp_…, printed on the pages, in
 * CSV names and webhook payloads) opens the page as its global id does; a global id is
 * base64url, so nothing in it is escaped in the path.
 */
export function campaignGlobalIdOfRoute(id: string): string {
  return /^cmp_[A-Za-z0-9_]{1,100}$/.test(id) ? toGlobalId("Campaign", id) : id;
}
