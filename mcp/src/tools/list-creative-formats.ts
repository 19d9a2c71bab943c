import { z } from "zod";
import { pushNotificationFormat } from "../adcp/catalog.ts";
import { adcpRequest, adcpResponse, completed } from "../adcp/envelope.ts";
import { defineTool } from "../tool.ts";

export const listCreativeFormats = defineTool({
  name: "list_creative_formats",
  title: "AdCP creative formats",
  description:
    "AdCP: the creative formats accepted. One: push_notification, with assets headline (text, at most 60 characters), " +
    "body (text, at most 120), cta (text, optional, at most 20), icon (HTTPS image URL) and click_url (HTTPS URL opened " +
    "on tap). Use its format_id in create_media_buy and sync_creatives.",
  input: { ...adcpRequest, format_ids: z.array(z.looseObject({})).optional(), name_search: z.string().optional() },
  output: { ...adcpResponse, formats: z.array(z.looseObject({ name: z.string() })) },
  operations: [],
  run: async ({ context, name_search }, { agentUrl }) => {
    const formats = [pushNotificationFormat(agentUrl)].filter(
      (format) => !name_search || format.name.toLowerCase().includes(name_search.toLowerCase()),
    );
    return completed({ formats }, context);
  },
});
