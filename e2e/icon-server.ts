// The icon server of the e2e run: answers 200 with an (empty) PNG to every
// request, so creatives' icon checks (a HEAD request through the app's
// outbound guard) pass; a path under /status/404/ answers 404 with a short
// body, as a webhook endpoint that is gone would. playwright.config.ts starts it on a port the system
// picks, before the app, and names that port in the app's OUTBOUND_ALLOW_HOSTS.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export async function startIconServer(): Promise<number> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/status/404/")) res.writeHead(404, { "content-type": "text/plain" }).end("nf");
    else res.writeHead(200, { "content-type": "image/png" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // it lives as long as the test runner and must not keep it from exiting
  server.unref();
  return (server.address() as AddressInfo).port;
}
