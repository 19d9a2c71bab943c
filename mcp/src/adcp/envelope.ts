// AdCP task envelopes over MCP: envelope fields (status, message, context,
// replayed) and the task's body are siblings at the root of structuredContent.
import { z } from "zod";
import { CONFIRM_MESSAGE } from "../tool.ts";
import { toAdcpError } from "../tool-result.ts";

export const ADCP_VERSION = "3.1";
/** The AdCP major versions this agent speaks: a request naming another is refused VERSION_UNSUPPORTED. */
export const ADCP_MAJOR_VERSIONS = [3] as const;

/** Fields every AdCP request may carry. The account and brand are the token's; they are accepted and not used. */
export const adcpRequest = {
  adcp_version: z.string().optional().describe('AdCP release the caller speaks, e.g. "3.1".'),
  adcp_major_version: z.number().int().optional(),
  account: z.looseObject({}).optional().describe("Ignored: the account is the one the access token belongs to."),
  brand: z.looseObject({}).optional().describe("Accepted for AdCP compatibility; not used."),
  context: z.looseObject({}).optional().describe("Opaque correlation data, echoed back unchanged."),
  ext: z.looseObject({}).optional(),
};

/** The loose output schema of every AdCP task (the full AdCP schemas are checked in tests). */
export const adcpResponse = {
  status: z.string().describe("AdCP task status: completed, or input-required for a preview awaiting confirm: true."),
  adcp_version: z.string().optional(),
  message: z.string().optional(),
  context: z.looseObject({}).optional(),
  replayed: z.boolean().optional(),
  errors: z.array(z.looseObject({ code: z.string(), message: z.string() })).optional(),
};

export function completed(body: Record<string, unknown>, context?: Record<string, unknown>, replayed?: boolean) {
  return {
    status: "completed",
    adcp_version: ADCP_VERSION,
    ...body,
    ...(replayed ? { replayed: true } : {}),
    ...(context ? { context } : {}),
  };
}

/**
 * A task that waits for the buyer (AdCP's input-required, reason APPROVAL_REQUIRED): a spend-raising change
 * waiting for confirm: true, with its preview; or, with `errors`, a request missing what only the buyer can
 * supply. Nothing was changed either way.
 */
export function inputRequired(
  preview: Record<string, unknown> | undefined,
  context?: Record<string, unknown>,
  options: { message?: string; errors?: Record<string, unknown>[] } = {},
) {
  return {
    status: "input-required",
    adcp_version: ADCP_VERSION,
    reason: "APPROVAL_REQUIRED",
    message: options.message ?? CONFIRM_MESSAGE,
    ...(preview ? { preview } : {}),
    ...(options.errors ? { errors: options.errors } : {}),
    ...(context ? { context } : {}),
  };
}

/** An AdCP per-item error entry (sync_creatives, get_media_buys), in the same terms as a tool error. */
export function errorEntry(error: unknown, field?: string, fieldMap?: (path: string) => string) {
  const { code, message, recovery, details, suggestion } = toAdcpError(error, fieldMap);
  return { code, message, recovery, ...(field ? { field } : {}), ...(suggestion ? { suggestion } : {}), details };
}
