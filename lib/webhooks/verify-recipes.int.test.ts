// The verification recipes of docs/webhooks.md (docs/webhooks/verify-signature.mjs and
// verify_signature.py), run as a receiver would run them against a real signed
// delivery: they accept it over the raw body and refuse any alteration.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebhook } from "@/lib/webhooks/register-webhook";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { actorFor } from "@/test/factories/actors";
import { startReceiver, type ReceivedRequest, type Receiver } from "@/test/webhook-receiver";

const docs = join(process.cwd(), "docs", "webhooks");
let receiver: Receiver;
let secret: string;
let delivery: ReceivedRequest;

beforeAll(async () => {
  receiver = await startReceiver();
  const adv = await createTestAdvertiser();
  const actor = actorFor(adv.advertiserId);
  const endpoint = await registerWebhook(
    actor,
    { url: receiver.url("/recipe"), events: ["conversion.recorded"] },
    { allowHosts: [receiver.hostPort] },
  );
  secret = endpoint.secret;
  const result = await sendTestEvent(actor, endpoint.id, { allowHosts: [receiver.hostPort] });
  expect(result.success).toBe(true);
  delivery = receiver.requests[0]!;
});

afterAll(async () => {
  await receiver.close();
});

type Case = { body: Buffer; timestamp: string; signature: string; secret: string };

function cases(): [string, Case, boolean][] {
  const timestamp = delivery.headers["x-service-timestamp"] as string;
  const signature = delivery.headers["x-service-signature"] as string;
  const good: Case = { body: delivery.rawBody, timestamp, signature, secret };
  return [
    ["the delivery as received", good, true],
    [
      "the body parsed and serialised again",
      { ...good, body: Buffer.from(JSON.stringify(JSON.parse(delivery.rawBody.toString()), null, 2)) },
      false,
    ],
    [
      "one byte changed",
      { ...good, body: Buffer.from(delivery.rawBody.toString().replace("webhook.test", "webhook.tesT")) },
      false,
    ],
    ["another timestamp", { ...good, timestamp: String(Number(timestamp) - 1) }, false],
    [
      "a timestamp 10 minutes old, correctly signed for it",
      { ...good, timestamp: String(Number(timestamp) - 600) },
      false,
    ],
    ["another secret", { ...good, secret: "f".repeat(64) }, false],
  ];
}

const NODE_RUNNER = `
import { verifyWebhook } from ${JSON.stringify(join(docs, "verify-signature.mjs"))};
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const [secret, timestamp, signature] = process.argv.slice(1);
process.stdout.write(String(verifyWebhook(Buffer.concat(chunks), { "x-service-timestamp": timestamp, "x-service-signature": signature }, secret)));
`;

const PYTHON_RUNNER = `
import sys
sys.path.insert(0, ${JSON.stringify(docs)})
from verify_signature import verify_webhook
secret, timestamp, signature = sys.argv[1:4]
ok = verify_webhook(sys.stdin.buffer.read(), {"X-Service-Timestamp": timestamp, "X-Service-Signature": signature}, secret)
sys.stdout.write("true" if ok else "false")
`;

const hasPython = spawnSync("python3", ["--version"]).status === 0;

describe("docs/webhooks.md verification recipes", () => {
  it("Node: verifyWebhook(rawBody, headers, secret)", () => {
    for (const [name, input, expected] of cases()) {
      const run = spawnSync(
        process.execPath,
        ["--input-type=module", "-e", NODE_RUNNER, input.secret, input.timestamp, input.signature],
        { input: input.body, encoding: "utf8" },
      );
      expect(run.stderr).toBe("");
      expect(run.stdout, name).toBe(String(expected));
    }
  });

  it.skipIf(!hasPython)("Python: verify_webhook(raw_body, headers, secret)", () => {
    for (const [name, input, expected] of cases()) {
      const run = spawnSync("python3", ["-c", PYTHON_RUNNER, input.secret, input.timestamp, input.signature], {
        input: input.body,
        encoding: "utf8",
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
      });
      expect(run.stderr).toBe("");
      expect(run.stdout, name).toBe(String(expected));
    }
  });
});
