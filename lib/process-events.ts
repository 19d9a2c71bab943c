// In-process notifications between the modules Next bundles (route handlers)
// and those server.ts loads (delivery hot path): they are separate module
// instances in one process, so the emitter is process-wide. Other app
// instances learn of changes from the database (campaigns.version/updated_at).
import { EventEmitter } from "node:events";
import { processWide } from "@/lib/process-wide";

function bus(): EventEmitter {
  return processWide("changeEvents", () => new EventEmitter().setMaxListeners(50));
}

/** Call after committing any change to a campaign or its creatives that delivery must see. */
export function emitCampaignsChanged(campaignIds: readonly string[]): void {
  bus().emit("campaigns-changed", campaignIds);
}

export function onCampaignsChanged(listener: (campaignIds: readonly string[]) => void): () => void {
  bus().on("campaigns-changed", listener);
  return () => bus().off("campaigns-changed", listener);
}

/** Call after committing a webhook endpoint registration (delivery starts writing impression events for it). */
export function emitWebhooksChanged(advertiserId: string): void {
  bus().emit("webhooks-changed", advertiserId);
}

export function onWebhooksChanged(listener: (advertiserId: string) => void): () => void {
  bus().on("webhooks-changed", listener);
  return () => bus().off("webhooks-changed", listener);
}
