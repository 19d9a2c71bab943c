// The caller's address. server.ts overwrites x-sma-client-ip with the socket's
// address (or the X-Forwarded-For hop when TRUST_PROXY is on) before Next sees
// the request, so a client cannot choose its own rate-limit bucket.
export const CLIENT_IP_HEADER = "x-sma-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
