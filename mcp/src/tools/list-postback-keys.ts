import { z } from "zod";
import { defineTool } from "../tool.ts";

export const listPostbackKeys = defineTool({
  name: "list_postback_keys",
  title: "List postback keys",
  description:
    "The advertiser's postback keys (newest first, revoked ones included): id, created_at, last_used_at (the last " +
    "accepted postback carrying it, to the minute) and revoked_at. The keys themselves are never shown again after " +
    "creation. With no active key, anyone holding a click id (it is in the ad's landing URL) can report a conversion for " +
    "it; with one, every postback (conversion report from the attribution partner) for the advertiser's campaigns must " +
    "carry an active key.",
  input: {},
  output: {
    postback_keys: z.array(
      z.looseObject({
        id: z.string(),
        created_at: z.string(),
        last_used_at: z.string().nullable(),
        revoked_at: z.string().nullable(),
      }),
    ),
  },
  operations: ["listPostbackKeys"],
  run: async (_args, { api }) => api.read("listPostbackKeys"),
});
