// Calling exported route handlers with real Request objects, inside a request scope
// as Next calls them (next/headers answers the request: test/next-request-scope.ts).
import { inNextRequestScope } from "./next-request-scope";

type Handler = (request: Request, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless it is a string or URLSearchParams */
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  ip?: string;
};

export const TEST_ORIGIN = "http://sma.test";

export function makeRequest(path: string, options: CallOptions = {}): Request {
  const url = new URL(path, TEST_ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers = new Headers(options.headers);
  headers.set("x-sma-client-ip", options.ip ?? "203.0.113.10");
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams) {
    body = options.body.toString();
    if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
  } else if (typeof options.body === "string") {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(url, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
}

export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const request = makeRequest(path, options);
  const response = await inNextRequestScope(request, () =>
    handler(request, { params: Promise.resolve(options.params ?? {}) }),
  );
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, text, body: json as any };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
