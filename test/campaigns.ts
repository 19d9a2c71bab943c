// The campaign services as REST answers them (E5 to E8, cancel, the previews),
// with the signatures the domain tests have always called: the raw body is
// parsed as the operation parses it (at the clock's date), the domain function
// runs with the options a test injects (clock, icon check), and the REST view
// is applied. Rate limits are the operations' (tests of them go through the
// transports).
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { campaignCancelled } from "@/lib/domain/campaigns/cancel-campaign";
import {
  campaignCreated,
  campaignCreatePreview,
  createCampaign as createCampaignOperation,
  type CreateCampaignOptions,
} from "@/lib/domain/campaigns/create-campaign";
import { campaignById } from "@/lib/domain/campaigns/get-campaign";
import {
  campaignUpdated,
  campaignUpdatePreview,
  updateCampaign as updateCampaignOperation,
} from "@/lib/domain/campaigns/update-campaign";
import {
  addCreativeVariant as addCreativeVariantOperation,
  variantAdded,
} from "@/lib/domain/creatives/add-creative-variant";
import type { IconCheckOptions } from "@/lib/domain/creatives/check-icon-url";
import { requestLogger } from "@/lib/log";
import { parseOperationInput } from "@/lib/operations/invoke";
import type { AnyOperation, InputOf } from "@/lib/operations/operation";
import {
  campaignCreatedView,
  campaignCreatePreviewView,
  campaignUpdatePreviewView,
  campaignView,
  variantCreatedView,
} from "@/lib/http/views/campaigns";

/** E6's REST view of a domain campaign (for tests of services that answer one). */
export { campaignView };

function parsed<O extends AnyOperation>(operation: O, raw: unknown, clock: Clock = systemClock): InputOf<O> {
  return parseOperationInput(operation, raw, {
    requestId: "test",
    log: requestLogger("test"),
    clock,
    clientAddress: "127.0.0.1",
  });
}

const withId = (id: string, input: unknown) =>
  typeof input === "object" && input !== null && !Array.isArray(input) ? { ...input, id } : input;

export async function createCampaign(actor: Actor, input: unknown, options: CreateCampaignOptions = {}) {
  return campaignCreatedView(
    await campaignCreated(actor, parsed(createCampaignOperation, input, options.clock), options),
  );
}

export async function previewCampaign(actor: Actor, input: unknown, options: CreateCampaignOptions = {}) {
  return campaignCreatePreviewView(
    await campaignCreatePreview(actor, parsed(createCampaignOperation, input, options.clock), options),
  );
}

export async function getCampaign(actor: Actor, id: string) {
  return campaignView(await campaignById(actor, id));
}

export async function updateCampaign(actor: Actor, id: string, input: unknown, options: { clock?: Clock } = {}) {
  return campaignView(await campaignUpdated(actor, parsed(updateCampaignOperation, withId(id, input)), options));
}

export async function previewCampaignUpdate(actor: Actor, id: string, input: unknown, options: { clock?: Clock } = {}) {
  return campaignUpdatePreviewView(
    await campaignUpdatePreview(actor, parsed(updateCampaignOperation, withId(id, input)), options),
  );
}

export async function cancelCampaign(actor: Actor, id: string, options: { clock?: Clock } = {}) {
  return campaignView(await campaignCancelled(actor, id, options));
}

export async function addCreativeVariant(
  actor: Actor,
  campaignId: string,
  input: unknown,
  options: { clock?: Clock; iconCheck?: IconCheckOptions } = {},
) {
  return variantCreatedView(
    await variantAdded(actor, parsed(addCreativeVariantOperation, withId(campaignId, input)), options),
  );
}
