// The automation tools over /mcp (docs/decisions/0700-0702), each a client of its REST operation:
// a rule that can raise spend is refused until confirmed, its dry run and actions read back, it is
// disabled and deleted; a change from list_changes is undone and a stale undo refused; a report
// is saved on a schedule, sent now and deleted.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { callTool, connectMcp } from "@/test/mcp-client";

let adv: TestAdvertiser;
let client: Client;
let keys = 0;
const key = () => `mcp-automation-key-${Date.now()}-${++keys}`;

beforeAll(async () => {
  adv = await createTestAdvertiser("MCP Automation");
  client = await connectMcp(await adv.token());
});
afterAll(async () => {
  await client.close();
});

describe("automation tools", () => {
  it("create_rule asks to confirm a spend raise; dry_run_rule, list_rule_actions, set_rule_enabled, delete_rule", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, status: "paused" });
    const rule = {
      name: "Resume when cheap",
      metric: "cpm_usd",
      comparison: "below",
      threshold: 3,
      window_hours: 24,
      campaign_ids: [campaign.id],
      action: "resume",
    };
    const refused = await callTool(client, "create_rule", { ...rule, idempotency_key: key() });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("confirm");
    const created = await callTool(client, "create_rule", { ...rule, confirm: true, idempotency_key: key() });
    expect(created.isError).toBe(false);
    const id = (created.structured.rule as { id: string }).id;
    expect(id).toMatch(/^rul_/);

    const dry = await callTool(client, "dry_run_rule", { rule_id: id });
    expect(dry.isError).toBe(false);
    expect(dry.structured.windows).toBeGreaterThanOrEqual(6);
    expect(dry.structured.actions).toEqual([]);
    expect((await callTool(client, "list_rule_actions", { rule_id: id })).structured.actions).toEqual([]);
    const listed = await callTool(client, "list_rules");
    expect((listed.structured.rules as { id: string }[]).map((r) => r.id)).toContain(id);

    const off = await callTool(client, "set_rule_enabled", { rule_id: id, enabled: false, idempotency_key: key() });
    expect(off.structured.rule).toMatchObject({ enabled: false });
    // turning a resume rule back on raises spend again: refused until confirmed
    const on = await callTool(client, "set_rule_enabled", { rule_id: id, enabled: true, idempotency_key: key() });
    expect(on.isError).toBe(true);
    const deleted = await callTool(client, "delete_rule", { rule_id: id, idempotency_key: key() });
    expect(deleted.isError).toBe(false);
    expect((await callTool(client, "dry_run_rule", { rule_id: id })).isError).toBe(true);
  });

  it("undo_change puts a bid back and refuses a stale undo", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, bidCpmUsd: 2 });
    const updated = await callTool(client, "update_campaign", {
      campaign_id: campaign.id,
      bid_cpm_usd: 1.5,
      idempotency_key: key(),
    });
    expect(updated.isError, updated.text).toBe(false);
    const changes = await callTool(client, "list_changes", { campaign_id: campaign.id });
    const change = (changes.structured.changes as { id: string; operation: string }[]).find(
      (row) => row.operation === "updateCampaign",
    )!;
    const undone = await callTool(client, "undo_change", { change_id: change.id, idempotency_key: key() });
    expect(undone.isError, undone.text).toBe(false);
    expect(undone.structured.campaign).toMatchObject({ bid_cpm_usd: 2 });
    const stale = await callTool(client, "undo_change", { change_id: change.id, idempotency_key: key() });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain("bid_cpm_usd is 2 now, not 1.5");
  });

  it("save_report on a schedule, send_saved_report_now, list_saved_reports, delete_saved_report", async () => {
    const user = await db().user.findFirstOrThrow({
      where: { memberships: { some: { advertiserId: adv.advertiserId } } },
    });
    const saved = await callTool(client, "save_report", {
      name: "Weekly, all campaigns",
      campaign_id: null,
      start_date: "2026-11-23",
      end_date: "2026-11-29",
      breakdown: "campaign",
      schedule: "weekly",
      recipient_ids: [user.id],
      idempotency_key: key(),
    });
    expect(saved.isError, saved.text).toBe(false);
    const id = (saved.structured.saved_report as { id: string }).id;
    const sent = await callTool(client, "send_saved_report_now", { saved_report_id: id, idempotency_key: key() });
    expect(sent.isError, sent.text).toBe(false);
    expect((await db().savedReport.findUniqueOrThrow({ where: { id } })).sendRequestedAt).not.toBeNull();
    const listed = await callTool(client, "list_saved_reports");
    expect(listed.structured.saved_reports).toEqual([expect.objectContaining({ id, schedule: "weekly" })]);
    expect(
      (await callTool(client, "delete_saved_report", { saved_report_id: id, idempotency_key: key() })).isError,
    ).toBe(false);
  });
});
