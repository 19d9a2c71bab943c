// Simulated live games of the four sports: clock, scoring, fouls, overtime and
// the betting lines (spread, total, player props, a prediction market on the
// winner) that users hold positions on.
import type { Rng } from "@/lib/random";

export type SimSport = "nba" | "ncaa_basketball" | "nfl" | "mlb";

export type Player = {
  id: string;
  team: "home" | "away";
  starter: boolean;
  points: number;
  fouls: number;
  propLine: number;
};

export type Game = {
  id: string;
  sport: SimSport;
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  /** 1-based; basketball quarters/halves, NFL quarters, MLB innings */
  period: number;
  regulationPeriods: number;
  /** seconds left in the period (MLB: outs left x 60) */
  clock: number;
  periodSeconds: number;
  overtime: boolean;
  finished: boolean;
  /** home spread (negative: home favoured) and over/under line */
  spread: number;
  total: number;
  players: Player[];
  /** prediction-market price of "home wins", 0..1 */
  homeWinPrice: number;
};

export type GameEvent =
  | { kind: "score"; team: "home" | "away"; points: number; player?: Player }
  | { kind: "foul"; player: Player }
  | { kind: "period_end"; period: number }
  | { kind: "overtime" }
  | { kind: "final" };

const TEAMS: Record<SimSport, string[]> = {
  nba: ["Bulls", "Celtics", "Lakers", "Knicks", "Heat", "Suns", "Nuggets", "Warriors", "Bucks", "Mavericks"],
  ncaa_basketball: ["Duke", "Kansas", "Gonzaga", "UConn", "Purdue", "Houston", "Arizona", "Kentucky"],
  nfl: ["Chiefs", "Eagles", "49ers", "Bills", "Cowboys", "Ravens", "Lions", "Packers", "Bengals", "Jets"],
  mlb: ["Yankees", "Dodgers", "Braves", "Astros", "Mets", "Cubs", "Padres", "Mariners", "Orioles", "Phillies"],
};

const SHAPE: Record<SimSport, { periods: number; seconds: number; total: [number, number]; spread: number }> = {
  nba: { periods: 4, seconds: 12 * 60, total: [212, 238], spread: 9 },
  ncaa_basketball: { periods: 2, seconds: 20 * 60, total: [128, 155], spread: 10 },
  nfl: { periods: 4, seconds: 15 * 60, total: [38, 52], spread: 8 },
  mlb: { periods: 9, seconds: 6 * 60, total: [7, 10], spread: 1.5 },
};

export function createGame(id: string, sport: SimSport, rng: Rng): Game {
  const names = [...TEAMS[sport]];
  const home = names.splice(rng.int(0, names.length - 1), 1)[0]!;
  const away = rng.pick(names);
  const shape = SHAPE[sport];
  const spread =
    Math.round(rng.normal(0, shape.spread / 2) * 2) / 2 + (sport === "mlb" ? 0 : 0.5) * (rng.chance(0.5) ? 1 : -1);
  const total = Math.round((shape.total[0] + rng.next() * (shape.total[1] - shape.total[0])) * 2) / 2 + 0.5;
  const players: Player[] = [];
  const perTeam = sport === "mlb" || sport === "nfl" ? 3 : 5;
  for (const team of ["home", "away"] as const) {
    for (let index = 0; index < perTeam + 2; index++) {
      players.push({
        id: `${id}-${team}-${index + 1}`,
        team,
        starter: index < perTeam,
        points: 0,
        fouls: 0,
        propLine:
          sport === "nba"
            ? rng.int(14, 28) + 0.5
            : sport === "ncaa_basketball"
              ? rng.int(9, 18) + 0.5
              : sport === "nfl"
                ? 6.5
                : 0.5,
      });
    }
  }
  return {
    id,
    sport,
    home,
    away,
    homeScore: 0,
    awayScore: 0,
    period: 1,
    regulationPeriods: shape.periods,
    clock: shape.seconds,
    periodSeconds: shape.seconds,
    overtime: false,
    finished: false,
    spread,
    total,
    players,
    homeWinPrice: 0.5 - spread / (4 * shape.spread),
  };
}

function isBasketball(sport: SimSport): boolean {
  return sport === "nba" || sport === "ncaa_basketball";
}

