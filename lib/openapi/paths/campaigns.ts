import { z } from "zod";
import { duplicateCampaignInputFor } from "@/lib/domain/campaigns/duplicate-campaign";
import { setVariantStatusInput } from "@/lib/domain/creatives/set-variant-status";
import {
  campaignIdParams,
  createCampaignInput,
  listCampaignsQuery,
  updateCampaignInput,
  validateOnlyQuery,
  ifMatchHeaders,
} from "@/lib/domain/campaigns/campaigns.schemas";
import { creativeInput } from "@/lib/domain/creatives/creatives.schemas";
import { MARKET_RULE_TEXT } from "@/lib/domain/market/market.schemas";
import type { OperationDoc } from "../common";
import { rateLimitText } from "@/lib/rate-limit/policies";

const tags = ["Campaigns"];

const ESTIMATES_TEXT =
  "Estimates come from other advertisers' auctions of the last 7 days on the targeted moment types " +
  "and sports (the caller's own and demo auctions left out), from clearing prices only, never a winning bid: an auction " +
  "counts as won when its clearing price lies in a lower 5 % price band than the bid, priced at that band's upper edge; " +
  `impressions are rounded to 2 significant digits and spend to whole cents. Unless that sample holds ${MARKET_RULE_TEXT}, ` +
  "`estimate_status` is insufficient_volume and both figures are 0.";
const json = <T>(schema: T) => ({ "application/json": { schema } });

