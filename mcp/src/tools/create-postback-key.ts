import { z } from "zod";
import { MAX_ACTIVE_POSTBACK_KEYS } from "../api-contract.ts";
import { defineTool, idempotencyKey } from "../tool.ts";
import { postbackKeyName, writeOutcome } from "./shapes.ts";

const REPLAYED_WITHOUT_KEY =
  "This retry returns the key created by the first call with this idempotency_key; the key itself is shown only once " +
  "and is not repeated. If it was lost, revoke this key (revoke_postback_key) and create another.";

export const createPostbackKey = defineTool({
  name: "create_postback_key",
  title: "Create a postback key",
  description:
    "Creates a postback key for the advertiser's attribution partners (AppsFlyer, Adjust, Branch, ...) and returns it " +
    "ONCE: store it now and put it in the partner's postback URL as postback_key=<key> (or send it as the X-Postback-Key " +
    "header on POST /api/ads/postback). From then on every postback for the advertiser's campaigns must carry an active " +
    "key: postbacks without one are refused (401), so update every partner template first, or create the key before " +
    "the partner goes live. Without any key, anyone holding a click id can report conversions. At most " +
    `${MAX_ACTIVE_POSTBACK_KEYS} active keys (revoke one first). Name it after the partner it is for ("AppsFlyer").`,
  input: { name: postbackKeyName.optional(), idempotency_key: idempotencyKey },
  output: {
    ...writeOutcome,
    postback_key: z
      .looseObject({ id: z.string(), key: z.string().nullable(), created_at: z.string() })
      .optional()
      .describe("key is null on a replayed retry: it is shown once only."),
  },
  operations: ["createPostbackKey"],
  run: async ({ name, idempotency_key }, { api }) => {
    const { result, replayed } = await api.write("createPostbackKey", name === undefined ? {} : { body: { name } }, {
      idempotencyKey: idempotency_key,
    });
    return {
      status: "completed",
      replayed,
      postback_key: result,
      ...(replayed && result.key === null ? { message: REPLAYED_WITHOUT_KEY } : {}),
    };
  },
});