/** Remaining game time as a fraction of regulation (0 at the end). */
export function remainingFraction(game: Game): number {
  const periodsLeft = Math.max(0, game.regulationPeriods - game.period);
  return Math.max(0, (periodsLeft * game.periodSeconds + game.clock) / (game.regulationPeriods * game.periodSeconds));
}

/** A simple win-probability model: the lead against the scoring volatility left. */
function homeWinProbability(game: Game): number {
  const margin = game.homeScore - game.awayScore - game.spread * remainingFraction(game);
  const volatility =
    Math.sqrt(remainingFraction(game)) * (isBasketball(game.sport) ? 12 : game.sport === "nfl" ? 13 : 3) + 0.5;
  return 1 / (1 + Math.exp(-margin / (volatility * 0.6)));
}

/** Advances a game by `seconds` of game clock; returns what happened. */
export function advanceGame(game: Game, seconds: number, rng: Rng): GameEvent[] {
  const events: GameEvent[] = [];
  if (game.finished) return events;
  const step = isBasketball(game.sport) ? 24 : game.sport === "nfl" ? 150 : 60;
  let left = seconds;
  while (left > 0 && !game.finished) {
    const used = Math.min(left, step, game.clock);
    left -= used;
    game.clock -= used;
    if (used > 0) events.push(...play(game, rng));
    if (game.clock <= 0) {
      events.push({ kind: "period_end", period: game.period });
      const tied = game.homeScore === game.awayScore;
      if (game.period >= game.regulationPeriods && !tied) {
        game.finished = true;
        events.push({ kind: "final" });
      } else if (game.period >= game.regulationPeriods && tied && game.period >= game.regulationPeriods + 4) {
        // a simulated game ends eventually: a walk-off in the last extra period
        if (rng.chance(0.5)) game.homeScore += 1;
        else game.awayScore += 1;
        game.finished = true;
        events.push({ kind: "final" });
      } else {
        if (game.period >= game.regulationPeriods && !game.overtime) {
          game.overtime = true;
          events.push({ kind: "overtime" });
        }
        game.period += 1;
        game.clock =
          game.period > game.regulationPeriods && game.sport !== "mlb"
            ? Math.min(game.periodSeconds, game.sport === "nfl" ? 600 : 300)
            : game.periodSeconds;
      }
    }
  }
  game.homeWinPrice = game.finished
    ? game.homeScore > game.awayScore
      ? 1
      : 0
    : Math.round(homeWinProbability(game) * 100) / 100;
  return events;
}

function play(game: Game, rng: Rng): GameEvent[] {
  const events: GameEvent[] = [];
  for (const team of ["home", "away"] as const) {
    let points = 0;
    if (isBasketball(game.sport)) {
      const roll = rng.next();
      points = roll < 0.44 ? 0 : roll < 0.83 ? 2 : roll < 0.97 ? 3 : 1;
      if (rng.chance(0.07)) {
        const defenders = game.players.filter((player) => player.team !== team);
        const fouler = rng.pick(defenders);
        fouler.fouls += 1;
        events.push({ kind: "foul", player: fouler });
      }
    } else if (game.sport === "nfl") {
      if (rng.chance(0.5)) {
        const roll = rng.next();
        points = roll < 0.22 ? 7 : roll < 0.38 ? 3 : 0;
      }
    } else {
      const roll = rng.next();
      points = roll < 0.86 ? 0 : roll < 0.95 ? 1 : roll < 0.985 ? 2 : 3;
    }
    if (points > 0) {
      const scorers = game.players.filter((player) => player.team === team);
      const scorer = rng.pick(
        scorers.filter((player) => player.starter).length ? scorers.filter((player) => player.starter) : scorers,
      );
      scorer.points += game.sport === "nfl" ? (points === 7 ? 6 : 0) : game.sport === "mlb" ? 1 : points;
      if (team === "home") game.homeScore += points;
      else game.awayScore += points;
      events.push({ kind: "score", team, points, player: scorer });
    }
  }
  return events;
}

export function possession(sport: SimSport): number {
  return isBasketball(sport) ? 3 : sport === "nfl" ? 8 : 1;
}
