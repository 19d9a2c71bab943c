// The attempt plans against an in-memory model of the statements (what each
// driver's SQL does), so the rules both databases run are tested once without
// a database, and both drivers are shown to run the same statements. The
// integration suites (dispatcher.int.test.ts) run the real SQL on both.
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTORS, type ChangeRow } from "@/lib/history/changes";
import { runPlan, runPlanAsync, type AsyncStatements, type SyncStatements } from "@/lib/db/plan";
import { DEACTIVATE_AFTER_FAILING_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../retry-schedule";
import type { SendOutcome } from "../send";
import {
  GONE_REASON,
  claimDue,
  deactivate,
  failingReason,
  recordAttempt,
  recordSuccesses,
  type AttemptPlan,
  type AttemptStatements,
  type ClaimDueArgs,
  type DueCandidate,
  type HeldDelivery,
} from "./attempt-plan";

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

/** E14's deactivation as a user makes it (the history's actor is the caller's). */
const BY_USER = {
  actor: { type: "user", id: "usr_1", name: "Ana" },
  operation: "deactivateWebhookEndpoint",
} as const;

type Endpoint = {
  failureCount: number;
  failingSinceMs: number | null;
  lastDeliveredMs: number | null;
  active: boolean;
};
type Delivery = {
  endpointId: string;
  status: string;
  attempts: number;
  lockedBy: string | null;
  nextAttemptMs: number | null;
  lastStatusCode: number | null;
};

function model(endpoints: Record<string, Partial<Endpoint>> = {}, due: DueCandidate[] = []) {
  const rows = new Map<string, Endpoint>();
  for (const [id, row] of Object.entries(endpoints))
    rows.set(id, { failureCount: 0, failingSinceMs: null, lastDeliveredMs: null, active: true, ...row });
  const deliveries = new Map<string, Delivery>();
  const log: string[] = [];
  const attempts: AttemptStatements["logAttempts"]["args"][number][] = [];
  const changes: ChangeRow[] = [];
  /** ids the claimDue statement finds already taken by another instance */
  const taken = new Set<string>();
  const statements: SyncStatements<AttemptStatements> = {
    dueDeliveries: ({ take, abandoned }) => (log.push(`dueDeliveries ${take} ${abandoned}`), due.slice(0, take)),
    claimDue: ({ ids, token }) => {
      log.push(`claimDue ${ids.join(",")}`);
      // the statement returns rows in any order: reversed here
      return ids
        .filter((id) => !taken.has(id))
        .reverse()
        .map((id) => {
          const endpointId = due.find((row) => row.id === id)!.endpointId;
          deliveries.set(id, {
            endpointId,
            status: "delivering",
            attempts: 0,
            lockedBy: token,
            nextAttemptMs: NOW,
            lastStatusCode: null,
          });
          return {
            id,
            endpointId,
            eventId: `evt_${id}`,
            payload: "{}",
            attempts: 0,
            traceParent: null,
            endpoint: { url: `https://${endpointId}.example`, secret: "s", isActive: rows.get(endpointId)!.active },
          };
        });
    },
    claimAnyState: () => undefined,
    cancelClaimed: ({ id }) => void log.push(`cancelClaimed ${id}`),
    resetStreaks: ({ endpointIds, now }) => {
      log.push(`resetStreaks ${endpointIds.join(",")}`);
      for (const id of endpointIds)
        Object.assign(rows.get(id)!, { failureCount: 0, failingSinceMs: null, lastDeliveredMs: now });
    },
    countFailure: ({ endpointId, now }) => {
      log.push(`countFailure ${endpointId}`);
      const row = rows.get(endpointId);
      if (!row) return undefined;
      row.failureCount += 1;
      row.failingSinceMs ??= now;
      return { failingSinceMs: row.failingSinceMs, isActive: row.active };
    },
    markSucceeded: ({ deliveries: succeeded }) => {
      log.push(`markSucceeded ${succeeded.map((delivery) => delivery.id).join(",")}`);
      for (const { id, token, statusCode } of succeeded) {
        const row = deliveries.get(id);
        if (row?.lockedBy !== token || row.status !== "delivering") continue;
        Object.assign(row, {
          status: "succeeded",
          attempts: row.attempts + 1,
          lockedBy: null,
          lastStatusCode: statusCode,
        });
      }
    },
    markFailed: ({ id, token, statusCode, nextAttemptMs }) => {
      log.push(`markFailed ${id} ${nextAttemptMs === null ? "failed" : `pending +${nextAttemptMs - NOW}`}`);
      const row = deliveries.get(id);
      if (row?.lockedBy !== token || row.status !== "delivering") return;
      Object.assign(row, {
        status: nextAttemptMs === null ? "failed" : "pending",
        attempts: row.attempts + 1,
        lockedBy: null,
        nextAttemptMs,
        lastStatusCode: statusCode,
      });
    },
    logAttempts: (lines) => {
      log.push(`logAttempts ${lines.length}`);
      attempts.push(...lines);
    },
    deactivateEndpoint: ({ endpointId, reason }) => {
      log.push(`deactivateEndpoint ${endpointId} ${reason}`);
      const row = rows.get(endpointId)!;
      const changed = row.active;
      row.active = false;
      return changed ? { advertiserId: "adv_1" } : undefined;
    },
    cancelDeliveries: ({ endpointId }) => {
      log.push(`cancelDeliveries ${endpointId}`);
      for (const row of deliveries.values())
        if (row.endpointId === endpointId && ["pending", "delivering"].includes(row.status))
          Object.assign(row, { status: "cancelled", lockedBy: null, nextAttemptMs: null });
    },
    dropBatchItems: ({ endpointId }) => void log.push(`dropBatchItems ${endpointId}`),
    insertChanges: (rows) => {
      log.push(`insertChanges ${rows.map((row) => `${row.targetId} by ${row.actorId}`).join(",")}`);
      changes.push(...rows);
    },
  };
  const asyncStatements = Object.fromEntries(
    Object.entries(statements).map(([name, execute]) => [
      name,
      async (args: unknown) => (execute as (args: unknown) => unknown)(args),
    ]),
  ) as AsyncStatements<AttemptStatements>;
  const held = (id: string, endpointId: string, attemptsMade = 0, token = "me/1"): HeldDelivery => {
    deliveries.set(id, {
      endpointId,
      status: "delivering",
      attempts: attemptsMade,
      lockedBy: token,
      nextAttemptMs: NOW,
      lastStatusCode: null,
    });
    return { id, endpointId, token, attempts: attemptsMade };
  };
  return { rows, deliveries, log, attempts, changes, taken, statements, asyncStatements, held };
}

const ok = (statusCode = 200, durationMs = 5): SendOutcome => ({
  ok: true,
  statusCode,
  durationMs,
  error: null,
  gone: false,
});
const failed = (statusCode: number | null = 500): SendOutcome => ({
  ok: false,
  statusCode,
  durationMs: 7,
  error: statusCode === null ? "connection failed" : `HTTP ${statusCode}`,
  gone: statusCode === 410,
});

function claimArgs(overrides: Partial<ClaimDueArgs> = {}): ClaimDueArgs {
  return {
    now: NOW,
    token: "me/1",
    lockedUntil: NOW + 30_000,
    limit: 10,
    perEndpoint: Number.POSITIVE_INFINITY,
    busy: new Map(),
    abandoned: false,
    ...overrides,
  };
}

describe("claimDue", () => {
  const due = [
    { id: "d1", endpointId: "a" },
    { id: "d2", endpointId: "a" },
    { id: "d3", endpointId: "b" },
    { id: "d4", endpointId: "a" },
    { id: "d5", endpointId: "c" },
  ];

  it("takes due deliveries in due order, at most `perEndpoint` per endpoint counting those in flight", () => {
    const m = model({ a: {}, b: {}, c: {} }, due);
    const claimed = runPlan(claimDue(claimArgs({ perEndpoint: 2, busy: new Map([["a", 1]]) })), m.statements);
    // a has one in flight: one more of a (d1), then b and c; returned in due order although the statement reversed them
    expect(claimed.map((row) => row.id)).toEqual(["d1", "d3", "d5"]);
    expect(m.log).toEqual(["dueDeliveries 40 false", "claimDue d1,d3,d5"]);
  });

  it("stops at `limit`, reads four candidates per slot, and passes the abandoned flag", () => {
    const m = model({ a: {}, b: {}, c: {} }, due);
    const claimed = runPlan(claimDue(claimArgs({ limit: 2, abandoned: true })), m.statements);
    expect(claimed.map((row) => row.id)).toEqual(["d1", "d2"]);
    expect(m.log[0]).toBe("dueDeliveries 8 true");
  });

  it("returns only the rows the claim statement took (another instance took the rest), and nothing without candidates", () => {
    const m = model({ a: {}, b: {}, c: {} }, due);
    m.taken.add("d2");
    expect(runPlan(claimDue(claimArgs({ limit: 3 })), m.statements).map((row) => row.id)).toEqual(["d1", "d3"]);
    const empty = model({ a: {} }, []);
    expect(runPlan(claimDue(claimArgs()), empty.statements)).toEqual([]);
    expect(empty.log).toEqual(["dueDeliveries 40 false"]);
  });

  it("runs no statement when no slot is free", () => {
    const m = model({ a: {} }, due);
    expect(runPlan(claimDue(claimArgs({ limit: 0 })), m.statements)).toEqual([]);
    expect(m.log).toEqual([]);
  });
});

describe("recordSuccesses", () => {
  it("locks and resets each endpoint once in id order before any delivery row, succeeds the deliveries the claim still holds, logs every attempt", () => {
    const m = model({ a: { failureCount: 3, failingSinceMs: NOW - 1000 }, b: {} });
    const items = [
      { delivery: m.held("d1", "b"), outcome: ok(200, 3) },
      { delivery: m.held("d2", "a", 2), outcome: ok(204, 9) },
      { delivery: m.held("d3", "b"), outcome: ok() },
    ];
    // another instance took d3 over (our lease expired): its row is not ours to change
    m.deliveries.get("d3")!.lockedBy = "other/2";
    runPlan(recordSuccesses(items, NOW), m.statements);
    expect(m.log).toEqual(["resetStreaks a,b", "markSucceeded d1,d2,d3", "logAttempts 3"]);
    expect(m.rows.get("a")).toEqual({ failureCount: 0, failingSinceMs: null, lastDeliveredMs: NOW, active: true });
    expect(m.deliveries.get("d1")).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200 });
    expect(m.deliveries.get("d2")).toMatchObject({ status: "succeeded", attempts: 3, lastStatusCode: 204 });
    expect(m.deliveries.get("d3")).toMatchObject({ status: "delivering", attempts: 0, lockedBy: "other/2" });
    expect(m.attempts.map(({ id: _id, ...line }) => line)).toEqual([
      { deliveryId: "d1", attemptNo: 1, statusCode: 200, durationMs: 3, error: null, attemptedAtMs: NOW },
      { deliveryId: "d2", attemptNo: 3, statusCode: 204, durationMs: 9, error: null, attemptedAtMs: NOW },
      { deliveryId: "d3", attemptNo: 1, statusCode: 200, durationMs: 5, error: null, attemptedAtMs: NOW },
    ]);
    expect(new Set(m.attempts.map((line) => line.id)).size).toBe(3);
    expect(m.attempts.every((line) => line.id.startsWith("wda_"))).toBe(true);
  });

  it("writes nothing for no items", () => {
    const m = model();
    runPlan(recordSuccesses([], NOW), m.statements);
    expect(m.log).toEqual([]);
  });
});

