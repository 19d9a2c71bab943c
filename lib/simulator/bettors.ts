// Simulated users and their stakes: spread, total, moneyline and player-prop
// wagers, prediction-market positions, and followed teams, on top of where they
// are and what they exclude (jurisdictions.ts). A moment is sent only to users
// with exposure to it.
import type { Game, GameEvent, Player } from "./games";
import { possession, remainingFraction } from "./games";
import type { BettorProfile } from "./jurisdictions";
import type { Rng } from "@/lib/random";

export type Stake =
  | { kind: "spread"; gameId: string; side: "home" | "away" }
  | { kind: "total"; gameId: string; side: "over" | "under" }
  | { kind: "moneyline"; gameId: string; side: "home" | "away" }
  | { kind: "prop"; gameId: string; playerId: string }
  | { kind: "prediction"; gameId: string; side: "home" | "away"; price: number };

export type Bettor = BettorProfile & { stakes: Stake[]; follows: Set<string> };

/** One moment of a game for every user it concerns: one POST /api/delivery/moments (distinct users, in order). */
export type FannedMoment = { momentType: string; sport: string; gameId: string; users: readonly BettorProfile[] };

/**
 * The users of `profiles` with stakes in `games`; the draws do not depend on the profiles, so a
 * seed replays the same stakes for any users.
 */
export function createBettors(profiles: readonly BettorProfile[], games: readonly Game[], rng: Rng): Bettor[] {
  const bettors: Bettor[] = [];
  for (const profile of profiles) {
    const stakes: Stake[] = [];
    const follows = new Set<string>();
    const positions = rng.int(1, 4);
    for (let position = 0; position < positions; position++) {
      const game = rng.pick(games);
      const side = rng.chance(0.5) ? "home" : "away";
      const roll = rng.next();
      if (roll < 0.3) stakes.push({ kind: "spread", gameId: game.id, side });
      else if (roll < 0.5) stakes.push({ kind: "total", gameId: game.id, side: rng.chance(0.5) ? "over" : "under" });
      else if (roll < 0.68) stakes.push({ kind: "moneyline", gameId: game.id, side });
      else if (roll < 0.84)
        stakes.push({
          kind: "prop",
          gameId: game.id,
          playerId: rng.pick(game.players.filter((player) => player.starter)).id,
        });
      else stakes.push({ kind: "prediction", gameId: game.id, side, price: game.homeWinPrice });
      if (rng.chance(0.3)) follows.add(side === "home" ? game.home : game.away);
    }
    bettors.push({ ...profile, stakes, follows });
  }
  return bettors;
}

/** Per-game memory of what has been alerted, so a condition fires once when it starts holding. */
export type GameWatch = {
  leader: "home" | "away" | "tie";
  coverHome: boolean;
  closeAlerted: boolean;
  lastPrice: number;
  propsAlerted: Set<string>;
  foulsAlerted: Set<string>;
  run: { team: "home" | "away" | null; points: number };
};

export function watchGame(game: Game): GameWatch {
  return {
    leader: "tie",
    coverHome: game.spread > 0,
    closeAlerted: false,
    lastPrice: game.homeWinPrice,
    propsAlerted: new Set(),
    foulsAlerted: new Set(),
    run: { team: null, points: 0 },
  };
}

function holders(
  bettors: readonly Bettor[],
  gameId: string,
  kinds?: readonly Stake["kind"][],
  filter?: (stake: Stake) => boolean,
): Bettor[] {
  return bettors.filter((bettor) =>
    bettor.stakes.some(
      (stake) => stake.gameId === gameId && (!kinds || kinds.includes(stake.kind)) && (!filter || filter(stake)),
    ),
  );
}

/** The moments one game's events produce, each for the bettors holding stakes in it (moments nobody holds are left out). */
export function momentsFor(
  game: Game,
  events: readonly GameEvent[],
  watch: GameWatch,
  bettors: readonly Bettor[],
): FannedMoment[] {
  const moments: FannedMoment[] = [];
  const send = (momentType: string, users: readonly Bettor[]) => {
    if (users.length) moments.push({ momentType, sport: game.sport, gameId: game.id, users });
  };
  const basketball = game.sport === "nba" || game.sport === "ncaa_basketball";
  for (const event of events) {
    if (event.kind === "score") {
      const margin = game.homeScore - game.awayScore;
      const leader = margin > 0 ? "home" : margin < 0 ? "away" : "tie";
      if (leader !== "tie" && watch.leader !== "tie" && leader !== watch.leader)
        send("moneyline_alert", holders(bettors, game.id, ["moneyline"]));
      if (leader !== "tie") watch.leader = leader;
      const coverHome = margin + game.spread > 0;
      if (coverHome !== watch.coverHome) {
        watch.coverHome = coverHome;
        send("spread_alert", holders(bettors, game.id, ["spread"]));
      }
      if (
        event.player &&
        !watch.propsAlerted.has(event.player.id) &&
        event.player.points >= event.player.propLine - 2 &&
        event.player.points < event.player.propLine
      ) {
        watch.propsAlerted.add(event.player.id);
        const playerId = event.player.id;
        send(
          "prop_alert",
          holders(bettors, game.id, ["prop"], (stake) => stake.kind === "prop" && stake.playerId === playerId),
        );
      }
      // a scoring run or a big play is notable for the team's followers
      watch.run =
        watch.run.team === event.team
          ? { team: event.team, points: watch.run.points + event.points }
          : { team: event.team, points: event.points };
      const notable = basketball
        ? watch.run.points >= 10
        : game.sport === "nfl"
          ? event.points === 7
          : event.points >= 2;
      if (notable) {
        if (basketball) watch.run = { team: null, points: 0 };
        const team = event.team === "home" ? game.home : game.away;
        send(
          "follow_alert",
          holders(bettors, game.id).filter((bettor) => bettor.follows.has(team)),
        );
      }
    } else if (event.kind === "foul" && basketball) {
      if (event.player.starter && event.player.fouls === 4 && !watch.foulsAlerted.has(event.player.id)) {
        watch.foulsAlerted.add(event.player.id);
        send("foul_trouble", holders(bettors, game.id));
      }
    } else if (event.kind === "period_end") {
      // the over/under reaches a decision point at the last breaks of the game
      const projected = (game.homeScore + game.awayScore) / Math.max(0.05, 1 - remainingFraction(game));
      if (
        event.period >= Math.ceil(game.regulationPeriods / 2) &&
        Math.abs(projected - game.total) <= game.total * 0.1
      ) {
        send("total_alert", holders(bettors, game.id, ["total"]));
      }
    } else if (event.kind === "overtime") {
      send("overtime", holders(bettors, game.id));
    } else if (event.kind === "final") {
      send("bet_resolved", holders(bettors, game.id, ["spread", "total", "moneyline", "prop"]));
      send("prediction_resolved", holders(bettors, game.id, ["prediction"]));
    }
  }
  if (!game.finished) {
    const finalStretch =
      game.period >= game.regulationPeriods &&
      (game.sport === "mlb" || game.clock <= (game.sport === "nfl" ? 300 : 180));
    if (finalStretch && !watch.closeAlerted && Math.abs(game.homeScore - game.awayScore) <= possession(game.sport)) {
      watch.closeAlerted = true;
      send("close_game", holders(bettors, game.id));
    }
    if (Math.abs(game.homeWinPrice - watch.lastPrice) >= 0.15) {
      watch.lastPrice = game.homeWinPrice;
      send("position_alert", holders(bettors, game.id, ["prediction"]));
    }
  }
  return moments;
}

export type { Player };
