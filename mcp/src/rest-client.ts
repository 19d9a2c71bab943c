// The client of the Sports Moment Ads REST API: the only way the tools reach
// the service (never the database). Its types and its table of operations are
// generated from the service's OpenAPI document (generated/, `npm run codegen`;
// docs/decisions/1309), and a call names its operation by operationId, so the
// method, path, scopes and idempotency are the document's, never restated here.
// openapi-fetch builds the requests; the transport decides how a request
// travels (`fetch`: the network for the stdio package, the app's own route
// handlers in-process for /mcp) and where the Bearer token comes from.
import createClient from "openapi-fetch";
import type { components, operations, paths } from "./generated/api.ts";
import { OPERATIONS, type OperationId } from "./generated/operations.ts";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type RestClientOptions = {
  /** The service's origin, e.g. https://ads.example.com (no trailing slash needed). */
  baseUrl: string;
  /** The Authorization header value for every call ("Bearer …"). `retry` asks for a fresh token after a 401. */
  authorization: (retry: boolean) => Promise<string>;
  fetch?: FetchLike;
  /** Extra headers on every call (request id, client address when forwarding in-process). */
  headers?: Record<string, string>;
};

/** One field error of a problem answer: where (the API's field path) and what, without the field's name. */
export type FieldError = { path: string; message: string };

/** A problem+json answer of the API (RFC 9457), or a transport failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fieldErrors: readonly FieldError[];
  readonly requestId?: string;
  readonly retryAfterSeconds?: number;

  constructor(init: {
    status: number;
    code: string;
    detail: string;
    fieldErrors?: readonly FieldError[];
    requestId?: string;
    retryAfterSeconds?: number;
  }) {
    super(init.detail);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

// ------------------------------------------------------------------ types of an operation

export type Schemas = components["schemas"];
type Operation<K extends OperationId> = operations[K];
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Responses<K extends OperationId> = Operation<K>["responses"];
/** The JSON of an operation's success answers (200 or 201). */
export type ResultOf<K extends OperationId> =
  | (200 extends keyof Responses<K> ? JsonOf<Responses<K>[200]> : never)
  | (201 extends keyof Responses<K> ? JsonOf<Responses<K>[201]> : never);
type Parameters<K extends OperationId> = Operation<K>["parameters"];
type BodyOf<K extends OperationId> =
  NonNullable<Operation<K>["requestBody"]> extends { content: { "application/json": infer B } } ? B : never;

/** What a call sends: path parameters, query (validate_only is the client's), body. */
export type CallArgs<K extends OperationId> = {
  path?: NonNullable<Parameters<K>["path"]>;
  query?: Omit<NonNullable<Parameters<K>["query"]>, "validate_only">;
  body?: BodyOf<K>;
};
export type WriteOptions = {
  idempotencyKey?: string;
  validateOnly?: boolean;
  /** If-Match (updateCampaign): the campaign's updated_at as read; the API refuses 409 conflict when it changed. */
  ifUpdatedAt?: string;
};
/** A write's answer; `replayed` when the API answered a retry from its Idempotency-Key record. */
export type Written<T> = { result: T; replayed: boolean };

export type RestClient = {
  baseUrl: string;
  /** Calls `operation` and answers its JSON (a read, or a write without idempotency key). */
  read<K extends OperationId>(operation: K, args?: CallArgs<K>): Promise<ResultOf<K>>;
  /** Calls a write: the Idempotency-Key is sent unless validateOnly (a preview changes nothing). */
  write<K extends OperationId>(operation: K, args: CallArgs<K>, options: WriteOptions): Promise<Written<ResultOf<K>>>;
};

type Problem = Partial<{ code: string; detail: string; title: string; request_id: string; errors: FieldError[] }>;

/** The loosely typed request of openapi-fetch: the operation table gives method and path at run time. */
type LooseRequest = (
  method: string,
  path: string,
  init: {
    params?: { path?: unknown; query?: unknown };
    body?: unknown;
    headers?: Record<string, string>;
  },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function createRestClient(options: RestClientOptions): RestClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));

  /** Sends with a token; an expired or revoked token gets one fresh token and one retry. */
  async function transport(request: Request): Promise<Response> {
    const again = request.clone();
    const withToken = async (outgoing: Request, retry: boolean) => {
      const headers = new Headers(outgoing.headers);
      headers.set("authorization", await options.authorization(retry));
      return new Request(outgoing, { headers });
    };
    const first = await fetchFn(await withToken(request, false));
    if (first.status !== 401) return first;
    return fetchFn(await withToken(again, true));
  }

  const client = createClient<paths>({
    baseUrl: base,
    fetch: transport,
    headers: { accept: "application/json", ...options.headers },
  });
  const request = client.request as unknown as LooseRequest;

  async function call<K extends OperationId>(
    operation: K,
    args: CallArgs<K> = {},
    write: WriteOptions = {},
  ): Promise<Written<ResultOf<K>>> {
    const { method, path } = OPERATIONS[operation];
    const query = { ...(args.query as object | undefined), ...(write.validateOnly ? { validate_only: "true" } : {}) };
    const headers: Record<string, string> = {};
    if (write.idempotencyKey && !write.validateOnly) headers["idempotency-key"] = write.idempotencyKey;
    if (write.ifUpdatedAt) headers["if-match"] = `"${write.ifUpdatedAt}"`;
    let answer: Awaited<ReturnType<LooseRequest>>;
    try {
      answer = await request(method.toUpperCase(), path, {
        params: { path: args.path, query },
        ...(args.body === undefined ? {} : { body: args.body }),
        headers,
      });
    } catch (error) {
      throw new ApiError({
        status: 0,
        code: "unavailable",
        detail: `Could not reach ${base}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    const { response } = answer;
    if (!response.ok) {
      const problem = (answer.error && typeof answer.error === "object" ? answer.error : {}) as Problem;
      const retryAfter = Number(response.headers.get("retry-after"));
      throw new ApiError({
        status: response.status,
        code: problem.code ?? (response.status >= 500 ? "internal_error" : "bad_request"),
        detail: problem.detail ?? problem.title ?? `HTTP ${response.status}`,
        fieldErrors: Array.isArray(problem.errors) ? problem.errors : [],
        requestId: problem.request_id ?? response.headers.get("x-request-id") ?? undefined,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      });
    }
    return {
      result: answer.data as ResultOf<K>,
      replayed: response.headers.get("idempotency-replayed") === "true",
    };
  }

  return {
    baseUrl: base,
    read: async (operation, args) => (await call(operation, args)).result,
    write: (operation, args, options) => call(operation, args, options),
  };
}

// ------------------------------------------------------------------ the API's shapes the tools read

export type MomentType = Schemas["MomentType"];
export type ClearingPrices = Schemas["ClearingPrices"];
export type CampaignListItem = Schemas["CampaignListItem"];
export type Campaign = Schemas["Campaign"];
export type CampaignCreated = Schemas["CampaignCreated"];
export type Creative = Schemas["Creative"];
export type CreativeBody = Schemas["CreativeInput"];
export type CreateCampaignBody = Schemas["CreateCampaignInput"];
export type UpdateCampaignBody = Schemas["UpdateCampaignInput"];
export type CampaignUpdatePreview = Schemas["CampaignUpdatePreview"];
export type CampaignReport = Schemas["CampaignReport"];
export type ReportRow = Schemas["ReportRow"];
export type ReportTotals = Schemas["ReportTotals"];
export type CampaignStatus = Campaign["status"];
export type CreativeStatus = Creative["status"];
export type Sport = Campaign["sports"][number];