describe("recordAttempt", () => {
  it("a success is the group record of one", () => {
    const m = model({ a: { failureCount: 2, failingSinceMs: NOW - 5 } });
    runPlan(
      recordAttempt({ delivery: m.held("d1", "a"), outcome: ok() }, NOW, () => 0.5),
      m.statements,
    );
    expect(m.log).toEqual(["resetStreaks a", "markSucceeded d1", "logAttempts 1"]);
    expect(m.rows.get("a")).toMatchObject({ failureCount: 0, failingSinceMs: null });
  });

  it("a failure counts on the endpoint first (its row is locked before the delivery's), then schedules the next attempt with jitter", () => {
    const m = model({ a: {} });
    const delivery = m.held("d1", "a");
    runPlan(
      recordAttempt({ delivery, outcome: failed(500) }, NOW, () => 0),
      m.statements,
    );
    // random 0: the factor is 0.8
    expect(m.log).toEqual([`countFailure a`, `markFailed d1 pending +${0.8 * RETRY_DELAYS_MS[0]}`, "logAttempts 1"]);
    expect(m.rows.get("a")).toMatchObject({ failureCount: 1, failingSinceMs: NOW, active: true });
    expect(m.deliveries.get("d1")).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(m.attempts[0]).toMatchObject({ attemptNo: 1, statusCode: 500, error: "HTTP 500" });
  });

  it("the delay follows the attempt number; after the last attempt the delivery is failed", () => {
    const m = model({ a: {} });
    runPlan(
      recordAttempt({ delivery: m.held("d1", "a", 3), outcome: failed(null) }, NOW, () => 0.5),
      m.statements,
    );
    expect(m.log[1]).toBe(`markFailed d1 pending +${RETRY_DELAYS_MS[3]}`);
    runPlan(
      recordAttempt({ delivery: m.held("d2", "a", MAX_ATTEMPTS - 1), outcome: failed() }, NOW, () => 0.5),
      m.statements,
    );
    expect(m.log).toContain("markFailed d2 failed");
    expect(m.deliveries.get("d2")).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptMs: null });
    expect(m.rows.get("a")).toMatchObject({ failureCount: 2, active: true });
  });

  it("410 Gone deactivates the endpoint at once: reason, its deliveries cancelled, its batch items dropped", () => {
    const m = model({ a: {} });
    const waiting = m.held("d2", "a");
    m.deliveries.get(waiting.id)!.status = "pending";
    runPlan(
      recordAttempt({ delivery: m.held("d1", "a"), outcome: failed(410) }, NOW, () => 0.5),
      m.statements,
    );
    expect(m.log.slice(3)).toEqual([
      `deactivateEndpoint a ${GONE_REASON}`,
      "cancelDeliveries a",
      "dropBatchItems a",
      "insertChanges a by webhook_dispatcher",
    ]);
    // recorded in the change history by the plan that deactivated it: the system, with the reason
    expect(m.changes).toEqual([
      expect.objectContaining({
        advertiserId: "adv_1",
        actorType: "system",
        actorId: SYSTEM_ACTORS.webhookDispatcher.id,
        operation: "deactivateWebhookEndpoint",
        targetType: "webhook_endpoint",
        targetId: "a",
        reason: GONE_REASON,
        atMs: NOW,
      }),
    ]);
    expect(JSON.parse(m.changes[0]!.fields)).toEqual({
      is_active: { from: true, to: false },
      deactivated_reason: { from: null, to: GONE_REASON },
    });
    expect(m.rows.get("a")!.active).toBe(false);
    expect(m.deliveries.get("d2")).toMatchObject({ status: "cancelled", nextAttemptMs: null });
    // the failed delivery itself was rescheduled, then cancelled with the others
    expect(m.deliveries.get("d1")).toMatchObject({ status: "cancelled", attempts: 1 });
  });

  it("deactivates when the streak began at least 5 days ago, also after a quiet period, never before", () => {
    const since = NOW - DEACTIVATE_AFTER_FAILING_MS;
    const almost = model({ a: { failureCount: 4, failingSinceMs: since + 1 } });
    runPlan(
      recordAttempt({ delivery: almost.held("d1", "a"), outcome: failed() }, NOW, () => 0.5),
      almost.statements,
    );
    expect(almost.log.some((line) => line.startsWith("deactivateEndpoint"))).toBe(false);
    expect(almost.rows.get("a")).toMatchObject({ failureCount: 5, active: true });

    // the last failure was a day ago, the streak began 6 days ago: deactivated at once
    const quiet = model({ a: { failureCount: 9, failingSinceMs: NOW - 6 * 24 * 3600_000 } });
    runPlan(
      recordAttempt({ delivery: quiet.held("d1", "a"), outcome: failed() }, NOW, () => 0.5),
      quiet.statements,
    );
    expect(quiet.log).toContain(`deactivateEndpoint a ${failingReason(NOW - 6 * 24 * 3600_000)}`);
    expect(failingReason(since)).toBe(
      `Every delivery attempt failed for 5 days (since ${new Date(since).toISOString()}).`,
    );

    const exactly = model({ a: { failingSinceMs: since } });
    runPlan(
      recordAttempt({ delivery: exactly.held("d1", "a"), outcome: failed() }, NOW, () => 0.5),
      exactly.statements,
    );
    expect(exactly.rows.get("a")!.active).toBe(false);
  });

  it("an endpoint already inactive is not deactivated again by the 5-day rule", () => {
    const m = model({ a: { active: false, failingSinceMs: NOW - 2 * DEACTIVATE_AFTER_FAILING_MS } });
    runPlan(
      recordAttempt({ delivery: m.held("d1", "a"), outcome: failed() }, NOW, () => 0.5),
      m.statements,
    );
    expect(m.log.some((line) => line.startsWith("deactivateEndpoint"))).toBe(false);
  });
});

