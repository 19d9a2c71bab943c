// Moments fanned out by two app instances on one PostgreSQL (docs/decisions/0408,
// 1410): both instances serve POST /api/delivery/moments for the same game at
// once, through a round-robin balancer, over users drawn from one small pool so
// the per-user caps are reached, with a campaign whose budget runs out in the
// first moments. One instance is SIGKILLed in the middle of a moment: the test
// holds a lock on a rollup row the moment's transaction must update, so the kill
// lands after its impressions, auctions and spend were written and before its
// commit. Invariants, from the database: no overspend, caps hold, every 200's
// impressions are committed, and the killed request's are not (nothing of it
// exists: it is the only moment of its type).
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createRng } from "@/lib/random";
import { countAuctions } from "@/test/delivery-engine";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { freePort, killAll, requireBuild, startApp, stop, waitReady, type Child } from "./processes";

const CAP_PER_GAME = 5;
const CAP_PER_HOUR = 10;
const HOUR_MS = 3_600_000;
const GAME = "mp_moment_game";
const VICTIM_GAME = "mp_moment_game_2";

type Instance = { name: string; port: number; app: Child; up: boolean };
type Decision = { user_id: string; impression_id: string | null; campaign_id?: string; reason?: string };

const instances: Instance[] = [];

beforeAll(() => {
  if (inject("dbKind") !== "postgresql")
    throw new Error("run with TEST_DATABASE=postgresql: several instances share one PostgreSQL");
  requireBuild();
});
afterAll(() => killAll());

