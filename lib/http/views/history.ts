// The REST view of the change history (GET /api/ads/changes): snake_case,
// instants as ISO 8601 text, as lib/history/history.schemas.ts states it.
import type { ChangeListView, ChangeView } from "@/lib/history/history.schemas";
import type { Change, ChangeList } from "@/lib/history/list-changes";

export function changeView(change: Change): ChangeView {
  return {
    id: change.id,
    at: change.at.toISOString(),
    actor: {
      type: change.actor.type,
      id: change.actor.id,
      name: change.actor.name,
      email: change.actor.type === "user" ? change.actor.handle : null,
      client_id: change.actor.type === "api_client" || change.actor.type === "oauth_app" ? change.actor.handle : null,
    },
    on_behalf_of: change.onBehalfOf
      ? { id: change.onBehalfOf.id, name: change.onBehalfOf.name, email: change.onBehalfOf.handle }
      : null,
    operation: change.operation,
    target: { type: change.target.type, id: change.target.id },
    campaign_id: change.campaignId,
    fields: change.fields,
    reason: change.reason,
  };
}

export function changeListView(list: ChangeList): ChangeListView {
  return { changes: list.changes.map(changeView), next_cursor: list.nextCursor };
}
