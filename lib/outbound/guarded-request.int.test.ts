// The outbound guard against real local servers: refused requests never connect.
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  guardedRequest,
  NOT_PUBLIC_MESSAGE,
  OutboundBlockedError,
  OutboundFailedError,
  vetOutboundUrl,
} from "./guarded-request";

let connections = 0;
let tcp: TcpServer;
let tcpPort: number;
let http: Server;
let httpPort: number;
let hang: Server;
let hangPort: number;

function listen<T extends TcpServer | Server>(server: T): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  // counts every TCP connection it receives: a refused request must leave it at 0
  tcp = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  tcpPort = await listen(tcp);
  http = createHttpServer((req, res) => {
    if (req.url === "/redirect-private") {
      res.writeHead(302, { location: `http://127.0.0.1:${tcpPort}/metadata` }).end();
    } else if (req.url === "/redirect-self") {
      res.writeHead(301, { location: "/ok" }).end();
    } else if (req.url === "/loop") {
      res.writeHead(302, { location: "/loop" }).end();
    } else if (req.url === "/big") {
      res.writeHead(200).end("x".repeat(100_000));
    } else {
      res.writeHead(200, { "content-type": "text/plain" }).end(`${req.method} ok`);
    }
  });
  httpPort = await listen(http);
  hang = createHttpServer(() => {
    /* never answers */
  });
  hangPort = await listen(hang);
});

afterAll(async () => {
  hang.closeAllConnections();
  await Promise.all([tcp, http, hang].map((server) => new Promise((resolve) => server.close(resolve))));
});

async function blockedReason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundBlockedError);
  return (error as OutboundBlockedError).reason;
}

