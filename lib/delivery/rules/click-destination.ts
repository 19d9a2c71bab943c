// Where a click on a served ad sends the user (pure).

/**
 * Where a click goes: the creative's action_url with `{click_id}` and `{campaign_id}`
 * macros substituted (attribution links name their own parameters, e.g.
 * `af_sub1={campaign_id}`), and click_id set as a query parameter (docs/api.md). The
 * campaign id exists only after createCampaign and creatives are immutable, so the macro is how
 * an attribution partner learns it for the postback (docs/decisions/0406).
 */
export function clickDestination(actionUrl: string, clickId: string, campaignId: string): string {
  const substituted = actionUrl
    .replace(/\{click_id\}|%7Bclick_id%7D/gi, encodeURIComponent(clickId))
    .replace(/\{campaign_id\}|%7Bcampaign_id%7D/gi, encodeURIComponent(campaignId));
  const url = new URL(substituted);
  url.searchParams.set("click_id", clickId);
  return url.toString();
}
