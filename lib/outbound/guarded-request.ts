// The one way this service makes outbound HTTP requests (icon checks, webhooks,
// postback forwarding). Before any connection it resolves the host and refuses
// non-public addresses, then connects to exactly the address it vetted (so DNS
// rebinding between check and connect cannot redirect it). Redirects are
// followed manually and every hop is checked again. HTTPS only, except for the
// loopback host:port pairs in OUTBOUND_ALLOW_HOSTS (development and tests), which
// exempt the first request only, never a redirect hop (docs/decisions/0908).
// Errors never name the address a host resolved to (that would map internal
// DNS for the caller): the message is generic, the detail goes to the log.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { Clock } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { keyedTtlMemo } from "@/lib/ttl-memo";
import { isIpLiteral, isPublicAddress } from "./addresses";

export type OutboundBlockReason = "invalid_url" | "scheme" | "credentials" | "port" | "dns" | "private_address";

/** The request was refused before any connection was made. */
export class OutboundBlockedError extends Error {
  constructor(
    readonly reason: OutboundBlockReason,
    message: string,
    /** for the log only (may name resolved addresses): never shown to a caller */
    readonly detail: string = message,
  ) {
    super(message);
    this.name = "OutboundBlockedError";
  }
}

/**
 * The one message a caller sees for a host that does not resolve, or is or resolves
 * to a non-public address: two messages would tell which internal names exist (a
 * name that resolves to 10.x answers otherwise than one that does not resolve).
 * `reason` and the logged `detail` still tell them apart (docs/decisions/0909).
 */
export const NOT_PUBLIC_MESSAGE =
  "the host must resolve to public addresses only (not loopback, private, link-local or reserved ones)";

export type OutboundFailureReason = "timeout" | "network" | "too_many_redirects" | "body_too_large" | "aborted";

/** A connection was attempted and failed. */
export class OutboundFailedError extends Error {
  constructor(
    readonly reason: OutboundFailureReason,
    message: string,
  ) {
    super(message);
    this.name = "OutboundFailedError";
  }
}

export type OutboundOptions = {
  method?: "GET" | "HEAD" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** whole request, all redirects included (default 10 s) */
  timeoutMs?: number;
  /** default 3; 0 returns the redirect response itself */
  maxRedirects?: number;
  /** default 64 KiB; the rest of a larger body is discarded (body_truncated) */
  maxBodyBytes?: number;
  signal?: AbortSignal;
  /** defaults to env().OUTBOUND_ALLOW_HOSTS; exempts the first request only, never a redirect hop */
  allowHosts?: readonly string[];
  /** hosts exempt on redirect hops: none unless given (the guard's own tests); OUTBOUND_ALLOW_HOSTS never is */
  redirectAllowHosts?: readonly string[];
  /** refuse https URLs with a port other than 443, on every hop (the icon check) */
  defaultPortOnly?: boolean;
  /**
   * Keep the connection open for the next request to the same vetted address
   * (webhooks: a receiver gets many). Off by default (one connection per request).
   */
  keepAlive?: boolean;
};

export type OutboundResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  bodyTruncated: boolean;
  /** the URL that answered, after redirects */
  url: string;
  durationMs: number;
};

export type Target = { url: URL; address?: { address: string; family: 4 | 6 } };

function hostPort(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

/**
 * How long a host's DNS answer is reused. The answer is vetted again at every
 * use, and connections go to the vetted address only, so a stale answer can
 * only send a request to an address that was public when resolved, as a
 * resolver's own cache would. Without it every webhook attempt to a host name
 * waited for getaddrinfo on libuv's 4-thread pool.
 */
export const DNS_ANSWER_TTL_MS = 30_000;
const dnsAnswers = keyedTtlMemo<LookupAddress[]>(DNS_ANSWER_TTL_MS, 1024);

function lookupAll(hostname: string, clock?: Clock): Promise<LookupAddress[]> {
  // a failed lookup is not kept: the next request asks again
  return dnsAnswers.get(
    hostname.toLowerCase(),
    () =>
      new Promise((resolve, reject) =>
        dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
          error ? reject(error) : resolve(addresses),
        ),
      ),
    clock,
  );
}

/** Forgets the kept DNS answers (tests). */
export function forgetDnsAnswers(): void {
  dnsAnswers.clear();
}

function refuse(reason: OutboundBlockReason, message: string, detail = message): never {
  if (detail !== message) logger().info({ reason, detail }, "outbound request refused");
  throw new OutboundBlockedError(reason, message, detail);
}

/**
 * Validates a URL for outbound use without connecting: scheme, credentials, and
 * every address its host resolves to. Returns the vetted address to connect to.
 */
