// Waits for a condition that another process or server brings about (a real
// child process, a real receiver), checking it every `everyMs`. It has no
// deadline of its own on purpose: how long the machine takes is not the
// test's outcome; a condition that never comes fails on the test's timeout.
import { setTimeout as sleep } from "node:timers/promises";

export async function until(condition: () => boolean | Promise<boolean>, everyMs = 50): Promise<void> {
  while (!(await condition())) await sleep(everyMs);
}
