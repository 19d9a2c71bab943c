// both databases: each dialect reports unique violations its own way
// isUniqueViolation (lib/errors.ts) recognises a unique-constraint violation
// however Prisma reports it, on the database under test: a model query (P2002)
// or a raw statement (P2010), outside or inside an interactive transaction, as
// record-conversion's insert of a click's one conversion meets it.
import { describe, expect, it } from "vitest";
import { db, type Db, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/errors";
import { newId } from "@/lib/ids";

const conversion = (clickId: string) => ({
  id: newId("cnv"),
  clickId,
  campaignId: "cmp_unique_violation",
  creativeId: "cr_unique_violation",
  momentType: "close_game",
  sport: "nba",
  eventType: "install",
  clickedAtMs: 1n,
  recordedAtMs: 2n,
});

const modelInsert = (client: Db | Tx, clickId: string) => client.conversion.create({ data: conversion(clickId) });

const rawInsert = (client: Db | Tx, clickId: string) => {
  const row = conversion(clickId);
  return client.$executeRaw`
    INSERT INTO conversions (id, click_id, campaign_id, creative_id, moment_type, sport, event_type, clicked_at_ms, recorded_at_ms)
    VALUES (${row.id}, ${row.clickId}, ${row.campaignId}, ${row.creativeId}, ${row.momentType}, ${row.sport},
            ${row.eventType}, ${row.clickedAtMs}, ${row.recordedAtMs})`;
};

async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

describe("isUniqueViolation", () => {
  it.each([
    ["a model query", (clickId: string) => modelInsert(db(), clickId)],
    ["a model query in a transaction", (clickId: string) => db().$transaction((tx) => modelInsert(tx, clickId))],
    ["a raw statement", (clickId: string) => rawInsert(db(), clickId)],
    ["a raw statement in a transaction", (clickId: string) => db().$transaction((tx) => rawInsert(tx, clickId))],
  ])("recognises the second conversion of a click from %s", async (_how, insert) => {
    const clickId = newId("clk");
    await modelInsert(db(), clickId);
    expect(isUniqueViolation(await thrownBy(() => insert(clickId)))).toBe(true);
    expect(await db().conversion.count({ where: { clickId } })).toBe(1);
  });

  it("does not take other failures for one", async () => {
    const missingColumn = await thrownBy(() => db().$executeRawUnsafe("SELECT no_such_column FROM conversions"));
    expect(isUniqueViolation(missingColumn)).toBe(false);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
    expect(isUniqueViolation({ code: "P2002" })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