export async function vetOutboundUrl(
  raw: string,
  options: { allowHosts?: readonly string[]; defaultPortOnly?: boolean; clock?: Clock } = {},
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("invalid_url", "not a valid absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return refuse("scheme", "only https URLs are allowed");
  }
  if (url.username || url.password) {
    return refuse("credentials", "URLs with embedded credentials are not allowed");
  }
  const allowHosts = options.allowHosts ?? env().OUTBOUND_ALLOW_HOSTS;
  if (allowHosts.includes(hostPort(url))) return { url };
  if (url.protocol !== "https:") return refuse("scheme", "only https URLs are allowed");
  if (options.defaultPortOnly && url.port !== "") return refuse("port", "only the default https port (443) is allowed");

  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) return refuse("private_address", NOT_PUBLIC_MESSAGE, `${host} is not a public address`);
    return { url, address: { address: host, family: host.includes(":") ? 6 : 4 } };
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host, options.clock);
  } catch {
    return refuse("dns", NOT_PUBLIC_MESSAGE, `${host} does not resolve`);
  }
  if (addresses.length === 0) return refuse("dns", NOT_PUBLIC_MESSAGE, `${host} resolves to no address`);
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) {
    return refuse("private_address", NOT_PUBLIC_MESSAGE, `${host} resolves to ${refused.address}`);
  }
  const first = addresses[0]!;
  return { url, address: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}

function pinnedLookup(address: { address: string; family: 4 | 6 }): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as unknown as LookupFunction;
}

/** Idle kept-alive connections close after this long. */
const KEEP_ALIVE_IDLE_MS = 15_000;
export const MAX_AGENTS = 256;
const agents = new Map<string, HttpAgent>();

/**
 * A keep-alive agent per vetted destination: scheme, host name (TLS server
 * name), the address the guard vetted, and port. A socket is reused only for
 * the same address it was opened to; when the host's DNS answer changes, the
 * next request vets and pins the new address and gets another agent.
 */
export function keepAliveAgent(target: Target): HttpAgent {
  const { url } = target;
  const key = `${url.protocol}//${url.hostname}|${target.address?.address ?? ""}|${url.port}`;
  let agent = agents.get(key);
  if (agent) {
    // most recently used last: eviction takes the first
    agents.delete(key);
    agents.set(key, agent);
  } else {
    if (agents.size >= MAX_AGENTS) {
      // dropped, not destroyed: its requests under way finish, and its idle sockets
      // close after KEEP_ALIVE_IDLE_MS (the agent's timeout applies to free sockets)
      agents.delete(agents.keys().next().value!);
    }
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64, timeout: KEEP_ALIVE_IDLE_MS };
    agent = url.protocol === "https:" ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

function once(
  target: Target,
  options: OutboundOptions,
  deadline: number,
): Promise<Omit<OutboundResponse, "url" | "durationMs">> {
  const { url } = target;
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const maxBody = options.maxBodyBytes ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      reject(new OutboundFailedError("timeout", "timed out"));
      return;
    }
    const req = send(
      url,
      {
        method: options.method ?? "GET",
        headers: {
          "user-agent": "SportsMomentAds/1.0",
          // a known length: one write, no chunked encoding for the receiver to parse
          ...(options.body !== undefined ? { "content-length": String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        lookup: target.address ? pinnedLookup(target.address) : undefined,
        servername: isIpLiteral(url.hostname) ? undefined : url.hostname,
        signal: options.signal,
        agent: options.keepAlive ? keepAliveAgent(target) : false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on("data", (chunk: Buffer) => {
          if (size + chunk.length > maxBody) {
            truncated = true;
            chunks.push(chunk.subarray(0, Math.max(0, maxBody - size)));
            size = maxBody;
            res.destroy();
            finish();
            return;
          }
          size += chunk.length;
          chunks.push(chunk);
        });
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            bodyTruncated: truncated,
          });
        };
        res.on("end", finish);
        res.on("error", (error) => {
          if (!truncated) {
            clearTimeout(timer);
            reject(new OutboundFailedError("network", error.message));
          }
        });
      },
    );
    const timer = setTimeout(
      () => req.destroy(new OutboundFailedError("timeout", `no answer within ${options.timeoutMs ?? 10_000} ms`)),
      remaining,
    );
    req.on("error", (error) => {
      clearTimeout(timer);
      if (error instanceof OutboundFailedError) reject(error);
      else if (error.name === "AbortError") reject(new OutboundFailedError("aborted", "aborted"));
      else reject(new OutboundFailedError("network", error.message));
    });
    req.end(options.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** An outbound request through the guard. Throws OutboundBlockedError or OutboundFailedError. */
export async function guardedRequest(raw: string, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? 10_000);
  const maxRedirects = options.maxRedirects ?? 3;
  let current = raw;
  let method = options.method ?? "GET";
  let body = options.body;
  for (let hop = 0; ; hop++) {
    // the allow-list exempts the URL the caller gave, never where it redirects
    const target = await vetOutboundUrl(current, {
      allowHosts: hop === 0 ? options.allowHosts : (options.redirectAllowHosts ?? []),
      defaultPortOnly: options.defaultPortOnly,
    });
    const response = await once(target, { ...options, method, body }, deadline);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || maxRedirects === 0) {
      return { ...response, url: target.url.toString(), durationMs: Date.now() - started };
    }
    if (hop >= maxRedirects) throw new OutboundFailedError("too_many_redirects", `more than ${maxRedirects} redirects`);
    current = new URL(location, target.url).toString();
    if (response.status === 303 && method !== "HEAD") {
      method = "GET";
      body = undefined;
    }
  }
}