let turn = 0;
/** Round robin over the instances up; a connection that fails goes to the next one (unless pinned with `to`). */
async function send(body: unknown, key: string, to?: Instance): Promise<Response> {
  for (let tries = 0; tries < 6; tries++) {
    const up = instances.filter((instance) => instance.up);
    const instance = to ?? up[turn++ % up.length]!;
    try {
      return await fetch(`http://127.0.0.1:${instance.port}/api/delivery/moments`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (to) throw error;
    }
  }
  throw new Error("no instance answered");
}

it(
  "two instances fanning out moments of one game keep budgets and caps, commit every 200 whole and nothing of a killed moment",
  { timeout: 600_000 },
  async () => {
    const advA = await createTestAdvertiser("Moments A");
    const advB = await createTestAdvertiser("Moments B");
    const { key } = await createPlatformKey("moments multi-instance");
    const lanes = { pacing: "asap" as const, momentTypes: ["close_game", "overtime"], sports: ["nba"] };
    // K1 outbids everyone and can pay for a few impressions only: both instances race for it
    const k1 = await createTestCampaign({
      ...lanes,
      momentTypes: ["close_game"],
      advertiserId: advA.advertiserId,
      bidCpmUsd: 10,
      totalBudgetUsd: 0.05,
      dailyBudgetUsd: 0.05,
    });
    const k2 = await createTestCampaign({
      ...lanes,
      advertiserId: advB.advertiserId,
      bidCpmUsd: 4,
      totalBudgetUsd: 100,
    });
    const k3 = await createTestCampaign({
      ...lanes,
      advertiserId: advA.advertiserId,
      bidCpmUsd: 3,
      totalBudgetUsd: 100,
    });

    const childEnv = {
      DATABASE_URL: env().DATABASE_URL,
      PUBLIC_BASE_URL: "http://sma.test",
      TRUST_PROXY: "1",
      DEMO: "0",
      LOG_LEVEL: "warn",
    };
    const basePort = Number(process.env.SMA_MP_PORT ?? 0);
    for (const name of ["A", "B"]) {
      const port = basePort ? basePort + instances.length : await freePort();
      instances.push({ name, port, app: startApp(name, port, childEnv), up: false });
    }
    await Promise.all(instances.map((instance) => waitReady(instance.app, instance.port)));
    for (const instance of instances) instance.up = true;
    const [a, b] = instances as [Instance, Instance];

    // ---- moments: 25 of a pool of 40 users each, all in one game, more than the caps allow
    const rng = createRng(1410);
    const pool = Array.from({ length: 40 }, (_, index) => `mp-bettor-${index}`);
    const drawUsers = () => {
      const users = [...pool];
      for (let index = users.length - 1; index > 0; index--) {
        const other = rng.int(0, index);
        [users[index], users[other]] = [users[other]!, users[index]!];
      }
      return users.slice(0, 25);
    };
    const answered: Decision[] = [];
    let usersOf200 = 0;
    const fanOut = async (to?: Instance) => {
      const body = { moment_type: "close_game", sport: "nba", game_id: GAME, user_ids: drawUsers() };
      const res = await send(body, key, to);
      expect(res.status).toBe(200);
      const decisions = ((await res.json()) as { decisions: Decision[] }).decisions;
      expect(decisions.map((decision) => decision.user_id)).toEqual(body.user_ids);
      answered.push(...decisions);
      usersOf200 += decisions.length;
    };
    // wave 1: two moments in flight on each instance at a time
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let index = 0; index < 4; index++) await fanOut();
      }),
    );

    // ---- the kill, mid-moment: B's overtime moment blocks on a rollup row this test holds
    const hourMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const creatives = await db().creative.findMany({ where: { campaignId: { in: [k2.id, k3.id] } } });
    for (const creative of creatives)
      for (const hour of [hourMs, hourMs + HOUR_MS])
        await db().hourlyRollup.create({
          data: {
            campaignId: creative.campaignId,
            creativeId: creative.id,
            momentType: "overtime",
            sport: "nba",
            hourMs: BigInt(hour),
          },
        });
    const holder = new pg.Client({ connectionString: env().DATABASE_URL });
    // pg_stat_activity is read outside any transaction (inside one it is a snapshot taken once)
    const watcher = new pg.Client({ connectionString: env().DATABASE_URL });
    for (const client of [holder, watcher]) {
      client.on("error", () => {}); // the file's database is dropped at the end, these sessions with it
      await client.connect();
    }
    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM hourly_rollups WHERE moment_type = 'overtime' FOR UPDATE`);
    const victimUsers = drawUsers();
    // (another game of the same users: in GAME the caps would leave the moment nothing to write)
    const victim = send(
      { moment_type: "overtime", sport: "nba", game_id: VICTIM_GAME, user_ids: victimUsers },
      key,
      b,
    ).then(
      (res) => `answered ${res.status}`,
      (error: unknown) => `failed: ${String(error)}`,
    );
    // B's transaction has written the moment's impressions, auctions and spend, and waits for the rollup row
    let waiting: number | undefined;
    for (const until = Date.now() + 60_000; waiting === undefined && Date.now() < until;) {
      const { rows } = await watcher.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO hourly_rollups%'`,
      );
      waiting = rows[0]?.pid;
      if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waiting, "B's moment never reached its rollups").toBeDefined();
    const written = await watcher.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM impressions WHERE moment_type = 'overtime'`,
    );
    expect(written.rows[0]!.n).toBe("0"); // not visible: uncommitted
    // A keeps serving the same game meanwhile (its moments wait for the campaign rows B holds)
    const duringKill = Promise.all([fanOut(a), fanOut(a)]);
    b.up = false;
    b.app.child.kill("SIGKILL");
    expect((await b.app.exited).signal).toBe("SIGKILL");
    expect(await victim).toMatch(/^failed/);
    await holder.query("ROLLBACK");
    // PostgreSQL ends the dead client's session (and rolls its transaction back) once it runs again
    for (const until = Date.now() + 60_000; Date.now() < until;) {
      const { rows } = await watcher.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [waiting]);
      if (!rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await duringKill;

    // ---- B comes back (caps rebuilt from the database) and both serve wave 2
    b.app = startApp("B", b.port, childEnv);
    await waitReady(b.app, b.port);
    b.up = true;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let index = 0; index < 3; index++) await fanOut();
      }),
    );
    await holder.end();
    await watcher.end();

    // ================================================================ the invariants, from the database
    // nothing of the killed moment: no impression, no auction row, no spend of its type
    expect(await db().impression.count({ where: { momentType: "overtime" } })).toBe(0);
    expect(await db().auction.count({ where: { momentType: "overtime" } })).toBe(0);
    const overtimeRollups = await db().hourlyRollup.aggregate({
      where: { momentType: "overtime" },
      _sum: { impressions: true, spendMicros: true },
    });
    expect(overtimeRollups._sum).toEqual({ impressions: 0n, spendMicros: 0n });
    // every 200's impressions are committed, and every committed impression is a 200's
    const filled = answered.filter((decision) => decision.impression_id !== null);
    const impressions = await db().impression.findMany({ orderBy: { servedAtMs: "asc" } });
    expect(new Set(impressions.map((row) => row.id))).toEqual(
      new Set(filled.map((decision) => decision.impression_id)),
    );
    // one auction per user of every answered moment (alike ones share a counted row)
    expect(await countAuctions()).toBe(usersOf200);
    // budgets: spend is the sum of the impressions, never past a budget by more than one impression
    for (const campaign of [k1, k2, k3]) {
      const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
      const own = impressions.filter((impression) => impression.campaignId === campaign.id);
      const spend = own.reduce((sum, impression) => sum + impression.costMicros, 0n);
      const maxCost = own.reduce((max, impression) => (impression.costMicros > max ? impression.costMicros : max), 0n);
      expect(row.spendMicros).toBe(spend);
      expect(row.impressions).toBe(BigInt(own.length));
      expect(spend - maxCost).toBeLessThan(row.totalBudgetMicros);
      expect(spend - maxCost).toBeLessThan(row.dailyBudgetMicros);
    }
    const k1Row = await db().campaign.findUniqueOrThrow({ where: { id: k1.id } });
    expect(k1Row.status).toBe("ended"); // the race ran to its end
    // caps: 5 per user and game, 10 in any rolling hour, across both instances; reached
    const perGame = new Map<string, number>();
    const perUser = new Map<string, number[]>();
    for (const row of impressions) {
      perGame.set(row.userId, (perGame.get(row.userId) ?? 0) + 1);
      perUser.set(row.userId, [...(perUser.get(row.userId) ?? []), Number(row.servedAtMs)]);
    }
    expect(Math.max(...perGame.values())).toBe(CAP_PER_GAME);
    for (const times of perUser.values())
      for (const time of times)
        expect(times.filter((other) => other <= time && other > time - HOUR_MS).length).toBeLessThanOrEqual(
          CAP_PER_HOUR,
        );
    expect(answered.some((decision) => decision.reason === "capped")).toBe(true);

    for (const instance of [a, b]) expect((await stop(instance.app)).code, instance.app.output()).toBe(0);
  },
);