describe("deactivate", () => {
  it("says whether this call deactivated the endpoint, and sweeps its deliveries and batch items either way", () => {
    const m = model({ a: {} });
    expect(runPlan(deactivate("a", "Deactivated through the API.", NOW, BY_USER), m.statements)).toBe(true);
    expect(runPlan(deactivate("a", "Deactivated through the API.", NOW, BY_USER), m.statements)).toBe(false);
    expect(m.log.filter((line) => line === "cancelDeliveries a")).toHaveLength(2);
    expect(m.log.filter((line) => line === "dropBatchItems a")).toHaveLength(2);
    // one change recorded, by the caller's actor, without a system reason; the repeat changed nothing
    expect(m.changes).toHaveLength(1);
    expect(m.changes[0]).toMatchObject({ actorType: "user", actorId: "usr_1", actorName: "Ana", reason: null });
  });
});

describe("both drivers", () => {
  it("run the same statements with the same results", async () => {
    const scenario = (m: ReturnType<typeof model>): AttemptPlan<unknown>[] => [
      claimDue(claimArgs({ perEndpoint: 1 })),
      recordSuccesses([{ delivery: m.held("x1", "a"), outcome: ok() }], NOW),
      recordAttempt({ delivery: m.held("x2", "b"), outcome: failed(410) }, NOW, () => 0.25),
      deactivate("c", "Deactivated through the API.", NOW, BY_USER),
    ];
    const due = [
      { id: "d1", endpointId: "a" },
      { id: "d2", endpointId: "a" },
      { id: "d3", endpointId: "b" },
    ];
    const sync = model({ a: {}, b: {}, c: {} }, due);
    const viaSync = scenario(sync).map((plan) => runPlan(plan, sync.statements));
    const async = model({ a: {}, b: {}, c: {} }, due);
    const viaAsync: unknown[] = [];
    for (const plan of scenario(async)) viaAsync.push(await runPlanAsync(plan, async.asyncStatements));
    expect(viaAsync).toEqual(viaSync);
    expect(async.log).toEqual(sync.log);
    expect([...async.rows]).toEqual([...sync.rows]);
    expect([...async.deliveries]).toEqual([...sync.deliveries]);
  });
});
