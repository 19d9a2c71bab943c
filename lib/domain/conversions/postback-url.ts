// A campaign's postback_url with the macros of docs/api.md substituted:
// {click_id} {campaign_id} {event_type} {event_value_usd}, each value
// URL-encoded, a missing value as the empty string. The macros are also
// recognised percent-encoded (%7Bclick_id%7D), because URL normalisation
// encodes braces in a path.

export const POSTBACK_MACROS = ["click_id", "campaign_id", "event_type", "event_value_usd"] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

const MACRO =
  /\{(click_id|campaign_id|event_type|event_value_usd)\}|%7B(click_id|campaign_id|event_type|event_value_usd)%7D/gi;

export function buildPostbackUrl(template: string, values: Record<PostbackMacro, string | null | undefined>): string {
  return template.replace(MACRO, (_match, plain: string | undefined, encoded: string | undefined) => {
    const name = (plain ?? encoded ?? "").toLowerCase() as PostbackMacro;
    const value = values[name];
    return value == null ? "" : encodeURIComponent(value);
  });
}
