// Errors on form fields, keyed the way the GraphQL input names them
// ("bidCpmUsd", "creative.iconUrl", "momentTypes", "scopes"), from either the
// shared zod schema (REST's snake_case paths) or a mutation's userErrors; "_form"
// for an error of the whole input. Every dashboard form uses these, and every
// message passes through humanError: the API's words ("must be an absolute URL",
// "the floor of bet_resolved", "end_date must not be before start_date") are
// for integrators; people read what to do, with the names the page shows.
import type { z } from "zod";
import { isMomentType, momentType } from "@/lib/domain/moment-types/catalog";
import { isSport, SPORT_NAMES } from "@/lib/domain/sports";

function camel(segment: string): string {
  return segment.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** What each field is called in a sentence ("The daily budget must be …"), by its last path segment. */
const FIELD_LABELS: Record<string, string> = {
  name: "name",
  momentTypes: "moment types",
  sports: "sports",
  bidCpmUsd: "bid",
  dailyBudgetUsd: "daily budget",
  totalBudgetUsd: "total budget",
  targetCpaUsd: "target cost per conversion",
  startDate: "start date",
  endDate: "end date",
  pacing: "pacing",
  headline: "headline",
  body: "message",
  ctaText: "button text",
  iconUrl: "icon URL",
  actionUrl: "click destination",
  postbackUrl: "postback URL",
  url: "endpoint URL",
  events: "events",
  scopes: "scopes",
  start: "start date",
  end: "end date",
  tz: "time zone",
  timezone: "time zone",
  currentPassword: "current password",
  newPassword: "new password",
};

const MONEY_FIELDS = new Set(["bidCpmUsd", "dailyBudgetUsd", "totalBudgetUsd", "targetCpaUsd"]);

/** What a URL field's address leads to, and an example of one. */
const URL_NOUNS: Record<string, string> = {
  iconUrl: "the icon",
  actionUrl: "the click destination",
  url: "your endpoint",
  postbackUrl: "the postback",
};
const URL_EXAMPLES: Record<string, string> = {
  iconUrl: "https://example.com/icon.png",
  actionUrl: "https://example.com/offer (or an app link such as yourapp://offer)",
  url: "https://hooks.example.com/sma",
  postbackUrl: "https://postback.example.com/sma",
};

/** The words of the API that name things (snake_case keys): as the page names them. */
const WORDS: Record<string, string> = {
  start_date: "start date",
  end_date: "end date",
  icon_url: "icon URL",
  action_url: "click destination",
  cta_text: "button text",
  bid_cpm_usd: "bid",
  daily_budget_usd: "daily budget",
  total_budget_usd: "total budget",
  target_cpa_usd: "target cost per conversion",
  moment_types: "moment types",
  postback_url: "postback URL",
  timezone: "time zone",
};

function displayWord(word: string): string {
  if (isMomentType(word)) return momentType(word).displayName;
  if (isSport(word)) return SPORT_NAMES[word];
  return WORDS[word] ?? word;
}

/** Replaces the API's snake_case names (moment types, sports, fields) by the names the page shows. */
function displayWords(text: string): string {
  return text.replace(/\b[a-z]+(?:_[a-z0-9]+)+\b|\b(?:nba|nfl|mlb|timezone)\b/g, displayWord);
}

function usd(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value)
    ? value.toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 })
    : amount;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The example of an amount every money message gives: what to type. */
const AMOUNT_EXAMPLE = "such as 2.50 or $2.50 (a comma before the cents works too: 2,50; no thousands separators)";

/**
 * The message a person reads for `field` (a path such as "bidCpmUsd", "creative.icon_url" or
 * "end_date") refused with the API's `message`: what to do, with the names the page shows.
 */