export const campaignsDocs = {
  listCampaigns: {
    summary: "List campaigns (E4)",
    description:
      "The advertiser's campaigns, newest first. Unknown query parameters are refused (422). Paging past the last page returns an empty list.",
    tags,
    requestParams: { query: listCampaignsQuery },
    returns: "A page of campaigns",
    errors: ["validation_failed"],
  },
  createCampaign: {
    summary: "Create a campaign (E5)",
    description:
      "Creates a campaign, active (or paused with `status: paused`, written paused: it is never active in between), with its " +
      "primary creative (variant_a). `daily_budget_usd: null` spreads the total budget over the flight (see the field). " +
      "Every field error is reported at once (422 validation_failed, " +
      "one `errors` entry per field; region codes are checked against the ISO 3166 list). A gambling advertiser's " +
      "`target_regions` must lie within its licensed regions (GET /api/ads/advertiser): 422 region_not_licensed, one " +
      "`errors` entry per refused code, before the icon check. Only a fully valid body triggers the icon check: a HEAD request to `creative.icon_url` " +
      "(HTTPS on port 443, public addresses only, up to 3 redirects each re-checked, 4 s); anything else is 422 icon_unreachable " +
      "with one message whatever the cause. " +
      `Icon fetches are limited to ${rateLimitText("icon_check")} per advertiser (E5, E8 and previews together; ` +
      "429 rate_limited with Retry-After); an icon URL that passed for the advertiser in the last 10 minutes is not " +
      "fetched again and counts nothing. " +
      "The creative is then reviewed automatically (responsible-gambling policy): a rejected creative does not fail the request; " +
      "its status and reason are in the response. " +
      ESTIMATES_TEXT +
      " With `validate_only=true` every check runs (icon and review included) and the answer is 200 with the campaign it would " +
      `create and its estimates; nothing is written. Every preview counts against ${rateLimitText("preview", "previews")} per ` +
      "advertiser (E5's and E7's, GraphQL's included), before any check (429 rate_limited with Retry-After); a creation " +
      "without validate_only is not a preview.",
    tags,
    requestParams: { query: validateOnlyQuery },
    requestBody: { required: true, content: json(createCampaignInput) },
    returns: "Created",
    previewReturns: "validate_only=true: the preview (nothing written)",
    errors: ["bad_request", "validation_failed", "region_not_licensed", "icon_unreachable", "rate_limited"],
  },
  getCampaign: {
    summary: "Get a campaign (E6)",
    description:
      "The campaign with its primary creative and every variant, whether it delivers now (`delivery_status`) and what the " +
      "API accepts on it now (`available_actions`). Another advertiser's campaign is 404.",
    tags,
    requestParams: { path: campaignIdParams },
    returns: "The campaign",
    errors: ["not_found"],
  },
  updateCampaign: {
    summary: "Update a campaign (E7)",
    description:
      "Changes the given fields. The bid floor (highest floor of the campaign's moment types), budget minimums and dates are " +
      "re-checked on the merged campaign; `total_budget_usd` may not go below the spend to date. `moment_types`, `sports`, " +
      "`start_date` and `creative` are immutable (422 immutable_field unless sent with the current value). Status: active ⇄ paused, " +
      "active or paused → ended (final; `campaign.ended` with reason advertiser); ended → ended is a no-op; nothing leaves ended " +
      "or cancelled and a final campaign cannot be changed (409 invalid_transition). A bid change takes effect for the next " +
      "ad decision and emits `campaign.bid_adjusted` (reason advertiser). `target_regions` and `excluded_regions` are " +
      "mutable (null removes the list); a gambling advertiser's target regions must lie within its licensed regions (422 " +
      "region_not_licensed, checked only when target_regions is sent). With `validate_only=true` every check runs and the " +
      "answer is a preview: the fields that would change, whether the update can raise spend, the campaign as it would be, and " +
      "the daily estimates before and after (with `estimate_status` and `current_estimate_status`); nothing is written. " +
      `Every preview counts against ${rateLimitText("preview", "previews")} per advertiser, shared with E5's ` +
      "(429 rate_limited with Retry-After). `If-Match` with the campaign's `updated_at` as read makes the update " +
      "(or the preview) conditional on that state: checked and written atomically, 409 conflict when it changed.",
    tags,
    requestParams: { path: campaignIdParams, query: validateOnlyQuery, header: ifMatchHeaders },
    requestBody: { required: true, content: json(updateCampaignInput) },
    returns: "The updated campaign, or with validate_only=true the preview (nothing written)",
    errors: [
      "bad_request",
      "not_found",
      "validation_failed",
      "immutable_field",
      "region_not_licensed",
      "invalid_transition",
      "conflict",
      "rate_limited",
    ],
  },
  cancelCampaign: {
    summary: "Cancel a campaign",
    description:
      "Stops delivery for good: an active or paused campaign becomes `cancelled` (it is kept, with its reports) and " +
      "`campaign.ended` fires with reason advertiser. Cancelling a cancelled campaign answers 200 again without a new event; " +
      "an ended campaign cannot be cancelled (409).",
    tags,
    requestParams: { path: campaignIdParams },
    returns: "The cancelled campaign",
    errors: ["not_found", "invalid_transition", "conflict"],
  },
  addCreativeVariant: {
    summary: "Add a creative variant (E8)",
    description:
      "Adds a creative labelled variant_b, variant_c, ... in order (never the same label twice, even for simultaneous requests; " +
      "at most 26 variants). Same validation and icon check as E5, then the automatic review: a rejected variant is still " +
      "created (201) with its reason and traffic_allocation 0. Traffic is split equally across approved variants. " +
      "Variants cannot be added to an ended or cancelled campaign (409).",
    tags,
    requestParams: { path: campaignIdParams },
    requestBody: { required: true, content: json(creativeInput) },
    returns: "The new variant",
    errors: [
      "bad_request",
      "not_found",
      "validation_failed",
      "icon_unreachable",
      "invalid_transition",
      "conflict",
      "rate_limited",
    ],
  },
  setVariantStatus: {
    summary: "Pause or resume a creative variant",
    description:
      "`status: paused` stops an approved variant's traffic: the campaign's traffic re-splits equally across its other " +
      "approved variants (with none left, the campaign is `pending_creatives`). `status: approved` resumes a paused " +
      "variant without a new review (the creative is unchanged). Pausing a paused variant or resuming an approved one " +
      "changes nothing (200). A pending or rejected variant, or any variant of an ended or cancelled campaign, is 409 " +
      "invalid_transition; a variant of another campaign is 404. Answers the campaign with every variant's status and " +
      "`traffic_allocation` after the change.",
    tags,
    requestParams: {
      path: campaignIdParams.extend({
        variant_id: z.string().meta({ description: "The variant's creative id", example: "cr_4Vd2k9QmXbT7nL1pR8sYzA" }),
      }),
    },
    requestBody: {
      required: true,
      content: json(setVariantStatusInput.omit({ id: true, variant_id: true }).meta({ id: "SetVariantStatusInput" })),
    },
    returns: "The campaign after the change",
    errors: ["bad_request", "not_found", "validation_failed", "invalid_transition", "conflict"],
  },
  duplicateCampaign: {
    summary: "Duplicate a campaign",
    description:
      "Copy and edit: a new campaign with the settings and every creative of this one (any status), each setting " +
      "replaced where the body overrides it (any field of E5's body: moment types, sports, bid, budgets, target CPA, " +
      "dates, pacing, regions, postback URL, the primary `creative`; `variants` replaces the other creatives), the way " +
      "to change what E7 keeps immutable. It is made through E5's rules on today's terms: the merged settings are " +
      "checked as E5 checks a body (today's floors, minimums and dates; 422 validation_failed names the field as E5's " +
      "body names it, such as `bid_cpm_usd`), every creative's icon is checked (422 " +
      "icon_unreachable; each counts against the icon checks per advertiser, " +
      `${rateLimitText("icon_check")}, unless it passed in the last 10 minutes) and every creative is reviewed again; a ` +
      "copied variant that was paused stays paused. The copy keeps the region targeting unless overridden (422 " +
      "region_not_licensed when a gambling advertiser's licence does not cover it). The copy is paused unless `status` " +
      "is active. Nothing is written unless every check passes. The body is a JSON object (`{}` copies with every " +
      "default).",
    tags,
    requestParams: { path: campaignIdParams },
    requestBody: {
      required: true,
      content: json(
        duplicateCampaignInputFor(() => new Date().toISOString().slice(0, 10))
          .omit({ id: true })
          .meta({ id: "DuplicateCampaignInput" }),
      ),
    },
    returns: "The new campaign",
    errors: [
      "bad_request",
      "not_found",
      "validation_failed",
      "region_not_licensed",
      "icon_unreachable",
      "rate_limited",
    ],
  },
} satisfies Record<string, OperationDoc>;
