// wrk for the decision benches (decisions, decisions-pg): the request mix as a
// Lua script, the command line (each run seeds its generator differently, so
// rounds and concurrent runs do not replay the same users), and its output read
// back into figures.
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";

export type WrkResult = { rps: number; p50: number; p90: number; p99: number; requests: number; errors: string };

/** A random moment type, sport, one of 400 games and one of 1,000,000 users per request, seeded by the run's argument. */
export function decisionsLuaScript(key: string): string {
  const types = MOMENT_TYPE_KEYS.map((type) => `"${type}"`).join(", ");
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer ${key}"
local types = { ${types} }
local sports = { "nba", "nfl", "mlb", "ncaa_basketball" }
-- each wrk run gets its own seed (its last argument), so that rounds do not replay the same users
function init(args)
  math.randomseed(tonumber(args[1]) or 42)
end
request = function()
  local body = string.format('{"moment_type":"%s","sport":"%s","game_id":"game-%d","user_id":"user-%d"}',
    types[math.random(#types)], sports[math.random(#sports)], math.random(1, 400), math.random(1, 1000000))
  return wrk.format(nil, nil, nil, body)
end
`;
}

let runs = 0;

/** The arguments of one run (1 thread), with a seed of its own. */
export function wrkArgs(url: string, script: string, seconds: number, connections: number): string[] {
  const seed = String(42 + runs++);
  return ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", script, url, "--", seed];
}

function toMs(text: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/** wrk's printed summary (with --latency) as figures. */
export function parseWrk(out: string): WrkResult {
  const percentile = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: percentile("50"),
    p90: percentile("90"),
    p99: percentile("99"),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
    errors: [/Socket errors:.*/.exec(out)?.[0], /Non-2xx or 3xx responses:.*/.exec(out)?.[0]]
      .filter(Boolean)
      .join("; "),
  };
}

/**
 * The fan-out bench's per-request baseline: one moment's users (a file, one id a
 * line, the run's argument) as single decisions, in order, starting again from
 * the first when the list is through (the bench sizes the run to about one pass).
 */
export function singlesLuaScript(key: string, moment: { moment_type: string; sport: string; game_id: string }): string {
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer ${key}"
local users = {}
local count = 0
local sent = 0
function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then
      count = count + 1
      users[count] = line
    end
  end
end
request = function()
  sent = sent + 1
  local user = users[((sent - 1) % count) + 1]
  local body = string.format('{"moment_type":"${moment.moment_type}","sport":"${moment.sport}","game_id":"${moment.game_id}","user_id":"%s"}', user)
  return wrk.format(nil, nil, nil, body)
end
`;
}
