import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, clientAddressOf, clientIp, clientIpOf } from "./client-ip";

const SOCKET = "10.0.0.9";

describe("clientAddressOf", () => {
  it("is the socket address unless proxies are trusted", () => {
    expect(clientAddressOf("203.0.113.7", SOCKET, 0)).toBe(SOCKET);
    expect(clientAddressOf(undefined, SOCKET, 1)).toBe(SOCKET);
    expect(clientAddressOf(undefined, undefined, 0)).toBe("unknown");
  });

  it("takes the rightmost entry behind one proxy: a client-written entry on the left never chooses the bucket", () => {
    // the client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw
    expect(clientAddressOf("1.2.3.4, 203.0.113.7", SOCKET, 1)).toBe("203.0.113.7");
    expect(clientAddressOf("203.0.113.7", SOCKET, 1)).toBe("203.0.113.7");
    expect(clientAddressOf(["1.2.3.4", "203.0.113.7"], SOCKET, 1)).toBe("203.0.113.7");
  });

  it("takes the entry N hops from the right behind N proxies", () => {
    expect(clientAddressOf("1.2.3.4, 203.0.113.7, 10.1.1.1", SOCKET, 2)).toBe("203.0.113.7");
    expect(clientAddressOf("2001:db8::1,10.1.1.1", SOCKET, 2)).toBe("2001:db8::1");
  });

  it("falls back to the socket address when there are fewer entries than hops or the entry is not an IP address", () => {
    expect(clientAddressOf("203.0.113.7", SOCKET, 2)).toBe(SOCKET);
    expect(clientAddressOf("1.2.3.4, not-an-ip", SOCKET, 1)).toBe(SOCKET);
    expect(clientAddressOf("1.2.3.4, ", SOCKET, 1)).toBe(SOCKET);
    expect(clientAddressOf("203.0.113.7:4711", SOCKET, 1)).toBe(SOCKET);
  });
});

describe("clientIp and clientIpOf", () => {
  it("read the address server.ts stamped, from a request or from headers alone (a server action's)", () => {
    const headers = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.7" });
    expect(clientIp(new Request("http://localhost/x", { headers }))).toBe("203.0.113.7");
    expect(clientIpOf(headers)).toBe("203.0.113.7");
    expect(clientIpOf(new Headers())).toBe("unknown");
  });
});
