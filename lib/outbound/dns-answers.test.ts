// The outbound guard keeps a host's DNS answer for DNS_ANSWER_TTL_MS and vets it
// again at every use; failed lookups are not kept. DNS is replaced by a fake
// whose answers the test changes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedClock } from "@/lib/clock";

const dns = vi.hoisted(() => ({
  answers: new Map<string, string | Error>(),
  calls: [] as string[],
}));

vi.mock("node:dns", () => ({
  lookup: (
    hostname: string,
    _options: unknown,
    callback: (error: Error | null, addresses: { address: string; family: number }[]) => void,
  ) => {
    dns.calls.push(hostname);
    const answer = dns.answers.get(hostname) ?? new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    queueMicrotask(() =>
      answer instanceof Error ? callback(answer, []) : callback(null, [{ address: answer, family: 4 }]),
    );
  },
}));

const { DNS_ANSWER_TTL_MS, forgetDnsAnswers, vetOutboundUrl, OutboundBlockedError } = await import("./guarded-request");

afterEach(() => {
  dns.answers.clear();
  dns.calls.length = 0;
  forgetDnsAnswers();
});

const vet = (url: string, atMs: number) => vetOutboundUrl(url, { allowHosts: [], clock: fixedClock(atMs) });
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => "allowed",
    (error: unknown) => (error instanceof OutboundBlockedError ? error.reason : String(error)),
  );

describe("DNS answers of the outbound guard", () => {
  it("resolves a host once per window and connects to the address it vetted", async () => {
    dns.answers.set("hooks.example.com", "93.184.216.34");
    const first = await vet("https://hooks.example.com/a", 0);
    const again = await vet("https://HOOKS.example.com/b", DNS_ANSWER_TTL_MS - 1);
    expect(first.address).toEqual({ address: "93.184.216.34", family: 4 });
    expect(again.address).toEqual(first.address);
    expect(dns.calls).toEqual(["hooks.example.com"]);
    dns.answers.set("hooks.example.com", "93.184.216.35");
    expect((await vet("https://hooks.example.com/c", DNS_ANSWER_TTL_MS)).address?.address).toBe("93.184.216.35");
    expect(dns.calls).toHaveLength(2);
  });

  it("vets the kept answer at every use: a host that now resolves to a private address is refused once its answer expires", async () => {
    dns.answers.set("rebind.example.com", "93.184.216.34");
    await vet("https://rebind.example.com/", 0);
    dns.answers.set("rebind.example.com", "10.0.0.1");
    // within the window the kept (public) answer serves: never the new private one
    expect((await vet("https://rebind.example.com/", 1000)).address?.address).toBe("93.184.216.34");
    expect(await reason(vet("https://rebind.example.com/", DNS_ANSWER_TTL_MS))).toBe("private_address");
  });

  it("does not keep a failed lookup", async () => {
    expect(await reason(vet("https://late.example.com/", 0))).toBe("dns");
    dns.answers.set("late.example.com", "93.184.216.34");
    expect(await reason(vet("https://late.example.com/", 1))).toBe("allowed");
    expect(dns.calls).toEqual(["late.example.com", "late.example.com"]);
  });
});
