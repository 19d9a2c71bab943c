// next/headers for server-action tests (vi.mock("next/headers", () => import("@/test/server-action-request"))):
// the request a dashboard action runs in exists only inside Next, so tests say which client
// address server.ts stamped (x-sma-client-ip) and which cookies the browser sent.
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";

export const actionRequest = { ip: "127.0.0.1", cookies: new Map<string, string>() };

export async function headers(): Promise<Headers> {
  return new Headers({ [CLIENT_IP_HEADER]: actionRequest.ip });
}

export async function cookies() {
  return {
    get: (name: string) =>
      actionRequest.cookies.has(name) ? { name, value: actionRequest.cookies.get(name)! } : undefined,
  };
}
