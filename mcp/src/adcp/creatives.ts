// AdCP creative assets <-> our creatives. The push notification format's
// assets are keyed headline, body, cta (text), icon (image) and click_url
// (url); anything missing is left out so the API reports it by field.
import { z } from "zod";
import type { Creative, CreativeBody, CreativeStatus } from "../rest-client.ts";
import { ToolInputError } from "../tool.ts";
import { FORMAT_ID, formatId } from "./catalog.ts";

const asset = z.looseObject({
  asset_type: z.string().optional(),
  content: z.string().optional(),
  url: z.string().optional(),
});

/** An AdCP creative asset (the fields we read; anything else AdCP allows passes). */
export const creativeAsset = z
  .looseObject({
    creative_id: z.string().describe("Your id for this creative (echoed back)."),
    name: z.string().optional(),
    format_id: z
      .looseObject({ agent_url: z.string(), id: z.string() })
      .optional()
      .describe(
        `The push notification format: {agent_url: <this agent's URL>, id: "${FORMAT_ID}"} (see list_creative_formats).`,
      ),
    assets: z
      .looseObject({
        headline: asset.optional().describe('{asset_type: "text", content}: at most 60 characters.'),
        body: asset.optional().describe('{asset_type: "text", content}: at most 120 characters.'),
        cta: asset
          .optional()
          .describe('{asset_type: "text", content}: optional call to action, at most 20 characters.'),
        icon: asset
          .optional()
          .describe(
            '{asset_type: "url", url} (an image asset {asset_type: "image", url, …} is accepted too): the icon, HTTPS, publicly reachable.',
          ),
        click_url: asset.optional().describe('{asset_type: "url", url}: the HTTPS URL the notification opens.'),
      })
      .describe("Assets keyed by asset_id: headline, body, cta, icon, click_url."),
  })
  .describe("An AdCP creative in the push_notification format.");
export type CreativeAsset = z.infer<typeof creativeAsset>;

function slot(value: unknown): z.infer<typeof asset> | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === "object" ? (first as z.infer<typeof asset>) : undefined;
}

/** An AdCP creative -> the API's creative body (field paths for errors: `${at}.assets.<asset_id>`). */
export function creativeBodyFrom(creative: CreativeAsset, at: string): CreativeBody {
  if (creative.format_id && creative.format_id.id !== FORMAT_ID) {
    throw new ToolInputError(`Only the ${FORMAT_ID} format is sold here (got ${creative.format_id.id}).`, {
      field: `${at}.format_id`,
      adcpCode: "UNSUPPORTED_FEATURE",
      suggestion: "Call list_creative_formats for the format and its assets.",
    });
  }
  const assets = creative.assets as Record<string, unknown>;
  const cta = slot(assets.cta)?.content;
  return {
    headline: slot(assets.headline)?.content as string,
    body: slot(assets.body)?.content as string,
    icon_url: slot(assets.icon)?.url as string,
    action_url: slot(assets.click_url)?.url as string,
    ...(cta === undefined ? {} : { cta_text: cta }),
  };
}

/** API field paths of a creative -> the AdCP asset they came from. */
export function creativeFieldMap(prefix: string, at: string) {
  const names: Record<string, string> = {
    headline: "headline",
    body: "body",
    cta_text: "cta",
    icon_url: "icon",
    action_url: "click_url",
  };
  return (path: string): string | undefined => {
    const field = prefix ? (path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : undefined) : path;
    return field && names[field] ? `${at}.assets.${names[field]}` : undefined;
  };
}

export function creativeStatus(status: CreativeStatus): "approved" | "rejected" | "pending_review" | "suspended" {
  if (status === "pending") return "pending_review";
  if (status === "paused") return "suspended";
  return status;
}

/** Our creative -> AdCP's assets map. */
export function assetsOf(creative: Creative) {
  return {
    headline: { asset_type: "text", content: creative.headline },
    body: { asset_type: "text", content: creative.body },
    ...(creative.cta_text ? { cta: { asset_type: "text", content: creative.cta_text } } : {}),
    icon: { asset_type: "url", url: creative.icon_url, description: "Notification icon (image)" },
    click_url: { asset_type: "url", url: creative.action_url, url_type: "clickthrough" },
  };
}

/** Whether an existing creative already has exactly this content (sync_creatives reports it unchanged). */
export function sameContent(existing: Creative, body: CreativeBody): boolean {
  return (
    existing.headline === body.headline &&
    existing.body === body.body &&
    existing.icon_url === body.icon_url &&
    existing.action_url === body.action_url &&
    (existing.cta_text ?? null) === (body.cta_text ?? null)
  );
}

export function creativeFormatId(agentUrl: string) {
  return formatId(agentUrl);
}