describe("guardedRequest", () => {
  it("refuses loopback, private and metadata addresses before connecting", async () => {
    const before = connections;
    expect(await blockedReason(guardedRequest(`https://127.0.0.1:${tcpPort}/x`, { allowHosts: [] }))).toBe(
      "private_address",
    );
    expect(await blockedReason(guardedRequest(`https://localhost:${tcpPort}/x`, { allowHosts: [] }))).toBe(
      "private_address",
    );
    expect(await blockedReason(guardedRequest(`https://[::ffff:127.0.0.1]:${tcpPort}/x`, { allowHosts: [] }))).toBe(
      "private_address",
    );
    expect(await blockedReason(guardedRequest("https://169.254.169.254/latest/meta-data/", { allowHosts: [] }))).toBe(
      "private_address",
    );
    expect(await blockedReason(guardedRequest("https://10.0.0.1/", { allowHosts: [] }))).toBe("private_address");
    expect(connections).toBe(before);
  });

  it("accepts only global unicast IPv6: ::/96, documentation and 6to4 literals are refused before connecting", async () => {
    const before = connections;
    for (const host of [
      "[::127.0.0.1]",
      "[::7f00:1]",
      "[::ffff:10.0.0.1]",
      "[2001:db8::1]",
      "[2002:a00:1::1]",
      "[fe80::1]",
    ]) {
      expect(await blockedReason(guardedRequest(`https://${host}:${tcpPort}/x`, { allowHosts: [] })), host).toBe(
        "private_address",
      );
    }
    expect(connections).toBe(before);
  });

  it("answers a name that does not resolve with the message of a private address (no oracle of internal names)", async () => {
    const refusalOf = (url: string) =>
      vetOutboundUrl(url, { allowHosts: [] }).then(
        () => {
          throw new Error(`${url} was not refused`);
        },
        (caught: unknown) => caught as OutboundBlockedError,
      );
    const missing = await refusalOf("https://no-such-host.invalid/x");
    const internal = await refusalOf(`https://localhost:${tcpPort}/x`);
    expect([missing.reason, internal.reason]).toEqual(["dns", "private_address"]);
    expect(missing.message).toBe(NOT_PUBLIC_MESSAGE);
    expect(internal.message).toBe(NOT_PUBLIC_MESSAGE);
    expect(missing.detail).toBe("no-such-host.invalid does not resolve");
  });

  it("never names the address a host resolved to: the message is generic, the detail is kept for the log", async () => {
    const error = await vetOutboundUrl(`https://localhost:${tcpPort}/x`, { allowHosts: [] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OutboundBlockedError);
    const blocked = error as OutboundBlockedError;
    expect(blocked.message).not.toMatch(/127\.0\.0\.1|::1/);
    expect(blocked.message).toBe(NOT_PUBLIC_MESSAGE);
    expect(blocked.detail).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
  });

  it("refuses a port other than 443 when asked to (the icon check), before resolving or connecting", async () => {
    expect(await blockedReason(vetOutboundUrl("https://example.com:8443/icon.png", { defaultPortOnly: true }))).toBe(
      "port",
    );
    expect(
      await blockedReason(
        vetOutboundUrl("https://no-such-host.invalid:444/", { allowHosts: [], defaultPortOnly: true }),
      ),
    ).toBe("port");
    // without the option the port is not the guard's business (webhooks may use any https port)
    expect(await blockedReason(vetOutboundUrl("https://no-such-host.invalid:444/", { allowHosts: [] }))).toBe("dns");
  });

  it("refuses plain http, other schemes, credentials and junk", async () => {
    expect(await blockedReason(guardedRequest(`http://127.0.0.1:${tcpPort}/`, { allowHosts: [] }))).toBe("scheme");
    expect(await blockedReason(guardedRequest("ftp://example.com/", { allowHosts: [] }))).toBe("scheme");
    expect(await blockedReason(guardedRequest("https://user:pw@example.com/", { allowHosts: [] }))).toBe("credentials");
    expect(await blockedReason(guardedRequest("not a url", { allowHosts: [] }))).toBe("invalid_url");
    expect(await blockedReason(guardedRequest("https://no-such-host.invalid/", { allowHosts: [] }))).toBe("dns");
  });

  it("lets an allow-listed host:port through, over plain http too", async () => {
    const res = await guardedRequest(`http://127.0.0.1:${httpPort}/ok`, {
      method: "HEAD",
      allowHosts: [`127.0.0.1:${httpPort}`],
    });
    expect(res.status).toBe(200);
    const get = await guardedRequest(`http://127.0.0.1:${httpPort}/ok`, { allowHosts: [`127.0.0.1:${httpPort}`] });
    expect(get.body.toString()).toBe("GET ok");
    expect(
      await blockedReason(vetOutboundUrl(`http://127.0.0.1:${httpPort}/ok`, { allowHosts: ["127.0.0.1:1"] })),
    ).toBe("scheme");
  });

  it("never applies the allow-list to a redirect hop: a redirect back to the same allowed host is refused", async () => {
    const allow = [`127.0.0.1:${httpPort}`];
    expect(
      await blockedReason(guardedRequest(`http://127.0.0.1:${httpPort}/redirect-self`, { allowHosts: allow })),
    ).toBe("scheme");
  });

  it("keepAlive reuses one connection per vetted destination and sends a known length; without it, one per request", async () => {
    const sockets: string[] = [];
    const lengths: (string | undefined)[] = [];
    const counting = createHttpServer((req, res) => {
      sockets.push(`${req.socket.remotePort}`);
      lengths.push(req.headers["content-length"]);
      req.resume();
      req.on("end", () => res.writeHead(200).end("ok"));
    });
    const port = await listen(counting);
    const options = { method: "POST" as const, body: '{"a":1}', allowHosts: [`127.0.0.1:${port}`] };
    try {
      for (let index = 0; index < 3; index++)
        await guardedRequest(`http://127.0.0.1:${port}/k`, { ...options, keepAlive: true });
      expect(new Set(sockets).size).toBe(1);
      expect(lengths).toEqual(["7", "7", "7"]);
      sockets.length = 0;
      for (let index = 0; index < 3; index++) await guardedRequest(`http://127.0.0.1:${port}/k`, options);
      expect(new Set(sockets).size).toBe(3);
    } finally {
      counting.closeAllConnections();
      await new Promise((resolve) => counting.close(resolve));
    }
  });

  it("follows redirects, checking every hop: a hop to a private address is refused without connecting", async () => {
    const allow = [`127.0.0.1:${httpPort}`];
    // redirectAllowHosts exists for these tests only (OUTBOUND_ALLOW_HOSTS never reaches redirect hops)
    const ok = await guardedRequest(`http://127.0.0.1:${httpPort}/redirect-self`, {
      allowHosts: allow,
      redirectAllowHosts: allow,
    });
    expect(ok.status).toBe(200);
    expect(ok.url).toBe(`http://127.0.0.1:${httpPort}/ok`);

    const before = connections;
    expect(
      await blockedReason(
        guardedRequest(`http://127.0.0.1:${httpPort}/redirect-private`, {
          allowHosts: allow,
          redirectAllowHosts: allow,
        }),
      ),
    ).toBe("scheme");
    expect(connections).toBe(before);

    const loop = await guardedRequest(`http://127.0.0.1:${httpPort}/loop`, {
      allowHosts: allow,
      redirectAllowHosts: allow,
    }).catch((error: unknown) => error);
    expect(loop).toBeInstanceOf(OutboundFailedError);
    expect((loop as OutboundFailedError).reason).toBe("too_many_redirects");
  });

  // a hang past the timeout would fail on the test's own timeout; no elapsed-time bound (it would measure the machine)
  it("times out a server that never answers", async () => {
    const error = await guardedRequest(`http://127.0.0.1:${hangPort}/`, {
      allowHosts: [`127.0.0.1:${hangPort}`],
      timeoutMs: 300,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundFailedError);
    expect((error as OutboundFailedError).reason).toBe("timeout");
  });

  it("caps the body it reads", async () => {
    const res = await guardedRequest(`http://127.0.0.1:${httpPort}/big`, {
      allowHosts: [`127.0.0.1:${httpPort}`],
      maxBodyBytes: 1000,
    });
    expect(res.body.length).toBe(1000);
    expect(res.bodyTruncated).toBe(true);
  });
});