export function humanError(field: string, message: string): string {
  const key = camel(field.split(".").pop() ?? field);
  const label = FIELD_LABELS[key] ?? displayWords(key);
  const text = message.trim();
  const lower = text.toLowerCase();
  let match: RegExpExecArray | null;

  if (MONEY_FIELDS.has(key) && /^invalid input: expected (number|nonoptional)/.test(lower)) {
    return /received undefined/.test(lower)
      ? `Enter the ${label} in US dollars, ${AMOUNT_EXAMPLE}`
      : `Enter the ${label} as an amount in US dollars, ${AMOUNT_EXAMPLE}`;
  }
  if (/^invalid input: expected (string|array|nonoptional)/.test(lower) || lower === "required") {
    return `Enter the ${label}`;
  }
  if (lower === "must not be blank") return `Enter the ${label}`;
  if ((match = /^(?:must contain )?at least one (moment type|sport|scope|event kind)$/.exec(lower))) {
    return `Select at least one ${match[1] === "event kind" ? "event" : match[1]}`;
  }
  if (lower === "must be an absolute url") {
    const example = URL_EXAMPLES[key];
    const noun = URL_NOUNS[key] ?? `the ${label}`;
    return `Enter the full web address of ${noun}, starting with https://${example ? `, such as ${example}` : ""}`;
  }
  if ((match = /^must be an https url(?: or an app deep link)?, not (\S+)$/.exec(lower))) {
    return `The ${label} must start with https:// (or be an app link), not ${match[1]}`;
  }
  if (lower === "must be an https url") return `The ${label} must start with https://`;
  if (/answers a head request/.test(lower)) {
    // icon_unreachable: the API's words name the check's method and port; a person needs what to fix
    return `The ${label} could not be loaded: use the https:// address of an image on the public web, such as ${URL_EXAMPLES.iconUrl}`;
  }
  if (lower === "must not contain credentials") return `The ${label} must not contain a user name or password`;
  if ((match = /^must be at least ([\d.]+), the floor of (\w+)/.exec(text))) {
    return `The bid must be at least ${usd(match[1]!)}, the floor of ${displayWord(match[2]!)} (the highest floor among the selected moment types)`;
  }
  if (MONEY_FIELDS.has(key) && (match = /^must be (at least|at most|greater than) ([\d.]+)$/.exec(lower))) {
    return `The ${label} must be ${match[1]} ${usd(match[2]!)}`;
  }
  if ((match = /^must be at most (\d+) characters$/.exec(lower))) {
    return `The ${label} must be at most ${match[1]} characters`;
  }
  if (lower === "must have at most 6 decimal places") return `The ${label} can have at most 6 decimal places`;
  if (/^must be after (start_date|the start date)\b/.test(lower)) return "The end date must be after the start date";
  if (lower === "must be today (utc) or later") return "The start date must be today (UTC) or later";
  if (/must be a date \(?yyyy-mm-dd\)?$/.test(lower)) return `Enter the ${label} as a date, such as 2026-12-01`;
  if ((match = /^(\w+) is not available in any selected sport \(available in: (.*)\)$/.exec(text))) {
    const sports = match[2]!.split(/,\s*/).map(displayWord).join(", ");
    return `${displayWord(match[1]!)} does not happen in the selected sports; it does in ${sports}`;
  }
  if (lower === "end_date must not be before start_date") return "The end date must not be before the start date";
  if (/^timezone must be an iana time zone/.test(lower)) {
    return "Choose a time zone from the list, such as America/New_York";
  }
  if ((match = /^the range may span at most (\d+) days$/.exec(lower))) {
    return `The dates may span at most ${match[1]} days`;
  }
  return capitalize(displayWords(text));
}

/** The first issue of each field, keyed by its path without list indexes, in words for people. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key =
      issue.path
        .filter((part) => typeof part === "string")
        .map((part) => camel(part as string))
        .join(".") || "_form";
    out[key] ??= humanError(key, issue.message);
  }
  return out;
}

/** userErrors -> the same keys (the input argument and list indexes dropped), in words for people. */
export function userFieldErrors(
  userErrors: readonly { field?: readonly string[] | null; message: string }[] | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of userErrors ?? []) {
    const key =
      (error.field ?? [])
        .filter((part) => part !== "input" && !/^\d+$/.test(part))
        .map(camel)
        .join(".") || "_form";
    out[key] ??= humanError(key, error.message);
  }
  return out;
}
