// One pass of the rules worker in a process of its own, for the multi-instance test: it
// connects, prints "ready", waits for a line on stdin so that every pass starts together,
// runs runDueRules at the time given as its argument and prints how many windows it evaluated.
import { once } from "node:events";
import { db, disconnectDb } from "@/lib/db/client";
import { runDueRules } from "@/lib/domain/rules/run-rules";

async function main() {
  const atMs = Number(process.argv[2]);
  if (!Number.isFinite(atMs)) throw new Error("usage: rules-pass.ts <epoch ms>");
  await db().$queryRawUnsafe("SELECT 1");
  process.stdout.write("ready\n");
  await once(process.stdin, "data");
  const evaluated = await runDueRules(atMs);
  process.stdout.write(`evaluated ${evaluated}\n`);
  await disconnectDb();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
