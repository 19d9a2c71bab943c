// npm run simulate -- [--games 8] [--users 400] [--speed 120] [--seed 42]
//                     [--base-url http://localhost:3000] [--platform-key pk_...] [--concurrency 16] [--json]
// Simulated live games drive the running app's real delivery endpoints over
// HTTP (the app must be running: `npm start`). Without --platform-key the demo
// platform key from data/demo-credentials.json is used.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { runSimulation, type SimulationSummary } from "@/lib/simulator/run-simulation";

const USAGE = `usage: npm run simulate -- [--games N] [--users N] [--speed X] [--seed N] [--base-url URL] [--platform-key KEY] [--concurrency N] [--json]
  --games        simulated games, spread over nba, nfl, mlb, ncaa_basketball (default 8)
  --users        simulated users holding wagers and positions, with regions and exclusions (default 400)
  --speed        simulated seconds per real second; 0 = as fast as the service answers (default 120)
  --seed         random seed: the same seed replays the same games (default 42)
  --base-url     the running app (default http://localhost:$PORT or 3000)
  --platform-key publisher key (default: the demo key in data/demo-credentials.json)
  --json         print the summary as JSON only`;

function positiveInt(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return number;
}

function printSummary(summary: SimulationSummary) {
  const pct = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)}%` : "-");
  const lines = [
    "",
    `Simulated ${summary.games} games (${Object.entries(summary.sports)
      .map(([sport, n]) => `${sport} ${n}`)
      .join(", ")}) for ${summary.users} users in ${(summary.elapsedMs / 1000).toFixed(1)} s`,
    `Users:             ${summary.audience.legalRegion} where online betting is legal, ${summary.audience.otherRegion} elsewhere, ${summary.audience.unknownRegion} of unknown region; ${summary.audience.selfExcluded} self-excluded from gambling, ${summary.audience.alcoholExcluded} from alcohol`,
    `Decisions asked:   ${summary.decisions.requested} (${summary.requests} moments fanned out)`,
    `Filled:            ${summary.decisions.filled} (${pct(summary.decisions.filled, summary.decisions.requested)})   no fill / capped: ${summary.decisions.noFill}   errors: ${summary.decisions.errors}`,
    `Spend:             ${summary.spendUsd.toFixed(6)} USD`,
    `Clicks:            ${summary.clicks.unique} unique (${summary.clicks.attempted} taps, ${summary.clicks.redirected} redirected, ${summary.clicks.errors} errors)   CTR ${pct(summary.clicks.unique, summary.decisions.filled)}`,
    `Conversions:       ${summary.conversions.recorded} recorded, ${summary.conversions.failed} failed${
      summary.conversions.failed
        ? ` (${Object.entries(summary.conversions.failedStatuses)
            .map(([status, n]) => `${status}: ${n}`)
            .join(", ")})`
        : ""
    }`,
    "",
    "moment type            sent   filled",
    ...Object.entries(summary.byMomentType)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([type, stats]) =>
          `${type.padEnd(20)} ${String(stats.requested).padStart(6)} ${String(stats.filled).padStart(8)}`,
      ),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      games: { type: "string" },
      users: { type: "string" },
      speed: { type: "string" },
      seed: { type: "string" },
      concurrency: { type: "string" },
      "base-url": { type: "string" },
      "platform-key": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const baseUrl = values["base-url"] ?? `http://localhost:${process.env.PORT ?? 3000}`;
  let platformKey = values["platform-key"];
  if (!platformKey) {
    const path = join(process.cwd(), "data", "demo-credentials.json");
    if (!existsSync(path))
      throw new Error(
        `no --platform-key and no ${path}: start the app with DEMO=1 or create a key (npm run admin -- create-platform-key --name sim)`,
      );
    platformKey = (JSON.parse(readFileSync(path, "utf8")) as { platform_key: string }).platform_key;
  }
  const speed = values.speed === undefined ? 120 : Number(values.speed);
  if (!Number.isFinite(speed) || speed < 0) throw new Error("--speed must be a number >= 0");

  try {
    await fetch(`${baseUrl}/api/delivery/decisions`, { method: "OPTIONS" });
  } catch {
    throw new Error(`the app does not answer at ${baseUrl}: start it with \`npm start\` or pass --base-url`);
  }

  const bar = values.json
    ? null
    : new cliProgress.SingleBar(
        {
          format:
            "{bar} {percentage}% | game clock {value}/{total} | decisions {decisions} | filled {filled} | clicks {clicks}",
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      );
  bar?.start(1, 0, { decisions: 0, filled: 0, clicks: 0 });
  const summary = await runSimulation({
    baseUrl,
    platformKey,
    games: positiveInt("games", values.games, 8),
    users: positiveInt("users", values.users, 400),
    speed,
    seed: positiveInt("seed", values.seed, 42, 0),
    concurrency: positiveInt("concurrency", values.concurrency, 16),
    onProgress: ({ done, total, summary: now }) => {
      bar?.setTotal(total);
      bar?.update(done, {
        decisions: now.decisions.requested,
        filled: now.decisions.filled,
        clicks: now.clicks.unique,
      });
    },
  });
  bar?.stop();
  if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else printSummary(summary);
  if (summary.decisions.errors > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`simulate: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
});
