// What a tool is: its model-facing name and description, zod input and output
// schemas, the REST operations it calls (by operationId: the scopes a token
// needs, whether it writes and whether retries are safe come from the
// operations' metadata, generated from the OpenAPI document), and a run
// function that translates between the tool's shapes and the REST API's.
// Tools hold no business rule: every check happens behind the REST API.
import { z } from "zod";
import { MARKET_RULE, PREVIEWS_PER_MINUTE } from "./api-contract.ts";
import type { OperationId } from "./generated/operations.ts";
import type { RestClient } from "./rest-client.ts";
import type { AdcpError } from "./tool-result.ts";

export type ToolContext = {
  api: RestClient;
  /** The MCP endpoint that identifies this agent (AdCP format ids, capabilities): <base>/mcp */
  agentUrl: string;
  now: () => Date;
};

export type ToolDefinition<I extends z.ZodRawShape = z.ZodRawShape> = {
  name: string;
  title: string;
  /** Written for a model: what it does, when to use it, units and limits. */
  description: string;
  input: I;
  output: z.ZodRawShape;
  /**
   * The REST operations the tool calls, by operationId. A token must hold every
   * scope they need for the tool to be listed and callable; the tool writes (and
   * is hidden when SMA_READ_ONLY=1) when one of them does. Calling another fails.
   */
  operations: readonly OperationId[];
  /**
   * Reads the tool makes when the token allows them, answering without what they add otherwise: they do not
   * count in what the tool needs to be listed (get_products reads the advertiser's licence this way).
   */
  optionalOperations?: readonly OperationId[];
  /** Its change cannot be undone (MCP's destructiveHint). */
  destructive?: boolean;
  /** It reaches outside the service, e.g. a webhook receiver (MCP's openWorldHint). */
  openWorld?: boolean;
  /** Renames the API's field paths in errors to this tool's argument paths. */
  fieldMap?: (path: string) => string;
  /** AdCP's code for the API's not_found when the tool names one thing (MEDIA_BUY_NOT_FOUND); default REFERENCE_NOT_FOUND. */
  notFoundCode?: string;
  /**
   * Members a refusal carries beside adcp_error, for a tool whose AdCP task answers refusals in a format of its own
   * (comply_test_controller's {success: false, error, error_detail}). `from`: the tool's argument schema refused, or
   * the call failed.
   */
  errorFields?: (error: AdcpError, from: "arguments" | "call") => Record<string, unknown>;
  run: (args: z.output<z.ZodObject<I>>, context: ToolContext) => Promise<Record<string, unknown>>;
};

export function defineTool<I extends z.ZodRawShape>(definition: ToolDefinition<I>): ToolDefinition<I> {
  return definition;
}

/** An input the REST API would not understand, found while translating (answered as validation_failed). */
export class ToolInputError extends Error {
  readonly field?: string;
  readonly adcpCode: string;
  /** Our error code (validation_failed, or conflict for a stale revision). */
  readonly code: "validation_failed" | "conflict";
  readonly suggestion?: string;
  constructor(
    message: string,
    options: { field?: string; adcpCode?: string; code?: "validation_failed" | "conflict"; suggestion?: string } = {},
  ) {
    super(message);
    this.name = "ToolInputError";
    this.field = options.field;
    this.adcpCode = options.adcpCode ?? "VALIDATION_ERROR";
    this.code = options.code ?? "validation_failed";
    this.suggestion = options.suggestion;
  }
}

// ------------------------------------------------------------------ shared inputs

/** AdCP's key format, also used by our own write tools. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,255}$/;

export const idempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, "16 to 255 characters: letters, digits, _ . : -")
  .describe(
    "Required. A fresh unique key for this intended change (a UUID works: 16-255 characters of A-Z a-z 0-9 _ . : -). " +
      "Retrying with the same key and the same arguments never repeats the change: the first result comes back " +
      "(replayed: true). Use a new key for a different change; the same key with different arguments is refused. " +
      "Keys are remembered 24 hours, per API client. Reuse the key of a preview when you confirm it.",
  );

/**
 * What a model must know to read a preview's estimates (said in every tool that previews):
 * insufficient_volume is a withheld estimate, not a forecast of zero delivery.
 */
export const ESTIMATES_NOTE =
  "Estimates come from other advertisers' auctions of the last 7 days on the same moment types and sports, rounded " +
  "(impressions to 2 significant digits, spend to whole cents; a bid is answered as its 5 % price band). " +
  `estimate_status "estimated": use the figures. "insufficient_volume": that market is too small (an estimate needs ` +
  `${MARKET_RULE}, the caller's own left out), so the service withholds it to protect other advertisers' bids; ` +
  "both figures are 0, which does NOT " +
  "mean the campaign will not deliver: tell the user no estimate is available yet. " +
  `Previews are limited to ${PREVIEWS_PER_MINUTE} previews a minute per advertiser.`;

export const confirm = z
  .boolean()
  .optional()
  .describe(
    "Only for changes that can raise spend. Omit (or false) first: nothing changes and you get a preview " +
      "(what would change, estimated daily impressions and spend in USD with estimate_status). Show it to the user, " +
      "then call again with confirm: true and the same arguments and idempotency_key to apply it.",
  );

export const CONFIRM_MESSAGE =
  "Nothing was changed. This change can raise spend: review the preview, then call again with confirm: true, the same arguments and the same idempotency_key to apply it.";
